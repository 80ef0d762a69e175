"""The greedy bot: the best-looking action now, by a per-game evaluation.

Each game family has its own evaluation module; this class only dispatches, and falls
back to the first legal action for a decision the evaluation does not know.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import ft_greedy, pyramido_greedy, sg_greedy

if TYPE_CHECKING:
    from ..engine import Game

_BY_GAME = {
    "pyramido": pyramido_greedy.choose,
    "forgotten-treasures": ft_greedy.choose,
    "silver-gold-pyramids": sg_greedy.choose,
}


class GreedyBot:
    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed  # deterministic: ties go to the lowest action index

    def choose(self, game: Game, player: int) -> int:
        choose = _BY_GAME.get(game.ruleset.game)
        if choose is None:
            raise ValueError(f"the greedy bot does not know the game {game.ruleset.game!r}")
        return choose(game, player)

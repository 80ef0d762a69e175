"""The greedy bot: the best-looking action now, by a per-game evaluation.

Each game family has its own evaluation module; this class dispatches to it, and takes a
decision's only legal action without asking.
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
        """Deterministic: the seed is accepted for a uniform bot interface and unused."""

    def choose(self, game: Game, player: int) -> int:
        choose = _BY_GAME.get(game.ruleset.game)
        if choose is None:
            raise ValueError(f"the greedy bot does not know the game {game.ruleset.game!r}")
        assert game.decision is not None
        legal = game.legal_indices(player)
        return legal[0] if len(legal) == 1 else choose(game, player, game.decision.kind, legal)

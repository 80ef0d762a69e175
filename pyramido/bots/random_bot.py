"""The uniform random bot: a baseline, and the fastest way to explore the rules."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..geometry.rng import Rng

if TYPE_CHECKING:
    from ..engine.game import Game


class RandomBot:
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, game: Game, player: int) -> int:
        return self.rng.choice(game.legal_indices(player))

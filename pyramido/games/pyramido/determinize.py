"""What a Pyramido seat cannot see: the order of the piles under their tops. Every seat
sees the same, so a determinization deals the dominoes under the tops again."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine.hookspecs import hookimpl
from ..hidden import below_tops, deal_again
from .state import state_of

if TYPE_CHECKING:
    from ...engine.game import Game
    from ...geometry.rng import Rng


@hookimpl
def pyramido_determinize(game: Game, player: int, rng: Rng) -> bool:
    state = state_of(game)
    deal_again(rng, below_tops(state.piles))
    return True

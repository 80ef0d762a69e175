"""What a Silver & Gold seat cannot see: the order of the deck and of this round's
expedition cards, and the cards others hold in hand before they keep. A determinization
deals the deck and the others' hands again from the same cards, and shuffles the
expeditions to come. Others' marks of the current expedition card are secret choices of a
simultaneous decision, which ``Game.determinize`` takes back before this."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine.hookspecs import hookimpl
from ..hidden import deal_again
from .state import state_of

if TYPE_CHECKING:
    from ...engine.game import Game
    from ...geometry.rng import Rng


@hookimpl
def pyramido_determinize(game: Game, player: int, rng: Rng) -> bool:
    state = state_of(game)
    hands = [seat.hand for p, seat in enumerate(state.seats) if p != player]
    deal_again(
        rng,
        [(state.deck, i) for i in range(len(state.deck))] + [(h, i) for h in hands for i in range(len(h))],
    )
    deal_again(rng, [(state.expeditions, i) for i in range(len(state.expeditions))])
    return True

"""What a Forgotten Treasures seat cannot see: the dominoes under the piles' tops, and of a
face-down top only its back (each block's colour and icon count); in solo, the Legend's
pile under its top. A determinization deals them all again, each face-down top one with
the same back. The bag's draws come from the game's generator, which
``Game.determinize`` reseeds."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine.hookspecs import hookimpl
from ..hidden import below_tops, deal_again
from .state import state_of

if TYPE_CHECKING:
    from ...engine.game import Game
    from ...geometry.rng import Rng
    from ..pyramids.pyramid import Domino


def _back(domino: Domino) -> tuple[tuple[int, int], tuple[int, int]]:
    return (domino.a.colour, domino.a.icons.bit_count()), (domino.b.colour, domino.b.icons.bit_count())


@hookimpl
def pyramido_determinize(game: Game, player: int, rng: Rng) -> bool:
    state = state_of(game)
    piles = list(state.piles) + ([state.legend.pile] if state.legend is not None else [])
    face_down = [
        (pile, len(pile) - 1) for pile, up in zip(state.piles, state.face_up, strict=True) if pile and not up
    ]
    deal_again(rng, below_tops(piles), face_down, _back)
    return True

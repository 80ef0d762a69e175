"""What the rules Pyramido and Forgotten Treasures share read of either game's state
(:mod:`.phases`, :mod:`pyramido.games.shared`): the pyramid of each seat, the piles, the
stage and who started it. Each game's ``State`` is one (its ``state`` module says so to the
type checker)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from ...engine.game import Game
    from .pyramid import Domino, Pyramid


class PyramidSeat(Protocol):
    pyramid: Pyramid
    tiles: dict[tuple[int, int, int], int]  # (stage, x, y) -> tile id
    done: bool  # this stage is complete


class PyramidState(Protocol):
    piles: list[list[Domino]]  # top of a pile is its last item
    stage: int
    start_player: int

    @property
    def seats(self) -> Sequence[PyramidSeat]: ...


if TYPE_CHECKING:

    def state_of(game: Game) -> PyramidState:
        """The state of a Pyramido or Forgotten Treasures game, as the rules they share read it."""

else:
    from ..accessors import state_of as state_of  # the same at run time: a plain read

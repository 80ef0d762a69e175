"""Pyramido's state: the game plugin's own, private to it (plugins and bots read the views
of :mod:`.views` instead)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..pyramids.pyramid import Domino, Pyramid
from ..state_copy import copied
from .views import CoverOption

if TYPE_CHECKING:
    from ...engine.game import Game
    from ..pyramids.state import PyramidState

GAME = "pyramido"
BLOCKS = ("A", "B")


@dataclass
class Seat:
    """One player's pieces: pyramid, markers (colour index -> block space), cover cards."""

    pyramid: Pyramid = field(default_factory=Pyramid)
    markers: dict[int, tuple[int, int]] = field(default_factory=dict)
    covers_left: list[int] = field(default_factory=list)  # indices into rules.cover_cards
    tiles: dict[tuple[int, int, int], int] = field(default_factory=dict)  # (stage, x, y) -> tile id
    covers: set[tuple[int, int, int]] = field(default_factory=set)  # spaces under a cover card
    stage_scores: list[int] = field(default_factory=list)
    done: bool = False  # this stage is complete
    out_at_stage: int | None = None  # eliminated (lost for want of cover cards)

    def __deepcopy__(self, memo: dict[int, Any]) -> Seat:
        return copied(
            self,
            pyramid=self.pyramid.__deepcopy__(memo),
            markers=dict(self.markers),
            covers_left=list(self.covers_left),
            tiles=dict(self.tiles),
            covers=set(self.covers),
            stage_scores=list(self.stage_scores),
        )


@dataclass
class Turn:
    """What the current turn has done so far. Every field is replaced, never changed in
    place, so a copy may share them all (a turn starts on every move: its fields default to
    empty tuples, not fresh lists)."""

    slot: int = -1
    domino: Domino | None = None
    spaces: Sequence[tuple[int, int]] = ()
    marked_block: int | None = None
    emptied_pile: int = -1
    fill: tuple[tuple[int, int], ...] = ()  # the spaces still to fill
    # what the phase hooks answered when the decision was offered, so that its legal
    # actions need not ask them again (a turn's state changes only by the turn's steps)
    markable: Sequence[int] = ()
    cover_options: Sequence[CoverOption] = ()
    refill_piles: Sequence[int] = ()
    split_sources: Sequence[int] = ()

    def __deepcopy__(self, memo: dict[int, Any]) -> Turn:
        return copied(self)

    def begin(self) -> None:
        """Start a new turn in this object, nothing done yet: at every turn, for less than
        a new ``Turn()`` costs (a test checks the two are equal)."""
        self.slot, self.domino, self.spaces, self.marked_block, self.emptied_pile = -1, None, (), None, -1
        self.fill = self.markable = self.cover_options = self.refill_piles = self.split_sources = ()


@dataclass
class State:
    quarry: list[Domino | None]
    piles: list[list[Domino]]  # top of a pile is its last item
    seats: list[Seat]
    stage: int = 0
    start_player: int = 0
    player: int = 0
    turn: Turn = field(default_factory=Turn)

    def __deepcopy__(self, memo: dict[int, Any]) -> State:
        """The dominoes are shared (immutable); every place they lie is copied."""
        return copied(
            self,
            quarry=list(self.quarry),
            piles=[list(pile) for pile in self.piles],
            seats=[seat.__deepcopy__(memo) for seat in self.seats],
            turn=self.turn.__deepcopy__(memo),
        )


if TYPE_CHECKING:

    def state_of(game: Game) -> State:
        """The state of ``game``, typed: read it once into a local (``state = state_of(game)``)."""

else:
    from ..accessors import state_of as state_of  # the same at run time: a plain read


if TYPE_CHECKING:
    _IS_A_PYRAMID_STATE: type[PyramidState] = State  # what the rules of ..pyramids read

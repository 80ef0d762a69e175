"""Forgotten Treasures' state: the game plugin's own, private to it (plugins and bots read
the views of :mod:`.views` instead).

Gems are counted per kind, a list indexed by the ruleset's colours with the mythical gems
last; a gem area is the list of the kinds lying in it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from ...engine.views import PyramidView
from ..pyramids.pyramid import Domino, Pyramid
from ..state_copy import copied
from .activation import Spend
from .views import Payment

if TYPE_CHECKING:
    from ...engine.game import Game
    from ..pyramids.state import PyramidState

GAME = "forgotten-treasures"
LEGEND = "legend"  # the Legend's name where a seat number would be (events, ranking)
SOLO_MODES = ("legend", "the-legend")
MULTIPLAYER = "multiplayer"
MAX_AREAS = 80  # a stage-1 box holds 80 quadrant cells: never more areas than that


@dataclass
class Scoring:
    """One player's choices while the stage is scored (hidden from the others until all chose)."""

    gems_before: list[int]
    #: The pyramid scored, viewed once as the scoring starts (it stays as it is until the
    #: stage is scored): its areas are labelled once for every offer, view and score.
    pyramid: PyramidView
    activations: list[Spend] = field(default_factory=list)
    ended: bool = False  # the player ended the activations
    discarded: list[int] = field(default_factory=list)
    #: For each colour, the first action of the payments of each of its areas not yet
    #: activated (``scoring._open_bases``): worked out at the seat's first offer, then
    #: kept by each activation; tuples, shared by copies.
    bases: tuple[tuple[int, ...], ...] | None = field(default=None, repr=False, compare=False)

    @property
    def area_colours(self) -> tuple[int, ...]:
        """The colour of each area, by label."""
        return self.pyramid.area_colours

    def __deepcopy__(self, memo: dict[int, Any]) -> Scoring:
        """A view of its own (a view fills its caches as it is read: what a copy reads must
        leave the original as it was)."""
        return copied(
            self,
            gems_before=list(self.gems_before),
            pyramid=replace(self.pyramid),
            activations=list(self.activations),
            discarded=list(self.discarded),
        )


@dataclass
class Seat:
    pyramid: Pyramid = field(default_factory=Pyramid)
    gems: list[int] = field(default_factory=list)
    tiles: dict[tuple[int, int, int], int] = field(default_factory=dict)  # (stage, x, y) -> tile id
    stage_scores: list[int] = field(default_factory=list)
    done: bool = False  # this stage is complete
    scoring: Scoring | None = None  # while the stage is scored

    def __deepcopy__(self, memo: dict[int, Any]) -> Seat:
        return copied(
            self,
            pyramid=self.pyramid.__deepcopy__(memo),
            gems=list(self.gems),
            tiles=dict(self.tiles),
            stage_scores=list(self.stage_scores),
            scoring=None if self.scoring is None else self.scoring.__deepcopy__(memo),
        )


@dataclass
class Legend:
    pile: list[Domino]  # his top domino (last) sets his wishes
    gems: list[int]
    stage_scores: list[int] = field(default_factory=list)

    def __deepcopy__(self, memo: dict[int, Any]) -> Legend:
        return copied(self, pile=list(self.pile), gems=list(self.gems), stage_scores=list(self.stage_scores))


@dataclass
class Turn:
    """What the current turn has done so far: the domino taken, and from which space. Every
    field is replaced, never changed in place, so a copy may share them all."""

    domino: Domino | None = None
    space: int = -1
    # what the phase hooks answered when the decision was offered, so that its legal
    # actions need not ask them again (a turn's state changes only by the turn's steps)
    take_legal: Sequence[int] = ()  # the take's action indices (:mod:`.takes`)
    reveal_piles: Sequence[int] = ()

    def begin(self, take_legal: Sequence[int] = ()) -> None:
        """Start a new turn in this object, nothing taken yet: at every turn, in a third of
        the time a new Turn takes to be made (and the last one to be freed)."""
        self.domino, self.space, self.take_legal, self.reveal_piles = None, -1, take_legal, ()


@dataclass
class State:
    piles: list[list[Domino]]  # top of a pile is its last item
    face_up: list[bool]  # whether each pile's top domino is face up
    gem_areas: list[list[int]]  # gem kinds lying in front of each pile
    bag: list[int]  # count per gem kind in the bag (drawn at random: it has no order)
    discards: list[int]  # count per gem kind beside the bag
    seats: list[Seat]
    payments: tuple[Payment, ...]  # the ruleset's payment table (scoring.payment_table)
    #: The gem kinds by number (:func:`.views.gem_kinds` of the ruleset's colours), kept
    #: rather than made again each time an event names a gem
    kinds: tuple[str, ...]
    legend: Legend | None = None
    mode: str = MULTIPLAYER
    stage: int = 0
    start_player: int = 0
    player: int = 0
    turn: Turn = field(default_factory=Turn)

    def __deepcopy__(self, memo: dict[int, Any]) -> State:
        """Dominoes, the payment table and the gem kinds are shared (immutable); the rest is
        copied."""
        return copied(
            self,
            piles=[list(pile) for pile in self.piles],
            face_up=list(self.face_up),
            gem_areas=[list(area) for area in self.gem_areas],
            bag=list(self.bag),
            discards=list(self.discards),
            seats=[seat.__deepcopy__(memo) for seat in self.seats],
            legend=None if self.legend is None else self.legend.__deepcopy__(memo),
            turn=copied(self.turn),
        )


if TYPE_CHECKING:

    def state_of(game: Game) -> State:
        """The state of ``game``, typed: read it once into a local (``state = state_of(game)``)."""

else:
    from ..accessors import state_of as state_of  # the same at run time: a plain read


if TYPE_CHECKING:
    _IS_A_PYRAMID_STATE: type[PyramidState] = State  # what the rules of ..pyramids read

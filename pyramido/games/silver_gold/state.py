"""Silver & Gold's state: the game plugin's own, private to it (plugins and bots read the
views of :mod:`.views` instead)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple

from ...engine.views import made_tuple
from ..state_copy import copied
from .views import CardView, ScoreCard

if TYPE_CHECKING:
    from ...engine.game import Game

GAME = "silver-gold-pyramids"


def offer_sources(offer_size: int) -> tuple[str, ...]:
    """Where a replacement may come from, the ``replace`` action's ``source`` labels: the
    deck, then each of the ``offer_size`` slots of the offer."""
    return ("deck", *(f"offer {slot + 1}" for slot in range(offer_size)))


class Shown(NamedTuple):
    """What an observation shows of a seat: the cards in front of it by slot, the marked
    cells by card number (a copy of the seat's, which holds its completed cards' too), the
    score card and the single marks owed (values, kept as they are: the JSON is made from
    them)."""

    cards: tuple[int | None, ...]
    marks: dict[int, int]
    score: ScoreCard
    crosses: int


@dataclass
class Seat:
    """One player's cards and score card. ``cards`` holds a card number per slot (``None``:
    set aside, not replaced); ``score`` is replaced, never changed, as symbols act."""

    cards: list[int | None]
    hand: list[int] = field(default_factory=list)  # the cards drawn at setup, until the keep
    marks: dict[int, int] = field(default_factory=dict)  # card number -> marked cells
    score: ScoreCard = field(default_factory=ScoreCard)
    crosses: int = 0  # single marks still owed by crosses
    marked: bool = False  # has made the marking of the current expedition card
    done: bool = False  # has nothing more to mark for it
    completed_now: list[int] = field(default_factory=list)  # cards whose tomb it reached
    # the score card and single marks owed the others see while everybody decides at once:
    # as they were when the decision began (observation.as_others_see)
    shown_score: ScoreCard = field(default_factory=ScoreCard)
    shown_crosses: int = 0

    def __deepcopy__(self, memo: dict[int, Any]) -> Seat:
        return copied(
            self,
            cards=list(self.cards),
            hand=list(self.hand),
            marks=dict(self.marks),
            completed_now=list(self.completed_now),
        )

    def shown(self) -> Shown:
        """The seat as it is now (copies made in C, the named tuple made without its own
        ``__new__``, a Python function)."""
        return made_tuple(Shown, (tuple(self.cards), dict(self.marks), self.score, self.crosses))


@dataclass
class State:
    cards: dict[int, CardView]
    deck: list[int]  # top is the last item
    offer: list[int | None]
    expeditions: list[str]  # this round's expedition deck, top last
    seats: list[Seat]
    bonuses: dict[str, list[int]]  # colour -> bonuses still to claim, best first
    round: int = 0
    used: int = 0  # expedition cards used this round
    revealed: str | None = None
    replacing: list[tuple[int, int]] = field(default_factory=list)  # (card number, player) queue
    secret_marks: list[dict[str, Any]] = field(default_factory=list)  # this card's, until revealed
    final_totals: tuple[int, ...] = ()  # the end scoring's totals by seat, once the game is over

    def __deepcopy__(self, memo: dict[int, Any]) -> State:
        """Cards, score cards, the JSON of ``secret_marks`` and the final totals are shared
        (never changed once made: the rules replace them); the rest is copied."""
        return copied(
            self,
            cards=dict(self.cards),
            deck=list(self.deck),
            offer=list(self.offer),
            expeditions=list(self.expeditions),
            seats=[seat.__deepcopy__(memo) for seat in self.seats],
            bonuses={colour: list(left) for colour, left in self.bonuses.items()},
            replacing=list(self.replacing),
            secret_marks=list(self.secret_marks),
        )


if TYPE_CHECKING:

    def state_of(game: Game) -> State:
        """The state of ``game``, typed: read it once into a local (``state = state_of(game)``)."""

else:
    from ..accessors import state_of as state_of  # the same at run time: a plain read

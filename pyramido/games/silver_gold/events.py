"""Every event a game of Silver & Gold emits, in the order of a game (forms:
:mod:`pyramido.games.events`).

Pyramid cards are named by their number, expedition cards by their shape; a player's cards
lie in slots, the offer's cards in slots 0-3 (``null``: empty); cells are 0-24 (cell
``(x, y)`` is ``y * 5 + x``); rounds and the expedition cards of a round count from 1.
A marking is its maker's secret until everybody has marked: ``mark``, ``pass`` and
``cross_lost`` are seen by their player alone, then ``marks_revealed`` shows them all.
"""

from typing import Literal, NotRequired, TypedDict

from ..events import GameOver, ScoreLineJson


class Deal(TypedDict):
    """The shuffled deck and every hand drawn from it: a secret of chance (``seen_by``
    ``[]``), kept for the record."""

    type: Literal["deal"]
    deck: list[int]
    hands: list[list[int]]


class Setup(TypedDict):
    """The deal, as the table sees it: the deck's size once the hands are drawn, and the
    cards each player drew (``pyramido_draw_keep``)."""

    type: Literal["setup"]
    deck_size: int
    drawn: int


class Hand(TypedDict):
    """The cards a player drew (seen by that player alone)."""

    type: Literal["hand"]
    player: int
    cards: list[int]


class Keep(TypedDict):
    """The cards a player kept, and those they returned to the deck (the ``keep`` action;
    seen by that player alone until ``cards_kept``)."""

    type: Literal["keep"]
    player: int
    cards: list[int]
    returned: list[int]


class CardsKept(TypedDict):
    """Everybody has kept: every player's cards, by seat."""

    type: Literal["cards_kept"]
    cards: list[list[int]]


class DeckShuffled(TypedDict):
    """The deck shuffled, the returned cards in it: a secret of chance (``seen_by``
    ``[]``)."""

    type: Literal["deck_shuffled"]
    deck: list[int]


class Offer(TypedDict):
    """The offer dealt from the deck."""

    type: Literal["offer"]
    offer: list[int | None]
    deck_size: int


class RoundStart(TypedDict):
    """A round starts."""

    type: Literal["round_start"]
    round: int


class ExpeditionsShuffled(TypedDict):
    """The expedition cards of the round, shuffled, the next revealed last: a secret of
    chance (``seen_by`` ``[]``)."""

    type: Literal["expeditions_shuffled"]
    round: int
    expeditions: list[str]


class Expedition(TypedDict):
    """An expedition card is revealed: everybody marks its shape at once."""

    type: Literal["expedition"]
    round: int
    card: int
    """Which of the round's expedition cards it is, from 1."""
    shape: str


class Mark(TypedDict):
    """A player's marking (the ``shape``, ``cell`` and ``cross`` actions): what it marked
    and what its symbols did (``pyramido_symbol_effect``)."""

    type: Literal["mark"]
    player: int
    how: Literal["shape", "cell", "cross"]
    card: int
    """The number of the pyramid card marked."""
    marked: list[int]
    """The cells marked, ascending."""
    symbols: dict[str, int]
    """How many of each symbol the cells cover (a symbol they cover none of is left out)."""
    torch_ticked: bool
    """Whether it ticked a torch box of this round: a torch marked once the round's
    ``torches_per_round`` boxes are ticked ticks nothing (docs/rules.md §4.3)."""
    tomb: bool
    """Whether it completed the card."""


class Pass(TypedDict):
    """A player with nothing to mark passed (the ``pass`` action)."""

    type: Literal["pass"]
    player: int
    skulls: NotRequired[int]
    """The skull ticked for passing (``nothing_to_mark: tick_skull``); absent otherwise."""


class CrossLost(TypedDict):
    """The single marks a player's crosses owe can go nowhere: they are lost
    (``lost_cross: lost``)."""

    type: Literal["cross_lost"]
    player: int
    count: int


class MarksRevealed(TypedDict):
    """Everybody has marked the expedition card: every marking is shown."""

    type: Literal["marks_revealed"]
    round: int
    card: int
    marks: list[Mark | Pass | CrossLost]
    """The secret events of the marking, in the order they happened (without
    ``seen_by``)."""


class CardCompleted(TypedDict):
    """A card marked to its tomb is set aside, onto its player's score card."""

    type: Literal["card_completed"]
    player: int
    card: int
    colour: str


class Replace(TypedDict):
    """A player replaced a completed card (the ``replace`` action)."""

    type: Literal["replace"]
    player: int
    completed: int
    """The completed card's number."""
    source: str
    """Where the new card came from: ``deck``, or ``offer 1`` to ``offer 4``."""
    card: int
    """The new card's number."""
    offer: list[int | None]
    """The offer after it."""


class OfferRefilled(TypedDict):
    """Empty offer slots refilled from the deck (``pyramido_offer_refill``)."""

    type: Literal["offer_refilled"]
    player: int
    """The player whose replacement it followed."""
    slots: list[int]
    offer: list[int | None]


class Bonus(TypedDict):
    """A completed card claimed a colour bonus (``pyramido_bonus_claims``)."""

    type: Literal["bonus"]
    player: int
    colour: str
    points: int
    card: int
    """The number of the card that claimed it."""


class RoundEnd(TypedDict):
    """The round's expedition cards are used up (the unused ones are not revealed)."""

    type: Literal["round_end"]
    round: int


class FinalScore(TypedDict):
    """A player's score card scored after the last round (``pyramido_score_stage``)."""

    type: Literal["final_score"]
    player: int
    total: int
    lines: list[ScoreLineJson]
    """The breakdown, line by line: the game's ``SCORE_LINES``, then any house rule's."""


#: Every event of a game of Silver & Gold, each once.
EVENTS = (
    Deal,
    Setup,
    Hand,
    Keep,
    CardsKept,
    DeckShuffled,
    Offer,
    RoundStart,
    ExpeditionsShuffled,
    Expedition,
    Mark,
    Pass,
    CrossLost,
    MarksRevealed,
    CardCompleted,
    Replace,
    OfferRefilled,
    Bonus,
    RoundEnd,
    FinalScore,
    GameOver,
)

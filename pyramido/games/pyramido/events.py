"""Every event a game of Pyramido emits, in the order of a game (forms:
:mod:`pyramido.games.events`; those shared with Forgotten Treasures:
:mod:`pyramido.games.pyramids.events`).

Colours are names (``"red"``), quarry slots and piles 0-based, stages 1-4, block spaces
``(x, y)`` of a stage's lattice; cover cards are numbered by their place in the ruleset's
``cover_cards``.
"""

from typing import Literal, TypedDict

from ..events import GameOver
from ..pyramids.events import Deal, DominoJson, Place, Split, StageComplete, StageScored, StageStart


class PileJson(TypedDict):
    """A pile as the table sees it: its size and its top domino (``null`` once empty)."""

    size: int
    top: DominoJson | None


class Setup(TypedDict):
    """The table as dealt: the quarry, the piles (their order below the tops is in the
    secret ``deal``) and who starts (``pyramido_start_player``)."""

    type: Literal["setup"]
    quarry: list[DominoJson]
    piles: list[PileJson]
    start_player: int


class Take(TypedDict):
    """A player took a quarry domino (the ``take`` action)."""

    type: Literal["take"]
    player: int
    slot: int
    tile: int
    """The domino's id."""


class Mark(TypedDict):
    """A player put a marker on a block of the domino just placed (the ``mark`` action), or
    on the cover card just laid, whose colour's marker they still held."""

    type: Literal["mark"]
    player: int
    block: Literal["A", "B", "cover"]
    colour: str
    """The marker's colour."""
    stage: int
    x: int
    y: int


class NoMark(TypedDict):
    """A player declined to mark (the ``no_mark`` action, where ``pyramido_marking_required``
    says no)."""

    type: Literal["no_mark"]
    player: int


class Cover(TypedDict):
    """A player laid a cover card on a block of the domino just placed (the ``cover``
    action)."""

    type: Literal["cover"]
    block: Literal["A", "B"]
    player: int
    card: int
    stage: int
    x: int
    y: int
    colour: str
    """The side shown."""
    icons: list[str]
    """The quadrant of its icon."""
    cells: list[list[int]]
    """The 4 quadrant cells it covers, ``[cx, cy]``."""


class Fill(TypedDict):
    """A cover card filled an empty space of a stage no domino fits (the ``fill`` action);
    its keys are ``cover``'s, but ``block``."""

    type: Literal["fill"]
    player: int
    card: int
    stage: int
    x: int
    y: int
    colour: str
    icons: list[str]
    cells: list[list[int]]


class Refill(TypedDict):
    """A player refilled the quarry slot they took from (the ``refill`` action)."""

    type: Literal["refill"]
    player: int
    slot: int
    pile: int
    tile: int
    """The domino's id."""


class SlotStaysEmpty(TypedDict):
    """No pile may refill the slot (``pyramido_refill_piles`` named none): it stays empty."""

    type: Literal["slot_stays_empty"]
    slot: int


class NoDominoFits(TypedDict):
    """At the start of a player's turn no domino fits their stage: cover cards fill its
    ``empty_spaces`` (0 when the quarry is empty and ``empty_quarry`` completes the stage),
    or the player is out."""

    type: Literal["no_domino_fits"]
    player: int
    stage: int
    empty_spaces: int


class Eliminated(TypedDict):
    """A player is out of the game (``pyramido_eliminated``): their pyramid scores no
    more."""

    type: Literal["eliminated"]
    player: int
    stage: int
    reason: str
    """For people: the spaces to fill and the cards left."""


#: Every event of a game of Pyramido, each once.
EVENTS = (
    Deal,
    Setup,
    Take,
    Place,
    Mark,
    NoMark,
    Cover,
    Refill,
    SlotStaysEmpty,
    Split,
    NoDominoFits,
    Fill,
    Eliminated,
    StageComplete,
    StageScored,
    StageStart,
    GameOver,
)

"""The events Pyramido and Forgotten Treasures both emit, as they build the same pyramid
(forms: :mod:`pyramido.games.events`).

Stages are 1-4; a block space ``(x, y)`` lies on its stage's lattice; quadrant cells are
``[cx, cy]`` on the 18x18 grid of the top view, y down (block ``(x, y)`` of stage ``s``
covers the cells ``(2x + s - 1 + dx, 2y + s - 1 + dy)``, ``dx, dy`` in ``{0, 1}``).
"""

from typing import Literal, TypedDict

from ..events import Legend, ScoreLineJson


class DominoJson(TypedDict):
    """A domino as printed, face up: block A, with block B to its right."""

    id: int
    """The domino's number in the ruleset (a ``tile`` of the events)."""
    a: list[str]
    """Block A: its colour, then the quadrants of its icons (``TL``, ``TR``, ``BL``,
    ``BR``)."""
    b: list[str]
    """Block B, the same way."""


class Deal(TypedDict):
    """The shuffled piles, bottom to top: a secret of chance (``seen_by`` ``[]``), kept
    for the record."""

    type: Literal["deal"]
    piles: list[list[DominoJson]]


class PlacedBlockJson(TypedDict):
    """A block as laid: its space, its colour and icons as turned, the cells it covers."""

    x: int
    y: int
    colour: str
    icons: list[str]
    """The quadrants of its icons, as turned."""
    cells: list[list[int]]
    """The 4 quadrant cells it covers, ``[cx, cy]``."""


class Place(TypedDict):
    """A player placed the domino in hand (the ``place`` action)."""

    type: Literal["place"]
    player: int
    tile: int
    """The domino's id."""
    stage: int
    x: int
    """Block A's space is ``(x, y)``."""
    y: int
    rot: int
    """Quarter turns clockwise, 0-3: block B lies right of block A (0), below it (1), left
    of it (2) or above it (3)."""
    blocks: list[PlacedBlockJson]
    """Block A, then block B."""


Split = TypedDict(
    "Split", {"type": Literal["split"], "player": int | Legend, "from": int, "to": int, "count": int}
)
"""The bottom half of pile ``from`` refilled the emptied pile ``to``; ``count``: the dominoes
moved; ``player``: who emptied the pile (the Legend in Forgotten Treasures' solo game).
Declared by a call, as its key ``from`` is a Python keyword."""


class StageComplete(TypedDict):
    """A player's stage is complete (or cannot be completed): they wait for the others."""

    type: Literal["stage_complete"]
    player: int
    stage: int


class StageScored(TypedDict):
    """A player's stage was scored (``pyramido_score_stage``), and in solo Forgotten
    Treasures the Legend's (``pyramido_legend_score``)."""

    type: Literal["stage_scored"]
    player: int | Legend
    stage: int
    total: int
    """The sum of the lines' points."""
    lines: list[ScoreLineJson]
    """The breakdown, line by line: the game's ``SCORE_LINES``, then any house rule's."""


class StageStart(TypedDict):
    """The next stage starts (``pyramido_next_start_player`` chose who starts it)."""

    type: Literal["stage_start"]
    stage: int
    start_player: int

"""The lines of a Pyramido stage's score, by ``id``, each with its detail keys (every line
also holds ``id``, ``what`` and ``points``: :class:`~pyramido.games.events.ScoreLineJson`).

``pyramido_score_stage`` scores a stage with one ``marked_area`` line per marked area, then
the ``mino_bonus`` line (if any), then the lines of ``pyramido_extra_score_lines``. A
``stage_scored`` event lists them; a house rule reads them from the ``breakdown`` it is
given (``breakdown.lines_with_id("marked_area")``, each line's ``detail``).
"""

from typing import Literal, TypedDict


class MarkedArea(TypedDict):
    """A marked area, worth ``pyramido_area_points`` (its icons times
    ``points_per_icon``)."""

    id: Literal["marked_area"]
    colour: str
    icons: int
    """Its visible icons."""
    markers: list[str]
    """The colours of the markers in it."""
    cells: list[list[int]]
    """Its quadrant cells, ``[cx, cy]``, by row (made when read: bots never read them)."""


class MinoBonus(TypedDict):
    """The Mino bonus (``pyramido_mino_bonus``): the smallest marked area's icons again
    (``mino_bonus: smallest_marked_area``); no line with ``mino_bonus: none`` or no area
    marked."""

    id: Literal["mino_bonus"]
    colour: str
    """The colour of the area it counts."""
    icons: int
    """Its icons."""


#: Every line of a Pyramido stage's score, in the order they come.
SCORE_LINES = (MarkedArea, MinoBonus)

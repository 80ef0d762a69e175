"""The lines of a Forgotten Treasures stage's score, by ``id``, each with its detail keys
(every line also holds ``id``, ``what`` and ``points``:
:class:`~pyramido.games.events.ScoreLineJson`).

``pyramido_score_stage`` scores a player's stage with an ``activated_area`` or a
``doubled_area`` line per activation, in the order they were made, then ``mythical_kept``
and ``discarded`` (each if any), then the lines of ``pyramido_extra_score_lines``. In the
solo game the Legend's stage (``pyramido_legend_score``) has the lines ``legend_coloured``
and ``legend_mythical``. ``stage_scored`` events list them.
"""

from typing import Literal, TypedDict


class PaidJson(TypedDict):
    """The gems an activation paid: of the area's colour, and mythical."""

    coloured: int
    mythical: int


class ActivatedArea(TypedDict):
    """An area activated, worth ``pyramido_area_value`` (its visible icons)."""

    id: Literal["activated_area"]
    colour: str
    icons: int
    cells: list[list[int]]
    """Its quadrant cells, ``[cx, cy]``, by row."""
    paid: PaidJson


class DoubledArea(TypedDict):
    """An area activated with a doubling payment, worth ``pyramido_area_value`` doubled
    (twice its icons); its keys are ``activated_area``'s."""

    id: Literal["doubled_area"]
    colour: str
    icons: int
    cells: list[list[int]]
    paid: PaidJson


class MythicalKept(TypedDict):
    """1 point per mythical gem left after the activations."""

    id: Literal["mythical_kept"]
    gems: int


class Discarded(TypedDict):
    """The gems discarded down to ``pyramido_inventory_limit``: no points, for the record."""

    id: Literal["discarded"]
    gems: list[str]
    """Their kinds."""


class LegendColoured(TypedDict):
    """The Legend's coloured gems (solo), each worth the stage number."""

    id: Literal["legend_coloured"]
    gems: int


class LegendMythical(TypedDict):
    """The Legend's mythical gems (solo), each worth ``legend.points_per_mythical``."""

    id: Literal["legend_mythical"]
    gems: int


#: Every line of a Forgotten Treasures stage's score, the players' then the Legend's.
SCORE_LINES = (ActivatedArea, DoubledArea, MythicalKept, Discarded, LegendColoured, LegendMythical)

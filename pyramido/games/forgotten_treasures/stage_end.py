"""Scoring a Forgotten Treasures position (``pyramido_score_stage``: activated areas at
``pyramido_area_value``, mythical gems kept, extra lines) and the final ranking with its
tie-breaks, the Legend included (docs/rules.md §3.3-§3.5)."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

from ...engine.hookspecs import hookimpl
from ...engine.views import Breakdown, LazyDetail, PyramidView, RankingRow, ScoreLine, cells_json
from ..shared import rank
from .activation import Spend, printed_area_value
from .hooks import paths_of, rules_of
from .state import LEGEND, state_of
from .views import MYTHICAL, ActivationPosition

if TYPE_CHECKING:
    from ...engine.game import Game


#: An activated area's colour, icons and points.
AreaScore = tuple[str, int, int]


@hookimpl
def pyramido_score_stage(game: Game, player: int, position: ActivationPosition) -> Breakdown:
    """Each activated area (``pyramido_area_value``), ``mythical_kept_points`` per mythical
    gem left after the activations, the gems discarded to the limit (no points), then
    ``pyramido_extra_score_lines``."""
    pyramid = position.pyramid
    activations = position.activations
    activated_area = paths_of(game).activated_area
    labels = [spend.area for spend in activations]
    cells = pyramid.cells_of_areas(labels)  # in one C call, kept by the view a bot scores again
    lines: list[ScoreLine] = []
    mythical_left = position.gems_before[MYTHICAL]
    for spend, label, cells_of_area in zip(activations, labels, cells, strict=False):  # one each
        double = spend.double
        colour, icons, points = activated_area(game, player, pyramid, label, double)
        mythical_left -= spend.mythical
        # made when read (by records): a bot scores thousands of imagined stages
        detail = LazyDetail(
            {"colour": colour, "icons": icons},
            {"cells": partial(cells_json, cells_of_area), "paid": partial(_paid, spend)},
        )
        line_id, what = _DOUBLED if double else _ACTIVATED
        lines.append(ScoreLine(line_id, what, points, detail))
    if mythical_left:
        points = game.ruleset.params["mythical_kept_points"] * mythical_left
        lines.append(ScoreLine("mythical_kept", "mythical gems kept", points, {"gems": mythical_left}))
    if position.discarded:
        lines.append(ScoreLine("discarded", "discarded to the limit", 0, {"gems": list(position.discarded)}))
    breakdown = Breakdown(tuple(lines))
    for extra in rules_of(game).extra_score_lines(game, player, position, breakdown):
        breakdown = breakdown.with_lines(*extra)
    return breakdown


def _paid(spend: Spend) -> dict[str, int]:
    return {"coloured": spend.coloured, "mythical": spend.mythical}


_ACTIVATED = ("activated_area", "activated area")  # a score line's id and what it says
_DOUBLED = ("doubled_area", "doubled area")


@hookimpl
def pyramido_ranking(game: Game) -> list[RankingRow]:
    """Most points, then ``pyramido_tiebreaks``; else shared. Solo: the Legend wins ties."""
    state = state_of(game)
    keys: dict[Any, tuple[int, ...]] = {}
    rows: dict[Any, RankingRow] = {}
    tiebreaks = rules_of(game).tiebreaks
    for p, seat in enumerate(state.seats):
        total = sum(seat.stage_scores)
        tiebreak = tuple(tiebreaks(game, p))
        keys[p] = (-total, *(-value for value in tiebreak))
        rows[p] = RankingRow(p, 0, total, tiebreak)
    if state.legend is not None:
        total = sum(state.legend.stage_scores)
        keys[LEGEND] = (-total,)
        keys[0] = (-sum(state.seats[0].stage_scores), 1)  # the Legend wins ties
        rows[LEGEND] = RankingRow(LEGEND, 0, total)
    return rank(keys, rows)


@hookimpl
def pyramido_tiebreaks(game: Game, player: int) -> list[int]:
    """Most gems left, then the best single stage."""
    seat = state_of(game).seats[player]
    return [sum(seat.gems), max(seat.stage_scores, default=0)]


def printed_activated_area(
    game: Game, player: int, pyramid: PyramidView, label: int, doubled: bool
) -> AreaScore:
    """The colour, icons and points (the printed ``pyramido_area_value``) of area ``label``
    activated, read from the pyramid's tables of every area: no area to make."""
    if not 0 <= label < len(pyramid.area_icons):
        return activated_area(game, player, pyramid, label, doubled)  # raises: no such area
    icons = pyramid.area_icons[label]
    return pyramid.colours[pyramid.area_colours[label]], icons, printed_area_value(icons, doubled)


def activated_area(game: Game, player: int, pyramid: PyramidView, label: int, doubled: bool) -> AreaScore:
    """The same through ``pyramido_area_value``, with the area made alone (of dozens; raises
    for no such area)."""
    area = pyramid.area(label)
    return area.colour, area.icons, rules_of(game).area_value(game, player, area, doubled)

"""The end of a Pyramido stage and of the game (docs/rules.md §2.4-§2.5): scoring a position
(``pyramido_score_stage``: marked areas, the Mino bonus, extra lines), and the final ranking
with its tie-breaks."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine.hookspecs import hookimpl
from ...engine.views import Area, Breakdown, LazyDetail, RankingRow, ScoreLine, cells_json
from ...geometry.board import block_cells
from ..shared import rank
from .hooks import rules_of
from .state import state_of
from .views import PyramidoPosition

if TYPE_CHECKING:
    from ...engine.game import Game
    from .hooks import PyramidoHooks


# --- scoring ---------------------------------------------------------------------------------


@hookimpl
def pyramido_score_stage(game: Game, player: int, position: PyramidoPosition) -> Breakdown:
    """Each marked area (``pyramido_area_points``), the Mino bonus (``pyramido_mino_bonus``),
    then ``pyramido_extra_score_lines``."""
    breakdown = stage_lines(game, player, position)
    for extra in rules_of(game).extra_score_lines(game, player, position, breakdown):
        breakdown = breakdown.with_lines(*extra)
    return breakdown


def stage_lines(game: Game, player: int, position: PyramidoPosition) -> Breakdown:
    """The lines of a stage's score before the extra ones: each marked area, then the
    Mino bonus (what ``pyramido_extra_score_lines`` is given; a bot reads them too)."""
    rules = rules_of(game)
    marked, markers = marked_areas(position)
    position.pyramid.cells_of_areas([area.label for area in marked])  # in one C call, kept
    lines = [
        _marked_area_line(rules, game, player, area, held) for area, held in zip(marked, markers, strict=True)
    ]
    lines += rules.mino_bonus(game, player, marked)
    return Breakdown(tuple(lines))


def marked_areas(position: PyramidoPosition) -> tuple[tuple[Area, ...], tuple[tuple[str, ...], ...]]:
    """The marked areas of ``position`` by label, and the colours of the markers in each
    (an area holding two markers once; a marker on no area marks nothing)."""
    pyramid = position.pyramid
    markers: dict[int, list[str]] = {}
    for colour, (x, y) in sorted(position.markers.items()):
        area = pyramid.area_at(block_cells(pyramid.stage - 1, x, y)[0])
        if area is not None:
            markers.setdefault(area.label, []).append(colour)
    labels = sorted(markers)
    return tuple(pyramid.area(label) for label in labels), tuple(tuple(markers[label]) for label in labels)


def _marked_area_line(
    rules: PyramidoHooks, game: Game, player: int, area: Area, markers: tuple[str, ...]
) -> ScoreLine:
    detail = {"colour": area.colour, "icons": area.icons, "markers": list(markers)}
    points = rules.area_points(game, player, area, markers)
    cells = LazyDetail(detail, {"cells": lambda: cells_json(area.cells)})  # read by records only
    return ScoreLine("marked_area", "marked area", points, cells)


# --- the end ---------------------------------------------------------------------------------


@hookimpl
def pyramido_ranking(game: Game) -> list[RankingRow]:
    """Most points, then ``pyramido_tiebreaks``; players out rank below everybody, the
    later out the higher ([ruling: elimination])."""
    keys: dict[Any, tuple[int, ...]] = {}
    rows: dict[Any, RankingRow] = {}
    tiebreaks = rules_of(game).tiebreaks
    for p, seat in enumerate(state_of(game).seats):
        out, total = seat.out_at_stage, sum(seat.stage_scores)
        tiebreak = tuple(tiebreaks(game, p))
        keys[p] = (0 if out is None else 1, -(out or 0), -total, *(-v for v in tiebreak))
        rows[p] = RankingRow(p, 0, total, tiebreak, out is not None)
    return rank(keys, rows)


@hookimpl
def pyramido_tiebreaks(game: Game, player: int) -> list[int]:
    """Unused cover cards, then the best single-stage score."""
    seat = state_of(game).seats[player]
    return [len(seat.covers_left), max(seat.stage_scores, default=0)]

"""Scoring a Forgotten Treasures position (``pyramido_score_stage``: activated areas at
``pyramido_area_value``, mythical gems kept, extra lines) and the final ranking with its
tie-breaks, the Legend included (docs/rules.md §3.3-§3.5)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ...engine.hookspecs import hookimpl
from ...engine.views import Breakdown, PyramidView, RankingRow, ScoreLine
from ..shared import rank
from .activation import printed_area_value
from .hooks import rules_of
from .state import LEGEND, state_of
from .views import MYTHICAL, ActivationPosition

if TYPE_CHECKING:
    from ...engine.game import Game
    from .hooks import ForgottenTreasuresHooks, ForgottenTreasuresPaths


#: An activated area's colour, icons and points.
AreaScore = tuple[str, int, int]


@hookimpl
def pyramido_score_stage(game: Game, player: int, position: ActivationPosition) -> Breakdown:
    """Each activated area (``pyramido_area_value``), ``mythical_kept_points`` per mythical
    gem left after the activations, the gems discarded to the limit (no points), then
    ``pyramido_extra_score_lines``."""
    pyramid = position.pyramid
    activations = position.activations
    labels = [spend.area for spend in activations]
    doubled = [spend.double for spend in activations]
    rules: ForgottenTreasuresHooks = game.rules  # at every stage's score: the attributes,
    paths: ForgottenTreasuresPaths = game.rules.paths  # not rules_of's and paths_of's calls
    scored = paths.activated_areas(game, player, pyramid, labels, doubled)
    cells = pyramid.cells_json_of_areas(labels)  # in one C call, kept by the view a bot scores again
    lines: list[ScoreLine] = []
    mythical_left = position.gems_before[MYTHICAL]
    for spend, (colour, icons, points), cells_of_area in zip(activations, scored, cells):  # noqa: B905
        mythical_left -= spend.mythical
        paid = {"coloured": spend.coloured, "mythical": spend.mythical}
        detail = {"colour": colour, "icons": icons, "cells": cells_of_area, "paid": paid}
        line_id, what = _DOUBLED if spend.double else _ACTIVATED
        lines.append(ScoreLine(line_id, what, points, detail))
    if mythical_left:
        points = game.ruleset.params["mythical_kept_points"] * mythical_left
        lines.append(ScoreLine("mythical_kept", "mythical gems kept", points, {"gems": mythical_left}))
    if position.discarded:
        lines.append(ScoreLine("discarded", "discarded to the limit", 0, {"gems": list(position.discarded)}))
    breakdown = Breakdown(tuple(lines))
    for extra in rules.extra_score_lines(game, player, position, breakdown):
        breakdown = breakdown.with_lines(*extra)
    return breakdown


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


def printed_activated_areas(
    game: Game, player: int, pyramid: PyramidView, labels: Sequence[int], doubled: Sequence[bool]
) -> list[AreaScore]:
    """The colour, icons and points (the printed ``pyramido_area_value``) of each area of
    ``labels`` activated (``doubled`` or not), read from the pyramid's tables of every
    area: no area to make, one call for a stage's areas."""
    icons_of = pyramid.area_icons
    if len(labels) != len(doubled) or not all([0 <= label < len(icons_of) for label in labels]):
        return activated_areas(game, player, pyramid, labels, doubled)  # raises: no such area, or zip's
    colours, colour_of = pyramid.colours, pyramid.area_colours
    return [
        (colours[colour_of[label]], icons_of[label], printed_area_value(icons_of[label], double))
        for label, double in zip(labels, doubled)  # noqa: B905 (hot path)
    ]


def activated_areas(
    game: Game, player: int, pyramid: PyramidView, labels: Sequence[int], doubled: Sequence[bool]
) -> list[AreaScore]:
    """The same through ``pyramido_area_value``, each area made alone (of dozens; raises for
    no such area)."""
    area_value = rules_of(game).area_value
    scored = []
    for label, double in zip(labels, doubled, strict=True):
        area = pyramid.area(label)
        scored.append((area.colour, area.icons, area_value(game, player, area, double)))
    return scored

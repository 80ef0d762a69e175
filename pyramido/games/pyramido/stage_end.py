"""The end of a Pyramido stage and of the game (docs/rules.md §2.3-§2.5): the cover-card
``fill`` step, scoring a position (``pyramido_score_stage``: marked areas, the Mino bonus,
extra lines), and the final ranking with its tie-breaks."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine.hookspecs import hookimpl
from ...engine.steps import RuleStep
from ...engine.views import Area, Breakdown, LazyDetail, RankingRow, ScoreLine, cells_json
from ...geometry.board import QUADRANTS, block_cells
from ..shared import block_cells_json, rank
from .flow import ask_fill
from .hooks import rules_of
from .state import state_of
from .tables import card_sides, icon_quadrants
from .views import PyramidoPosition

if TYPE_CHECKING:
    from ...engine.actions import Action
    from ...engine.game import Game
    from .hooks import PyramidoHooks


def use_cover_card(
    game: Game, player: int, event: dict[str, Any], space: tuple[int, int], colour: int, quadrant: int
) -> None:
    """Spend the first unused card with a side of ``colour`` and lay it on ``space`` of the
    current stage, its icon in ``quadrant``; emit ``event`` (``cover`` or ``fill``) with it."""
    seat = state_of(game).seats[player]
    name = game.ruleset.colours[colour]
    cards = game.ruleset.params["cover_cards"]
    card = next(i for i in seat.covers_left if name in cards[i])
    seat.covers_left.remove(card)
    x, y = space
    seat.pyramid.put_block(x, y, colour, 1 << quadrant)
    seat.covers.add((seat.pyramid.stage, x, y))
    game.emit(
        {
            **event,
            "player": player,
            "card": card,
            "stage": seat.pyramid.stage + 1,
            "x": x,
            "y": y,
            "colour": name,
            "icons": [QUADRANTS[quadrant]],
            "cells": block_cells_json(seat.pyramid.stage, x, y),
        }
    )


# --- the fill --------------------------------------------------------------------------------


def _fill_legal(game: Game, player: int) -> list[int]:
    sides = card_sides(game.ruleset, state_of(game).seats[player].covers_left)
    return sorted(game.space.index("fill", c, q) for c in sides for q in icon_quadrants(game.ruleset))


def _fill_explain(game: Game, player: int, action: Action) -> str:
    colour = action.values[0]
    if colour not in card_sides(game.ruleset, state_of(game).seats[player].covers_left):
        return f"you have no unused cover card with a {game.ruleset.colours[colour]} side"
    return "a cover card's icon stays where it is printed"


def _fill(game: Game, player: int, action: Action) -> None:
    """Cover cards, any side, fill the spaces ``pyramido_fill_spaces`` named, unmarked."""
    state = state_of(game)
    colour, quadrant = action.values
    space, *rest = state.turn.fill
    state.turn.fill = tuple(rest)
    use_cover_card(game, player, {"type": "fill"}, space, colour, quadrant)
    ask_fill(game, state, player)


FILL_STEP = RuleStep("fill", ("fill",), _fill_legal, _fill_explain, _fill)


# --- scoring ---------------------------------------------------------------------------------


@hookimpl
def pyramido_score_stage(game: Game, player: int, position: PyramidoPosition) -> Breakdown:
    """Each marked area (``pyramido_area_points``), the Mino bonus (``pyramido_mino_bonus``),
    then ``pyramido_extra_score_lines``."""
    rules = rules_of(game)
    pyramid = position.pyramid
    markers: dict[int, list[str]] = {}
    for colour, (x, y) in sorted(position.markers.items()):
        area = pyramid.area_at(block_cells(pyramid.stage - 1, x, y)[0])
        if area is not None:
            markers.setdefault(area.label, []).append(colour)
    marked = tuple(pyramid.area(label) for label in sorted(markers))
    pyramid.cells_of_areas(sorted(markers))  # every marked area's cells in one C call, kept
    lines = [_marked_area_line(rules, game, player, area, tuple(markers[area.label])) for area in marked]
    lines += rules.mino_bonus(game, player, marked)
    breakdown = Breakdown(tuple(lines))
    for extra in rules.extra_score_lines(game, player, position, breakdown):
        breakdown = breakdown.with_lines(*extra)
    return breakdown


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

"""What a Forgotten Treasures seat sees: face-down dominoes show only their backs, the bag
only its size, and the others' scoring choices stay hidden until everybody has chosen.
``pyramido_seat_view`` and ``pyramido_table_view`` are the typed views plugins and bots
read; ``pyramido_observation`` the JSON an embedder reads
(``schemas/observation.schema.json``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine.hookspecs import hookimpl
from ...engine.views import made
from ..shared import pyramid_json, turn_order, unfilled_spaces
from .exploration import spaces_json
from .gems import gem_names
from .hooks import rules_of
from .state import GAME, Seat, State, state_of
from .views import ActivationPosition, LegendView, TreasuresSeat, TreasuresSpace, TreasuresTable

if TYPE_CHECKING:
    from ...engine.game import Game
    from ..pyramids.pyramid import Domino

IN_HAND = ("split", "reveal", "place")  # the decisions taken with a domino in hand


@hookimpl
def pyramido_seat_view(game: Game, player: int) -> TreasuresSeat:
    state = state_of(game)
    seat = state.seats[player]
    scoring = seat.scoring
    position = activation_position(game, seat)
    held = position.gems_before  # the gems held now: before any activation
    if scoring is not None:
        held = dict(zip(state.kinds, seat.gems, strict=True))
    return TreasuresSeat(
        player=player,
        pyramid=position.pyramid,
        gems=held,
        stage_scores=tuple(seat.stage_scores),
        stage_complete=seat.done,
        scoring=scoring is not None,
        activations_ended=scoring is not None and scoring.ended,
        position=position,
        unfilled=unfilled_spaces(seat),
    )


def activation_position(game: Game, seat: Seat) -> ActivationPosition:
    """What ``pyramido_score_stage`` scores of ``seat`` (its view's ``position``): made
    alone when the stage is scored, which reads nothing else of the seat's view."""
    state: State = game.state  # at every stage's score: the attribute, not state_of's call
    kinds = state.kinds  # a count per kind: the zips need no strict=
    scoring = seat.scoring
    if scoring is None:
        pyramid = seat.pyramid.view(game.ruleset.colours)
        return ActivationPosition(pyramid, (), dict(zip(kinds, seat.gems)))  # noqa: B905 (hot path)
    return made(  # without the frozen dataclass's __init__: at every stage's score
        ActivationPosition,
        pyramid=scoring.pyramid,
        activations=tuple(scoring.activations),
        gems_before=dict(zip(kinds, scoring.gems_before)),  # noqa: B905 (hot path)
        discarded=tuple(gem_names(game, scoring.discarded)),
    )


@hookimpl
def pyramido_table_view(game: Game) -> TreasuresTable:
    state = state_of(game)
    colours = game.ruleset.colours
    kinds = state.kinds
    spaces = tuple(
        TreasuresSpace(
            pile_size=len(pile),
            top=pile[-1] if pile and face_up else None,
            back=_back(pile[-1], colours) if pile and not face_up else None,
            gems=tuple(map(kinds.__getitem__, sorted(gems))),
        )
        for pile, face_up, gems in zip(state.piles, state.face_up, state.gem_areas, strict=True)
    )
    legend = state.legend
    return TreasuresTable(
        stage=state.stage + 1,
        spaces=spaces,
        in_hand=_in_hand(game),
        bag_size=sum(state.bag),
        discards=dict(zip(kinds, state.discards, strict=True)),
        mode=state.mode,
        legend=None
        if legend is None
        else LegendView(
            top=legend.pile[-1],
            pile_size=len(legend.pile),
            gems=dict(zip(kinds, legend.gems, strict=True)),
            stage_scores=tuple(legend.stage_scores),
        ),
        start_player=state.start_player,
        turn_order=turn_order(state.start_player, game.num_players),
    )


def _back(domino: Domino, colours: list[str]) -> tuple[tuple[str, int], tuple[str, int]]:
    """What a face-down domino shows: each block's colour and icon count."""
    a, b = domino.a, domino.b
    return (colours[a.colour], a.icons.bit_count()), (colours[b.colour], b.icons.bit_count())


def _in_hand(game: Game) -> Domino | None:
    """The domino taken this turn, until it is placed."""
    state = state_of(game)
    decision = game.decision
    return state.turn.domino if decision is not None and decision.kind in IN_HAND else None


@hookimpl
def pyramido_observation(game: Game, player: int | None) -> dict[str, Any]:
    state = state_of(game)
    colours = game.ruleset.colours
    kinds = state.kinds
    decision = game.decision
    legend = state.legend
    in_hand = _in_hand(game)
    return {
        "game": GAME,
        "ruleset": game.ruleset.id,
        "viewer": player,
        "mode": state.mode,
        "stage": state.stage + 1,
        "start_player": state.start_player,
        "decision": None if decision is None else {"kind": decision.kind, "players": list(decision.players)},
        "spaces": spaces_json(game),
        "in_hand": None if in_hand is None else in_hand.to_json(colours),
        "bag_size": sum(state.bag),
        "discards": dict(zip(kinds, state.discards, strict=True)),
        "players": [
            {
                "player": p,
                "pyramid": pyramid_json(seat.pyramid, seat.tiles, set(), colours),
                "gems": dict(zip(kinds, _visible_gems(seat, p, player), strict=True)),
                "stage_scores": list(seat.stage_scores),
                "score": sum(seat.stage_scores),
                "stage_complete": seat.done,
                "scoring": scoring_json(game, p) if seat.scoring and p == player else None,
            }
            for p, seat in enumerate(state.seats)
        ],
        "legend": None
        if legend is None
        else {
            "top": legend.pile[-1].to_json(colours),
            "pile_size": len(legend.pile),
            "gems": dict(zip(kinds, legend.gems, strict=True)),
            "stage_scores": list(legend.stage_scores),
            "score": sum(legend.stage_scores),
        },
    }


def _visible_gems(seat: Seat, owner: int, viewer: int | None) -> list[int]:
    """A player's gems are public, but while the stage is scored the others see them as they
    were before the (still secret) activations."""
    if seat.scoring is None or owner == viewer:
        return seat.gems
    return seat.scoring.gems_before


def scoring_json(game: Game, player: int) -> dict[str, Any]:
    """The seat's own scoring: its areas with what each scores activated or doubled
    (``pyramido_area_value``), the ruleset's payments, what it activated, and (once its
    activations have ended) the points they score. A front end reads the points and which
    payments double from here, so that it follows the ruleset's house rules."""
    view = game.seat(player)
    state = state_of(game)
    value = rules_of(game).area_value
    return {
        "areas": [
            {
                "area": a.label,
                "colour": a.colour,
                "icons": a.icons,
                "cells": [list(c) for c in a.cells],
                "points": value(game, player, a, False),
                "points_doubled": value(game, player, a, True),
            }
            for a in view.position.areas
        ],
        "payments": [
            {"payment": p.label, "coloured": p.coloured, "mythical": p.mythical, "double": p.doubled}
            for p in state.payments
        ],
        "activated": [
            {"area": s.area, "coloured": s.coloured, "mythical": s.mythical, "double": s.double}
            for s in view.position.activations
        ],
        "points": game.score(player).total if view.activations_ended else None,
    }

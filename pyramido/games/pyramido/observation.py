"""What a Pyramido seat sees: everything at the table is public but the order of the piles
under their tops. ``pyramido_seat_view`` is the typed view plugins and bots read;
``pyramido_observation`` the JSON an embedder reads (``schemas/observation.schema.json``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine.hookspecs import hookimpl
from ...engine.views import made
from ..shared import pyramid_json, turn_order, unfilled_spaces
from .flow import domino_json, piles_json
from .state import GAME, state_of
from .tables import card_faces
from .views import PyramidoSeat, PyramidoTable

if TYPE_CHECKING:
    from ...engine.game import Game
    from .state import State


@hookimpl
def pyramido_seat_view(game: Game, player: int) -> PyramidoSeat:
    state: State = game.state  # at every position a bot values: not state_of's call
    seat = state.seats[player]
    colours = game.ruleset.colours
    cards = card_faces(game.ruleset)
    markers = {colours[c]: space for c, space in sorted(seat.markers.items())}
    return made(
        PyramidoSeat,
        player=player,
        pyramid=seat.pyramid.view(colours),
        markers=markers,
        markers_in_hand=tuple([c for c in game.ruleset.params["markers"] if c not in markers]),
        cover_cards=tuple([cards[i] for i in seat.covers_left]),
        new_domino=tuple(state.turn.spaces) if state.player == player else (),
        stage_scores=tuple(seat.stage_scores),
        stage_complete=seat.done,
        out=seat.out_at_stage is not None,
        unfilled=unfilled_spaces(seat),
        stages=seat.pyramid.shape.stages,
    )


@hookimpl
def pyramido_table_view(game: Game) -> PyramidoTable:
    state: State = game.state  # at every position a bot values: not state_of's call
    turn = state.turn
    return made(
        PyramidoTable,
        stage=state.stage + 1,
        quarry=tuple(state.quarry),
        pile_sizes=tuple(map(len, state.piles)),  # a bot asks at every candidate: no generator
        pile_tops=tuple([pile[-1] if pile else None for pile in state.piles]),
        in_hand=turn.domino if turn.domino is not None and not turn.spaces else None,
        to_fill=tuple(turn.fill),
        start_player=state.start_player,
        turn_order=turn_order(state.start_player, game.num_players),
    )


@hookimpl
def pyramido_observation(game: Game, player: int | None) -> dict[str, Any]:
    state = state_of(game)
    colours = game.ruleset.colours
    cards = game.ruleset.params["cover_cards"]
    decision = game.decision
    return {
        "game": GAME,
        "ruleset": game.ruleset.id,
        "viewer": player,
        "stage": state.stage + 1,
        "start_player": state.start_player,
        "decision": None if decision is None else {"kind": decision.kind, "players": list(decision.players)},
        "quarry": [domino_json(game, d) for d in state.quarry],
        "piles": piles_json(game, state.piles),
        "in_hand": domino_json(game, state.turn.domino)
        if state.turn.domino and not state.turn.spaces
        else None,
        "players": [
            {
                "player": p,
                "pyramid": pyramid_json(seat.pyramid, seat.tiles, seat.covers, colours),
                "markers": {
                    colours[c]: {"stage": seat.pyramid.stage + 1, "x": x, "y": y}
                    for c, (x, y) in sorted(seat.markers.items())
                },
                "cover_cards": [cards[i] for i in seat.covers_left],
                "stage_scores": list(seat.stage_scores),
                "score": sum(seat.stage_scores),
                "stage_complete": seat.done,
                "out": seat.out_at_stage is not None,
            }
            for p, seat in enumerate(state.seats)
        ],
    }

"""What a Two Steps seat sees: everything on the table, but not the order of the bag.
``pyramido_seat_view`` and ``pyramido_table_view`` are the typed views plugins and bots
read; ``pyramido_observation`` the JSON front ends and embedders read;
``pyramido_determinize`` deals the bag anew for a search bot."""

from __future__ import annotations

from typing import Any

from pyramido import Game
from pyramido.plugin import Rng, hookimpl

from .state import GAME, State, TwoStepsSeat, TwoStepsTable, tile_json


@hookimpl
def pyramido_seat_view(game: Game, player: int) -> TwoStepsSeat:
    state: State = game.state
    seat = state.seats[player]
    deciding = game.decision is not None and game.decision.kind == "place" and state.player == player
    return TwoStepsSeat(
        player=player,
        stage=state.stage + 1,
        rows=tuple(tuple(row) for row in seat.rows),
        stage_scores=tuple(seat.stage_scores),
        in_hand=state.in_hand if deciding else None,
    )


@hookimpl
def pyramido_table_view(game: Game) -> TwoStepsTable:
    state: State = game.state
    return TwoStepsTable(stage=state.stage + 1, market=tuple(state.market), bag_size=len(state.bag))


@hookimpl
def pyramido_observation(game: Game, player: int | None) -> dict[str, Any]:
    state: State = game.state
    decision = game.decision
    return {
        "game": GAME,
        "ruleset": game.ruleset.id,
        "viewer": player,
        "stage": state.stage + 1,
        "start_player": state.start_player,
        "decision": None if decision is None else {"kind": decision.kind, "players": list(decision.players)},
        "stage_colours": list(game.ruleset.params["stage_colours"]),
        "market": [tile_json(tile) for tile in state.market],
        "bag_size": len(state.bag),
        "in_hand": tile_json(state.in_hand),
        "players": [
            {
                "player": p,
                "rows": [[tile_json(tile) for tile in row] for row in seat.rows],
                "stage_scores": list(seat.stage_scores),
                "score": sum(seat.stage_scores),
            }
            for p, seat in enumerate(state.seats)
        ],
    }


@hookimpl
def pyramido_determinize(game: Game, player: int, rng: Rng) -> bool:
    """The bag is the one thing nobody sees: shuffle it anew."""
    rng.shuffle(game.state.bag)
    return True

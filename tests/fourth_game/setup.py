"""Two Steps' declaration and setup: what the plugin is, its rule parameters and
components, what a ruleset must hold, its action space, and the deal."""

from __future__ import annotations

from typing import Any

from pyramido import ActionSpace, ArgumentError, Game, Ruleset
from pyramido.plugin import Field, GameInfo, PluginInfo, hookimpl

from .state import GAME, STAGES, Seat, State, Tile, tile_json
from .turn import begin_turn

MAX_PLAYERS = 4
MAX_ROW = 5

PARAMETERS: dict[str, dict[str, Any]] = {
    "row_length": {"type": "integer", "minimum": 2, "maximum": MAX_ROW, "default": 3,
                   "description": "Spaces in each player's row, each stage."},
    "market": {"type": "integer", "minimum": 1, "maximum": 5, "default": 3,
               "description": "Face-up tiles to take from."},
    "step_bonus": {"type": "integer", "minimum": 0, "maximum": 20, "default": 3,
                   "description": "Points for a full row whose numbers go strictly up from left to right."},
    "stage_colours": {"type": "array", "items": {"type": "string"}, "minItems": STAGES,
                      "maxItems": STAGES, "default": ["red", "blue"],
                      "description": "The colour whose tiles score, in stage 1 and in stage 2."},
}  # fmt: skip

COMPONENTS = {
    "type": "object",
    "required": ["tiles"],
    "additionalProperties": False,
    "properties": {
        "tiles": {
            "type": "array",
            "maxItems": 200,
            "items": {
                "type": "object",
                "required": ["colour", "number"],
                "additionalProperties": False,
                "properties": {
                    "colour": {"type": "string"},
                    "number": {"type": "integer", "minimum": 1, "maximum": 9},
                },
            },
        }
    },
}


@hookimpl
def pyramido_plugin_info() -> PluginInfo:
    return PluginInfo(
        name=GAME,
        games=(GAME,),
        description="Two Steps: take a face-up tile, place it in your row; two stages (tests/fourth_game).",
        parameters=PARAMETERS,
        game=GameInfo(
            id=GAME,
            name="Two Steps",
            min_players=2,
            max_players=MAX_PLAYERS,
            simultaneous=False,
            hidden_information=True,  # the order of the bag
            chance=True,
            max_decisions=MAX_PLAYERS * MAX_ROW * STAGES * 2,  # a take and a place a tile
            components=COMPONENTS,
        ),
    )


def ruleset_tiles(ruleset: Ruleset) -> tuple[Tile, ...]:
    """The printed tiles, made once per ruleset and shared by its games."""

    def build(ruleset: Ruleset) -> tuple[Tile, ...]:
        tiles = ruleset.components["tiles"]
        return tuple(Tile(i, t["colour"], t["number"]) for i, t in enumerate(tiles))

    return ruleset.derived("two-steps.tiles", build)


@hookimpl
def pyramido_check_ruleset(ruleset: Ruleset) -> list[tuple[str, str]]:
    """Colours named are the ruleset's, and there are tiles enough for every space of the
    largest table (so that the market never runs dry while a player must take)."""
    problems = []
    colours = ruleset.colours
    for i, tile in enumerate(ruleset.components["tiles"]):
        if tile["colour"] not in colours:
            problems.append((f"$.components.tiles[{i}].colour", f"{tile['colour']!r} is not in colours"))
    for i, colour in enumerate(ruleset.params["stage_colours"]):
        if colour not in colours:
            problems.append((f"$.rules.stage_colours[{i}]", f"{colour!r} is not in colours"))
    if ruleset.data["players"]["min"] < 2:
        problems.append(("$.players.min", "Two Steps is for 2 players at least"))
    players = ruleset.data["players"]["max"]
    needed = max(players * ruleset.params["row_length"] * STAGES, ruleset.params["market"])
    if len(ruleset.components["tiles"]) < needed:
        problems.append(("$.components.tiles", f"{players} players need {needed} tiles"))
    if players > MAX_PLAYERS:
        problems.append(("$.players.max", f"Two Steps is for {MAX_PLAYERS} players at most"))
    return problems


@hookimpl
def pyramido_action_space(ruleset: Ruleset) -> ActionSpace:
    return ActionSpace(
        [
            ("take", [Field("slot", ruleset.params["market"])]),
            ("place", [Field("space", ruleset.params["row_length"])]),
        ]
    )


@hookimpl
def pyramido_setup(game: Game) -> State:
    """Shuffle the bag, deal the market face up; ``pyramido_start_player`` takes first."""
    if game.options:
        raise ArgumentError(f"{game.ruleset.id} has no game options (got {', '.join(sorted(game.options))})")
    bag = list(ruleset_tiles(game.ruleset))
    game.rng.shuffle(bag)
    market: list[Tile | None] = [bag.pop() if bag else None for _ in range(game.ruleset.params["market"])]
    row = game.ruleset.params["row_length"]
    seats = [Seat([[None] * row for _ in range(STAGES)]) for _ in range(game.num_players)]
    state = game.state = State(bag=bag, market=market, seats=seats)
    game.emit({"type": "deal", "bag": [t.id for t in bag]}, seen_by=())  # a secret of chance
    first = game.rules.start_player(game)
    state.start_player = state.player = first
    game.emit(
        {
            "type": "setup",
            "market": [tile_json(t) for t in market],
            "bag_size": len(bag),
            "start_player": first,
        }
    )
    begin_turn(game, state, first)
    return state


@hookimpl
def pyramido_start_player(game: Game) -> int:
    """Seat 0 starts (a house rule may say otherwise: ``last_starts.py``)."""
    return 0

"""Pyramido's declaration and setup: what the plugin is, its action space, what a ruleset
must hold, and the deal (docs/rules.md §2.1)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine.actions import ActionSpace, Field
from ...engine.hookspecs import hookimpl
from ...engine.plugin_info import PluginInfo
from ...errors import brief
from ...geometry.board import QUADRANTS
from ..pyramids import hookspecs as pyramid_hooks
from ..pyramids.pyramid import Domino, parsed_dominoes
from ..pyramids.shape import pyramid_shape, shape_problems
from ..shared import check_options, deal_piles, declare_game, emit_deal
from . import hookspecs
from .flow import begin_turn, domino_json, piles_json
from .hooks import rules_of
from .state import BLOCKS, GAME, Seat, State

if TYPE_CHECKING:
    from ...engine.game import Game
    from ...engine.ruleset import Ruleset

#: The longest game: 4 players, 20 turns of at most 6 decisions each, and fills.
MAX_DECISIONS = 4 * 20 * 6 + 4 * 20


@hookimpl
def pyramido_plugin_info() -> PluginInfo:
    return declare_game(
        "pyramido-rules",
        "Pyramido (2023), the rules as printed (docs/rules.md §2).",
        id=GAME,
        name="Pyramido",
        min_players=2,
        max_players=4,
        simultaneous=False,
        hidden_information=True,  # the order of the piles under their tops
        chance=True,
        max_decisions=MAX_DECISIONS,
        hookspecs=(pyramid_hooks, hookspecs),
    )


@hookimpl
def pyramido_action_space(ruleset: Ruleset) -> ActionSpace:
    colours = tuple(ruleset.colours)
    slots = ruleset.params["quarry_slots"]
    piles = slots + 1
    return ActionSpace(
        [
            ("take", [Field("slot", slots)]),
            ("place", [Field("y", 9), Field("x", 9), Field("rot", 4)]),
            ("mark", [Field("block", 2, BLOCKS)]),
            (
                "cover",
                [
                    Field("block", 2, BLOCKS),
                    Field("colour", len(colours), colours),
                    Field("quadrant", 4, QUADRANTS),
                ],
            ),
            ("keep_covers", []),
            ("refill", [Field("pile", piles)]),
            ("split", [Field("pile", piles)]),
            ("fill", [Field("colour", len(colours), colours), Field("quadrant", 4, QUADRANTS)]),
            ("no_mark", []),  # last, so the indices of the printed game's actions stay as they were
        ]
    )


@hookimpl
def pyramido_check_ruleset(ruleset: Ruleset) -> list[tuple[str, str]]:
    """Every colour named is one of the ruleset's, domino ids are unique, and setup can deal
    a full quarry and a domino to each of its piles. (Running out of dominoes later is a
    rule: a player whom no domino fits fills with cover cards or is out.)"""
    problems: list[tuple[str, str]] = []
    colours = ruleset.colours
    dominoes = ruleset.components["dominoes"]
    seen: set[int] = set()
    for i, domino in enumerate(dominoes):
        if domino["id"] in seen:
            problems.append((f"$.components.dominoes[{i}].id", f"domino id {domino['id']} given twice"))
        seen.add(domino["id"])
        for side in ("a", "b"):
            if domino[side][0] not in colours:
                problems.append(
                    (
                        f"$.components.dominoes[{i}].{side}",
                        f"colour {brief(domino[side][0])} is not in colours",
                    )
                )
    slots = ruleset.params["quarry_slots"]
    if len(dominoes) < 2 * slots + 1:
        dealt = f"a quarry of {slots} and its {slots + 1} piles need {2 * slots + 1}"
        problems.append(("$.components.dominoes", f"{len(dominoes)} dominoes: {dealt}"))
    for i, card in enumerate(ruleset.params["cover_cards"]):
        for colour in card:
            if colour not in colours:
                problems.append((f"$.rules.cover_cards[{i}]", f"colour {brief(colour)} is not in colours"))
    for colour in ruleset.params["markers"]:
        if colour not in colours:
            problems.append(("$.rules.markers", f"colour {brief(colour)} is not in colours"))
    return problems + shape_problems(ruleset.params)


@hookimpl
def pyramido_setup(game: Game) -> State:
    """Shuffle; the first dominoes form the quarry, the rest 4 piles as equal as can be;
    then ``pyramido_start_player``."""
    check_options(game, ())
    params = game.ruleset.params
    dominoes = list(game.ruleset.derived("pyramid.dominoes", parsed_dominoes))
    game.rng.shuffle(dominoes)
    slots = params["quarry_slots"]
    quarry: list[Domino | None] = list(dominoes[:slots])
    piles = deal_piles(dominoes[slots:], slots + 1)
    linked = params["area_connectivity"] == "through_supports"
    seats = [Seat(covers_left=list(range(len(params["cover_cards"])))) for _ in range(game.num_players)]
    shape = pyramid_shape(game.ruleset)
    for seat in seats:
        seat.pyramid.linked, seat.pyramid.shape = linked, shape
    state = State(quarry=quarry, piles=piles, seats=seats)
    game.state = state
    first = rules_of(game).start_player(game)
    state.start_player = state.player = first
    emit_deal(game, piles)
    game.emit(
        {
            "type": "setup",
            "quarry": [domino_json(game, d) for d in quarry],
            "piles": piles_json(game, piles),
            "start_player": first,
        }
    )
    begin_turn(game, first)
    return state

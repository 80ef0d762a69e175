"""Forgotten Treasures' declaration and setup: what the plugin is, its action space, what a
ruleset must hold, and the deal (docs/rules.md §3.1), solo included."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine.actions import ActionSpace, Field
from ...engine.hookspecs import hookimpl
from ...engine.plugin_info import PluginInfo
from ...engine.strict_json import is_int
from ...errors import ArgumentError, brief
from ..pyramids import hookspecs as pyramid_hooks
from ..pyramids.pyramid import dominoes_json, parsed_dominoes
from ..pyramids.shape import pyramid_shape, shape_problems
from ..shared import check_options, deal_piles, declare_game, emit_deal
from . import hookspecs
from .components import check_dominoes
from .exploration import spaces_json
from .flow import begin_turn
from .gems import draw
from .hooks import rules_of
from .scoring import payment_table
from .state import GAME, MAX_AREAS, MULTIPLAYER, SOLO_MODES, Legend, Seat, State
from .views import gem_kinds, gems_label, take_gem_options

if TYPE_CHECKING:
    from ...engine.game import Game
    from ...engine.ruleset import Ruleset

#: The longest game: 4 players, 20 turns of 4 decisions, and each stage's scoring decisions.
MAX_DECISIONS = 4 * 20 * 4 + 4 * 4 * 100


@hookimpl
def pyramido_plugin_info() -> PluginInfo:
    return declare_game(
        "forgotten-treasures-rules",
        "Pyramido: Forgotten Treasures (2025) as printed, solo included (docs/rules.md §3).",
        id=GAME,
        name="Pyramido: Forgotten Treasures",
        min_players=1,
        max_players=4,
        simultaneous=True,  # the stage scoring
        hidden_information=True,  # face-down dominoes, the others' scoring choices
        chance=True,
        max_decisions=MAX_DECISIONS,
        hookspecs=(pyramid_hooks, hookspecs),
    )


@hookimpl
def pyramido_action_space(ruleset: Ruleset) -> ActionSpace:
    """The payments are the payment table's (``pyramido_payment_table``), in its order; a
    take's gems those ``gems_per_take`` allows (:func:`.views.take_gem_options`)."""
    gems = gem_kinds(ruleset.colours)
    piles = ruleset.params["piles"]
    payments = tuple(payment.label for payment in payment_table(ruleset))
    taken = tuple(map(gems_label, take_gem_options(gems, ruleset.params["gems_per_take"])))
    return ActionSpace(
        [
            ("take", [Field("pile", piles), Field("gem", len(taken), taken)]),
            ("split", [Field("pile", piles)]),
            ("reveal", [Field("pile", piles)]),
            ("place", [Field("y", 9), Field("x", 9), Field("rot", 4)]),
            ("activate", [Field("area", MAX_AREAS), Field("payment", len(payments), payments)]),
            ("end_activation", []),
            ("discard", [Field("gem", len(gems), gems)]),
        ]
    )


@hookimpl
def pyramido_check_ruleset(ruleset: Ruleset) -> list[tuple[str, str]]:
    """The dominoes (colours, and the counts :func:`check_dominoes` states), one gem count
    per colour, face-up piles that exist, and a payment table whose payments can be told
    apart."""
    colours = ruleset.colours
    problems = [
        (f"$.components.dominoes[{i}].{side}", f"colour {brief(d[side][0])} is not in colours")
        for i, d in enumerate(ruleset.components["dominoes"])
        for side in ("a", "b")
        if d[side][0] not in colours
    ]
    if not problems:
        problems += [
            ("$.components.dominoes", p)
            for p in check_dominoes(ruleset.components["dominoes"], colours, provisional=ruleset.provisional)
        ]
    if len(ruleset.params["gems"]["coloured_per_colour"]) != len(colours):
        problems.append(("$.rules.gems.coloured_per_colour", "one count per colour"))
    piles = ruleset.params["piles"]
    problems += [
        (f"$.rules.face_up_at_start[{i}]", f"there is no pile {pile}: piles are 1-{piles}")
        for i, pile in enumerate(ruleset.params["face_up_at_start"])
        if pile > piles
    ]
    return problems + shape_problems(ruleset.params) + _payment_problems(ruleset)


def _payment_problems(ruleset: Ruleset) -> list[tuple[str, str]]:
    """A payment table (``pyramido_payment_table``) lists ``(coloured, mythical, doubled)``
    payments, of whole non-negative numbers of gems, each once (its label, ``2C+2M``, names
    it in the action space)."""
    table = rules_of(ruleset).payment_table(ruleset)
    problems = [] if table else ["it lists no payment"]
    for payment in table:
        if not (isinstance(payment, tuple | list) and len(payment) == 3 and isinstance(payment[2], bool)):
            problems.append(f"{brief(payment)} is not (coloured, mythical, doubled)")
        elif not all(is_int(count) and count >= 0 for count in payment[:2]):
            problems.append(f"{brief(payment)} does not pay whole non-negative numbers of gems")
    if not problems:
        labels = [payment.label for payment in payment_table(ruleset)]
        duplicated = sorted({label for label in labels if labels.count(label) > 1})
        problems += [f"two payments are both {label}" for label in duplicated]
    return [("$.plugins", f"pyramido_payment_table: {problem}") for problem in problems]


@hookimpl
def pyramido_setup(game: Game) -> State:
    """Shuffle; (solo: the Legend's first domino;) 5 face-down piles; 3 gems before each;
    turn face up the tops of piles 1, 3 and 5; then ``pyramido_start_player``."""
    check_options(game, ("solo",))
    params, colours = game.ruleset.params, game.ruleset.colours
    mode = _mode(game)
    dominoes = list(game.ruleset.derived("pyramid.dominoes", parsed_dominoes))
    game.rng.shuffle(dominoes)
    kinds = gem_kinds(colours)
    legend = Legend(pile=[dominoes.pop()], gems=[0] * len(kinds)) if mode != MULTIPLAYER else None
    count = params["piles"]
    piles = deal_piles(dominoes, count)
    gems = params["gems"]
    linked = params["area_connectivity"] == "through_supports"
    seats = [Seat(gems=[0] * len(kinds)) for _ in range(game.num_players)]
    shape = pyramid_shape(game.ruleset)
    for seat in seats:
        seat.pyramid.linked, seat.pyramid.shape = linked, shape
    state = State(
        piles=piles,
        face_up=[i + 1 in params["face_up_at_start"] for i in range(count)],
        gem_areas=[[] for _ in range(count)],
        bag=[*gems["coloured_per_colour"], gems["mythical"]],
        discards=[0] * len(kinds),
        seats=seats,
        payments=payment_table(game.ruleset),
        kinds=kinds,
        legend=legend,
        mode=mode,
    )
    game.state = state
    for area in range(count):
        state.gem_areas[area] = draw(game, params["gems_per_area"])
    state.start_player = rules_of(game).start_player(game)
    emit_deal(game, piles)
    shown = dominoes_json(game.ruleset)
    game.emit(
        {
            "type": "setup",
            "mode": mode,
            "spaces": spaces_json(game),
            "legend_pile": [shown[d.id] for d in legend.pile] if legend else None,
            "start_player": state.start_player,
        }
    )
    begin_turn(game, state.start_player)
    return state


def _mode(game: Game) -> str:
    """Solo (one player, against the Legend: ``solo`` names the mode, ``legend`` by
    default) or multiplayer."""
    solo = game.options.get("solo")
    if game.num_players == 1 or solo is not None:
        solo = solo or SOLO_MODES[0]
        if solo not in SOLO_MODES or game.num_players != 1:
            raise ArgumentError(
                f"solo is one player against the Legend: --solo {'|'.join(SOLO_MODES)}, 1 player"
            )
        return str(solo)
    return MULTIPLAYER

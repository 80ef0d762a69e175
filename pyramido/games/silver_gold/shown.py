"""What ``pyramido rules show`` tells of Silver & Gold's hooks
(:mod:`pyramido.engine.shown`): the rule parameters each printed implementation reads
(:mod:`.phases`, :mod:`.setup`, :mod:`.scoring`), and the tables a house-rule author checks a
rule by: the cards drawn and kept, what each symbol marked does. Each table asks the
ruleset's hooks, so a house rule shows its own."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from typing import TYPE_CHECKING

from ...engine.hookspecs import hookimpl
from ...engine.shown import ShownHook, ShownTable
from ..shared import sample_game
from .hooks import rules_of
from .phases import EFFECTS

if TYPE_CHECKING:
    from ...engine.ruleset import Ruleset
    from .views import Ticks

#: How many of a symbol are marked at once, one column each in the table of effects.
COUNTS = (1, 2)


@hookimpl
def pyramido_register_shown(register: Callable[..., None]) -> None:
    register("pyramido_action_space", ShownHook(("offer_size",)))
    register("pyramido_setup", ShownHook(("rounds", "colour_bonuses")))
    register(
        "pyramido_draw_keep",
        ShownHook(("draw", "keep"), draw_keep),
        "Pyramid cards each player draws at setup, and keeps",
    )
    register("pyramido_mark_options", ShownHook(("marks_after_tomb",)))
    register(
        "pyramido_symbol_effect",
        ShownHook(table=symbol_effects),
        "What symbols marked at once tick on a new score card (before its caps)",
    )
    register("pyramido_bonus_claims", ShownHook(("bonus_at",)))
    scoring = ("torch_points", "gem_pair_points", "single_gem_points", "skull_track", "card_points")
    register("pyramido_score_stage", ShownHook(scoring))


def draw_keep(ruleset: Ruleset) -> ShownTable:
    draw, keep = rules_of(ruleset).draw_keep(ruleset)
    return ShownTable(("draw", "keep"), ((draw, keep),))


def symbol_effects(ruleset: Ruleset) -> ShownTable:
    """``pyramido_symbol_effect`` of each symbol, :data:`COUNTS` at once, on seat 0's score
    card in a new game."""
    game = sample_game(ruleset)
    effect = rules_of(game).symbol_effect
    card = game.seat(0).score_card
    rows = tuple(
        (symbol, *(_ticks(effect(game, 0, symbol, count, card)) for count in COUNTS)) for symbol in EFFECTS
    )
    return ShownTable(("symbol", *(f"{count} marked" for count in COUNTS)), rows)


def _ticks(ticks: Ticks) -> str:
    """``red +1``, ``skulls -2``, ``completes``: what a ``Ticks`` changes."""
    said = [
        field.name if value is True else f"{field.name} {value:+d}"
        for field in fields(ticks)
        if (value := getattr(ticks, field.name))
    ]
    return ", ".join(said) or "nothing"

"""What ``pyramido rules show`` tells of Forgotten Treasures' hooks
(:mod:`pyramido.engine.shown`): the rule parameters each printed implementation reads
(:mod:`.phases`, :mod:`.setup`), and the tables a house-rule author checks a stage's scoring
by: who starts, the payment table, the points of an activated area, the gems kept. Each
table asks the ruleset's hooks, so a house rule shows its own."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ...engine.hookspecs import hookimpl
from ...engine.shown import ShownHook, ShownTable
from ..pyramids.shape import PARAMETERS as SHAPE
from ..pyramids.shown import ICONS, area_of, by_colour, register_start
from ..shared import sample_game
from .hooks import rules_of
from .scoring import payment_table

if TYPE_CHECKING:
    from ...engine.ruleset import Ruleset


@hookimpl
def pyramido_register_shown(register: Callable[..., None]) -> None:
    register_start(register)
    setup_reads = ("piles", "face_up_at_start", "gems", "gems_per_area", "area_connectivity", *SHAPE)
    register("pyramido_action_space", ShownHook(("piles", "gems_per_take")))
    register("pyramido_setup", ShownHook(setup_reads))
    register("pyramido_gem_choices", ShownHook(("empty_gem_area", "gems_per_take")))
    register("pyramido_replenish_gems", ShownHook(("gems_per_area",)))
    register("pyramido_payment_table", ShownHook(table=payments), "The ways to pay for an activated area")
    register("pyramido_area_value", ShownHook(table=area_values), "Points of an activated area, by its icons")
    register(
        "pyramido_inventory_limit",
        ShownHook(("inventory_limit",), inventory_limits),
        "Gems a player may carry into the next stage",
    )
    register("pyramido_score_stage", ShownHook(("mythical_kept_points",)))
    register("pyramido_legend_picks", ShownHook(("legend_gems_per_turn",)))
    register("pyramido_legend_score", ShownHook(("legend",)))


def payments(ruleset: Ruleset) -> ShownTable:
    """``pyramido_payment_table``'s answer, as the game keeps it, with each payment's label."""
    rows = tuple((p.label, p.coloured, p.mythical, p.doubled) for p in payment_table(ruleset))
    return ShownTable(("payment", "coloured gems", "mythical gems", "doubled"), rows)


def area_values(ruleset: Ruleset) -> ShownTable:
    """``pyramido_area_value`` of an area of each colour, activated then doubled."""
    game = sample_game(ruleset)
    value = rules_of(game).area_value
    rows = []
    for doubled in (False, True):

        def row(colour: str, doubled: bool = doubled) -> list[int]:
            return [value(game, 0, area_of(game, colour, icons), doubled) for icons in ICONS]

        rows += by_colour(ruleset.colours, row, ", doubled" if doubled else "")
    return ShownTable(("icons", *map(str, ICONS)), tuple(rows))


def inventory_limits(ruleset: Ruleset) -> ShownTable:
    """``pyramido_inventory_limit`` of each seat of a new game (at the first stage's end)."""
    game = sample_game(ruleset)
    limit = rules_of(game).inventory_limit
    return ShownTable(("seat", "gems"), tuple((seat, limit(game, seat)) for seat in range(game.num_players)))

"""Pyramido: Forgotten Treasures (2025), Ikhwan Kwon & Carl Briere, Jeux Synapses Games:
the rules as printed, with the project's rulings (docs/rules.md §3), the solo modes
against the Legend included, as the plugin ``forgotten-treasures``.

The package reads like the rulebook: :mod:`.setup` (what the plugin is, the deal),
:mod:`.flow` (a turn's steps in order, whose turn, a turn's start, a stage's end),
:mod:`.turn` (each step: when it is asked, its legal actions, why one is not, what it
does), :mod:`.scoring` (the stage's scoring step), :mod:`.stage_end` (scoring a
position, the ranking), :mod:`.legend` (the solo automaton), :mod:`.gems` and
:mod:`.exploration` (the bag and the spaces as they change), :mod:`.phases` (the printed
rule at each phase hook of :mod:`.hookspecs`), :mod:`.observation` (what a seat sees, and
its typed views from :mod:`.views`) and :mod:`.frontends` (its bot, look and shorthands). The
state (:mod:`.state`) is private to the package.

This module is what the plugin manager registers: it gathers the hook implementations,
and names what the front ends use (the printed payment table, the solo modes).
"""

from __future__ import annotations

from ..pyramids.phases import (
    pyramido_next_start_player,
    pyramido_placements,
    pyramido_split_sources,
    pyramido_start_player,
)
from .determinize import pyramido_determinize
from .flow import pyramido_rule_steps
from .frontends import (
    pyramido_register_bots,
    pyramido_register_encoders,
    pyramido_register_looks,
    pyramido_register_options,
    pyramido_register_scenes,
    pyramido_register_shorthands,
)
from .observation import pyramido_observation, pyramido_seat_view, pyramido_table_view
from .phases import (
    PAYMENT_LABELS,
    PAYMENTS,
    pyramido_area_value,
    pyramido_gem_choices,
    pyramido_inventory_limit,
    pyramido_legend_picks,
    pyramido_legend_score,
    pyramido_legend_wishes,
    pyramido_payment_table,
    pyramido_replenish_gems,
    pyramido_reveal_options,
    pyramido_take_spaces,
)
from .setup import pyramido_action_space, pyramido_check_ruleset, pyramido_plugin_info, pyramido_setup
from .stage_end import pyramido_ranking, pyramido_score_stage, pyramido_tiebreaks
from .state import SOLO_MODES

__all__ = [
    "PAYMENTS",
    "PAYMENT_LABELS",
    "SOLO_MODES",
    "pyramido_action_space",
    "pyramido_area_value",
    "pyramido_check_ruleset",
    "pyramido_determinize",
    "pyramido_gem_choices",
    "pyramido_inventory_limit",
    "pyramido_legend_picks",
    "pyramido_legend_score",
    "pyramido_legend_wishes",
    "pyramido_next_start_player",
    "pyramido_observation",
    "pyramido_payment_table",
    "pyramido_placements",
    "pyramido_plugin_info",
    "pyramido_ranking",
    "pyramido_register_bots",
    "pyramido_register_encoders",
    "pyramido_register_looks",
    "pyramido_register_options",
    "pyramido_register_scenes",
    "pyramido_register_shorthands",
    "pyramido_replenish_gems",
    "pyramido_reveal_options",
    "pyramido_rule_steps",
    "pyramido_score_stage",
    "pyramido_seat_view",
    "pyramido_setup",
    "pyramido_split_sources",
    "pyramido_start_player",
    "pyramido_table_view",
    "pyramido_take_spaces",
    "pyramido_tiebreaks",
]

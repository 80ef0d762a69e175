"""Pyramido (2023), Ikhwan Kwon, Jeux Synapses Games: the rules as printed, with the
project's rulings (docs/rules.md §2), as the plugin ``pyramido``.

The package reads like the rulebook: :mod:`.setup` (what the plugin is, the deal),
:mod:`.flow` (a turn's steps in order, whose turn, a turn's start, a stage's end), :mod:`.turn`
(each step: when it is asked, its legal actions, why one is not, what it does),
:mod:`.stage_end` (scoring, the ranking), :mod:`.phases` (the printed
rule at each phase hook of :mod:`.hookspecs`), :mod:`.observation` (what a seat sees, and
its typed view from :mod:`.views`) and :mod:`.frontends` (its bot, terminal look and typed forms). The
state (:mod:`.state`) is private to the package.

This module is what the plugin manager registers: it gathers the hook implementations.
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
    pyramido_register_scenes,
    pyramido_register_shorthands,
)
from .observation import pyramido_observation, pyramido_seat_view, pyramido_table_view
from .phases import (
    pyramido_area_points,
    pyramido_cover_options,
    pyramido_eliminated,
    pyramido_fill_spaces,
    pyramido_markable_blocks,
    pyramido_marking_required,
    pyramido_mino_bonus,
    pyramido_refill_piles,
)
from .setup import pyramido_action_space, pyramido_check_ruleset, pyramido_plugin_info, pyramido_setup
from .stage_end import pyramido_ranking, pyramido_score_stage, pyramido_tiebreaks

__all__ = [
    "pyramido_action_space",
    "pyramido_area_points",
    "pyramido_check_ruleset",
    "pyramido_cover_options",
    "pyramido_determinize",
    "pyramido_eliminated",
    "pyramido_fill_spaces",
    "pyramido_markable_blocks",
    "pyramido_marking_required",
    "pyramido_mino_bonus",
    "pyramido_next_start_player",
    "pyramido_observation",
    "pyramido_placements",
    "pyramido_plugin_info",
    "pyramido_ranking",
    "pyramido_refill_piles",
    "pyramido_register_bots",
    "pyramido_register_encoders",
    "pyramido_register_looks",
    "pyramido_register_scenes",
    "pyramido_register_shorthands",
    "pyramido_rule_steps",
    "pyramido_score_stage",
    "pyramido_seat_view",
    "pyramido_setup",
    "pyramido_split_sources",
    "pyramido_start_player",
    "pyramido_table_view",
    "pyramido_tiebreaks",
]

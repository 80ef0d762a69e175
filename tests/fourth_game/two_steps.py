"""The plugin file that ``two-steps.yaml`` names: the game's hook implementations, gathered
by the package ``fourth_game`` (this folder).

A ruleset file names a plugin by an installed name (built in, or an entry point of the
group ``pyramido``) or by the path of one ``.py`` file, which the engine runs on its own,
not as a module of a package: so this file imports the package by its name, and the folder
holding it (``tests/``) must be importable (on ``sys.path``, or ``PYTHONPATH`` for a
command run in another process), as an installed package's would be.
"""

from __future__ import annotations

from fourth_game import (
    pyramido_action_space,
    pyramido_check_ruleset,
    pyramido_determinize,
    pyramido_next_start_player,
    pyramido_observation,
    pyramido_plugin_info,
    pyramido_ranking,
    pyramido_register_bots,
    pyramido_register_encoders,
    pyramido_register_looks,
    pyramido_register_scenes,
    pyramido_rule_steps,
    pyramido_score_stage,
    pyramido_seat_view,
    pyramido_setup,
    pyramido_start_player,
    pyramido_table_view,
    pyramido_tiebreaks,
)

__all__ = [
    "pyramido_action_space",
    "pyramido_check_ruleset",
    "pyramido_determinize",
    "pyramido_next_start_player",
    "pyramido_observation",
    "pyramido_plugin_info",
    "pyramido_ranking",
    "pyramido_register_bots",
    "pyramido_register_encoders",
    "pyramido_register_looks",
    "pyramido_register_scenes",
    "pyramido_rule_steps",
    "pyramido_score_stage",
    "pyramido_seat_view",
    "pyramido_setup",
    "pyramido_start_player",
    "pyramido_table_view",
    "pyramido_tiebreaks",
]

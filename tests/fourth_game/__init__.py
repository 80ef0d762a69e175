"""Two Steps: a fourth game of the Pyramido engine that lives outside the package, to prove
that a game is one folder (plugin hooks, its own front ends, no file of ``pyramido/``
touched).

The rules, for 2 to 4 players, in two stages. A bag of numbered tiles (1-4) of three
colours is shuffled and the market dealt face up (3 tiles). On your turn you ``take`` a
tile of the market (its slot is refilled from the bag at once, face up) and ``place`` it
in an empty space of your row of the stage (3 spaces). Once every row is full the stage is
scored: the numbers of your tiles of the stage's colour (stage 1: red, stage 2: blue), and
the step bonus (3) if your row goes strictly up from left to right. The lowest score of
stage 1 starts stage 2, on a new row. Most points win; ties go to the highest sum of all
your tiles' numbers, then are shared.

The modules: :mod:`.state` (the tiles, the state, the typed views), :mod:`.setup` (the
declaration, the check, the action space, the deal), :mod:`.turn` (the rule steps, a
stage's end, scoring, ranking), :mod:`.observation` (what a seat sees, the determinization),
:mod:`.frontends` (registering :mod:`.bot`, :mod:`.look`, :mod:`.picture`, :mod:`.tensors`).
This module gathers the hook implementations; ``two_steps.py`` beside it is the plugin
file the ruleset ``two-steps.yaml`` names.
"""

from __future__ import annotations

from .frontends import (
    pyramido_register_bots,
    pyramido_register_encoders,
    pyramido_register_looks,
    pyramido_register_scenes,
)
from .observation import pyramido_determinize, pyramido_observation, pyramido_seat_view, pyramido_table_view
from .setup import (
    pyramido_action_space,
    pyramido_check_ruleset,
    pyramido_plugin_info,
    pyramido_setup,
    pyramido_start_player,
)
from .turn import (
    pyramido_next_start_player,
    pyramido_ranking,
    pyramido_rule_steps,
    pyramido_score_stage,
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

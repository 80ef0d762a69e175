"""Everything a plugin imports, in one place: the markers, the declaration, rule steps (and
a game's turn declared as a sequence of them: ``TurnSteps``), score lines, the typed
views, the values a game's phase hooks return (Silver & Gold's ``Ticks``,
``Marking``...), and what ``rules show`` tells of a hook (``ShownHook``, ``ShownTable``).
A house rule needs nothing else (and nothing private).

    from pyramido.plugin import PluginInfo, ScoreLine, hookimpl

See docs/plugin_tutorial.md for a house rule written from an empty file to a passing test,
and docs/plugin_hooks.md for every hook.
"""

from __future__ import annotations

from .engine.actions import Action, ActionSpace, Field
from .engine.hookspecs import hookimpl
from .engine.plugin_info import ANY_GAME, GameInfo, PluginInfo
from .engine.plugin_modules import plugin_of
from .engine.shown import ShownHook, ShownTable
from .engine.steps import RuleStep, RuleSteps
from .engine.turn_steps import AGAIN, STAY, Effect, Outcome, Step, TurnSteps
from .engine.views import Area, Breakdown, PlacedBlock, PyramidView, RankingRow, ScoreLine
from .games.silver_gold.views import Completion, DrawKeep, Marking, Ticks
from .geometry.rng import Rng

__all__ = [
    "AGAIN",
    "ANY_GAME",
    "STAY",
    "Action",
    "ActionSpace",
    "Area",
    "Breakdown",
    "Completion",
    "DrawKeep",
    "Effect",
    "Field",
    "GameInfo",
    "Marking",
    "Outcome",
    "PlacedBlock",
    "PluginInfo",
    "PyramidView",
    "RankingRow",
    "Rng",
    "RuleStep",
    "RuleSteps",
    "ScoreLine",
    "ShownHook",
    "ShownTable",
    "Step",
    "Ticks",
    "TurnSteps",
    "hookimpl",
    "plugin_of",
]

"""Everything a plugin imports, in one place: the markers, the declaration, rule steps (and
a game's turn declared as a sequence of them: ``TurnSteps``), score lines, the game and its
ruleset, every game's typed views (a seat, the table, what a stage scores), the values a
game's phase hooks take and return (Pyramido's ``CoverOption``, Forgotten Treasures'
``LegendPick``, Silver & Gold's ``Ticks``...): every type a hook receives or returns, and
what ``rules show`` tells of a hook (``ShownHook``, ``ShownTable``). A house rule needs
nothing else (and nothing private), and types its hooks with these names:

    from pyramido.plugin import Breakdown, Game, PluginInfo, PyramidoPosition, ScoreLine, hookimpl

See docs/plugin_tutorial.md for a house rule written from an empty file to a passing test,
docs/plugin_hooks.md for every hook, and the API reference (docs/reference/) for each name
here with its fields and methods.
"""

from __future__ import annotations

from .engine.actions import Action, ActionSpace, Field
from .engine.fast_paths import FastPath
from .engine.game import Decision, Game
from .engine.hookspecs import hookimpl
from .engine.plugin_info import ANY_GAME, GameInfo, PluginInfo
from .engine.plugin_modules import plugin_of
from .engine.ruleset import Ruleset
from .engine.shown import ShownHook, ShownTable
from .engine.steps import RuleStep, RuleSteps
from .engine.turn_steps import AGAIN, STAY, Effect, Outcome, Step, TurnSteps
from .engine.views import Area, Breakdown, LazyBreakdown, PlacedBlock, PyramidView, RankingRow, ScoreLine
from .games.forgotten_treasures.activation import Spend
from .games.forgotten_treasures.views import (
    ActivationPosition,
    LegendPick,
    LegendView,
    Payment,
    TreasuresSeat,
    TreasuresSpace,
    TreasuresTable,
)
from .games.pyramido.views import CoverOption, PyramidoPosition, PyramidoSeat, PyramidoTable
from .games.pyramids.pyramid import Block, Domino
from .games.silver_gold.views import (
    Bonus,
    CardInPlay,
    CardView,
    Completion,
    DrawKeep,
    Marking,
    ScoreCard,
    SilverGoldSeat,
    SilverGoldTable,
    Ticks,
)
from .geometry.rng import Rng

__all__ = [
    "AGAIN",
    "ANY_GAME",
    "STAY",
    "Action",
    "ActionSpace",
    "ActivationPosition",
    "Area",
    "Block",
    "Bonus",
    "Breakdown",
    "CardInPlay",
    "CardView",
    "Completion",
    "CoverOption",
    "Decision",
    "Domino",
    "DrawKeep",
    "Effect",
    "FastPath",
    "Field",
    "Game",
    "GameInfo",
    "LazyBreakdown",
    "LegendPick",
    "LegendView",
    "Marking",
    "Outcome",
    "Payment",
    "PlacedBlock",
    "PluginInfo",
    "PyramidView",
    "PyramidoPosition",
    "PyramidoSeat",
    "PyramidoTable",
    "RankingRow",
    "Rng",
    "RuleStep",
    "RuleSteps",
    "Ruleset",
    "ScoreCard",
    "ScoreLine",
    "ShownHook",
    "ShownTable",
    "SilverGoldSeat",
    "SilverGoldTable",
    "Spend",
    "Step",
    "Ticks",
    "TreasuresSeat",
    "TreasuresSpace",
    "TreasuresTable",
    "TurnSteps",
    "hookimpl",
    "plugin_of",
]

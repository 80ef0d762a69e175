"""pyramido: an engine for the Pyramido family of tile games.

The public API in a few names::

    from pyramido import Game, load_ruleset, make_bot, play_out, make_record, replay

    game = Game("pyramido", num_players=3, seed=7)
    while not game.is_over:
        action = game.legal_actions()[0]      # or a bot: make_bot("greedy").choose(game, p)
        game.apply(action)
    record = make_record(game)                # JSON-ready; replay(record) verifies it
"""

from __future__ import annotations

from .bots import make_bot, play_out
from .engine.actions import Action, ActionFormatError, ActionSpace
from .engine.game import Decision, Game, IllegalActionError
from .engine.plugins import PluginError
from .engine.record import RecordError, make_record
from .engine.replay import replay
from .engine.ruleset import Ruleset, RulesetError, load_ruleset
from .errors import ArgumentError, CoreError, PyramidoError
from .moved import install as _answer_moved_names

__version__ = "0.1.0"

_answer_moved_names()

__all__ = [
    "Action",
    "ActionFormatError",
    "ActionSpace",
    "ArgumentError",
    "CoreError",
    "Decision",
    "Game",
    "IllegalActionError",
    "PluginError",
    "PyramidoError",
    "RecordError",
    "Ruleset",
    "RulesetError",
    "load_ruleset",
    "make_bot",
    "make_record",
    "play_out",
    "replay",
]

"""What a plugin declares about itself, once, checked when a ruleset loads it.

Every plugin answers the ``pyramido_plugin_info`` hook with a :class:`PluginInfo`: the
games it is for, and the YAML parameters it adds under a ruleset's ``rules:`` (each a JSON
Schema with a description and usually a default). Loading a ruleset refuses a plugin made
for another game, merges every plugin's parameters into the ruleset's schema (so a house
rule's parameters are validated, with file, line and JSON path, like the game's own) and
fills in the defaults. A game's own plugin adds a :class:`GameInfo` (like OpenSpiel's
``GameType`` and ``GameInfo``): what kind of game it is, its components' schema and the
module of its own phase hooks.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

#: ``PluginInfo.games`` value of a plugin that works with every game (statistics, logs).
ANY_GAME = "*"

Schema = Mapping[str, Any]


@dataclass(frozen=True)
class GameInfo:
    """What a game's own plugin declares about the game it defines.

    ``simultaneous``: some decisions are taken by several players at once;
    ``hidden_information``: a seat may not see everything (face-down tiles, secret
    choices); ``chance``: the game shuffles or draws; ``max_decisions``: an upper bound on
    the number of decisions of a game of ``max_players``, for embedders that need one;
    ``components``: the JSON Schema of the ruleset's ``components`` mapping; ``hookspecs``:
    the modules of the game's own phase hooks (added to the plugin manager).
    """

    id: str
    name: str
    min_players: int
    max_players: int
    simultaneous: bool
    hidden_information: bool
    chance: bool
    max_decisions: int
    components: Schema
    hookspecs: tuple[ModuleType, ...] = ()


@dataclass(frozen=True)
class PluginInfo:
    """A plugin's declaration: its ``name``, the ``games`` it is for (game ids, or
    ``(ANY_GAME,)``), what it does, and the ``parameters`` it adds under ``rules:``, each
    a JSON Schema fragment that must have a ``description``."""

    name: str
    games: tuple[str, ...]
    description: str
    parameters: Mapping[str, Schema] = field(default_factory=dict)
    game: GameInfo | None = None

    def is_for(self, game: str) -> bool:
        return ANY_GAME in self.games or game in self.games

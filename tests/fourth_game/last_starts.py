"""A house rule for Two Steps, passed on the command line (``--plugin last_starts.py``):
the last seat starts the game."""

from __future__ import annotations

from typing import Any

from pyramido.plugin import PluginInfo, hookimpl


@hookimpl
def pyramido_plugin_info() -> PluginInfo:
    return PluginInfo("last-starts", ("two-steps",), "The last seat starts the game.")


@hookimpl
def pyramido_start_player(game: Any) -> int:
    return int(game.num_players) - 1

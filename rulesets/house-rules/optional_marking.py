"""House rule: marking is optional; a player may keep the marker for a better area."""

from __future__ import annotations

from pyramido.plugin import Game, PluginInfo, hookimpl


@hookimpl
def pyramido_plugin_info() -> PluginInfo:
    return PluginInfo("optional-marking", ("pyramido",), "A player may decline to mark (no_mark).")


@hookimpl
def pyramido_marking_required(game: Game, player: int) -> bool:
    return False

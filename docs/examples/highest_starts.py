"""House rule: the *highest* stage score starts the next stage (catch-up in reverse).

A house-rule file declares itself, then overrides one hook: registered after the game's own
plugin, its answer wins for this ``firstresult`` hook.
"""

from __future__ import annotations

from pyramido.plugin import Game, PluginInfo, hookimpl


@hookimpl
def pyramido_plugin_info() -> PluginInfo:
    return PluginInfo("highest-starts", ("pyramido", "forgotten-treasures"), "The highest score starts.")


@hookimpl
def pyramido_next_start_player(game: Game, stage_scores: list[int | None]) -> int:
    playing = [p for p, score in enumerate(stage_scores) if score is not None]
    return max(playing, key=lambda p: (stage_scores[p], -p))

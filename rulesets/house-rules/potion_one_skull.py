"""House rule: a potion erases one ticked skull, not two (Silver & Gold Pyramids)."""

from __future__ import annotations

from pyramido.plugin import Game, PluginInfo, ScoreCard, Ticks, hookimpl


@hookimpl
def pyramido_plugin_info() -> PluginInfo:
    return PluginInfo("potion-one-skull", ("silver-gold-pyramids",), "A potion erases one skull.")


@hookimpl
def pyramido_symbol_effect(
    game: Game, player: int, symbol: str, count: int, score_card: ScoreCard
) -> Ticks | None:
    return Ticks(skulls=-count) if symbol == "potion" else None  # None: the game's own effect

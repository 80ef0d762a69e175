"""House rule: a doubled area scores its icons three times, not twice (Forgotten Treasures).

It overrides only ``pyramido_area_value``, which the game's score, the explanation of an
illegal activation, the activation solver and the greedy bot all ask: so the bot pays for
doubles more eagerly under this rule, with nothing else to change.
"""

from pyramido.plugin import Area, Game, PluginInfo, hookimpl


@hookimpl
def pyramido_plugin_info() -> PluginInfo:
    return PluginInfo("triple-doubles", ("forgotten-treasures",), "A doubled area scores x3.")


@hookimpl
def pyramido_area_value(game: Game, player: int, area: Area, doubled: bool) -> int:
    return area.icons * (3 if doubled else 1)

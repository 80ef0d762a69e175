"""House rule: the Mino bonus counts the *largest* marked area again, not the smallest."""

from __future__ import annotations

from collections.abc import Callable

from pyramido.plugin import Area, FastPath, Game, PluginInfo, ScoreLine, hookimpl


@hookimpl
def pyramido_plugin_info() -> PluginInfo:
    return PluginInfo("largest-mino", ("pyramido",), "The Mino bonus counts the largest marked area.")


@hookimpl
def pyramido_mino_bonus(game: Game, player: int, marked: tuple[Area, ...]) -> list[ScoreLine]:
    if not marked:
        return []
    largest = max(marked, key=lambda area: area.icons)
    points = largest.icons * game.ruleset.params["points_per_icon"]
    detail = {"colour": largest.colour, "icons": largest.icons}
    return [ScoreLine("mino_bonus", "Mino bonus (largest area)", points, detail)]


@hookimpl
def pyramido_register_fast_paths(register: Callable[..., None]) -> None:
    """Greedy values the bonus in C: ``mino_weights``, per icon of the fewest and the most."""
    forms = lambda g: (0, g.ruleset.params["points_per_icon"]), lambda g: None  # None: hook asked
    register("mino_weights", FastPath(("pyramido_mino_bonus",), *forms))

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


def _largest_weights(game: Game) -> tuple[int, int]:
    """The bonus above as Pyramido's ``mino_weights`` say it: nothing per icon of the
    marked area with the fewest, ``points_per_icon`` per icon of the one with the most
    (the greedy bot then values its candidates in the C core, the bonus included)."""
    return 0, game.ruleset.params["points_per_icon"]


def _asked(game: Game) -> None:
    """Another plugin answers the bonus first: its hook is asked."""
    return None


@hookimpl
def pyramido_register_fast_paths(register: Callable[..., None]) -> None:
    register("mino_weights", FastPath(("pyramido_mino_bonus",), _largest_weights, _asked))

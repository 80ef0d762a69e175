"""House rule: a stage whose marked areas hold markers of 4 colours or more scores
``rainbow_points`` more."""

from __future__ import annotations

from pyramido.plugin import Breakdown, Game, PluginInfo, PyramidoPosition, ScoreLine, hookimpl

POINTS = {"type": "integer", "minimum": 0, "default": 3, "description": "Points of a rainbow stage."}


@hookimpl
def pyramido_plugin_info() -> PluginInfo:
    return PluginInfo("rainbow", ("pyramido",), "A rainbow stage scores more.", {"rainbow_points": POINTS})


@hookimpl
def pyramido_extra_score_lines(
    game: Game, player: int, position: PyramidoPosition, breakdown: Breakdown
) -> list[ScoreLine]:
    colours = {m for line in breakdown.lines_with_id("marked_area") for m in line.detail["markers"]}
    if len(colours) < 4:
        return []
    points = game.ruleset.params["rainbow_points"]
    return [ScoreLine("rainbow", "rainbow stage", points, {"colours": len(colours)})]

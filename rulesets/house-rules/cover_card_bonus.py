"""House rule: each unused cover card scores ``cover_card_points`` (its own parameter)
after stage 4, as a score line of its own, which the greedy bot plays for too."""

from __future__ import annotations

from pyramido.plugin import Breakdown, Game, PluginInfo, PyramidoPosition, ScoreLine, hookimpl

POINTS = {"type": "integer", "minimum": 0, "default": 2, "description": "Points per unused card."}


@hookimpl
def pyramido_plugin_info() -> PluginInfo:
    return PluginInfo("cover-card-bonus", ("pyramido",), "Unused cards score.", {"cover_card_points": POINTS})


@hookimpl
def pyramido_extra_score_lines(
    game: Game, player: int, position: PyramidoPosition, breakdown: Breakdown
) -> list[ScoreLine]:
    if not position.final:  # the last stage's score, or a bot's as if the game ended now
        return []
    cards = len(position.cover_cards)
    points = game.ruleset.params["cover_card_points"] * cards
    return [ScoreLine("unused_cover_cards", "unused cover cards", points, {"cards": cards})]

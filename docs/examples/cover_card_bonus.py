"""House rule: each unused cover card is worth 2 points at the end of stage 4.

A *wrapper* around the game's own stage scoring: it lets the base rule score, then adds a
line to the breakdown, so the record shows where the points came from.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from pyramido.hookspecs import hookimpl

POINTS_PER_CARD = 2


@hookimpl(wrapper=True)
def pyramido_score_stage(game: Any, player: int) -> Generator[None, dict[str, Any], dict[str, Any]]:
    breakdown = yield
    if game.state.stage == 3:
        cards = len(game.state.seats[player].covers_left)
        breakdown["lines"].append(
            {"what": "unused cover cards", "cards": cards, "points": POINTS_PER_CARD * cards}
        )
        breakdown["total"] += POINTS_PER_CARD * cards
    return breakdown

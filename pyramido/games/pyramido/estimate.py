"""A Pyramido seat's final score as a search bot's play-out estimates it when it stops
early (``pyramido_estimate``): the stages scored, and the stage under way as the ruleset
would score it if it ended now (house rules included: through ``game.score``). The stages
still to build are left out: every seat can expect them alike."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine.hookspecs import hookimpl

if TYPE_CHECKING:
    from ...engine.game import Game
    from .views import PyramidoSeat


@hookimpl
def pyramido_estimate(game: Game, player: int) -> float:
    seat: PyramidoSeat = game.seat(player)
    banked = sum(seat.stage_scores)
    return float(banked if seat.out else banked + game.score(player).total)

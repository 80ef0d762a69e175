"""A Forgotten Treasures seat's final score as a search bot's play-out estimates it when it
stops early (``pyramido_estimate``): the stages scored, and the stage under way as it would
score if it ended now: the areas already activated in its scoring (``game.score``, house
rules included), plus the best activations of the gems held, with the mythical gems they
leave (the greedy bot's exact plan, under the ruleset's payments and area values). The
stages still to build are left out: every seat can expect them alike."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine.hookspecs import hookimpl
from .bot import activation_plan
from .views import MYTHICAL

if TYPE_CHECKING:
    from ...engine.game import Game
    from .views import TreasuresSeat


@hookimpl
def pyramido_estimate(game: Game, player: int) -> float:
    seat: TreasuresSeat = game.seat(player)
    activated = game.score(player).total - seat.gems[MYTHICAL]  # the gems held: in the plan
    return float(sum(seat.stage_scores) + activated + activation_plan(game, player).points)

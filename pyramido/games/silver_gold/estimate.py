"""A Silver & Gold seat's final score as a search bot's play-out estimates it when it stops
early (``pyramido_estimate``): its score card as the ruleset would score it if the game
ended now (``game.score``, house rules included); what the expeditions left may add is
left out."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine.hookspecs import hookimpl

if TYPE_CHECKING:
    from ...engine.game import Game


@hookimpl
def pyramido_estimate(game: Game, player: int) -> float:
    return float(game.score(player).total)

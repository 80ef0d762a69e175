"""The printed rules at the phase hooks Pyramido and Forgotten Treasures share: where a
domino may go, which pile refills an emptied one (:mod:`pyramido.games.pyramids.hookspecs`), who
starts the game and each next stage; registered by both games' plugins."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine.hookspecs import hookimpl
from ..shared import lowest_score_starts, split_sources
from .state import state_of

if TYPE_CHECKING:
    from ...engine.game import Game
    from .state import PyramidState


@hookimpl
def pyramido_placements(game: Game, player: int) -> list[int]:
    state: PyramidState = game.state  # at every candidate a bot values: not state_of's call
    return state.seats[player].pyramid.placements()


@hookimpl
def pyramido_split_sources(game: Game, player: int | str, emptied: int) -> list[int]:
    return split_sources(state_of(game).piles, emptied)


@hookimpl
def pyramido_start_player(game: Game) -> int:
    """[ruling: first_player] The ruleset names the seat that starts the game."""
    first: int = game.ruleset.params["first_player"]
    return first % game.num_players


@hookimpl
def pyramido_next_start_player(game: Game, stage_scores: list[int | None]) -> int:
    """The lowest stage score starts; a tie goes to the tied player first in the current
    turn order ([ruling: turn_order_from]: from the stage's start player, or from seat 0)."""
    from_stage_start = game.ruleset.params["turn_order_from"] == "stage_start_player"
    start = state_of(game).start_player if from_stage_start else 0
    return lowest_score_starts(start, stage_scores)

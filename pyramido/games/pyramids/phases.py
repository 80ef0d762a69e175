"""The printed rules at the phase hooks Pyramido and Forgotten Treasures share: where a
domino may go, which pile refills an emptied one (:mod:`pyramido.games.pyramids.hookspecs`), who
starts the game and each next stage; registered by both games' plugins."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine.hookspecs import hookimpl
from ..shared import lowest_score_starts, split_sources
from .hooks import rules_of
from .state import state_of

if TYPE_CHECKING:
    from ...engine.game import Game
    from .state import PyramidState


@hookimpl
def pyramido_placements(game: Game, player: int) -> list[int]:
    return state_of(game).seats[player].pyramid.placements()


def place_indices(game: Game, player: int, state: PyramidState | None = None) -> list[int]:
    """The indices of the ``place`` actions of the placements ``pyramido_placements``
    answers for ``player``: the legal actions of a place decision, and whether a domino
    fits at all. While the printed rule alone answers, the C core adds the place kind's
    offset as it lists the placements, in the one call the pyramid keeps until its board
    changes; another plugin's answer is offset here. (Which function answers is read from
    ``game.rules`` itself: no call to type, and no call to the accessor on every turn.)
    ``state``: the game's, as the caller read it."""
    first: int = game.space.offsets["place"]
    if game.rules.placements is pyramido_placements:
        seats = (state_of(game) if state is None else state).seats
        return seats[player].pyramid.placement_indices(first)
    return [first + placement for placement in rules_of(game).placements(game, player)]


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

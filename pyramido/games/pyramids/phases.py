"""The printed rules at the phase hooks Pyramido and Forgotten Treasures share: where a
domino may go, which pile refills an emptied one (:mod:`pyramido.games.pyramids.hookspecs`), who
starts the game and each next stage; registered by both games' plugins."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...hookspecs import hookimpl
from ..shared import lowest_score_starts, split_sources

if TYPE_CHECKING:
    from ...engine import Game


@hookimpl
def pyramido_placements(game: Game, player: int) -> list[int]:
    return game.state.seats[player].pyramid.placements()  # type: ignore[no-any-return]


def place_indices(game: Game, player: int) -> list[int]:
    """The indices of the ``place`` actions of the placements ``pyramido_placements``
    answers for ``player``: the legal actions of a place decision, and whether a domino
    fits at all. While the printed rule alone answers, the C core adds the place kind's
    offset as it lists the placements, in the one call the pyramid keeps until its board
    changes; another plugin's answer is offset here."""
    first: int = game.space.offsets["place"]
    if game.rules.placements is pyramido_placements:
        return game.state.seats[player].pyramid.placement_indices(first)  # type: ignore[no-any-return]
    return [first + placement for placement in game.rules.placements(game, player)]


@hookimpl
def pyramido_split_sources(game: Game, player: int | str, emptied: int) -> list[int]:
    return split_sources(game.state.piles, emptied)


@hookimpl
def pyramido_start_player(game: Game) -> int:
    """[ruling: first_player] The ruleset names the seat that starts the game."""
    return game.ruleset.params["first_player"] % game.num_players  # type: ignore[no-any-return]


@hookimpl
def pyramido_next_start_player(game: Game, stage_scores: list[int | None]) -> int:
    """The lowest stage score starts; a tie goes to the tied player first in the current
    turn order ([ruling: turn_order_from]: from the stage's start player, or from seat 0)."""
    start = game.state.start_player if game.ruleset.params["turn_order_from"] == "stage_start_player" else 0
    return lowest_score_starts(start, stage_scores)

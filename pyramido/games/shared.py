"""Rules that Pyramido and Forgotten Treasures print alike, written once.

Both games keep face-up/face-down piles that are refilled by splitting another pile, let
the lowest stage score start the next stage, go round the table skipping players who are
done, and rank by points with a list of tie-breaks.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

T = TypeVar("T")


def split_sources(piles: Sequence[Sequence[object]], emptied: int) -> list[int]:
    """Piles whose bottom half can refill the emptied pile (2 dominoes or more)."""
    return [p for p, pile in enumerate(piles) if p != emptied and len(pile) >= 2]


def split_pile(piles: list[list[T]], source: int, emptied: int) -> int:
    """Move the bottom half (rounded down) of ``source`` onto the emptied pile; return how many."""
    half = len(piles[source]) // 2
    piles[emptied], piles[source] = piles[source][:half], piles[source][half:]
    return half


def turn_order(start_player: int, players: int) -> list[int]:
    """Seats clockwise from the start player."""
    return [(start_player + i) % players for i in range(players)]


def next_seat(after: int, players: int, waiting: Callable[[int], bool]) -> int | None:
    """The next seat clockwise after ``after`` (itself last) still ``waiting`` to play, if any."""
    for step in range(1, players + 1):
        seat = (after + step) % players
        if waiting(seat):
            return seat
    return None


def lowest_score_starts(start_player: int, stage_scores: Sequence[int | None]) -> int:
    """The lowest stage score starts; a tie goes to the tied player first in the turn order
    of the stage just played ([ruling]: "current turn order" read from its start player).
    ``None`` marks a player out of the game."""
    order = turn_order(start_player, len(stage_scores))
    playing = [p for p in order if stage_scores[p] is not None]
    return min(playing, key=lambda p: (stage_scores[p], order.index(p)))


def rank(keys: dict[Any, tuple[int, ...]], rows: dict[Any, dict[str, Any]]) -> list[dict[str, Any]]:
    """Order players by ``keys`` (smaller is better); equal keys share a rank.

    ``rows`` gives each player's row (``player``, ``score``, ``tiebreak``...), to which the
    rank is added.
    """
    order = sorted(keys, key=lambda p: keys[p])
    ranking: list[dict[str, Any]] = []
    for position, player in enumerate(order):
        tied = position and keys[order[position - 1]] == keys[player]
        ranking.append({**rows[player], "rank": ranking[-1]["rank"] if tied else position + 1})
    return ranking

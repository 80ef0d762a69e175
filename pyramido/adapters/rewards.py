"""Rewards of a game as it goes, for learning agents: each step's, and the end's.

Two kinds, so that a trainer chooses what it optimises:

- ``"rank"`` (the default): 0 at every step; at the end, each seat gets (rows of the final
  ranking below it - rows above it) / (rows - 1), ties sharing a rank: +1 for the lone
  winner, -1 for the lone last, 0 for a tie of all; with 2+ seats the rewards sum to 0.
  Solo Forgotten Treasures ranks the seat against the Legend's row (+1 or -1). Silver &
  Gold's solo score attack has nobody to rank against: 0 (use ``"score"``).
- ``"score"``: at every step, how much each seat's public score rose (Pyramido and
  Forgotten Treasures show it when a stage is scored; Silver & Gold scores only at the
  end); at the end, what is left up to the final score of the ranking, so that a seat's
  rewards add up to its final score.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine.game import Game
from ..engine.views import RankingRow
from ..errors import ArgumentError, brief

KINDS = ("rank", "score")


def rank_rewards(ranking: Sequence[RankingRow], num_players: int) -> list[float]:
    """Each seat's rank reward from the final ranking (the Legend's row counts as a row);
    also the OpenSpiel games' returns (:mod:`pyramido.adapters.openspiel`)."""
    ranks = {row.player: row.rank for row in ranking}
    others = len(ranking) - 1
    if others == 0:
        return [0.0] * num_players
    return [
        sum((rank > ranks[seat]) - (rank < ranks[seat]) for rank in ranks.values()) / others
        for seat in range(num_players)
    ]


def public_scores(game: Game) -> list[int]:
    """Each seat's score as everybody sees it now (0 where the game shows none)."""
    if game.is_over:
        final = {row.player: row.score for row in game.ranking()}
        return [final[seat] for seat in range(game.num_players)]
    return [view.get("score", 0) for view in game.observation(None)["players"]]


def check_kind(kind: object) -> None:
    if kind not in KINDS:
        raise ArgumentError(f"rewards are {' or '.join(map(repr, KINDS))}, not {brief(kind)}")


class Rewards:
    """The rewards of ``game`` of ``kind`` (one of :data:`KINDS`): :meth:`step` after each
    action gives every seat's reward for what happened since the last call."""

    def __init__(self, game: Game, kind: str) -> None:
        check_kind(kind)
        self.game, self.kind = game, kind
        self._scores = public_scores(game) if kind == "score" else []

    def step(self) -> list[float]:
        game = self.game
        if self.kind == "rank":
            if not game.is_over:
                return [0.0] * game.num_players
            return rank_rewards(game.ranking(), game.num_players)
        scores = public_scores(game)
        rewards = [float(now - before) for now, before in zip(scores, self._scores, strict=True)]
        self._scores = scores
        return rewards

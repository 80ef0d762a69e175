"""Rewards of a game as it goes, for learning agents: each step's, and the end's.

The kind is chosen by name, so that a trainer chooses what it optimises (docs/adapters.md,
"Rewards"):

- ``"rank"`` (the default): 0 at every step; at the end, each seat gets (rows of the final
  ranking below it - rows above it) / (rows - 1), ties sharing a rank: +1 for the lone
  winner, -1 for the lone last, 0 for a tie of all; with 2+ seats the rewards sum to 0.
  Solo Forgotten Treasures ranks the seat against the Legend's row (+1 or -1). Silver &
  Gold's solo score attack has nobody to rank against: 0 (use another kind).
- ``"score_margin"``: 0 at every step; at the end, the seat's final margin: its score
  minus the best score of the other rows still in the game (the Legend's included), or
  its score when there is none (every other seat out, or solo Silver & Gold).
- ``"dense"``: at every step, how much the seat's public score rose (Pyramido and
  Forgotten Treasures score each stage as it ends; Silver & Gold only at the end); the
  last step adds the final correction, the margin minus the seat's rewards so far, so
  that a seat's rewards add up to its final margin.
- ``"score"``: as ``"dense"``, but adding up to the seat's final score (no margin).

**Elimination** (Pyramido's printed rule: a seat lacking cover cards is out and "has
lost") ends the seat's part at once when ``elimination`` is a number: that step's reward
brings the seat's rewards so far to ``elimination`` (-1 by default: a lone last place),
whatever the kind, and the environments end its episode there, telling why
(``info["eliminated"]``). With ``elimination=None`` an eliminated seat is skipped to the
end like any other and rewarded by its row of the final ranking.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine.game import Game
from ..engine.views import RankingRow
from ..errors import ArgumentError, brief
from .facts import Facts

KINDS = ("rank", "score_margin", "dense", "score")
#: the kinds whose steps follow the public score
SCORED = ("dense", "score")


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


def margins(ranking: Sequence[RankingRow], num_players: int) -> list[float]:
    """Each seat's final margin: its score minus the best score of the other rows not out
    (its score alone when there is none)."""
    rows = {row.player: row for row in ranking}
    result = []
    for seat in range(num_players):
        others = [row.score for row in ranking if row.player != seat and not row.out]
        result.append(float(rows[seat].score - max(others, default=0)))
    return result


def final_rewards(game: Game, kind: str) -> list[float]:
    """What each seat's rewards add up to over a whole game of ``kind`` (from the ranking)."""
    ranking = game.ranking()
    if kind == "rank":
        return rank_rewards(ranking, game.num_players)
    if kind == "score":
        scores = {row.player: row.score for row in ranking}
        return [float(scores[seat]) for seat in range(game.num_players)]
    return margins(ranking, game.num_players)


def check_kind(kind: object) -> None:
    if kind not in KINDS:
        raise ArgumentError(f"rewards are {', '.join(map(repr, KINDS))}, not {brief(kind)}")


def check_elimination(value: object) -> float | None:
    """``elimination`` as a float, or ``None``."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ArgumentError(f"elimination is a reward (a number) or None, not {brief(value)}")
    return float(value)


class Rewards:
    """The rewards of ``game`` of ``kind`` (one of :data:`KINDS`): :meth:`step` after each
    action gives every seat's reward for what happened since the last call. ``facts``
    reads the public scores and who is out; ``elimination`` is the return of a seat that
    is out (``None``: it waits for the end)."""

    def __init__(self, game: Game, kind: str, facts: Facts, elimination: float | None = -1.0) -> None:
        check_kind(kind)
        self.game, self.kind, self.facts = game, kind, facts
        self.elimination = check_elimination(elimination)
        n = game.num_players
        self.given = [0.0] * n  # each seat's rewards so far
        self.ended = [False] * n  # seats whose rewards are all given (out, or the game over)
        self.out = [False] * n  # seats whose part ended by elimination
        #: the seats that went out at the last step (their part ends there)
        self.eliminated: list[int] = []
        self._scores = facts.scores(game) if kind in SCORED else []
        self._watch_out = self.elimination is not None and facts.has_elimination
        self._unscored = kind not in SCORED
        self._out = facts.out_reader()

    def step(self) -> list[float]:
        game, n = self.game, self.game.num_players
        if self.eliminated:
            self.eliminated = []
        quiet = self._unscored and game.decision is not None  # no score to follow, no end
        if quiet and (not self._watch_out or self._out(game) == self.out):
            return [0.0] * n  # the usual step: nothing to give
        self.eliminated = []
        before = list(self.ended)
        rewards = [0.0] * n
        if self.kind in SCORED and not game.is_over:
            scores = self.facts.scores(game)
            rewards = [float(now - before) for now, before in zip(scores, self._scores, strict=True)]
            self._scores = scores
        if self._watch_out:
            for seat, out in enumerate(self._out(game)):
                if out and not self.ended[seat]:
                    assert self.elimination is not None
                    rewards[seat] = self.elimination - self.given[seat]
                    self.ended[seat] = self.out[seat] = True
                    self.eliminated.append(seat)
        if game.is_over:
            final = final_rewards(game, self.kind)
            for seat in range(n):
                if not self.ended[seat]:
                    rewards[seat] = final[seat] - self.given[seat]
                    self.ended[seat] = True
        for seat in range(n):
            if before[seat]:
                rewards[seat] = 0.0  # its part ended before: nothing more
            self.given[seat] += rewards[seat]
        return rewards

"""Seeded games played to the end: a piece of a chunk (what a worker plays at a time) or a
whole chunk (what a run's folder keeps).

A game is a pure function of the simulation and its number, so games played again (on
another worker, after an interruption, cut otherwise) give the same rows. A game that
fails (a plugin's error, a bot's) does not take the others with it: it comes back as a
failure naming its game number and seed, and the run reports it.
"""

from __future__ import annotations

import hashlib
import json
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..bots import bot_factory, play_out
from ..engine.game import Game
from .config import Simulation, mix

if TYPE_CHECKING:
    from ..engine.ruleset import Ruleset


@dataclass
class ChunkResult:
    """The rows of games of one chunk (by game number) and the games that failed: all the
    chunk's games, or a piece of them."""

    chunk: int
    rows: list[dict[str, Any]] = field(default_factory=list)
    failures: list[dict[str, Any]] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"chunk": self.chunk, "rows": self.rows, "failures": self.failures}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ChunkResult:
        return cls(data["chunk"], data["rows"], data["failures"])

    @property
    def games(self) -> list[int]:
        """The game numbers it holds, played or failed."""
        return sorted([row["game"] for row in self.rows] + [failure["game"] for failure in self.failures])


def play_games(
    simulation: Simulation, chunk: int, games: range, finished: Callable[[int], None] | None = None
) -> ChunkResult:
    """Play ``games`` (of ``chunk``: see :class:`~.config.Simulation` for seeds and seats),
    telling ``finished`` each game's number as it ends (the progress bar moves per game,
    whatever the piece)."""
    result = ChunkResult(chunk)
    for number in games:
        seed = simulation.game_seed(number)
        try:
            result.rows.append(play_game(simulation, number, seed))
        except Exception as exc:  # one game's failure, reported with its seed
            result.failures.append(
                {
                    "game": number,
                    "seed": seed,
                    "error": f"{type(exc).__name__}: {exc}",
                    "traceback": traceback.format_exc(limit=8),
                }
            )
        if finished is not None:
            finished(number)
    return result


def play_game(simulation: Simulation, number: int, seed: int) -> dict[str, Any]:
    """One game's row: its number and seed, length, who moved first, its moves (a digest:
    :func:`moves_digest`), and per seat its bot, score, rank, whether it won (rank 1, ties
    included) and whether it was knocked out.

    The first player is the one seat of the game's first decision; when every seat decides
    at once (Silver & Gold's first keep) nobody moves first and it is ``None``: the order
    in which the bots' simultaneous choices are applied is not a seat's advantage."""
    ruleset = simulation.loaded
    game = Game(ruleset, simulation.players, seed, simulation.options)
    deciders = () if game.decision is None else game.decision.players
    names = simulation.seating(number)
    bots = [bot_factory(ruleset, name)(mix(seed, seat)) for seat, name in enumerate(names)]
    play_out(game, bots)
    ranking = {row.player: row for row in game.ranking()}
    return {
        "game": number,
        "seed": seed,
        "steps": len(game.steps),
        "first_player": deciders[0] if len(deciders) == 1 else None,
        "moves": moves_digest(game),
        "seats": [
            {
                "bot": names[seat],
                "score": ranking[seat].score,
                "rank": ranking[seat].rank,
                "won": ranking[seat].rank == 1,
                "out": ranking[seat].out,
            }
            for seat in range(simulation.players)
        ],
    }


def moves_digest(game: Game) -> str:
    """A digest of what was played: each step's player and action in turn (16 hex digits of
    BLAKE2b). ``compare`` pairs the games of two rulesets by seed; a pair whose digests
    differ was played otherwise (a step's player or action, or the number of steps). An
    action counts by its JSON, not its index, so that rulesets whose action spaces differ
    (an action kind a house rule adds, a payment table in another order) compare by what
    was done."""
    texts = game.ruleset.derived("evaluation.action_texts", _action_texts)
    digest = hashlib.blake2b(digest_size=8)
    for step in game.steps:
        digest.update(b"%d %s\n" % (step["player"], texts[step["index"]]))
    return digest.hexdigest()


def _action_texts(ruleset: Ruleset) -> tuple[bytes, ...]:
    """Every action of the ruleset's space as canonical JSON, by index (a space holds a few
    hundred): made once per ruleset, so that a game's digest costs a lookup a step."""
    space = ruleset.space
    return tuple(
        json.dumps(action.to_json(space), sort_keys=True, separators=(",", ":")).encode()
        for action in space.actions
    )

"""One chunk of seeded games, played to the end: the unit of work of every backend.

A chunk is a pure function of the simulation and its number, so a chunk played again (on
another worker, after an interruption) gives the same rows. A game that fails (a plugin's
error, a bot's) does not take the chunk with it: it comes back as a failure naming its
game number and seed, and the run reports it.
"""

from __future__ import annotations

import traceback
from dataclasses import dataclass, field
from typing import Any

from ..bots import bot_factory, play_out
from ..engine.game import Game
from .config import Simulation, mix


@dataclass
class ChunkResult:
    """The rows of one chunk's games (by game number) and the games that failed."""

    chunk: int
    rows: list[dict[str, Any]] = field(default_factory=list)
    failures: list[dict[str, Any]] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"chunk": self.chunk, "rows": self.rows, "failures": self.failures}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ChunkResult:
        return cls(data["chunk"], data["rows"], data["failures"])


def play_chunk(simulation: Simulation, chunk: int) -> ChunkResult:
    """Play the games of ``chunk`` (see :class:`~.config.Simulation` for seeds and seats)."""
    result = ChunkResult(chunk)
    for number in simulation.chunk_range(chunk):
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
    return result


def play_game(simulation: Simulation, number: int, seed: int) -> dict[str, Any]:
    """One game's row: its number and seed, length, who moved first, and per seat its bot,
    score, rank, whether it won (rank 1, ties included) and whether it was knocked out.

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

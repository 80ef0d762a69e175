"""What a batch of seeded games is: the ruleset (with its overlays and house-rule files), the
seats, the bots, how many games and from which seed, cut into chunks.

Everything a game's outcome depends on is here, and game ``g`` depends on the ruleset,
the seats, the bots, the seed and ``g`` alone: not on the number of games, the chunks, the
workers or the backend, so the same configuration gives the same rows whatever runs it and
however the work is cut. Seeds are derived, never drawn: game ``g``'s from ``--seed`` and
``g``, each bot's from its game's seed and its seat (SplitMix64, a public bijective mixer);
game ``g``'s seating from the seating design (:mod:`.design`) and ``g``.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass, field, replace
from functools import cached_property
from typing import Any

from ..bots import bot_factory
from ..engine.ruleset import Ruleset, load_ruleset
from ..engine.strict_json import is_int
from ..errors import ArgumentError, brief
from .design import Design, make_design

#: Games per chunk, the unit of saving: small enough that an interrupted run loses little,
#: large enough that a long run is not thousands of files.
CHUNK_GAMES = 50

#: How game ``g``'s seed and seating follow from the run's seed and ``g`` (part of the
#: configuration hash: a chunk of another scheme is another run's).
SCHEME = 2

_MASK64 = (1 << 64) - 1


def mix(*parts: int) -> int:
    """A 64-bit seed derived from ``parts`` (SplitMix64 over each in turn)."""
    value = 0x9E3779B97F4A7C15
    for part in parts:
        value = (value ^ part) & _MASK64
        value = (value + 0x9E3779B97F4A7C15) & _MASK64
        value = ((value ^ (value >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        value = ((value ^ (value >> 27)) * 0x94D049BB133111EB) & _MASK64
        value ^= value >> 31
    return value


@dataclass(frozen=True)
class Simulation:
    """A batch of seeded games. The ``bots`` are seated by a design that balances them over
    the seats (:mod:`.design`): every game seats each of them (a single bot plays every
    seat). In a ``tournament`` there may be more bots than seats and no bot plays two seats
    of a game: the games take every group of ``players`` bots in turn.

    ``chunk_games`` cuts the games into chunks, the unit of saving of a run's folder: it
    changes no game."""

    ruleset: str
    players: int
    games: int
    bots: tuple[str, ...]
    seed: int = 0
    overlays: tuple[str, ...] = ()
    plugins: tuple[str, ...] = ()
    options: dict[str, Any] = field(default_factory=dict)
    chunk_games: int = CHUNK_GAMES
    tournament: bool = False

    def __post_init__(self) -> None:
        if not is_int(self.games) or self.games < 1:
            raise ArgumentError(f"--games must be at least 1, not {brief(self.games)}")
        if not is_int(self.seed) or not 0 <= self.seed < 1 << 64:
            raise ArgumentError(f"--seed must be an integer in [0, 2**64), not {brief(self.seed)}")
        if not is_int(self.chunk_games) or self.chunk_games < 1:
            raise ArgumentError(f"--chunk-games must be at least 1, not {brief(self.chunk_games)}")
        if not self.bots:
            raise ArgumentError("--bots names at least one bot")
        limits = self.loaded.data["players"]
        if not is_int(self.players) or not limits["min"] <= self.players <= limits["max"]:
            raise ArgumentError(
                f"{self.loaded.id} is for {limits['min']}-{limits['max']} players, not {brief(self.players)}"
            )
        if self.tournament and len(self.bots) < max(2, self.players):
            raise ArgumentError(
                f"a tournament of {self.players}-player games needs at least {max(2, self.players)} bots, "
                f"not {len(self.bots)} (no bot plays two seats of a game)"
            )
        if not self.tournament and len(self.bots) > self.players:
            raise ArgumentError(
                f"{len(self.bots)} bots for {self.players} seats: name at most one bot a seat"
            )
        for name in self.bots:
            bot_factory(self.loaded, name)  # an unknown bot: its error names the ruleset's bots

    def __getstate__(self) -> dict[str, Any]:
        """Sent to a worker without the loaded ruleset (its plugins are code): it loads its own."""
        state = dict(self.__dict__)
        state.pop("loaded", None)
        state.pop("design", None)
        return state

    @cached_property
    def loaded(self) -> Ruleset:
        """The ruleset, loaded once per process (a worker loads its own)."""
        return load_ruleset(self.ruleset, self.plugins, self.overlays)

    @property
    def chunks(self) -> int:
        return -(-self.games // self.chunk_games)

    def chunk_range(self, chunk: int) -> range:
        """The game numbers of ``chunk``."""
        start = chunk * self.chunk_games
        return range(start, min(start + self.chunk_games, self.games))

    def chunk_of(self, game: int) -> int:
        return game // self.chunk_games

    def game_seed(self, game: int) -> int:
        return mix(self.seed, game)

    def chunk_plan(self, chunk: int) -> list[dict[str, Any]]:
        """What decides each game of ``chunk``, JSON-ready: its number, its seed and its bots
        seat by seat. A chunk file records it, and is taken back only if it is still what
        this configuration says (so a change of seeding or seating is one change here)."""
        return [
            {"game": game, "seed": self.game_seed(game), "bots": list(self.seating(game))}
            for game in self.chunk_range(chunk)
        ]

    def seating(self, game: int) -> tuple[str, ...]:
        """The bots of ``game``, seat by seat."""
        return self.design.seating(game)

    @cached_property
    def design(self) -> Design:
        """The seating design (:mod:`.design`)."""
        return make_design(self.bots, self.players, self.tournament)

    def with_ruleset(self, ruleset: str, overlays: tuple[str, ...]) -> Simulation:
        """The same games under another ruleset (``compare``'s variant)."""
        return replace(self, ruleset=ruleset, overlays=overlays)

    def configuration(self) -> dict[str, Any]:
        """What the games depend on, JSON-ready (the ruleset by its content hash, so an
        edited house-rule file is noticed, and the :data:`SCHEME` that derives each game's
        seed and seating): equal configurations, equal rows."""
        described = {
            key: value for key, value in asdict(self).items() if key not in ("overlays", "chunk_games")
        }
        described["bots"] = list(self.bots)
        described["plugins"] = list(self.plugins)
        described["overlays"] = list(self.overlays)
        described["ruleset_identity"] = self.loaded.identity()
        described["scheme"] = SCHEME
        return described

    def fingerprint(self) -> dict[str, Any]:
        """What a run's folder is, JSON-ready: its :meth:`configuration` and how its games
        are cut into chunk files. A ``--resume`` must find the same."""
        return {**self.configuration(), "chunk_games": self.chunk_games}

    def digest(self) -> str:
        """The configuration's hash: every chunk file of the run carries it."""
        return json_sha256(self.fingerprint())


def json_sha256(value: Any) -> str:
    """The SHA-256 of ``value``'s canonical JSON (sorted keys, no spaces), in hex: equal
    values, equal digests, however they were written to a file."""
    text = json.dumps(value, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()

"""The house rules' figures of ``pyramido bench``: a greedy 4-player game under every
shipped house rule beside the same game under the printed rules, measured in the same
rounds (issue "House rules played as well and as fast as the printed rules": each at most
twice the printed rules' time).

Each figure is games per second of greedy bots on seeds ``0..games-1``, timed in this
process's CPU time (another process's work on the shared machine is not counted), taken
in the bench's rounds so that each ratio compares takes of one run.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from ..bots import make_bot, play_out
from ..engine.game import Game
from ..engine.ruleset import Ruleset, load_ruleset
from ..resources import HOUSE_RULES, shipped_rulesets

PLAYERS = 4
Take = Callable[[], float]


def _rulesets() -> dict[str, Ruleset]:
    """Every shipped ruleset, the printed games first, by id."""
    return {ruleset_id: load_ruleset(ruleset_id) for ruleset_id in shipped_rulesets()}


def _printed_ids() -> set[str]:
    return {rid for rid, entry in shipped_rulesets().items() if HOUSE_RULES not in str(entry)}


def takes(games: int) -> dict[str, Take]:
    """A take per shipped ruleset, named ``house:<id>``: greedy games per second."""

    def take_of(ruleset: Ruleset) -> Take:
        def take() -> float:
            start = time.process_time()
            for seed in range(games):
                game = Game(ruleset, PLAYERS, seed)
                play_out(game, [make_bot("greedy", seed * 4 + p, ruleset) for p in range(PLAYERS)])
            return games / max(time.process_time() - start, 1e-9)

        return take

    return {f"house:{rid}": take_of(ruleset) for rid, ruleset in _rulesets().items()}


def figures(best: dict[str, float]) -> dict[str, Any]:
    """Milliseconds per greedy game of each ruleset; for a house rule, its ratio to the
    printed game's."""
    ms = {key.removeprefix("house:"): 1000 / rate for key, rate in best.items() if key.startswith("house:")}
    printed = _printed_ids()
    games = {rid: ruleset.game for rid, ruleset in _rulesets().items()}
    of_game = {games[rid]: ms[rid] for rid in printed}
    return {
        "players": PLAYERS,
        "printed_ms_per_game": {rid: round(ms[rid], 1) for rid in sorted(printed)},
        "house_rules": {
            rid: {
                "game": games[rid],
                "ms_per_game": round(value, 1),
                "over_printed": round(value / of_game[games[rid]], 2),
            }
            for rid, value in ms.items()
            if rid not in printed
        },
    }

"""The benchmark behind ``pyramido bench``: figures measured side by side in one run.

* the C core against the pure-Python reference, per operation, on the same random
  reachable boards (ns per call and the ratio);
* decisions per second through the public, checked Python API (``legal_indices`` then
  ``apply``);
* whole games per second with random bots, per ruleset and player count (the bots' fast
  path, ``apply_index``), and with greedy bots for scale.

Machines are noisy: compare the ratios of one run, not absolute figures across runs.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

from rich.console import Console
from rich.table import Table

from . import core, reference
from .bots import make_bot, play_out
from .engine import Game
from .games.ft_activation import best_activation
from .random_boards import random_board
from .ruleset import load_ruleset
from .shapes import SHAPES

#: (ruleset, players, options) of the whole-game figures, keyed as in the JSON output.
GAMES = {
    "pyramido-2p": ("pyramido", 2, {}),
    "pyramido-4p": ("pyramido", 4, {}),
    "forgotten-treasures-2p": ("forgotten-treasures", 2, {}),
    "forgotten-treasures-4p": ("forgotten-treasures", 4, {}),
    "forgotten-treasures-solo": ("forgotten-treasures", 1, {"solo": "the-legend"}),
    "silver-gold-pyramids-2p": ("silver-gold-pyramids", 2, {}),
    "silver-gold-pyramids-4p": ("silver-gold-pyramids", 4, {}),
}


def _boards(seed: int, count: int, keep: Callable[[bytes], bool]) -> list[bytes]:
    rng = random.Random(seed)
    found: list[bytes] = []
    while len(found) < count:
        board = random_board(rng, core.placements)
        if keep(board):
            found.append(board)
    return found


def _stage_of(board: bytes) -> int:
    """The highest stage holding a block (the stage a player would be building)."""
    for stage in (3, 2, 1, 0):
        if any(board[stage * 81 : stage * 81 + 81]):
            return stage
    return 0


def _per_call_ns(function: Callable[..., Any], calls: list[tuple[Any, ...]], budget_s: float) -> float:
    """Mean ns per call, repeating the whole workload until ``budget_s`` has passed."""
    done, start = 0, time.perf_counter()
    while True:
        for args in calls:
            function(*args)
        done += len(calls)
        elapsed = time.perf_counter() - start
        if elapsed >= budget_s:
            return elapsed / done * 1e9


def _card_positions(count: int) -> list[tuple[int, int, int, int]]:
    """Silver & Gold: (walls, marked, entrance, shape) from the cards of random games."""
    positions: list[tuple[int, int, int, int]] = []
    seed = 0
    while len(positions) < count:
        game = Game("silver-gold-pyramids", 2, seed)
        bots = [make_bot("random", seed), make_bot("random", seed + 1)]
        while game.decision is not None and len(positions) < count:
            state = game.state
            if game.decision.kind == "mark" and state.revealed is not None:
                shape = SHAPES[state.revealed]
                for seat in state.seats:
                    for number in (n for n in seat.cards if n is not None):
                        card = state.cards[number]
                        positions.append((card.walls, seat.marks[number], card.entrance, shape))
            for player in game.decision.players:
                game.apply_index(bots[player].choose(game, player), player)
        seed += 1
    return positions[:count]


def _core_workloads(count: int) -> dict[str, list[tuple[Any, ...]]]:
    mid_stage1 = _boards(11, count, lambda b: _stage_of(b) == 0 and b.count(0) < 320)
    upper = _boards(12, count, lambda b: _stage_of(b) >= 1)
    return {
        "sg_placements": list(_card_positions(count)),
        "placements_stage1": [(b, 0) for b in mid_stage1],
        "placements_upper": [(b, _stage_of(b)) for b in upper],
        "top_view": [(b,) for b in upper],
        "label_areas": [(b,) for b in upper],
        "can_tile_stage1": [(b, 0) for b in mid_stage1],
    }


def _games_per_second(key: str, games: int, bot: str) -> tuple[float, float]:
    """Games per second and mean decisions per game, seeds 0.. with the given bots."""
    ruleset_id, players, options = GAMES[key]
    ruleset = load_ruleset(ruleset_id)
    decisions = 0
    start = time.perf_counter()
    for seed in range(games):
        game = Game(ruleset, players, seed, options)
        play_out(game, [make_bot(bot, seed * 4 + p) for p in range(players)])
        decisions += len(game.steps)
    elapsed = time.perf_counter() - start
    return games / elapsed, decisions / games


def _solver_us_per_stage(count: int) -> float:
    """The exact activation solver on the scoring positions of greedy FT games."""
    positions = []
    for seed in range(count):
        game = Game("forgotten-treasures", 2, seed)
        while game.decision is not None:
            if game.decision.kind == "scoring":
                for seat in map(game.seat, game.decision.players):
                    if not seat.activations_ended:
                        kinds, held = list(seat.gems), list(seat.gems.values())
                        areas = [(kinds.index(area.colour), area.icons) for area in seat.position.areas]
                        positions.append((areas, held[:-1], held[-1]))
            for player in game.decision.players:
                game.apply_index(make_bot("greedy").choose(game, player), player)
    start = time.perf_counter()
    for areas, coloured, mythical in positions:
        best_activation(areas, coloured, mythical, keep_value=(0.5, 1.2))
    return (time.perf_counter() - start) / len(positions) * 1e6


def _checked_decisions_per_second(games: int) -> float:
    """Random play through ``legal_indices`` + ``apply`` (the checked public path)."""
    ruleset = load_ruleset("pyramido")
    decisions, start = 0, time.perf_counter()
    for seed in range(games):
        game = Game(ruleset, 4, seed)
        rng = random.Random(seed)
        while game.decision is not None:
            game.apply(rng.choice(game.legal_indices()))
            decisions += 1
    return decisions / (time.perf_counter() - start)


def run(quick: bool = False) -> dict[str, Any]:
    """Measure everything once; ``quick`` shrinks the workloads (for tests and CI)."""
    budget = 0.05 if quick else 0.5
    core_figures: dict[str, dict[str, float]] = {}
    for name, calls in _core_workloads(20 if quick else 100).items():
        operation = name.rsplit("_stage", 1)[0].removesuffix("_upper")  # the function measured
        c_ns = _per_call_ns(getattr(core, operation), calls, budget)
        reference_ns = _per_call_ns(getattr(reference, operation), calls, budget)
        core_figures[name] = {
            "c_ns": round(c_ns, 1),
            "reference_ns": round(reference_ns, 1),
            "ratio": round(reference_ns / c_ns, 1),
        }
    games = 10 if quick else 200
    games_per_second: dict[str, float] = {}
    decisions_per_game: dict[str, float] = {}
    for key in GAMES:
        rate, length = _games_per_second(key, games if key.startswith("pyramido") else games // 2, "random")
        games_per_second[key] = round(rate, 1)
        decisions_per_game[key] = round(length, 1)
    greedy_rate, greedy_length = _games_per_second("pyramido-4p", 2 if quick else 10, "greedy")
    games_per_second["pyramido-4p-greedy"] = round(greedy_rate, 2)
    decisions_per_game["pyramido-4p-greedy"] = round(greedy_length, 1)
    return {
        "core": core_figures,
        "decisions_per_second": round(_checked_decisions_per_second(3 if quick else 40)),
        "games_per_second": games_per_second,
        "decisions_per_game": decisions_per_game,
        "ft_solver_us_per_stage": round(_solver_us_per_stage(1 if quick else 6), 1),
        "quick": quick,
    }


def report(results: dict[str, Any], console: Console) -> None:
    """Print the figures of :func:`run` as tables."""
    table = Table(title="C core vs pure-Python reference (same boards, one run)")
    for column in ("operation", "C ns/call", "reference ns/call", "ratio"):
        table.add_column(column, justify="left" if column == "operation" else "right")
    for name, figures in results["core"].items():
        table.add_row(
            name, f"{figures['c_ns']:,.0f}", f"{figures['reference_ns']:,.0f}", f"{figures['ratio']:.1f}x"
        )
    console.print(table)
    games = Table(title="Whole games (random bots unless named)")
    for column in ("game", "games/s", "ms/game", "decisions/game"):
        games.add_column(column, justify="left" if column == "game" else "right")
    for key, rate in results["games_per_second"].items():
        games.add_row(key, f"{rate:,.1f}", f"{1000 / rate:.2f}", f"{results['decisions_per_game'][key]:.0f}")
    console.print(games)
    console.print(
        f"decisions/s through the checked API (legal_indices + apply): {results['decisions_per_second']:,}"
    )
    solver = results["ft_solver_us_per_stage"]
    console.print(f"Forgotten Treasures exact activation solver: {solver:,.0f} µs per stage (greedy games)")

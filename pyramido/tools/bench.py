"""The benchmark behind ``pyramido bench``: figures measured side by side in one run.

* the C core against the pure-Python reference, per operation, on the same random
  reachable boards (ns per call and the ratio);
* decisions per second through the public, checked Python API (``legal_indices`` then
  ``apply``, and ``legal_actions`` then ``apply(Action)``);
* whole games per second with random bots, per ruleset and player count (the bots' fast
  path, ``apply_index``), a full-length Pyramido game (bots that never cover by choice),
  and greedy bots;
* ``Game.clone()`` mid-game, ``replay`` of records, and what ``import pyramido`` costs;
* the search bot's simulations per second (``mcts:64``, 2-player Pyramido);
* ``pyramido simulate`` on one and on two local worker processes (not with ``--quick``);
* anchors measured in the same run when installed: OpenSpiel's ``python_block_dominoes``
  (a Python-written game) and ``connect_four`` (C++), random play, steps per second;
* the learning environments beside the engine and PettingZoo's ``connect_four_v3``
  (:mod:`.bench_adapters`): AEC steps per second, and the vector environment's.

Machines are noisy: compare the ratios of one run, not absolute figures across runs.
Each throughput figure, the anchors' included, is the best of :data:`REPEATS` takes of its
workload, taken in rounds; ``import pyramido`` the best of five fresh interpreters.
"""

from __future__ import annotations

import gc
import json
import os
import platform
import random
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any

from rich.console import Console
from rich.table import Table

from ..bots import Bot, make_bot, play_out
from ..bots.mcts import MctsBot
from ..bots.random_bot import RandomBot
from ..engine.game import Game
from ..engine.record import dumps, make_record
from ..engine.replay import replay
from ..engine.ruleset import load_ruleset
from ..games.forgotten_treasures.activation import best_activation
from ..games.silver_gold.shapes import SHAPES
from ..geometry import core, reference
from . import bench_adapters, bench_house_rules
from .random_boards import random_board

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


def _start_clock() -> float:
    """The time a measure starts from, after a full collection of the garbage collector:
    what the work before it left (the previous measure's games, the records a replay
    measure builds) is not collected inside the measure, which a single full collection of
    a large heap could cut by a third; the measure's own garbage is collected as usual (the
    collector stays on)."""
    gc.collect()
    return time.perf_counter()


def _per_call_ns(function: Callable[..., Any], calls: list[tuple[Any, ...]], budget_s: float) -> float:
    """Mean ns per call, repeating the whole workload until ``budget_s`` has passed."""
    done, start = 0, _start_clock()
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
    ruleset = load_ruleset("silver-gold-pyramids")
    seed = 0
    while len(positions) < count:
        game = Game(ruleset, 2, seed)
        bots = [make_bot("random", seed, ruleset), make_bot("random", seed + 1, ruleset)]
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


class KeepCoversBot:
    """Random, but never lays a cover card by choice (``keep_covers`` whenever offered): a
    full-length Pyramido game, where random players would spend their cards early and
    be out in stage 1."""

    name = "keep-covers"

    def __init__(self, seed: int) -> None:
        self.random = RandomBot(seed)

    def choose(self, game: Game, player: int) -> int:
        legal = game.legal_indices(player)
        keep = game.space.index("keep_covers")
        return keep if keep in legal else self.random.choose(game, player)


def _bots(bot: str, ruleset_id: str, seed: int, players: int) -> list[Bot]:
    """The bots of one game: ``keep-covers`` (:class:`KeepCoversBot`) or a bot by name."""
    if bot == "keep-covers":
        return [KeepCoversBot(seed * 4 + p) for p in range(players)]
    ruleset = load_ruleset(ruleset_id)
    return [make_bot(bot, seed * 4 + p, ruleset) for p in range(players)]


#: Each throughput figure is the best of this many takes of its workload (one with
#: ``--quick``), its anchors' too: on a shared machine the others' work only ever slows a
#: take down, so the fastest take is the closest to what the code itself costs, which is
#: why ``timeit`` reports the best of its repeats. Single takes of the same code swung by a
#: fifth, and once by a third, between runs here (docs/benchmarks.md).
REPEATS = 3

#: A throughput take: it does its workload once and returns its rate.
Take = Callable[[], float]


def _best_of_rounds(takes: dict[str, Take], repeats: int) -> dict[str, float]:
    """The highest of ``repeats`` takes of each rate (see :data:`REPEATS`), taken in rounds:
    every workload once, then every workload again. A slow spell of the shared machine
    lasts about a second (docs/benchmarks.md), as long as a workload's takes in a row:
    spread over the run, a workload's takes are each slowed or not on their own."""
    best = dict.fromkeys(takes, 0.0)
    for _ in range(repeats):
        for name, take in takes.items():
            best[name] = max(best[name], take())
    return best


def _play_games(key: str, games: int, bot: str) -> int:
    """Play the games of ``key``, seeds 0 to ``games - 1``, with the given bots: the work
    a games-per-second take times. Returns the number of decisions taken."""
    ruleset_id, players, options = GAMES[key]
    ruleset = load_ruleset(ruleset_id)
    decisions = 0
    for seed in range(games):
        game = Game(ruleset, players, seed, options)
        play_out(game, _bots(bot, ruleset_id, seed, players))
        decisions += len(game.steps)
    return decisions


def _games_take(key: str, games: int, bot: str, lengths: dict[str, float], label: str) -> Take:
    """A take of games per second, seeds 0.. with the given bots; it notes the mean
    decisions per game in ``lengths[label]``."""

    def take() -> float:
        start = _start_clock()
        decisions = _play_games(key, games, bot)
        rate = games / (time.perf_counter() - start)
        lengths[label] = round(decisions / games, 1)
        return rate

    return take


#: The search bot's budget, and the decisions of seat 0 timed with ``--quick``.
SEARCH_SIMULATIONS, QUICK_SEARCHES = 64, 3


def _search_take(quick: bool) -> Take:
    """A take of the search bot's simulations per second: ``mcts:64`` as seat 0 of a
    2-player Pyramido game (seed 0) against greedy, each of its decisions timed, whole
    (determinizations, tree and play-outs); ``quick``: its first decisions only."""

    def take() -> float:
        ruleset = load_ruleset("pyramido")
        game = Game(ruleset, 2, 0)
        search, greedy = MctsBot(0, SEARCH_SIMULATIONS), make_bot("greedy", 1, ruleset)
        spent, searches = 0.0, 0
        while game.decision is not None and not (quick and searches >= QUICK_SEARCHES):
            for seat in game.decision.players:
                if seat == 0:
                    start = _start_clock()
                    action = search.choose(game, seat)
                    spent += time.perf_counter() - start
                    searches += 1
                else:
                    action = greedy.choose(game, seat)
                game.apply_index(action, seat)
        return search.simulated / spent

    return take


def _clone_us(budget_s: float) -> dict[str, float]:
    """``Game.clone()`` of a full-length 4-player Pyramido game, early and late: the same
    cost whatever the length of the log."""
    figures = {}
    for label, steps in (("clone_us_step_40", 40), ("clone_us_step_300", 300)):
        game = Game(load_ruleset("pyramido"), 4, 1)
        bots = _bots("keep-covers", "pyramido", 1, 4)
        while len(game.steps) < steps and game.decision is not None:
            player = game.decision.player
            game.apply_index(bots[player].choose(game, player), player)
        figures[label] = round(_per_call_ns(game.clone, [()], budget_s) / 1000, 1)
    return figures


def _records(games: int) -> list[dict[str, Any]]:
    """Records of random 4-player Pyramido games, seeds 0 to ``games - 1``, read from their
    JSON; the first replayed once (the record schema's validator is built once, as in any
    program)."""
    records = []
    for seed in range(games):
        game = Game(load_ruleset("pyramido"), 4, seed)
        play_out(game, [RandomBot(seed * 4 + p) for p in range(4)])
        records.append(json.loads(dumps(make_record(game))))
    replay(records[0])
    return records


def _replays_take(games: int) -> Take:
    """A take of ``replay`` of :func:`_records` (made once, before the first take)."""
    records = _records(games)

    def take() -> float:
        start = _start_clock()
        for record in records:
            replay(record)
        return games / (time.perf_counter() - start)

    return take


#: What ``pyramido bench --play`` can play, untimed: a key of :data:`GAMES` (random bots)
#: or ``KEY:BOT``, ``decisions`` and ``decisions-actions`` (the checked-decision rows),
#: ``replay`` (the replay row), ``vector`` and ``vector-nocopy`` (the vector environment's
#: rows, ``--games`` its steps of 16 games).
PLAYED = (*GAMES, "decisions", "decisions-actions", "replay", *bench_adapters.VECTOR_WORKLOADS)


def play(workload: str, count: int, passes: int) -> int:
    """Do a measure's work untimed, ``passes`` times over the same ``count`` games or
    records, for a profiler outside the process (callgrind counts instructions, py-spy
    samples): the same code as the timed take, in the same order. Returns the units done
    in the last pass (decisions, records replayed, or env steps), so that a count per unit
    can be worked out; a second pass is the warm one, as the bench's best take is.

    Raises ``ValueError`` for a workload it does not know."""
    key, _, bot = workload.partition(":")
    if key not in PLAYED or (bot and key not in GAMES):
        games = ", ".join(name.removesuffix("-4p") for name in GAMES if name.endswith("-4p"))
        raise ValueError(
            f"unknown workload {workload!r}: GAME-2p/-4p ({games}), forgotten-treasures-solo, "
            "KEY:BOT, decisions, decisions-actions, replay, vector or vector-nocopy"
        )
    records = _records(count) if key == "replay" else []
    vector = bench_adapters.vector_player(key) if key in bench_adapters.VECTOR_WORKLOADS else None
    done = 0
    for _ in range(passes):
        if vector is not None:
            done = vector(count)
        elif key == "replay":
            for record in records:
                replay(record)
            done = len(records)
        elif key in GAMES:
            done = _play_games(key, count, bot or "random")
        else:
            done = _checked_decisions(count, key == "decisions-actions")
    return done


_IMPORT = """
import time
start = time.perf_counter()
import pyramido
seconds = time.perf_counter() - start
import importlib.util, os
cached = os.path.exists(importlib.util.cache_from_source(pyramido.engine.game.__file__))
try:  # the peak of this process alone (ru_maxrss would count the parent's, forked)
    with open("/proc/self/status") as status:
        kb = next(int(line.split()[1]) for line in status if line.startswith("VmHWM:"))
except OSError:
    import resource
    kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(seconds, kb, int(cached))
"""


def _import_cost() -> dict[str, Any]:
    """``import pyramido`` in a fresh interpreter: the best of 5 times (ms), the process's
    peak resident memory after it (MB, the interpreter included), and whether the package's
    bytecode was cached (``pip install`` writes it; with ``PYTHONDONTWRITEBYTECODE`` set an
    editable checkout compiles every module again at each import, which costs about as
    much as the import itself)."""
    runs = [
        subprocess.run(
            [sys.executable, "-c", _IMPORT], capture_output=True, text=True, check=True
        ).stdout.split()
        for _ in range(5)
    ]
    return {
        "import_ms": round(min(float(seconds) for seconds, _, _ in runs) * 1000, 1),
        "import_rss_mb": round(min(int(kb) for _, kb, _ in runs) / 1024, 1),
        "import_bytecode_cached": all(cached == "1" for _, _, cached in runs),
    }


def _interpreter() -> dict[str, Any]:
    """The Python that ran the figures, since they depend on its build as much as on this
    package: the same CPython version ran this engine 13-27% faster from Debian's
    ``/usr/bin/python3`` (optimized, the interpreter in one executable) than from a default
    ``pyenv`` build (libpython a shared library, no profile-guided optimization) on the
    development machine (docs/benchmarks.md).
    ``libpython_shared`` is read from the process's memory map (``None`` where there is none)."""
    try:
        with open("/proc/self/maps", encoding="utf-8") as maps:
            shared: bool | None = "/libpython" in maps.read()
    except OSError:
        shared = None
    return {
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "executable": os.path.realpath(sys.executable),
        "libpython_shared": shared,
    }


#: OpenSpiel's games measured beside this engine's: one written in Python, one in C++.
ANCHORS = ("python_block_dominoes", "connect_four")


def _anchor_take(name: str, budget_s: float) -> Take | None:
    """A take of random play of an OpenSpiel game, steps (chance included) per second,
    taken in the rounds of this engine's figures; ``None`` when OpenSpiel is not installed
    (``pip install '.[openspiel]'``)."""
    try:
        import pyspiel
        from open_spiel.python import games  # noqa: F401  (registers the Python games)
    except ImportError:
        return None
    game, rng = pyspiel.load_game(name), random.Random(0)

    def take() -> float:
        steps, start = 0, _start_clock()
        while time.perf_counter() - start < budget_s:
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes, weights = zip(*state.chance_outcomes(), strict=True)
                    state.apply_action(rng.choices(outcomes, weights)[0])
                else:
                    state.apply_action(rng.choice(state.legal_actions()))
                steps += 1
        return steps / (time.perf_counter() - start)

    return take


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
    start = _start_clock()
    for areas, coloured, mythical in positions:
        best_activation(areas, coloured, mythical, keep_value=(0.5, 1.2))
    return (time.perf_counter() - start) / len(positions) * 1e6


#: Games of the checked-decision rows: 200 (some 30,000 decisions, a quarter of a second),
#: where 40 games took a twentieth and one pause of the machine or one full collection of
#: the garbage collector could cost a third of the figure.
DECISION_GAMES = 200


def _checked_decisions(games: int, actions: bool) -> int:
    """Random 4-player Pyramido, seeds 0 to ``games - 1``, through the checked public path:
    ``legal_indices`` + ``apply(index)``, or with ``actions`` ``legal_actions`` +
    ``apply(Action)``. Returns the number of decisions taken."""
    ruleset = load_ruleset("pyramido")
    decisions = 0
    for seed in range(games):
        game = Game(ruleset, 4, seed)
        rng = random.Random(seed)
        legal = game.legal_actions if actions else game.legal_indices
        while game.decision is not None:
            choice: Any = rng.choice(legal())
            game.apply(choice)
            decisions += 1
    return decisions


def _checked_decisions_take(games: int, actions: bool) -> Take:
    """A take of :func:`_checked_decisions` a second."""

    def take() -> float:
        start = _start_clock()
        return _checked_decisions(games, actions) / (time.perf_counter() - start)

    return take


def run(quick: bool = False) -> dict[str, Any]:
    """Measure everything once (each throughput the best of :data:`REPEATS` takes, taken
    in rounds); ``quick`` shrinks the workloads and takes each once (for tests and CI)."""
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
    games, repeats = (10, 1) if quick else (200, REPEATS)
    lengths: dict[str, float] = {}
    takes: dict[str, Take] = {}
    for key in GAMES:
        count = games if key.startswith("pyramido") else games // 2
        takes[key] = _games_take(key, count, "random", lengths, key)
    for key, bot, count in (
        ("pyramido-4p", "keep-covers", games),
        ("pyramido-4p", "greedy", 2 if quick else 10),
    ):
        takes[f"{key}-{bot}"] = _games_take(key, count, bot, lengths, f"{key}-{bot}")
    checked = 3 if quick else DECISION_GAMES
    takes["decisions"] = _checked_decisions_take(checked, False)
    takes["decisions-actions"] = _checked_decisions_take(checked, True)
    takes["replay"] = _replays_take(3 if quick else 40)
    takes["search"] = _search_take(quick)
    for name in ANCHORS:
        anchor = _anchor_take(name, budget * 2)
        if anchor is not None:
            takes[name] = anchor
    takes.update(bench_adapters.takes(budget * 2))
    takes.update(bench_house_rules.takes(1 if quick else 3))
    best = _best_of_rounds(takes, repeats)
    games_per_second = {key: round(best[key], 1 if key in GAMES else 2) for key in lengths}
    return {
        "core": core_figures,
        "decisions_per_second": round(best["decisions"]),
        "decisions_per_second_actions": round(best["decisions-actions"]),
        "games_per_second": games_per_second,
        "decisions_per_game": lengths,
        **_clone_us(budget),
        "replays_per_second": round(best["replay"], 1),
        "search_simulations_per_second": round(best["search"], 1),
        **_import_cost(),
        "ft_solver_us_per_stage": round(_solver_us_per_stage(1 if quick else 6), 1),
        "simulate_workers": None if quick else _simulate_scaling(1600),
        "anchors_steps_per_second": {name: round(best[name]) if name in best else None for name in ANCHORS},
        "adapters": bench_adapters.figures(best),
        "house_rules": bench_house_rules.figures(best),
        "interpreter": _interpreter(),
        "repeats": repeats,
        "quick": quick,
    }


def _simulate_scaling(games: int) -> dict[str, float]:
    """``pyramido simulate`` of greedy 2-player Pyramido on 1 then 2 local worker processes:
    games per second of each (wall time, the workers' start included) and their ratio."""
    from ..evaluation import Simulation, simulate

    batch = Simulation("pyramido", 2, games, ("greedy",), seed=1)
    rates = {}
    for workers in (1, 2):
        start = _start_clock()
        simulate(batch, workers=workers)
        rates[workers] = games / (time.perf_counter() - start)
    return {"one": round(rates[1], 1), "two": round(rates[2], 1), "ratio": round(rates[2] / rates[1], 2)}


def report(results: dict[str, Any], console: Console) -> None:
    """Print the figures of :func:`run` as tables."""
    python = results["interpreter"]
    shared = {True: ", libpython shared", False: ", libpython built in", None: ""}[python["libpython_shared"]]
    console.print(f"{python['implementation']} {python['python']} ({python['executable']}{shared})")
    table = Table(title="C core vs pure-Python reference (same boards, one run)")
    for column in ("operation", "C ns/call", "reference ns/call", "ratio"):
        table.add_column(column, justify="left" if column == "operation" else "right")
    for name, figures in results["core"].items():
        table.add_row(
            name, f"{figures['c_ns']:,.0f}", f"{figures['reference_ns']:,.0f}", f"{figures['ratio']:.1f}x"
        )
    console.print(table)
    games = Table(title=f"Whole games (random bots unless named; best of {results['repeats']} takes)")
    for column in ("game", "games/s", "ms/game", "decisions/game"):
        games.add_column(column, justify="left" if column == "game" else "right")
    for key, rate in results["games_per_second"].items():
        games.add_row(key, f"{rate:,.1f}", f"{1000 / rate:.2f}", f"{results['decisions_per_game'][key]:.0f}")
    console.print(games)
    console.print(
        f"decisions/s through the checked API: {results['decisions_per_second']:,} (legal_indices + apply), "
        f"{results['decisions_per_second_actions']:,} (legal_actions + apply(Action))"
    )
    for name, rate in results["anchors_steps_per_second"].items():
        if rate is None:
            console.print(f"OpenSpiel {name}: not installed (pip install '.[openspiel]')")
        else:
            ratio = results["decisions_per_second"] / rate
            console.print(f"OpenSpiel {name}, random play: {rate:,} steps/s (ours, checked: {ratio:.2f}x)")
    _report_adapters(results["adapters"], console)
    _report_house_rules(results["house_rules"], console)
    console.print(
        f"Game.clone(), 4-player Pyramido: {results['clone_us_step_40']} µs at step 40, "
        f"{results['clone_us_step_300']} µs at step 300"
    )
    console.print(f"replay: {results['replays_per_second']:,} records/s (random 4-player Pyramido)")
    console.print(
        f"search bot, mcts:{SEARCH_SIMULATIONS} vs greedy, 2-player Pyramido: "
        f"{results['search_simulations_per_second']:,} simulations/s"
    )
    compiled = "" if results["import_bytecode_cached"] else " (no bytecode cache: each module compiled again)"
    imported = f"{results['import_ms']} ms, {results['import_rss_mb']} MB resident"
    console.print(f"import pyramido: {imported}{compiled}")
    solver = results["ft_solver_us_per_stage"]
    console.print(f"Forgotten Treasures exact activation solver: {solver:,.0f} µs per stage (greedy games)")
    scaling = results["simulate_workers"]
    if scaling is not None:
        console.print(
            f"simulate, greedy 2-player Pyramido: {scaling['one']:,} games/s on 1 worker, "
            f"{scaling['two']:,} on 2 ({scaling['ratio']}x)"
        )


def _report_house_rules(figures: dict[str, Any], console: Console) -> None:
    """Greedy games under each shipped house rule beside the printed rules'."""
    players = figures["players"]
    table = Table(title=f"Greedy {players}-player games under the shipped house rules (same rounds)")
    for column in ("ruleset", "ms/game", "x printed"):
        table.add_column(column, justify="left" if column == "ruleset" else "right")
    for ruleset_id, ms in figures["printed_ms_per_game"].items():
        table.add_row(ruleset_id, f"{ms:,.1f}", "1.00")
    for ruleset_id, house in figures["house_rules"].items():
        table.add_row(ruleset_id, f"{house['ms_per_game']:,.1f}", f"{house['over_printed']:.2f}")
    console.print(table)


def _report_adapters(adapters: dict[str, Any] | None, console: Console) -> None:
    """The learning environments' table (:mod:`.bench_adapters`)."""
    if adapters is None:
        console.print("learning environments: not installed (pip install '.[rl]')")
        return
    anchor = adapters["anchor_steps_per_second"]
    named = f"{adapters['anchor']} {anchor:,} steps/s" if anchor else f"{adapters['anchor']} not installed"
    table = Table(title=f"Learning environments, random masked play, 2 players (PettingZoo's {named})")
    for column in ("game", "AEC steps/s", "x anchor", "engine steps/s", "AEC / engine"):
        table.add_column(column, justify="left" if column == "game" else "right")
    for game, rates in adapters["aec"].items():
        ratio = rates["aec_over_anchor"]
        table.add_row(
            game,
            f"{rates['aec_steps_per_second']:,}",
            "-" if ratio is None else f"{ratio:.2f}x",
            f"{rates['engine_steps_per_second']:,}",
            f"{rates['aec_over_engine']:.2f}",
        )
    console.print(table)
    console.print(
        f"vector env, {adapters['vector_games']} Pyramido games vs random bots: "
        f"{adapters['vector_env_steps_per_second']:,} env steps/s "
        f"({adapters['vector_env_steps_per_second_nocopy']:,} with copy=False)"
    )

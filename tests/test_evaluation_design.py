"""What a batch's games are and how it is watched (docs/evaluation.md): game ``g``'s seed
and seating follow from the run's seed and ``g`` alone, whatever the chunks and workers; the
seating design balances the bots over the seats, and a statistic it does not balance is
not called significant; the progress moves per game, reported by the workers as they go.
"""

from __future__ import annotations

import io
import time
from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st
from rich.console import Console

from pyramido.cli import main
from pyramido.evaluation import Simulation, simulate
from pyramido.evaluation.backends import Backend, LocalPool, Piece, cut
from pyramido.evaluation.design import make_design
from pyramido.evaluation.progress import GameProgress
from pyramido.evaluation.run import Run, run
from pyramido.evaluation.summary import seat_win_rates

THREE = Simulation("pyramido", players=3, games=18, bots=("greedy", "random"), seed=5)


def _without_timing(summary: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in summary.items() if key not in ("timing", "games_per_second")}


def test_the_games_do_not_depend_on_chunks_or_workers() -> None:
    """The issue's case: 3 players, 2 bots; chunks of 1, 7 and 50 on 1 or 2 workers."""
    played = []
    for chunk_games, workers in ((1, 1), (7, 2), (50, 2), (50, 1)):
        rows, summary, _ = run(
            replace(THREE, chunk_games=chunk_games),
            None,
            workers=workers,
            backend="local",
            address=None,
            resume=False,
            console=None,
        )
        played.append((rows, _without_timing(summary)))
    assert all(found == played[0] for found in played[1:])
    assert len(played[0][0]) == 18


@given(
    chunk_games=st.integers(1, 60),
    workers=st.integers(1, 4),
    wanted=st.sets(st.integers(0, 99), min_size=1),
)
def test_pieces_cover_the_games_within_chunks(chunk_games: int, workers: int, wanted: set[int]) -> None:
    simulation = replace(THREE, games=100, chunk_games=chunk_games)
    pieces = cut(simulation, sorted(wanted), workers)
    assert sorted(game for piece in pieces for game in piece.games) == sorted(wanted)
    assert all({simulation.chunk_of(game) for game in piece.games} == {piece.chunk} for piece in pieces)
    assert simulation.game_seed(37) == replace(simulation, chunk_games=1).game_seed(37)
    assert simulation.seating(37) == replace(simulation, chunk_games=1, games=40).seating(37)


@pytest.mark.parametrize(
    ("bots", "players", "tournament", "kind", "seatings"),
    [
        (("a",), 4, False, "one seating", 1),
        (("a", "b"), 2, False, "all orders", 2),
        (("a", "b"), 3, False, "all orders", 6),  # the issue's: a a b and a b b, each in its 3 orders
        (("a", "b"), 4, False, "all orders", 6),
        (("a", "b", "c"), 4, False, "all orders", 36),
        (("a", "b", "c", "d"), 4, False, "all orders", 24),
        (("a", "b", "c", "d", "e"), 5, False, "Latin square", 5),  # 120 orders: too many
        (("a", "b", "c"), 2, True, "all orders", 6),
        (("a", "b", "c", "d"), 3, True, "all orders", 24),
    ],
)
def test_the_design_balances_each_bot_over_the_seats(
    bots: tuple[str, ...], players: int, tournament: bool, kind: str, seatings: int
) -> None:
    design = make_design(bots, players, tournament)
    assert (design.kind, len(design.block)) == (kind, seatings)
    by_lineup: dict[tuple[str, ...], list[tuple[str, ...]]] = {}
    for seating in design.block:
        by_lineup.setdefault(tuple(sorted(seating)), []).append(seating)
    for lineup, orders in by_lineup.items():
        share = Counter(lineup)
        for seat in range(players):
            held = Counter(order[seat] for order in orders)
            assert all(held[bot] * players == len(orders) * share[bot] for bot in share), (lineup, seat)
    if not tournament:
        assert all(set(seating) == set(bots) for seating in design.block)  # every bot plays every game


def test_a_statistic_the_seating_confounds_is_not_significant() -> None:
    """Four games of a six-seating design: greedy holds the first seat in more than its
    share of the line-ups, so the first player's win rate is partly greedy's."""
    cut_short = simulate(replace(THREE, games=4))
    advantage = cut_short["first_player"]["advantage"]
    assert not advantage["significant"]
    assert advantage["note"].startswith("the seating confounds it: ")
    whole = simulate(replace(THREE, games=14))  # two blocks, and two games left out
    assert whole["first_player"]["games"] == 12 and whole["first_player"]["advantage"]["note"] is None
    assert whole["design"] == {"kind": "all orders", "seatings": 6, "games_in_complete_blocks": 12}
    games, rates = seat_win_rates(replace(THREE, games=14), _rows(replace(THREE, games=14)))
    assert games == 12 and len(rates) == 3
    table = CliRunner().invoke(
        main, ["simulate", "--players", "3", "--bots", "greedy,random", "--games", "4", "--workers", "1"]
    )
    assert table.exit_code == 0 and "not significant: the seating confounds it" in " ".join(
        table.stdout.split()
    )


def _rows(simulation: Simulation) -> list[dict[str, Any]]:
    rows, _, _ = run(simulation, None, workers=1, backend="local", address=None, resume=False, console=None)
    return rows


def test_without_a_terminal_a_line_comes_every_interval() -> None:
    """Not a terminal: a line per run every interval, whether games ended or not (here
    every 20 ms), and at the end every game counted once."""
    shown = io.StringIO()
    simulation = Simulation("pyramido", 2, 5, ("random",), chunk_games=50)
    with GameProgress(Console(file=shown, width=200), every=0.02) as progress:
        played = Run(simulation, None, Backend(), progress)
        time.sleep(0.2)  # no game ends meanwhile: the lines still come
        played.play(5)
        time.sleep(0.2)
    lines = shown.getvalue().splitlines()
    assert lines[0] == "pyramido: 0/5 games, - games/s"
    assert lines[-1].startswith("pyramido: 5/5 games, ") and "games/s" in lines[-1]
    bar = io.StringIO()
    with GameProgress(Console(file=bar, width=120, force_terminal=True)) as progress:
        Run(simulation, None, Backend(), progress).play(5)
    assert "5/5" in bar.getvalue() and "games/s" in bar.getvalue()


WAITER = """
import time
from pathlib import Path
from pyramido.plugin import PluginInfo, hookimpl

@hookimpl
def pyramido_plugin_info():
    return PluginInfo("waiter", ("pyramido",), "holds the game of seed {seed} until {marker} exists")

@hookimpl
def pyramido_event(game, event):
    if event["type"] != "game_over" or game.seed != {seed}:
        return
    deadline = time.monotonic() + 60
    while not Path({marker!r}).exists():
        if time.monotonic() > deadline:
            raise RuntimeError("the games before this one were not reported while it played")
        time.sleep(0.02)
"""


def held_piece(tmp_path: Path) -> tuple[Simulation, Piece, Path]:
    """A piece of six games whose last one ends only once the others were reported."""
    marker = tmp_path / "go"
    seed = Simulation("pyramido", 2, 6, ("random",)).game_seed(5)
    plugin = tmp_path / "waiter.py"
    plugin.write_text(WAITER.format(seed=seed, marker=str(marker)), encoding="utf-8")
    return Simulation("pyramido", 2, 6, ("random",), plugins=(str(plugin),)), Piece(0, range(6)), marker


def reported_while_playing(backend: Backend, tmp_path: Path) -> None:
    """The backend reports each game of a piece as it ends, before the piece is done."""
    simulation, piece, marker = held_piece(tmp_path)
    seen: list[int] = []

    def finished(game: int) -> None:
        seen.append(game)
        if sorted(seen) == [0, 1, 2, 3, 4]:
            marker.write_text("go", encoding="utf-8")

    (result,) = backend.play(simulation, [piece], finished)
    assert not result.failures and result.games == list(range(6))
    assert sorted(seen)[:5] == [0, 1, 2, 3, 4]


def test_local_workers_report_each_game_as_it_ends(tmp_path: Path) -> None:
    with LocalPool(2) as pool:
        reported_while_playing(pool, tmp_path)

"""The search bot beats greedy (docs/search.md, "Speed and strength"): seeded 2-player
Pyramido games through ``pyramido simulate`` on two worker processes, the bots changing
seats every game; the search bot's mean margin over greedy must be above 0 with 95%
confidence (Student's t over the games), and it must win more games than it loses. About a
minute: marked ``strength`` (the sanitized run of CI leaves it out: it exercises no C the
rest of the suite does not)."""

from __future__ import annotations

import csv
import statistics
from pathlib import Path

import pytest

from pyramido.evaluation import Simulation, simulate

GAMES = 12
BUDGET = "mcts:32"
T_975 = 2.201  # Student's t, 97.5% point, 11 degrees of freedom (GAMES - 1)


@pytest.mark.strength
def test_mcts_beats_greedy(tmp_path: Path) -> None:
    summary = simulate(
        Simulation("pyramido", 2, GAMES, (BUDGET, "greedy"), seed=1000, chunk_games=1), tmp_path, workers=2
    )
    assert summary["games"] == GAMES and not summary["failed_games"]
    with open(tmp_path / "games.csv", encoding="utf-8") as rows:
        margins = [
            (1 if row["seat0_bot"] == BUDGET else -1) * (int(row["seat0_score"]) - int(row["seat1_score"]))
            for row in csv.DictReader(rows)
        ]
    mean, spread = statistics.fmean(margins), statistics.stdev(margins)
    assert mean - T_975 * spread / GAMES**0.5 > 0, margins
    assert sum(m > 0 for m in margins) > sum(m < 0 for m in margins), margins

"""``--backend ray`` on a real local Ray (``ray.init()`` here): the same games as Ray
tasks, the same rows and summary as local processes, each game reported as it ends."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from killer import KILLER
from test_evaluation_design import reported_while_playing

from pyramido.evaluation import Simulation, compare, simulate
from pyramido.evaluation.backends import RayTasks, WorkerLost

SMALL = Simulation(
    "silver-gold-pyramids", players=3, games=18, bots=("greedy", "random"), seed=5, chunk_games=3
)


def _without_timing(summary: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in summary.items() if key not in ("timing", "games_per_second")}


def test_ray_plays_the_same_games_as_local_processes(tmp_path: Path) -> None:
    local = simulate(SMALL, tmp_path / "local", workers=2)
    with RayTasks(2, None) as tasks:  # one local Ray for the whole test
        reported_while_playing(tasks, tmp_path)
        on_ray = simulate(SMALL, tmp_path / "ray", workers=2, backend="ray")
        assert on_ray["timing"]["backend"] == "ray"
        assert _without_timing(on_ray) == _without_timing(local)
        assert (tmp_path / "ray" / "games.csv").read_bytes() == (
            tmp_path / "local" / "games.csv"
        ).read_bytes()
        base = Simulation("pyramido", 2, 6, ("random",))
        result = compare(base, base.with_ruleset("pyramido-no-mino", ()), backend="ray", workers=2)
        assert len(result["differences"]) > 5


def test_a_ray_worker_that_dies_loses_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Ray plays a task again when its worker dies; one that dies every time is reported
    with its chunk and first seed, the other chunks kept for ``--resume``."""
    simulation = Simulation("pyramido", 2, 12, ("greedy", "random"), 7, chunk_games=4)
    victim = simulation.game_seed(5)  # in chunk 1 (games 4-7)
    plugin = tmp_path / "killer.py"
    plugin.write_text(KILLER.format(seed=victim), encoding="utf-8")
    simulation = Simulation("pyramido", 2, 12, ("greedy", "random"), 7, plugins=(str(plugin),), chunk_games=4)
    expected = simulate(simulation)  # PYRAMIDO_TEST_KILL unset: nobody dies
    monkeypatch.setenv("PYRAMIDO_TEST_KILL", "always")
    lost = rf"\(Ray: \w+\) playing chunk 1 \(games 4-7, first seed {simulation.game_seed(4)}\);"
    with pytest.raises(WorkerLost, match=lost):
        simulate(simulation, tmp_path / "run", workers=2, backend="ray")
    monkeypatch.setenv("PYRAMIDO_TEST_KILL", str(tmp_path / "killed"))  # dies once: Ray plays it again
    resumed = simulate(simulation, tmp_path / "run", workers=2, backend="ray", resume=True)
    assert (tmp_path / "killed").exists()
    assert _without_timing(resumed) == _without_timing(expected)

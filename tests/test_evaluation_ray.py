"""``--backend ray`` on a real local Ray (``ray.init()`` here): the same chunks as Ray
tasks, the same rows and summary as local processes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pyramido.evaluation import Simulation, compare, simulate

SMALL = Simulation(
    "silver-gold-pyramids", players=3, games=18, bots=("greedy", "random"), seed=5, chunk_games=3
)


def _without_timing(summary: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in summary.items() if key not in ("timing", "games_per_second")}


def test_ray_plays_the_same_games_as_local_processes(tmp_path: Path) -> None:
    local = simulate(SMALL, tmp_path / "local", workers=2)
    on_ray = simulate(SMALL, tmp_path / "ray", workers=2, backend="ray")
    assert on_ray["timing"]["backend"] == "ray"
    assert _without_timing(on_ray) == _without_timing(local)
    assert (tmp_path / "ray" / "games.csv").read_bytes() == (tmp_path / "local" / "games.csv").read_bytes()
    base = Simulation("pyramido", 2, 6, ("random",))
    result = compare(base, base.with_ruleset("pyramido-no-mino", ()), backend="ray", workers=2)
    assert len(result["differences"]) > 5

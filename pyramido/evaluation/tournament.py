"""Bots against each other: a tournament's seeded games rated with the Plackett-Luce model
of openskill (a well-kept rating library: a Bayesian rating per bot, its mean ``mu`` and
uncertainty ``sigma``; bots are ranked by ``mu - 3 * sigma``, a rating they are very
likely above).

Games are rated in their order (by game number), so the same games give the same ratings
whatever played them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.console import Console

from .config import Simulation
from .run import run


def tournament(
    simulation: Simulation,
    out: str | Path | None = None,
    *,
    workers: int = 1,
    backend: str = "local",
    address: str | None = None,
    resume: bool = False,
    console: Console | None = None,
) -> dict[str, Any]:
    """Play ``simulation`` (a tournament: see :class:`~.config.Simulation`) and rate its
    bots; with ``out``, the run's files plus ``ratings.json`` and the ratings plot."""
    rows, summary, folder = run(
        simulation, out, workers=workers, backend=backend, address=address, resume=resume, console=console
    )
    result: dict[str, Any] = {"ratings": ratings(simulation, rows), "summary": summary}
    if folder is not None:
        from .jsonfiles import write_json
        from .output import plot_ratings

        write_json(folder / "ratings.json", result["ratings"])
        plot_ratings(folder, simulation, result["ratings"])
    return result


def ratings(simulation: Simulation, rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each bot's rating after every game in order, best first."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    rated = {name: model.rating(name=name) for name in simulation.bots}
    for row in sorted(rows, key=lambda row: row["game"]):
        seats = row["seats"]
        teams = model.rate([[rated[seat["bot"]]] for seat in seats], ranks=[seat["rank"] for seat in seats])
        for seat, (rating,) in zip(seats, teams, strict=True):
            rated[seat["bot"]] = rating
    table = []
    for name, rating in rated.items():
        played = [seat for row in rows for seat in row["seats"] if seat["bot"] == name]
        table.append(
            {
                "bot": name,
                "mu": round(rating.mu, 4),
                "sigma": round(rating.sigma, 4),
                "ordinal": round(rating.ordinal(), 4),
                "games": len(played),
                "win_rate": round(sum(seat["won"] for seat in played) / len(played), 4) if played else None,
                "mean_score": round(sum(seat["score"] for seat in played) / len(played), 4)
                if played
                else None,
            }
        )
    return sorted(table, key=lambda entry: (-entry["ordinal"], entry["bot"]))

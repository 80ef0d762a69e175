"""Bots against each other: a tournament's seeded games rated with the Plackett-Luce model
of openskill (a well-kept rating library: a Bayesian rating per bot, its mean ``mu`` and
uncertainty ``sigma``; bots are ranked by ``mu - 3 * sigma``, a rating they are very
likely above; the 95% interval is ``mu +- 1.96 sigma``), and each pair of bots head to head.

Games are rated in their order (by game number), so the same games give the same ratings
whatever played them. Head to head, two bots meet in every game that seats both: the one
ranked ahead wins, equal ranks draw (in a game of more seats, each pair of its bots is a
meeting), and the margin is the first bot's score minus the other's.
"""

from __future__ import annotations

from itertools import combinations
from pathlib import Path
from typing import Any

from rich.console import Console

from .config import Simulation
from .run import run
from .stats import Z95, mean_ci, wilson

Row = dict[str, Any]


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
    """Play ``simulation`` (a tournament: see :class:`~.config.Simulation`), rate its bots
    and set each pair head to head; with ``out``, the run's files plus ``ratings.json``
    (ratings and head to head) and their plot."""
    rows, summary, folder = run(
        simulation, out, workers=workers, backend=backend, address=address, resume=resume, console=console
    )
    result: dict[str, Any] = {
        "ratings": ratings(simulation, rows),
        "head_to_head": head_to_head(simulation, rows),
        "summary": summary,
    }
    if folder is not None:
        from .jsonfiles import write_json
        from .output import plot_tournament

        write_json(folder / "ratings.json", {key: result[key] for key in ("ratings", "head_to_head")})
        plot_tournament(folder, simulation, result["ratings"], result["head_to_head"])
    return result


def ratings(simulation: Simulation, rows: list[Row]) -> list[dict[str, Any]]:
    """Each bot's rating after every game in order, with its interval, best first."""
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
        wins = wilson(sum(seat["won"] for seat in played), len(played)).to_json()
        score = mean_ci([seat["score"] for seat in played]).to_json()
        table.append(
            {
                "bot": name,
                "mu": round(rating.mu, 4),
                "sigma": round(rating.sigma, 4),
                "ci95": [round(rating.mu - Z95 * rating.sigma, 4), round(rating.mu + Z95 * rating.sigma, 4)],
                "ordinal": round(rating.ordinal(), 4),
                "games": len(played),
                "win_rate": wins["mean"],
                "win_rate_ci95": wins["ci95"],
                "mean_score": score["mean"],
                "mean_score_ci95": score["ci95"],
            }
        )
    return sorted(table, key=lambda entry: (-entry["ordinal"], entry["bot"]))


def head_to_head(simulation: Simulation, rows: list[Row]) -> list[dict[str, Any]]:
    """Each pair of bots (in the order they were named) over the games that seat both: the
    first's wins, draws and losses against the second, each rate with its Wilson interval,
    and its mean score margin with its 95% interval."""
    table = []
    for bot, opponent in combinations(dict.fromkeys(simulation.bots), 2):
        meetings = [_meeting(row, bot, opponent) for row in rows]
        met = [meeting for meeting in meetings if meeting is not None]
        outcomes = [outcome for outcome, _ in met]
        margin = mean_ci([gap for _, gap in met]).to_json()
        entry: dict[str, Any] = {"bot": bot, "opponent": opponent, "games": len(met)}
        for key, outcome in (("wins", 1), ("draws", 0), ("losses", -1)):
            count = outcomes.count(outcome)
            entry[key] = count
            entry[f"{key}_rate"] = wilson(count, len(met)).to_json()
        entry["margin"] = margin
        table.append(entry)
    return table


def _meeting(row: Row, bot: str, opponent: str) -> tuple[int, float] | None:
    """In ``row``, ``bot``'s result against ``opponent`` (1 ahead, 0 level, -1 behind) and
    its score margin, or ``None`` if the game does not seat both."""
    seats = {seat["bot"]: seat for seat in row["seats"]}
    if bot not in seats or opponent not in seats:
        return None
    mine, theirs = seats[bot], seats[opponent]
    outcome = (mine["rank"] < theirs["rank"]) - (mine["rank"] > theirs["rank"])
    return outcome, mine["score"] - theirs["score"]

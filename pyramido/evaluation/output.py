"""A run's files: one row per game (``games.csv``, and ``games.parquet`` through pyarrow),
``summary.json``, and the plots (matplotlib, PNG and SVG): score distributions per seat
and per bot, win rate by seat with its interval.

Imported only when a run writes its folder: pyarrow and matplotlib are the ``sim`` extra.
"""

from __future__ import annotations

import csv
from pathlib import Path
from typing import Any

from ..errors import ArgumentError
from .config import Simulation

SUMMARY = "summary.json"
ROWS = "games"


def flat_rows(simulation: Simulation, rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """One flat record per game: its number, seed, length and first player, then
    ``seatK_bot``, ``seatK_score``, ``seatK_rank``, ``seatK_won``, ``seatK_out`` per seat."""
    flat = []
    for row in sorted(rows, key=lambda row: row["game"]):
        record = {key: row[key] for key in ("game", "seed", "steps", "first_player")}
        for seat, result in enumerate(row["seats"]):
            for key in ("bot", "score", "rank", "won", "out"):
                record[f"seat{seat}_{key}"] = result[key]
        flat.append(record)
    return flat


def require_libraries() -> None:
    """pyarrow and matplotlib, or an error saying which extra brings them (asked before a
    run plays anything, so that a run with ``--out`` never ends without its files)."""
    try:
        import matplotlib  # noqa: F401
        import pyarrow.parquet  # noqa: F401
    except ImportError as exc:
        raise ArgumentError(
            f"--out needs pyarrow and matplotlib: pip install 'pyramido[sim]' ({exc})"
        ) from None


def write_outputs(
    folder: Path, simulation: Simulation, rows: list[dict[str, Any]], summary: dict[str, Any]
) -> None:
    """Write the rows, the summary and the plots of a finished run into ``folder``."""
    require_libraries()
    import matplotlib
    import pyarrow
    import pyarrow.parquet

    from .jsonfiles import write_json

    flat = flat_rows(simulation, rows)
    with open(folder / f"{ROWS}.csv", "w", newline="", encoding="utf-8") as stream:
        writer = csv.DictWriter(stream, fieldnames=list(flat[0]) if flat else ["game"])
        writer.writeheader()
        writer.writerows(flat)
    table = pyarrow.Table.from_pylist(flat, schema=_schema(pyarrow, simulation.players))
    pyarrow.parquet.write_table(table, folder / f"{ROWS}.parquet")
    write_json(folder / SUMMARY, summary)
    matplotlib.use("Agg")
    _plot_scores(folder, simulation, rows)
    _plot_win_rates(folder, summary)


def _schema(pyarrow: Any, players: int) -> Any:
    """The rows' column types (seeds are unsigned 64-bit: beyond what a guess would take)."""
    fields = [("game", pyarrow.int64()), ("seed", pyarrow.uint64()), ("steps", pyarrow.int64())]
    fields.append(("first_player", pyarrow.int64()))
    for seat in range(players):
        fields += [
            (f"seat{seat}_bot", pyarrow.string()),
            (f"seat{seat}_score", pyarrow.int64()),
            (f"seat{seat}_rank", pyarrow.int64()),
            (f"seat{seat}_won", pyarrow.bool_()),
            (f"seat{seat}_out", pyarrow.bool_()),
        ]
    return pyarrow.schema(fields)


def _save(figure: Any, folder: Path, name: str) -> None:
    """PNG and SVG, with no date in them: the same run, the same files."""
    import matplotlib.pyplot as plt

    figure.tight_layout()
    with plt.rc_context({"svg.hashsalt": "pyramido"}):
        figure.savefig(folder / f"{name}.svg", metadata={"Date": None})
    figure.savefig(folder / f"{name}.png", dpi=100, metadata={"Software": None})
    plt.close(figure)


def _plot_scores(folder: Path, simulation: Simulation, rows: list[dict[str, Any]]) -> None:
    """Score histograms: one panel per seat, one per bot."""
    import matplotlib.pyplot as plt

    by_seat = {f"seat {s}": [row["seats"][s]["score"] for row in rows] for s in range(simulation.players)}
    by_bot: dict[str, list[int]] = {}
    for row in rows:
        for result in row["seats"]:
            by_bot.setdefault(f"bot {result['bot']}", []).append(result["score"])
    groups = {**by_seat, **dict(sorted(by_bot.items()))}
    figure, axes = plt.subplots(len(groups), 1, figsize=(6, 1.6 * len(groups)), sharex=True, squeeze=False)
    everything = [score for scores in groups.values() for score in scores] or [0]
    bins = range(min(everything), max(everything) + 2)
    for axis, (name, scores) in zip(axes[:, 0], groups.items(), strict=True):
        axis.hist(scores, bins=bins, color="#4c72b0")
        axis.set_ylabel(name, rotation=0, ha="right", va="center")
    axes[-1, 0].set_xlabel("final score")
    axes[0, 0].set_title(f"{simulation.loaded.id}: scores of {len(rows)} games")
    _save(figure, folder, "scores")


def _plot_win_rates(folder: Path, summary: dict[str, Any]) -> None:
    """Win rate by seat, with the 95% intervals as error bars and the fair share as a line."""
    import matplotlib.pyplot as plt

    seats = summary["seats"]
    rates = [seat["win_rate"] or 0.0 for seat in seats]
    low = [rate - (seat["win_rate_ci95"][0] or 0.0) for rate, seat in zip(rates, seats, strict=True)]
    high = [(seat["win_rate_ci95"][1] or 0.0) - rate for rate, seat in zip(rates, seats, strict=True)]
    figure, axis = plt.subplots(figsize=(5, 3))
    axis.bar([f"seat {seat['seat']}" for seat in seats], rates, yerr=[low, high], capsize=4, color="#55a868")
    axis.axhline(1 / summary["players"], color="grey", linestyle="--", linewidth=1, label="fair share")
    axis.set_ylabel("win rate")
    axis.set_ylim(0, 1)
    axis.legend()
    axis.set_title(f"{summary['ruleset']}: win rate by seat ({summary['games']} games)")
    _save(figure, folder, "win_rate_by_seat")


def plot_ratings(folder: Path, simulation: Simulation, ratings: list[dict[str, Any]]) -> None:
    """Each bot's rating ``mu`` with ``3 sigma`` below it (its ordinal) as an error bar."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axis = plt.subplots(figsize=(5, 0.5 + 0.5 * len(ratings)))
    names = [entry["bot"] for entry in ratings][::-1]
    means = [entry["mu"] for entry in ratings][::-1]
    below = [3 * entry["sigma"] for entry in ratings][::-1]
    axis.barh(names, means, xerr=[below, [0] * len(below)], capsize=4, color="#8172b3")
    axis.set_xlabel("rating (mu; the bar below reaches mu - 3 sigma)")
    axis.set_title(f"{simulation.loaded.id}: ratings")
    _save(figure, folder, "ratings")

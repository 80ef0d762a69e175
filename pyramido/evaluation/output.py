"""A run's files: one row per game (``games.csv``, and ``games.parquet`` through pyarrow),
``summary.json``, and the plots (matplotlib, PNG and SVG): score distributions per seat
and per bot, win rate by seat with its interval (from the seating design's complete blocks
only, where the seats' bots are balanced), a tournament's ratings and head-to-head margins.

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
    """One flat record per game: its number, seed, length, first player and ``moves`` (the
    digest of what was played), then ``seatK_bot``, ``seatK_score``, ``seatK_rank``,
    ``seatK_won``, ``seatK_out`` per seat."""
    flat = []
    for row in sorted(rows, key=lambda row: row["game"]):
        record = {key: row[key] for key in ("game", "seed", "steps", "first_player", "moves")}
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
    _plot_win_rates(folder, simulation, rows)


def _schema(pyarrow: Any, players: int) -> Any:
    """The rows' column types (seeds are unsigned 64-bit: beyond what a guess would take)."""
    fields = [("game", pyarrow.int64()), ("seed", pyarrow.uint64()), ("steps", pyarrow.int64())]
    fields += [("first_player", pyarrow.int64()), ("moves", pyarrow.string())]
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


def _plot_win_rates(folder: Path, simulation: Simulation, rows: list[dict[str, Any]]) -> None:
    """Win rate by seat over the games of complete blocks of the seating design (the others
    would show the bots' strength as the seats'), with the 95% intervals as error bars and
    the fair share as a line."""
    import matplotlib.pyplot as plt

    from .summary import seat_win_rates

    games, estimates = seat_win_rates(simulation, rows)
    rates = [0.0 if games == 0 else rate.mean for rate in estimates]
    low = [0.0 if games == 0 else rate.mean - rate.low for rate in estimates]
    high = [0.0 if games == 0 else rate.high - rate.mean for rate in estimates]
    figure, axis = plt.subplots(figsize=(5, 3))
    seats = [f"seat {seat}" for seat in range(simulation.players)]
    axis.bar(seats, rates, yerr=[low, high], capsize=4, color="#55a868")
    axis.axhline(1 / simulation.players, color="grey", linestyle="--", linewidth=1, label="fair share")
    axis.set_ylabel("win rate")
    axis.set_ylim(0, 1)
    axis.legend()
    block = len(simulation.design.block)
    axis.set_title(
        f"{simulation.loaded.id}: win rate by seat\n({games} games: the complete blocks of {block} seatings)",
        fontsize=10,
    )
    _save(figure, folder, "win_rate_by_seat")


def plot_tournament(
    folder: Path, simulation: Simulation, ratings: list[dict[str, Any]], pairs: list[dict[str, Any]]
) -> None:
    """``ratings.png/svg``: each bot's rating ``mu`` with its 95% interval (``mu +- 1.96
    sigma``), best on top; beside it each pair's mean score margin with its 95% interval,
    labelled with its wins, draws and losses."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    height = 1.2 + 0.45 * max(len(ratings), len(pairs))
    figure, (left, right) = plt.subplots(1, 2, figsize=(10, height))
    shown = ratings[::-1]
    means = [entry["mu"] for entry in shown]
    spans = [[m - entry["ci95"][0] for m, entry in zip(means, shown, strict=True)]]
    spans.append([entry["ci95"][1] - m for m, entry in zip(means, shown, strict=True)])
    left.errorbar(means, [e["bot"] for e in shown], xerr=spans, fmt="o", capsize=4, color="#8172b3")
    left.set_xlabel("rating mu, 95% interval (mu +- 1.96 sigma)")
    left.set_title(f"{simulation.loaded.id}: openskill ratings")
    listed = pairs[::-1]
    labels = [f"{p['bot']} - {p['opponent']}\n{p['wins']}-{p['draws']}-{p['losses']}" for p in listed]
    margins = [p["margin"]["mean"] or 0.0 for p in listed]
    low = [m - (p["margin"]["ci95"][0] or m) for m, p in zip(margins, listed, strict=True)]
    high = [(p["margin"]["ci95"][1] or m) - m for m, p in zip(margins, listed, strict=True)]
    right.errorbar(margins, labels, xerr=[low, high], fmt="o", capsize=4, color="#c44e52")
    right.axvline(0, color="grey", linestyle="--", linewidth=1)
    right.set_xlabel("mean score margin, 95% interval")
    right.set_title("head to head (wins-draws-losses)")
    _save(figure, folder, "ratings")

"""A house rule against its base: the same seeds and bots under both rulesets (paired
games), and for each statistic the difference with its 95% interval, significant when the
interval leaves out 0.

Pairing removes most of the noise: game ``g`` of the base and of the variant start from the
same seed with the same bots in the same seats, so what differs is the rule. A game that
failed under either ruleset is left out of the pairs (and reported in its summary).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from rich.console import Console

from .config import Simulation
from .run import check_folder, check_run, play, prepare
from .stats import mean_ci, paired
from .summary import summarize

Row = dict[str, Any]


def compare(
    base: Simulation,
    variant: Simulation,
    out: str | Path | None = None,
    *,
    workers: int = 1,
    backend: str = "local",
    address: str | None = None,
    resume: bool = False,
    console: Console | None = None,
) -> dict[str, Any]:
    """Play ``base`` and ``variant`` (the same games under two rulesets) and return their
    ``differences`` and both summaries; with ``out``, each run's files go to ``out/base``
    and ``out/variant`` and the comparison to ``out/comparison.json``."""
    check_run(workers, backend, address, out)
    folders = (None, None) if out is None else (Path(out) / "base", Path(out) / "variant")
    runs = list(zip((base, variant), folders, strict=True))
    for simulation, folder in runs:  # both folders checked before either is written
        if folder is not None:
            check_folder(folder, simulation, resume)
    for simulation, folder in runs:
        if folder is not None:
            prepare(folder, simulation, resume)
    played = [
        play(s, f, workers, backend, address, console) for s, f in zip((base, variant), folders, strict=True)
    ]
    (base_rows, base_failures, _), (variant_rows, variant_failures, _) = played
    result: dict[str, Any] = {
        "base": summarize(base, base_rows, base_failures),
        "variant": summarize(variant, variant_rows, variant_failures),
        "differences": differences(base, base_rows, variant_rows),
    }
    if out is not None:
        from .jsonfiles import write_json
        from .output import write_outputs

        for simulation, folder, (rows, _, timing), key in zip(
            (base, variant), folders, played, ("base", "variant"), strict=True
        ):
            assert folder is not None
            write_outputs(folder, simulation, rows, {**result[key], "timing": timing})
        write_json(Path(out) / "comparison.json", result)
    return result


def statistics(simulation: Simulation) -> dict[str, Callable[[Row], float | None]]:
    """Each compared statistic as a number per game (``None`` where a game has none: the
    first player's win in a game that starts with a simultaneous decision)."""
    found: dict[str, Callable[[Row], float | None]] = {
        "mean score": lambda row: _mean(s["score"] for s in row["seats"]),
        "score spread": lambda row: (
            max(s["score"] for s in row["seats"]) - min(s["score"] for s in row["seats"])
        ),
        "game length": lambda row: row["steps"],
        "eliminations": lambda row: sum(s["out"] for s in row["seats"]),
        "first player wins": lambda row: (
            None if row["first_player"] is None else row["seats"][row["first_player"]]["won"]
        ),
    }
    for seat in range(simulation.players):
        found[f"seat {seat} score"] = _seat_value(seat, "score")
        found[f"seat {seat} wins"] = _seat_value(seat, "won")
    if len(set(simulation.bots)) > 1:
        for bot in sorted(set(simulation.bots)):
            found[f"{bot} score"] = _bot_score(bot)
    return found


def _seat_value(seat: int, key: str) -> Callable[[Row], float]:
    return lambda row: float(row["seats"][seat][key])


def _bot_score(bot: str) -> Callable[[Row], float]:
    return lambda row: _mean(s["score"] for s in row["seats"] if s["bot"] == bot)


def differences(
    simulation: Simulation, base_rows: list[Row], variant_rows: list[Row]
) -> list[dict[str, Any]]:
    """``variant - base`` of each statistic over the games both finished (a statistic some
    of those games do not have is left out)."""
    variant_by_game = {row["game"]: row for row in variant_rows}
    pairs = [(row, variant_by_game[row["game"]]) for row in base_rows if row["game"] in variant_by_game]
    found = []
    for name, value in statistics(simulation).items():
        before = [float(x) for x in (value(b) for b, _ in pairs) if x is not None]
        after = [float(x) for x in (value(v) for _, v in pairs) if x is not None]
        if len(before) < len(pairs) or len(after) < len(pairs):
            continue
        difference = paired(before, after)
        found.append(
            {
                "statistic": name,
                "base": mean_ci(before).to_json()["mean"],
                "variant": mean_ci(after).to_json()["mean"],
                "difference": difference.to_json()["mean"],
                "ci95": difference.to_json()["ci95"],
                "significant": difference.excludes_zero,
                "games": len(pairs),
            }
        )
    return found


def _mean(values: Iterable[float]) -> float:
    listed = list(values)
    return sum(listed) / len(listed)

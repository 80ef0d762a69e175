"""A house rule against its base: the same seeds and bots under both rulesets (paired
games), for each statistic the difference with its 95% interval, significant when the
interval leaves out 0, and how often the rule changes play at all.

Pairing removes most of the noise: game ``g`` of the base and of the variant start from the
same seed with the same bots in the same seats, so what differs is the rule. A game that
failed under either ruleset is left out of the pairs (and reported in its summary). A rule
may change who plays when, or what the bots choose, and leave every mean as it was: the
share of pairs played otherwise (:func:`changed_play`) shows it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.console import Console

from ..errors import ArgumentError, brief
from .config import Simulation
from .design import imbalance
from .run import Run, check_folder, check_run, playing, prepare
from .stats import Z95, games_needed, mean_ci, paired, wilson
from .summary import balanced_rows, seating_of, summarize

Row = dict[str, Any]
#: The statistic ``--until-significant`` watches unless told another.
PRIMARY = "mean score"


@dataclass(frozen=True)
class Statistic:
    """A compared statistic: its value per game (``None`` where a game has none: the first
    player's win in a game that starts with a simultaneous decision) and, for a seat's
    statistic, which seat (``None``: the first player's), whose bots the design balances."""

    value: Callable[[Row], float | None]
    seat: Callable[[Row], int] | None = None


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
    until_significant: bool = False,
    statistic: str | None = None,
) -> dict[str, Any]:
    """Play ``base`` and ``variant`` (the same games under two rulesets) and return their
    ``differences``, the share of games played otherwise (``changed``) and both
    summaries; with ``out``, each run's files go to ``out/base``
    and ``out/variant`` and the comparison to ``out/comparison.json``. With
    ``until_significant``, ``base.games`` is a budget, looked at as :mod:`.sequential`
    says, and the comparison stops as soon as ``statistic`` (:data:`PRIMARY` unless told)
    differs beyond chance."""
    check_run(workers, backend, address, out)
    if statistic is not None and not until_significant:
        raise ArgumentError("--statistic is for --until-significant")
    statistic = statistic or PRIMARY
    if until_significant:
        check_statistic(base, statistic)
        from .sequential import check_budget

        check_budget(base.games)
    folders = (None, None) if out is None else (Path(out) / "base", Path(out) / "variant")
    simulations = (base, variant)
    for simulation, folder in zip(simulations, folders, strict=True):  # both checked before either is written
        if folder is not None:
            check_folder(folder, simulation, resume)
    for simulation, folder in zip(simulations, folders, strict=True):
        if folder is not None:
            prepare(folder, simulation, resume)
    with playing(backend, workers, address, console) as (played_on, progress):
        runs = [Run(s, f, played_on, progress) for s, f in zip(simulations, folders, strict=True)]
        if until_significant:
            sequential, z = _play_looks(base, runs, statistic)
        else:
            for played in runs:
                played.play(base.games)
            sequential, z = None, Z95
    rows = [played.rows for played in runs]
    result: dict[str, Any] = {
        "base": summarize(base, rows[0], runs[0].failures),
        "variant": summarize(variant, rows[1], runs[1].failures),
        "differences": differences(base, rows[0], rows[1], z),
        "changed": changed_play(rows[0], rows[1]),
        "sequential": sequential,
    }
    if out is not None:
        from .jsonfiles import write_json
        from .output import write_outputs

        for simulation, folder, played, key in zip(
            simulations, folders, runs, ("base", "variant"), strict=True
        ):
            assert folder is not None
            write_outputs(folder, simulation, played.rows, {**result[key], "timing": played.timing(backend)})
        write_json(Path(out) / "comparison.json", result)
    return result


def check_statistic(simulation: Simulation, name: str) -> None:
    """``--statistic`` must name a statistic of this comparison."""
    known = statistics(simulation)
    if name not in known:
        raise ArgumentError(f"--statistic is one of {', '.join(map(repr, known))}, not {brief(name)}")


def _play_looks(base: Simulation, runs: list[Run], statistic: str) -> tuple[dict[str, Any], float]:
    """Play look after look until ``statistic`` differs beyond the look's critical value or
    the budget is spent; what happened, and the critical value of the intervals."""
    from .sequential import ALPHA, LOOKS, schedule, stops

    looks = schedule(base.games)
    for look in looks:
        for played in runs:
            played.play(look.games)
        values = _values(statistics(base)[statistic], _pairs(runs[0].rows, runs[1].rows))
        diffs = [] if values is None else [after - before for before, after in zip(*values, strict=True)]
        significant = len(diffs) >= 2 and stops(diffs, look)
        if significant:
            break
    for played in runs:
        played.progress.total(played.task, look.games)
    return {
        "statistic": statistic,
        "alpha": ALPHA,
        "looks": [planned.to_json() for planned in looks[:LOOKS]],
        "stopped_at_look": look.number,
        "games": look.games,
        "budget": base.games,
        "significant": significant,
        "stopped": "significant" if significant else "budget spent",
    }, look.critical


def statistics(simulation: Simulation) -> dict[str, Statistic]:
    """Each compared statistic (see :class:`Statistic`)."""
    found = {
        "mean score": Statistic(lambda row: _mean(s["score"] for s in row["seats"])),
        "score spread": Statistic(
            lambda row: max(s["score"] for s in row["seats"]) - min(s["score"] for s in row["seats"])
        ),
        "game length": Statistic(lambda row: row["steps"]),
        "eliminations": Statistic(lambda row: sum(s["out"] for s in row["seats"])),
        "first player wins": Statistic(
            lambda row: None if row["first_player"] is None else row["seats"][row["first_player"]]["won"],
            lambda row: row["first_player"],
        ),
    }
    for seat in range(simulation.players):
        found[f"seat {seat} score"] = Statistic(_seat_value(seat, "score"), _fixed(seat))
        found[f"seat {seat} wins"] = Statistic(_seat_value(seat, "won"), _fixed(seat))
    if len(set(simulation.bots)) > 1:
        for bot in sorted(set(simulation.bots)):
            found[f"{bot} score"] = Statistic(_bot_score(bot))
    return found


def _seat_value(seat: int, key: str) -> Callable[[Row], float]:
    return lambda row: float(row["seats"][seat][key])


def _fixed(seat: int) -> Callable[[Row], int]:
    return lambda row: seat


def _bot_score(bot: str) -> Callable[[Row], float]:
    return lambda row: _mean(s["score"] for s in row["seats"] if s["bot"] == bot)


def _pairs(base_rows: list[Row], variant_rows: list[Row]) -> list[tuple[Row, Row]]:
    """The games both rulesets finished, paired, by game number."""
    variant_by_game = {row["game"]: row for row in variant_rows}
    return [(row, variant_by_game[row["game"]]) for row in base_rows if row["game"] in variant_by_game]


def differences(
    simulation: Simulation, base_rows: list[Row], variant_rows: list[Row], z: float = Z95
) -> list[dict[str, Any]]:
    """``variant - base`` of each statistic over the games both finished (a statistic some
    of those games do not have is left out), its interval ``z`` standard errors either side
    (1.96, or a sequential look's critical value), and the games a 95% interval needs to
    leave out 0 at this difference and spread. A seat's statistic is drawn from the
    complete blocks of the seating design, and is not significant, with a ``note``, when
    those games do not balance the seat's bots."""
    pairs = _pairs(base_rows, variant_rows)
    complete = {row["game"] for row in balanced_rows(simulation, [base for base, _ in pairs])}
    balanced = [pair for pair in pairs if pair[0]["game"] in complete]
    found = []
    for name, statistic in statistics(simulation).items():
        used = pairs if statistic.seat is None or not balanced else balanced
        values = _values(statistic, used)
        if values is None:
            continue
        before, after = values
        seat = statistic.seat
        note = None if seat is None else imbalance((seating_of(b), seat(b)) for b, _ in used)
        difference = paired(before, after, z)
        found.append(
            {
                "statistic": name,
                "base": mean_ci(before).to_json()["mean"],
                "variant": mean_ci(after).to_json()["mean"],
                "difference": difference.to_json()["mean"],
                "ci95": difference.to_json()["ci95"],
                "significant": difference.excludes_zero and note is None,
                "games": len(used),
                "games_needed": games_needed([a - b for b, a in zip(before, after, strict=True)]),
                "note": note,
            }
        )
    return found


def changed_play(base_rows: list[Row], variant_rows: list[Row]) -> dict[str, Any]:
    """How often the rule changes play: of the games both rulesets finished, those whose
    moves differ (a step's player or action, or the number of steps: the rows' ``moves``
    digests differ, :func:`~.batch.moves_digest`), and their share with its Wilson 95%
    interval. A rule that changes who starts changes every game; one the bots cannot see
    (a scoring rule, under bots that ignore scores) changes none."""
    pairs = _pairs(base_rows, variant_rows)
    changed = sum(base["moves"] != variant["moves"] for base, variant in pairs)
    share = wilson(changed, len(pairs)).to_json()
    return {"games": len(pairs), "changed": changed, "share": share["mean"], "ci95": share["ci95"]}


def _values(statistic: Statistic, pairs: list[tuple[Row, Row]]) -> tuple[list[float], list[float]] | None:
    """The statistic's base and variant values over ``pairs`` (``None`` if a game has none)."""
    before, after = [], []
    for base, variant in pairs:
        first, second = statistic.value(base), statistic.value(variant)
        if first is None or second is None:
            return None
        before.append(float(first))
        after.append(float(second))
    return before, after


def _mean(values: Iterable[float]) -> float:
    listed = list(values)
    return sum(listed) / len(listed)

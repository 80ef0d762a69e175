"""A batch's rows summed up: per seat and per bot, mean score, win rate, score distribution
and eliminations, each with its 95% interval; game length; the seating design; first-player
advantage.

The first-player advantage is drawn from the games of the seating design's complete blocks
(:mod:`.design`), where each bot holds the first seat in its share of the games; when those
games are not balanced (no complete block yet, a failed game, a first player that is not
always the same seat), the seating confounds it: it is never ``significant`` and its
``note`` says why.

The summary is a function of the rows alone (sorted by game number), so the same games give
the same summary byte for byte whoever played them; only ``games_per_second`` and
``seconds`` are timings, kept apart under ``timing``.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from .config import Simulation
from .design import imbalance
from .stats import Estimate, mean_ci, quantiles, wilson

Row = dict[str, Any]


def summarize(
    simulation: Simulation, rows: list[dict[str, Any]], failures: list[dict[str, Any]]
) -> dict[str, Any]:
    """The summary of ``rows`` (one per finished game) and ``failures`` (games that raised)."""
    rows = sorted(rows, key=lambda row: row["game"])
    seats = [
        _group([row["seats"][seat] for row in rows]) | {"seat": seat} for seat in range(simulation.players)
    ]
    by_bot: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for row in rows:
        for seat in row["seats"]:
            by_bot[seat["bot"]].append(seat)
    balanced = balanced_rows(simulation, rows)
    return {
        "ruleset": simulation.loaded.id,
        "players": simulation.players,
        "bots": {name: _group(by_bot[name]) | {"seats_played": len(by_bot[name])} for name in sorted(by_bot)},
        "games": len(rows),
        "failed_games": [{"game": f["game"], "seed": f["seed"], "error": f["error"]} for f in failures],
        "seats": seats,
        "game_length": mean_ci([row["steps"] for row in rows]).to_json(),
        "eliminations_per_game": mean_ci([sum(s["out"] for s in row["seats"]) for row in rows]).to_json(),
        "design": simulation.design.to_json() | {"games_in_complete_blocks": len(balanced)},
        "first_player": _first_player(balanced or rows, simulation.players),
        "configuration": simulation.configuration(),
    }


def balanced_rows(simulation: Simulation, rows: list[Row]) -> list[Row]:
    """The rows of the seating design's complete blocks (every game of the block played)."""
    complete = set(simulation.design.complete(row["game"] for row in rows))
    return [row for row in rows if row["game"] in complete]


def seat_win_rates(simulation: Simulation, rows: list[Row]) -> tuple[int, list[Estimate]]:
    """Each seat's win rate over the games of complete blocks (the games they are, how many)."""
    balanced = balanced_rows(simulation, rows)
    rates = [
        wilson(sum(row["seats"][seat]["won"] for row in balanced), len(balanced))
        for seat in range(simulation.players)
    ]
    return len(balanced), rates


def seating_of(row: Row) -> tuple[str, ...]:
    """A row's bots, seat by seat."""
    return tuple(seat["bot"] for seat in row["seats"])


def _group(results: list[dict[str, Any]]) -> dict[str, Any]:
    """Score, wins and knock-outs of one seat's or one bot's games."""
    scores = [result["score"] for result in results]
    score = mean_ci(scores).to_json()
    wins = wilson(sum(result["won"] for result in results), len(results)).to_json()
    return {
        "mean_score": score["mean"],
        "ci95": score["ci95"],
        "win_rate": wins["mean"],
        "win_rate_ci95": wins["ci95"],
        "scores": quantiles(scores),
        "eliminated": wilson(sum(result["out"] for result in results), len(results)).to_json(),
    }


def _first_player(rows: list[Row], players: int) -> dict[str, Any] | None:
    """The first player's win rate and advantage over the ``rows`` that have a first player
    (``None`` when none has: every seat takes the first decision at once)."""
    firsts = [row for row in rows if row["first_player"] is not None]
    if not firsts:
        return None
    wins = [row["seats"][row["first_player"]]["won"] for row in firsts]
    note = imbalance((seating_of(row), row["first_player"]) for row in firsts)
    return {
        "games": len(wins),
        "win_rate": wilson(sum(wins), len(wins)).to_json(),
        "fair_share": 1 / players,
        "advantage": _advantage(wins, players, note),
    }


def _advantage(wins: list[bool], players: int, note: str | None) -> dict[str, Any]:
    """The first player's win rate minus a fair share (1 / players), with its interval:
    significant when the interval leaves out 0 and the seating does not confound it
    (``note`` says how it does)."""
    rate = wilson(sum(wins), len(wins))
    share = 1 / players
    low, high = rate.low - share, rate.high - share
    return {
        "difference": round(rate.mean - share, 6),
        "ci95": [round(low, 6), round(high, 6)],
        "significant": (low > 0 or high < 0) and note is None,
        "note": note,
    }

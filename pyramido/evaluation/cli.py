"""``pyramido simulate`` and ``pyramido compare``: batches of seeded games on local worker
processes or a Ray cluster, their statistics, a house rule against its base.

Every option is checked before a game is played (unknown bots, more bots than seats, zero
games, an unwritable ``--out``, a ``--resume`` of another run, a Ray address that does not
answer); a game that fails is reported with its seed and makes the exit code 1.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, TypeVar

import click
from rich.console import Console
from rich.table import Table

from .compare import compare as compare_runs
from .config import CHUNK_GAMES, Simulation
from .run import simulate as simulate_run
from .tournament import tournament as run_tournament

F = TypeVar("F", bound=Callable[..., Any])


def batch_options(command: F) -> F:
    """The options ``simulate`` and ``compare`` share."""
    options = [
        click.option(
            "--with",
            "overlays",
            multiple=True,
            metavar="OVERLAY",
            help="A house-rule overlay on top (repeatable).",
        ),
        click.option(
            "--plugin",
            "plugins",
            multiple=True,
            metavar="FILE",
            help="A house-rule file on top (repeatable).",
        ),
        click.option("--players", type=int, default=2, show_default=True, help="Seats in each game."),
        click.option("--games", type=int, default=1000, show_default=True, help="Games to play."),
        click.option(
            "--bots", default="greedy", show_default=True, help="Bots, comma-separated; they rotate seats."
        ),
        click.option("--seed", type=int, default=0, show_default=True, help="Seed of the whole batch."),
        click.option(
            "--workers", type=int, default=1, show_default=True, help="Worker processes (or Ray CPUs)."
        ),
        click.option(
            "--chunk-games",
            type=int,
            default=CHUNK_GAMES,
            show_default=True,
            help="Games a worker plays at a time (part of the configuration: it decides the seeds).",
        ),
        click.option("--backend", type=click.Choice(["local", "ray"]), default="local", show_default=True),
        click.option("--address", help="A Ray cluster to join (HOST:PORT); default: a local Ray."),
        click.option("--out", type=click.Path(file_okay=False), help="Folder for rows, summary and plots."),
        click.option("--resume", is_flag=True, help="Go on with the interrupted run in --out."),
        click.option("--json", "as_json", is_flag=True, help="Print the result as JSON."),
    ]
    for option in reversed(options):
        command = option(command)
    return command


def _simulation(
    ruleset: str, overlays: tuple[str, ...], plugins: tuple[str, ...], tournament: bool = False, **kwargs: Any
) -> Simulation:
    bots = tuple(name.strip() for name in kwargs["bots"].split(",") if name.strip())
    players, games, seed = kwargs["players"], kwargs["games"], kwargs["seed"]
    chunk_games = kwargs["chunk_games"]
    return Simulation(
        ruleset, players, games, bots, seed, overlays, plugins, chunk_games=chunk_games, tournament=tournament
    )


@click.command()
@click.option(
    "--ruleset", default="pyramido", show_default=True, help="A shipped ruleset id or a ruleset file."
)
@batch_options
@click.pass_obj
def simulate(
    options: Any, /, ruleset: str, overlays: tuple[str, ...], plugins: tuple[str, ...], **kwargs: Any
) -> None:
    """Play a batch of seeded games with bots and sum them up: per seat and per bot, mean
    score and win rate with 95% intervals, score distribution, game length, eliminations,
    first-player advantage."""
    simulation = _simulation(ruleset, overlays, (*options.plugins, *plugins), **kwargs)
    summary = simulate_run(simulation, kwargs["out"], **_running(kwargs))
    if kwargs["as_json"]:
        click.echo(json.dumps(summary, indent=1, sort_keys=True))
    else:
        Console().print(_summary_table(summary))
    _fail_on_failures(summary)


@click.command()
@click.argument("base")
@click.argument("variant")
@batch_options
@click.pass_obj
def compare(
    options: Any,
    /,
    base: str,
    variant: str,
    overlays: tuple[str, ...],
    plugins: tuple[str, ...],
    **kwargs: Any,
) -> None:
    """Play the same seeded games under BASE and VARIANT (rulesets: shipped ids or files,
    a house rule and its game, say) and show each statistic's difference with its 95%
    interval, marked significant when the interval leaves out 0."""
    first = _simulation(base, overlays, (*options.plugins, *plugins), **kwargs)
    second = first.with_ruleset(variant, overlays)
    result = compare_runs(first, second, kwargs["out"], **_running(kwargs))
    if kwargs["as_json"]:
        click.echo(json.dumps(result, indent=1, sort_keys=True))
    else:
        Console().print(_differences_table(result))
    _fail_on_failures(result["base"])
    _fail_on_failures(result["variant"])


@click.command("tournament")
@click.option(
    "--ruleset", default="pyramido", show_default=True, help="A shipped ruleset id or a ruleset file."
)
@batch_options
@click.pass_obj
def tournament_command(
    options: Any, /, ruleset: str, overlays: tuple[str, ...], plugins: tuple[str, ...], **kwargs: Any
) -> None:
    """Bots play each other over seeded games (every group of --players bots in turn, each
    seat in turn) and are rated with openskill's Plackett-Luce model: a table (and with
    --out, ratings.json and a plot)."""
    simulation = _simulation(ruleset, overlays, (*options.plugins, *plugins), tournament=True, **kwargs)
    result = run_tournament(simulation, kwargs["out"], **_running(kwargs))
    if kwargs["as_json"]:
        click.echo(json.dumps(result, indent=1, sort_keys=True))
    else:
        Console().print(_ratings_table(simulation, result["ratings"]))
    _fail_on_failures(result["summary"])


def _ratings_table(simulation: Simulation, ratings: list[dict[str, Any]]) -> Table:
    table = Table(title=f"{simulation.loaded.id}: {simulation.games} games, openskill Plackett-Luce ratings")
    for name in ("bot", "rating (mu - 3 sigma)", "mu", "sigma", "seats played", "win rate", "mean score"):
        table.add_column(name)
    for entry in ratings:
        table.add_row(
            entry["bot"],
            f"{entry['ordinal']:.2f}",
            f"{entry['mu']:.2f}",
            f"{entry['sigma']:.2f}",
            str(entry["games"]),
            f"{entry['win_rate']:.3f}",
            f"{entry['mean_score']:.2f}",
        )
    return table


def _running(kwargs: dict[str, Any]) -> dict[str, Any]:
    """How to run: workers, backend, Ray address, resume."""
    return {key: kwargs[key] for key in ("workers", "backend", "address", "resume")}


def _fail_on_failures(summary: dict[str, Any]) -> None:
    failed = summary["failed_games"]
    if failed:
        listed = ", ".join(f"game {f['game']} (seed {f['seed']}): {f['error']}" for f in failed[:5])
        click.echo(f"error: {len(failed)} game(s) failed: {listed}", err=True)
        raise click.exceptions.Exit(1)


def _interval(ci: list[float | None]) -> str:
    return "-" if None in ci else f"[{ci[0]:.3g}, {ci[1]:.3g}]"


def _summary_table(summary: dict[str, Any]) -> Table:
    rate = summary["games_per_second"]
    table = Table(
        title=f"{summary['ruleset']}, {summary['games']} games" + (f", {rate:,} games/s" if rate else "")
    )
    for name in ("", "mean score", "95% interval", "win rate", "95% interval", "eliminated"):
        table.add_column(name)
    rows = [(f"seat {seat['seat']}", seat) for seat in summary["seats"]]
    rows += [(f"bot {name}", group) for name, group in summary["bots"].items()]
    for label, group in rows:
        table.add_row(
            label,
            f"{group['mean_score']:.2f}",
            _interval(group["ci95"]),
            f"{group['win_rate']:.3f}",
            _interval(group["win_rate_ci95"]),
            f"{group['eliminated']['mean']:.3f}",
        )
    length = summary["game_length"]
    table.caption = f"game length {length['mean']:.1f} steps {_interval(length['ci95'])}; " + _first_player(
        summary["first_player"]
    )
    return table


def _first_player(first: dict[str, Any] | None) -> str:
    if first is None:
        return "no first player (every seat takes the first decision at once)"
    advantage = first["advantage"]
    return f"first-player advantage {advantage['difference']:+.3f} {_interval(advantage['ci95'])}" + (
        " (significant)" if advantage["significant"] else ""
    )


def _differences_table(result: dict[str, Any]) -> Table:
    table = Table(title=f"{result['variant']['ruleset']} against {result['base']['ruleset']}, paired games")
    for name in ("statistic", "base", "variant", "difference", "95% interval", "significant"):
        table.add_column(name)
    for row in result["differences"]:
        table.add_row(
            row["statistic"],
            f"{row['base']:.3f}",
            f"{row['variant']:.3f}",
            f"{row['difference']:+.3f}",
            _interval(row["ci95"]),
            "yes" if row["significant"] else "no",
        )
    return table

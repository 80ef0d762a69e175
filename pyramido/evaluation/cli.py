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

from .backends import usable_cores
from .compare import PRIMARY
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
            "--bots",
            default="greedy",
            show_default=True,
            help="Bots, comma-separated; a design balances them over the seats.",
        ),
        click.option("--seed", type=int, default=0, show_default=True, help="Seed of the whole batch."),
        click.option(
            "--workers",
            type=int,
            help=f"Worker processes (or Ray CPUs); default: the usable cores ({usable_cores()} here).",
        ),
        click.option(
            "--chunk-games",
            type=int,
            default=CHUNK_GAMES,
            show_default=True,
            help="Games saved per chunk file of --out (it changes no game).",
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
@click.option(
    "--until-significant",
    is_flag=True,
    help="Stop once --statistic differs beyond chance (a group-sequential test); --games is the budget.",
)
@click.option(
    "--statistic", help=f"The statistic --until-significant watches (a row of the table; default: {PRIMARY})."
)
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
    interval, marked significant when the interval leaves out 0, and the games an interval
    needs to tell that difference from 0; and how many paired games were played otherwise
    (a move or the turn order differs). With --until-significant, --games is a budget:
    the comparison stops as soon as --statistic differs beyond chance (docs/evaluation.md)."""
    first = _simulation(base, overlays, (*options.plugins, *plugins), **kwargs)
    second = first.with_ruleset(variant, overlays)
    sequential = {"until_significant": kwargs["until_significant"], "statistic": kwargs["statistic"]}
    result = compare_runs(first, second, kwargs["out"], **_running(kwargs), **sequential)
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
    """Bots play each other over seeded games (every group of --players bots in turn, in
    every seating order) and are rated with openskill's Plackett-Luce model, with each pair
    head to head: two tables (and with --out, ratings.json and a plot)."""
    simulation = _simulation(ruleset, overlays, (*options.plugins, *plugins), tournament=True, **kwargs)
    result = run_tournament(simulation, kwargs["out"], **_running(kwargs))
    if kwargs["as_json"]:
        click.echo(json.dumps(result, indent=1, sort_keys=True))
    else:
        console = Console()
        console.print(_ratings_table(simulation, result["ratings"]))
        console.print(_head_to_head_table(result["head_to_head"]))
    _fail_on_failures(result["summary"])


def _ratings_table(simulation: Simulation, ratings: list[dict[str, Any]]) -> Table:
    table = Table(title=f"{simulation.loaded.id}: {simulation.games} games, openskill Plackett-Luce ratings")
    for name in (
        "bot",
        "rating (mu - 3 sigma)",
        "mu",
        "95% interval",
        "seats played",
        "win rate",
        "95% interval",
    ):
        table.add_column(name)
    for entry in ratings:
        table.add_row(
            entry["bot"],
            f"{entry['ordinal']:.2f}",
            f"{entry['mu']:.2f}",
            _interval(entry["ci95"]),
            str(entry["games"]),
            f"{entry['win_rate']:.3f}",
            _interval(entry["win_rate_ci95"]),
        )
    table.caption = "95% interval of a rating: mu +- 1.96 sigma; of a win rate: Wilson's"
    return table


def _head_to_head_table(pairs: list[dict[str, Any]]) -> Table:
    table = Table(title="head to head: the first bot against the second, in the games that seat both")
    for name in (
        "bots",
        "games",
        "wins-draws-losses",
        "win rate",
        "95% interval",
        "mean margin",
        "95% interval",
    ):
        table.add_column(name)
    for pair in pairs:
        table.add_row(
            f"{pair['bot']} - {pair['opponent']}",
            str(pair["games"]),
            f"{pair['wins']}-{pair['draws']}-{pair['losses']}",
            "-" if pair["wins_rate"]["mean"] is None else f"{pair['wins_rate']['mean']:.3f}",
            _interval(pair["wins_rate"]["ci95"]),
            "-" if pair["margin"]["mean"] is None else f"{pair['margin']['mean']:+.2f}",
            _interval(pair["margin"]["ci95"]),
        )
    return table


def _running(kwargs: dict[str, Any]) -> dict[str, Any]:
    """How to run: workers (default: the usable cores), backend, Ray address, resume."""
    running = {key: kwargs[key] for key in ("workers", "backend", "address", "resume")}
    if running["workers"] is None:
        running["workers"] = usable_cores()
    return running


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
    length, design = summary["game_length"], summary["design"]
    table.caption = (
        f"game length {length['mean']:.1f} steps {_interval(length['ci95'])}; "
        f"seating: {design['kind']}, {design['seatings']} seatings a block, "
        f"{design['games_in_complete_blocks']} games in complete blocks; "
        + _first_player(summary["first_player"])
    )
    return table


def _first_player(first: dict[str, Any] | None) -> str:
    if first is None:
        return "no first player (every seat takes the first decision at once)"
    advantage = first["advantage"]
    found = f"first-player advantage {advantage['difference']:+.3f} {_interval(advantage['ci95'])}"
    found += f" over {first['games']} games"
    if advantage["note"]:
        return f"{found} (not significant: {advantage['note']})"
    return found + (" (significant)" if advantage["significant"] else "")


def _differences_table(result: dict[str, Any]) -> Table:
    sequential = result["sequential"]
    title = f"{result['variant']['ruleset']} against {result['base']['ruleset']}"
    table = Table(title=f"{title}, {result['base']['games']} paired games")
    interval = "95% interval" if sequential is None else "95% repeated interval"
    for name in ("statistic", "base", "variant", "difference", interval, "significant", "games needed"):
        table.add_column(name)
    notes = []
    for row in result["differences"]:
        significant = "yes" if row["significant"] else "no"
        if row["note"]:
            notes.append(f"{row['statistic']}: {row['note']}")
            significant += f" (note {len(notes)})"
        table.add_row(
            row["statistic"],
            f"{row['base']:.3f}",
            f"{row['variant']:.3f}",
            f"{row['difference']:+.3f}",
            _interval(row["ci95"]),
            significant,
            "-" if row["games_needed"] is None else f"{row['games_needed']:,}",
        )
    captions = [
        _changed(result["changed"]),
        "games needed: the paired games a 95% interval needs to leave out 0 at this difference",
    ]
    if sequential is not None:
        captions.append(_sequential(sequential))
    captions += [f"note {n}: {note}" for n, note in enumerate(notes, 1)]
    table.caption = "\n".join(captions)
    return table


def _changed(changed: dict[str, Any]) -> str:
    """How often the rule changed play, in a line."""
    if not changed["games"]:
        return "played otherwise: no paired games"
    return (
        f"played otherwise (a move or the turn order differs): {changed['changed']:,} of "
        f"{changed['games']:,} paired games, {changed['share']:.3f} {_interval(changed['ci95'])}"
    )


def _sequential(sequential: dict[str, Any]) -> str:
    """What ``--until-significant`` did, in a line."""
    how = (
        f"{sequential['statistic']} differs beyond chance"
        if sequential["significant"]
        else f"budget of {sequential['budget']:,} games spent, {sequential['statistic']} not significant"
    )
    look = f"look {sequential['stopped_at_look']} of {len(sequential['looks'])}"
    return (
        f"--until-significant: stopped after {sequential['games']:,} games ({look}): {how}; "
        f"error rate at most {sequential['alpha']:.0%}"
    )

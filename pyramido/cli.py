"""The ``pyramido`` command: watch bots play, play against them, replay and check records,
list, show and validate rulesets, run the benchmark.

It holds no game of its own: the bots, the terminal look and what a person may type come
from the ruleset's plugins (``pyramido_register_bots``, ``pyramido_register_looks``,
``pyramido_register_shorthands``), and ``--solo MODE`` is a game option the game checks, so
a new game adds its own modules and changes nothing here.

Bad input of any kind (a file, a record, a ruleset, an option: every
:class:`~pyramido.errors.PyramidoError`, and click's usage errors) ends a command with one
message on stderr and exit code 2, never a traceback.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import click
from rich.columns import Columns
from rich.console import Console, Group, RenderableType
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from . import render
from .bots import Bot, bot_factory, make_bot
from .engine import record as records
from .engine import replay as replays
from .engine.actions import Action, ActionFormatError
from .engine.catalog import Catalog
from .engine.game import Game, IllegalActionError
from .engine.ruleset import DEFAULT_RULESET, Ruleset, load_ruleset
from .engine.strict_json import JsonValueError, loads
from .errors import PyramidoError, brief, clip
from .resources import shipped_rulesets

F = TypeVar("F", bound=Callable[..., Any])
LONG_LIST = 15  # more choices than this (placements, markings: fifty, a hundred) go in columns of labels


@dataclass(frozen=True)
class Options:
    """Global options, shared by every command through the click context."""

    plugins: tuple[str, ...] = ()

    def ruleset(self, target: str | Path) -> Ruleset:
        return load_ruleset(target, extra_plugins=self.plugins)

    def catalog(self, files: Sequence[str]) -> Catalog:
        """What a server offers its peers: the shipped rulesets and the ruleset ``files``
        (``--ruleset FILE``), each with the ``--plugin`` files."""
        return Catalog(self.ruleset, {ruleset.id: ruleset for ruleset in map(self.ruleset, files)})


class _Main(click.Group):
    """The command group; it turns engine errors into one line on stderr and exit 2, and
    keeps click's usage errors short (click quotes a bad value whole: ``--seed 999...``)."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        with _short_usage_errors():
            return super().parse_args(ctx, args)

    def invoke(self, ctx: click.Context) -> Any:
        try:
            with _short_usage_errors():
                return super().invoke(ctx)
        except PyramidoError as exc:
            click.echo(f"error: {exc}", err=True)
            ctx.exit(2)


@contextmanager
def _short_usage_errors() -> Iterator[None]:
    try:
        yield
    except click.UsageError as exc:
        raise click.UsageError(clip(exc.format_message()), exc.ctx) from None


plugin_option = click.option(
    "--plugin",
    "plugins",
    multiple=True,
    type=click.Path(dir_okay=False),
    help="A house-rule plugin file loaded on top of the ruleset (repeatable).",
)


@click.group(cls=_Main, context_settings={"help_option_names": ["-h", "--help"]})
@plugin_option
@click.pass_context
def main(ctx: click.Context, plugins: tuple[str, ...]) -> None:
    """Play and check games of the Pyramido family."""
    ctx.obj = Options(plugins)


def game_options(command: F) -> F:
    """--ruleset, --players, --solo and --seed: what starts a game."""
    command = click.option("--seed", default=0, show_default=True, help="Seed of the shuffle.")(command)
    command = click.option(
        "--solo",
        metavar="MODE",
        help="Play alone in the game's solo mode MODE (the game option 'solo', which the game checks).",
    )(command)
    command = click.option(
        "--players",
        type=int,
        help="Number of seats.  [default: 2; with --solo the fewest the ruleset allows]",
    )(command)
    return click.option(
        "--ruleset",
        default=DEFAULT_RULESET,
        show_default=True,
        help="A shipped ruleset id or a ruleset file.",
    )(command)


def _start(
    options: Options, target: str, players: int | None, seed: int, solo: str | None, bots: Sequence[str]
) -> tuple[Game, list[Bot]]:
    """The game the options ask for, and a bot per seat, each with its own seed: a single
    name serves every seat. The bots are checked against the ruleset's own before the game
    starts. ``solo`` is the game's to check (which modes it has, and for how many): it
    only makes the seats default to the fewest the ruleset allows, so that a game without
    a solo mode says it has no such option."""
    ruleset = options.ruleset(target)
    factories = [bot_factory(ruleset, name) for name in bots]
    fewest = ruleset.data["players"]["min"]
    seats = players if players is not None else fewest if solo else 2
    game = Game(ruleset, seats, seed, {"solo": solo} if solo else None)
    if len(factories) == 1:
        factories *= game.num_players
    if len(factories) != game.num_players:
        raise click.BadParameter(f"{len(factories)} bots for {game.num_players} players", param_hint="--bots")
    return game, [factory(seed + seat) for seat, factory in enumerate(factories)]


def _bot_names(ctx: click.Context, param: click.Parameter, value: str) -> list[str]:
    names = [name.strip() for name in value.split(",") if name.strip()]
    if not names:
        raise click.BadParameter("name at least one bot")
    return names


def _show_milestone(game: Game, seat: int | None, console: Console, verbose: bool = False) -> None:
    """After a step, what the game shows when it reaches a milestone (a stage scored, a
    round over; with ``verbose`` more of them), as ``seat`` sees it."""
    view = render.View.of(game, seat)
    shown = view.look.milestone(view, verbose)
    if shown is not None:
        title, picture = shown
        console.rule(title)
        console.print(picture)


def _final(game: Game) -> Group:
    """The game's results (score table or final breakdowns), then the ranking."""
    view = render.View.of(game, None)
    return Group(
        view.look.results(view), render.ranking_table([row.to_json() for row in game.ranking()], view)
    )


# --- demo -------------------------------------------------------------------------------


@main.command()
@game_options
@click.option(
    "--bots",
    "bot_names",
    default="greedy",
    show_default=True,
    callback=_bot_names,
    help="Comma-separated bots, one per seat or one for all (the ruleset's: greedy, random...).",
)
@click.option("--record", "record_path", type=click.Path(dir_okay=False), help="Write the game record here.")
@click.option("--quiet", is_flag=True, help="Show only the final scores.")
@click.option("--verbose", is_flag=True, help="Also tell every step, and show every milestone the game has.")
@click.pass_obj
def demo(
    options: Options,
    ruleset: str,
    players: int | None,
    solo: str | None,
    seed: int,
    bot_names: list[str],
    record_path: str | None,
    quiet: bool,
    verbose: bool,
) -> None:
    """Watch bots play a whole game, with every board and the scores after each stage (or
    round)."""
    if quiet and verbose:
        raise click.UsageError("--quiet and --verbose exclude each other")
    game, bots = _start(options, ruleset, players, seed, solo, bot_names)
    console = Console()
    if not quiet:
        console.print(render.colour_key(render.View.of(game, None)))
    while game.decision is not None:
        for player in game.decision.players:
            if verbose:
                _bot_turn(game, player, bots[player], None, console)
                _tell_news(game, None, console)
            else:
                game.apply_index(bots[player].choose(game, player), player)
            if not quiet:
                _show_milestone(game, None, console, verbose)
    console.print(_final(game))
    if record_path:
        try:
            records.save(game, record_path)
        except OSError as exc:
            raise click.BadParameter(
                f"cannot write {record_path}: {exc.strerror}", param_hint="--record"
            ) from None
        console.print(Text(f"record written to {record_path}"))


# --- play -------------------------------------------------------------------------------


class Quit(Exception):
    """The person typed q."""


@main.command()
@game_options
@click.option("--seat", default=0, show_default=True, help="Your seat (0 starts stage 1).")
@click.option(
    "--bot",
    "bot_name",
    default="greedy",
    show_default=True,
    type=str,
    help="The bot playing every other seat.",
)
@click.pass_obj
def play(
    options: Options, ruleset: str, players: int | None, solo: str | None, seed: int, seat: int, bot_name: str
) -> None:
    """Play one seat against bots: answer with a choice's number, a short form of the
    game's (the prompt says which), an action's JSON, 'hint' or 'q'. You see only what
    your seat may see."""
    game, bots = _start(options, ruleset, players, seed, solo, [bot_name])
    if not 0 <= seat < game.num_players:
        raise click.BadParameter(f"seat {seat} is not in 0..{game.num_players - 1}", param_hint="--seat")
    shorthand = render.shorthand(game.ruleset)
    console = Console()
    console.print(render.colour_key(render.View.of(game, seat)))
    try:
        while game.decision is not None:
            for player in game.decision.players:
                if player == seat:
                    _your_turn(game, seat, shorthand, console)
                else:
                    _bot_turn(game, player, bots[player], seat, console)
                _tell_news(game, seat, console)
                _show_milestone(game, seat, console)
    except Quit:
        console.print(Text(f"You left the game after {len(game.steps)} steps."))
        return
    console.print(_final(game))


def _bot_turn(game: Game, player: int, bot: Bot, seat: int | None, console: Console) -> None:
    """A bot acts; ``seat`` (``None``: a spectator) sees what it did in one line, unless
    the game leaves it untold: a secret decision (shown once everyone chose) or one the
    news tell."""
    view = render.View.of(game, seat)
    action = game.space.action(bot.choose(game, player))
    game.apply_index(action.index, player)
    if view.kind not in view.look.untold:
        described = render.describe_action(action.to_json(game.space), view, player)
        console.print(Text(f"{render.who(player)}: {described}", style="dim"))


def _tell_news(game: Game, seat: int | None, console: Console) -> None:
    """What the last step did beside its action, as ``seat`` saw it (what the game's look
    tells: an automaton's turn, a lost turn, what was chosen at once...)."""
    for line in render.news(render.View.of(game, seat)):
        console.print(Text(line, style="dim"))


def _your_turn(game: Game, seat: int, shorthand: render.Shorthand, console: Console) -> None:
    """Show what matters for the decision, then ask until a legal action is given. The
    choices are numbered, unless the game types them only (too many to number): then its
    instructions and its own hint stand instead."""
    assert game.decision is not None
    view = render.View.of(game, seat)
    legal = game.legal_actions(seat)
    actions = [a.to_json(game.space) for a in legal]
    labels = [render.describe_action(a, view, seat) for a in actions]
    if len(legal) == 1:
        console.print(Text(f"only one choice, taken: {labels[0]}"))
        game.apply_index(legal[0].index, seat)
        return
    console.rule(f"{view.look.heading(view)} · you are player {seat} · {game.decision.kind}")
    console.print(render.situation(view, seat, actions))
    typed_only = shorthand.answers_typed_only([action.kind for action in legal])
    console.print(Text(typed_only.instructions) if typed_only else _choices(actions, labels, view, shorthand))
    while True:
        answer = click.prompt("your choice", prompt_suffix="> ").strip()
        if answer.lower() in ("q", "quit"):
            raise Quit
        if answer.lower() == "hint":
            console.print(Text(typed_only.hint(view, seat) if typed_only else _hint(game, seat, labels)))
            continue
        try:
            game.apply(_parse(answer, legal, view, shorthand), player=seat)
            return
        except (render.BadEntry, IllegalActionError, ActionFormatError) as exc:
            console.print(Text(str(exc), style="red"))


def _hint(game: Game, seat: int, labels: Sequence[str]) -> str:
    """The greedy bot's choice, by its number in the list shown."""
    index = make_bot("greedy", 0, game.ruleset).choose(game, seat)
    number = game.legal_indices(seat).index(index) + 1
    return f"hint: the greedy bot would choose {number}) {labels[number - 1]}"


def _parse(
    answer: str, legal: Sequence[Action], view: render.View, shorthand: render.Shorthand
) -> int | dict[str, Any]:
    """An action's JSON, a short form of the game's (its :class:`~pyramido.render.Shorthand`),
    or the number of a listed choice."""
    if answer.startswith("{"):
        try:
            data = loads(answer)
        except JsonValueError as exc:
            raise render.BadEntry(str(exc)) from None
        if not isinstance(data, dict):
            raise render.BadEntry('an action\'s JSON is an object: {"kind": KIND, FIELD: VALUE, ...}')
        return data
    typed = shorthand.parse(answer, view)
    if typed is not None:
        return typed
    typed_only = shorthand.answers_typed_only([action.kind for action in legal])
    if typed_only is not None:
        raise render.BadEntry(f"{brief(answer)} is not {typed_only.typed}, an action's JSON, 'hint' or 'q'")
    if re.fullmatch(r"\d{1,4}", answer) and 1 <= int(answer) <= len(legal):
        return legal[int(answer) - 1].index
    raise render.BadEntry(f"{brief(answer)} is not a number in 1..{len(legal)} ({_or_typed(shorthand)})")


def _or_typed(shorthand: render.Shorthand) -> str:
    """What may be typed besides a number: ``or 'x y rot' (like '3 4 90'), an action's JSON...``."""
    forms = f"{shorthand.typed}, " if shorthand.typed else ""
    return f"or {forms}an action's JSON, 'hint', 'q'"


def _choices(
    actions: Sequence[dict[str, Any]], labels: Sequence[str], view: render.View, shorthand: render.Shorthand
) -> RenderableType:
    """Numbered choices; a long list (placements are often fifty, markings a hundred) in
    columns of short labels, under the shorthand that types them without their number."""
    if len(actions) <= LONG_LIST:
        table = Table.grid(padding=(0, 1))
        for number, label in enumerate(labels, start=1):
            table.add_row(f"{number:>2})", label)
        return table
    entries = [f"{n:>3}) {render.action_label(a, view)}" for n, a in enumerate(actions, start=1)]
    typed = Text(f"(type a number, {_or_typed(shorthand)})", style="dim")
    return Group(typed, Columns(entries, padding=(0, 3)))


# --- replay, rules, validate, bench -----------------------------------------------------


@main.command()
@click.argument("record_file", type=click.Path(dir_okay=False))
@click.option(
    "--ruleset",
    type=click.Path(dir_okay=False),
    help="The ruleset file the game was played with (a record names only a shipped one by itself).",
)
@plugin_option
@click.pass_obj
def replay(options: Options, record_file: str, ruleset: str | None, plugins: tuple[str, ...]) -> None:
    """Replay a game record, checking every step, and show the final position.

    A record never chooses the files read or the code run: a game played with a ruleset
    file or house-rule files replays only when they are passed with --ruleset and --plugin
    (each checked against the record's hashes before any is imported; shipped house rules
    need neither)."""
    game = replays.replay(records.load(record_file), ruleset, (*options.plugins, *plugins))
    console = Console()
    console.print(Text(f"verified: {len(game.steps)} steps"))
    console.print(render.boards(render.View.of(game, None)))
    console.print(_final(game))


@main.group(invoke_without_command=True)
@click.pass_context
def rules(ctx: click.Context) -> None:
    """List the shipped rulesets: the games, then the house rules ('rules show ID' says
    what one is made of)."""
    if ctx.invoked_subcommand is not None:
        return
    games = Table(title="Games", title_justify="left")
    house_rules = Table(title="House rules (rulesets/house-rules/)", title_justify="left")
    for name in ("id", "players", "components", "name"):
        games.add_column(name, no_wrap=name != "name")
    for name in ("id", "game", "name"):
        house_rules.add_column(name, no_wrap=name != "name")
    for ruleset_id in shipped_rulesets():
        ruleset = load_ruleset(ruleset_id)
        if ruleset.id == ruleset.game:
            limits = ruleset.data["players"]
            components = "provisional" if ruleset.provisional else "published"
            games.add_row(ruleset.id, f"{limits['min']}-{limits['max']}", components, ruleset.name)
        else:
            house_rules.add_row(ruleset.id, ruleset.game, ruleset.name)
    Console().print(games, house_rules)


@rules.command()
@click.argument("target", metavar="ID")
@click.option(
    "--with",
    "overlays",
    multiple=True,
    metavar="OVERLAY",
    help="A house-rule overlay extending ID, applied on top: a shipped house-rule id or a file (repeatable).",
)
@plugin_option
@click.option("--json", "as_json", is_flag=True, help="Print it as JSON.")
@click.pass_obj
def show(
    options: Options, target: str, overlays: tuple[str, ...], plugins: tuple[str, ...], as_json: bool
) -> None:
    """Show what a ruleset (a shipped id or a file) is made of: its plugins, every rule
    parameter with its value, default and description (marked when a hook reading it is
    answered first by another plugin), the values its hooks answer (payment tables, points
    by icons, who starts...), the plugins implementing each hook in the order they are
    asked, and which plugin put each decision's rule step."""
    described = load_ruleset(target, (*options.plugins, *plugins), overlays).describe()
    if as_json:
        click.echo(json.dumps(described, indent=2, ensure_ascii=False))
    else:
        Console().print(_described(described))


def _described(described: dict[str, Any]) -> Group:
    """``rules show`` as text: the same facts as its JSON, each plugin and parameter a line
    and its description indented under it (long descriptions read badly in a table's
    column), the hooks and rule steps in tables."""
    players = described["players"]
    parts: list[RenderableType] = [
        Text(f"{described['id']}: {described['name']}", style="bold"),
        Text(
            f"game {described['game']} · version {described['version']} · "
            f"{players['min']}-{players['max']} players · hash {described['hash'][:12]}"
        ),
        Text("files: " + ", ".join(f"{f['name']} ({f['sha256'][:12]})" for f in described["files"])),
        _heading("Plugins, in registration order (a later one is asked first)"),
    ]
    for plugin in described["plugins"]:
        parts += [Text(f"{plugin['name']}: {plugin['source']}"), _indented(plugin["description"])]
    parts.append(_heading("Rule parameters (* not the default; ! a hook reading it is another plugin's)"))
    for parameter in described["parameters"]:
        value = _json_text(parameter["value"])
        if "default" in parameter:
            default = _json_text(parameter["default"])
            said = f"default {default}" if default == value else f"* default {default}"
        else:
            said = "no default"
        line = f"{parameter['name']} = {value}   ({said}; plugin {parameter['plugin']})"
        parts.append(Text(line))
        for overridden in parameter["overridden_by"]:
            answered = ", ".join(overridden["plugins"])
            said = f"! read by {overridden['hook']}, which {answered} answers first"
            parts.append(_indented(said, "yellow"))
        parts.append(_indented(parameter["description"]))
    implementations = {h["hook"]: _implementations(h["implementations"]) for h in described["hooks"]}
    parts.append(_heading("Values the hooks answer, asked of this ruleset's plugins"))
    for table in described["tables"]:
        hook = table["hook"]
        parts += [Text(f"{table['title']} ({hook}: {implementations[hook]})"), _table(table)]
    if not described["tables"]:
        parts.append(Text("(none: no plugin registers a table through pyramido_register_shown)"))
    parts.append(_heading("Hooks, each with its plugins as they are asked (▶ answers first, ↻ wraps)"))
    hooks = Table.grid(padding=(0, 2))
    for name, said in implementations.items():
        hooks.add_row(name, said)
    parts.append(hooks)
    parts.append(_heading("Rule steps: the plugins that put each decision's, in turn (→)"))
    steps = Table.grid(padding=(0, 2))
    for step in described["steps"]:
        steps.add_row(step["decision"], " → ".join(step["put_by"]), f"({', '.join(step['actions'])})")
    parts.append(steps)
    return Group(*parts)


def _heading(title: str) -> Text:
    return Text("\n" + title, style="bold")


def _indented(text: str, style: str = "dim") -> Padding:
    return Padding(Text(text, style=style), (0, 0, 0, 4), expand=False)


def _table(table: dict[str, Any]) -> RenderableType:
    """A table of a hook's answers, indented, or why it could not be computed."""
    if "error" in table:
        return _indented(f"not shown: {table['error']}", "red")
    grid = Table(*table["columns"], box=None, padding=(0, 1), header_style="dim")
    for row in table["rows"]:
        grid.add_row(*map(_cell, row))
    return Padding(grid, (0, 0, 0, 3), expand=False)


def _cell(value: Any) -> str:
    """A table's value as read: ``yes``/``no``, a list's items, a number or a word as it is."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return ", ".join(map(str, value))
    return str(value)


def _implementations(implementations: Sequence[dict[str, Any]]) -> str:
    """``▶ optional-marking, pyramido``: a hook's plugins as they are asked."""
    marks = [
        ("↻ " if impl["wrapper"] else "▶ " if impl["answers_first"] else "") + impl["plugin"]
        for impl in implementations
    ]
    return ", ".join(marks) or "(none)"


def _json_text(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


@main.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.pass_obj
def validate(options: Options, file: str) -> None:
    """Check a ruleset file: schema, plugins and the plugins' own checks; warn (on stderr)
    of what is probably a mistake in a plugin, such as a function named like a hook but
    not marked @hookimpl, which pluggy ignores."""
    ruleset = options.ruleset(Path(file))
    for problem in ruleset.rules.lint():
        click.echo(f"warning: {problem}", err=True)
    click.echo(f"ok: {ruleset.id} (hash {ruleset.hash[:12]})")


@main.command()
@click.option("--json", "as_json", is_flag=True, help="Print the results as JSON only.")
@click.option("--quick", is_flag=True, help="A short run (for a smoke test).")
@click.option(
    "--play",
    "workload",
    metavar="WORKLOAD",
    help="Only do this measure's work, untimed, for a profiler: a game as the bench names "
    "them (pyramido-4p...), KEY:BOT, decisions, decisions-actions, replay, vector or "
    "vector-nocopy.",
)
@click.option(
    "--games",
    type=click.IntRange(min=1),
    default=40,
    show_default=True,
    help="Games (records, or vector steps) to --play.",
)
@click.option(
    "--passes", type=click.IntRange(min=1), default=1, show_default=True, help="Times to --play them."
)
def bench(as_json: bool, quick: bool, workload: str | None, games: int, passes: int) -> None:
    """Measure the C core against the reference, decisions/s and games/s.

    With --play, do one measure's work without timing it, and print how many decisions
    (records, or env steps) the last pass took: under callgrind, the instructions of --passes 2
    less those of --passes 1 are one warm pass (docs/benchmarks.md)."""
    from .tools.bench import play, report, run  # only here: it loads workloads no other command needs

    if workload is not None:
        try:
            done = play(workload, games, passes)
        except ValueError as exc:
            raise click.UsageError(str(exc)) from None
        click.echo(json.dumps({"workload": workload, "games": games, "passes": passes, "units": done}))
        return
    results = run(quick)
    if as_json:
        click.echo(json.dumps(results))
    else:
        report(results, Console())


# --- render -----------------------------------------------------------------------------


@main.command("render")
@click.argument("record_file", type=click.Path(dir_okay=False))
@click.option(
    "--out", "out_file", required=True, type=click.Path(dir_okay=False), help="The SVG file to write."
)
@click.option("--step", type=int, help="Draw the game after this many steps.  [default: all of them]")
@click.option("--seat", type=int, help="Draw what this seat sees.  [default: a spectator's view]")
@click.option(
    "--ruleset",
    type=click.Path(dir_okay=False),
    help="The ruleset file the game was played with (a record names only a shipped one by itself).",
)
@plugin_option
@click.pass_obj
def render_svg(
    options: Options,
    record_file: str,
    out_file: str,
    step: int | None,
    seat: int | None,
    ruleset: str | None,
    plugins: tuple[str, ...],
) -> None:
    """Draw a recorded game as one seat sees it, as an SVG picture (docs/svg.md).

    The record is verified first, as replay does (with --ruleset and --plugin for a game of
    a ruleset file or of house rules); the picture shows only what the seat may see."""
    from .svg import render_game  # only here: no other command draws SVG

    record = records.load(record_file)
    every = (*options.plugins, *plugins)
    game = (
        replays.replay(record, ruleset, every)
        if step is None
        else replays.replay_to(record, step, ruleset, every)
    )
    if seat is not None and not 0 <= seat < game.num_players:
        raise click.BadParameter(f"seat {seat} is not in 0..{game.num_players - 1}", param_hint="--seat")
    picture = render_game(game, seat).encode("utf-8")
    try:
        Path(out_file).write_bytes(picture)
    except OSError as exc:
        raise click.BadParameter(f"cannot write {out_file}: {exc.strerror}", param_hint="--out") from None
    whose = "a spectator" if seat is None else f"player {seat}"
    click.echo(f"{out_file}: {whose}'s view after step {len(game.steps)} ({len(picture)} bytes)")


def _register_commands() -> None:
    """Commands kept in their own modules, added to the group."""
    from .evaluation.cli import compare, simulate, tournament_command
    from .protocol.command import engine
    from .web.command import serve

    for command in (engine, simulate, compare, tournament_command, serve):
        main.add_command(command)


_register_commands()

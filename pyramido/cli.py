"""The ``pyramido`` command: watch bots play, play against them, replay and check records,
list and validate rulesets, run the benchmark.

Engine errors (every :class:`~pyramido.errors.PyramidoError`) end a command with one line
on stderr and exit code 2, never a traceback; ``replay`` and ``validate`` exit 1 when the
file they check is wrong, since that is the answer they were asked for.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import click
from rich.columns import Columns
from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from . import record as records
from . import render
from .actions import Action, ActionFormatError
from .bots import BOTS, Bot, make_bot
from .engine import Game, IllegalActionError
from .errors import PyramidoError
from .resources import shipped_rulesets
from .ruleset import Ruleset, RulesetError, load_ruleset

F = TypeVar("F", bound=Callable[..., Any])
LONG_LIST = 12  # more choices than this are listed in columns of short labels


@dataclass(frozen=True)
class Options:
    """Global options, shared by every command through the click context."""

    plugins: tuple[str, ...] = ()

    def ruleset(self, target: str | Path) -> Ruleset:
        return load_ruleset(target, extra_plugins=self.plugins)


class _Main(click.Group):
    """The command group; it turns engine errors into one line on stderr and exit 2."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except PyramidoError as exc:
            click.echo(f"error: {exc}", err=True)
            ctx.exit(2)


@click.group(cls=_Main, context_settings={"help_option_names": ["-h", "--help"]})
@click.option(
    "--plugin",
    "plugins",
    multiple=True,
    type=click.Path(dir_okay=False),
    help="A house-rule plugin file loaded on top of the ruleset (repeatable).",
)
@click.pass_context
def main(ctx: click.Context, plugins: tuple[str, ...]) -> None:
    """Play and check games of the Pyramido family."""
    ctx.obj = Options(plugins)


def game_options(command: F) -> F:
    """--ruleset, --players and --seed: what starts a game."""
    command = click.option("--seed", default=0, show_default=True, help="Seed of the shuffle.")(command)
    command = click.option("--players", default=2, show_default=True, help="Number of seats.")(command)
    return click.option(
        "--ruleset",
        default="pyramido",
        show_default=True,
        help="A shipped ruleset id or a ruleset file.",
    )(command)


def _bot_names(ctx: click.Context, param: click.Parameter, value: str) -> list[str]:
    names = [name.strip() for name in value.split(",") if name.strip()]
    unknown = [name for name in names if name not in BOTS]
    if unknown or not names:
        raise click.BadParameter(f"{', '.join(unknown) or 'nothing'}: bots are {', '.join(BOTS)}")
    return names


def _seat_bots(names: Sequence[str], players: int, seed: int) -> list[Bot]:
    """One bot per seat: a single name serves every seat; each bot gets its own seed."""
    if len(names) == 1:
        names = list(names) * players
    if len(names) != players:
        raise click.BadParameter(f"{len(names)} bots for {players} players", param_hint="--bots")
    return [make_bot(name, seed + seat) for seat, name in enumerate(names)]


def _colours(game: Game) -> list[str]:
    colours: list[str] = game.ruleset.data["colours"]
    return colours


def _show_stage_end(game: Game, console: Console) -> None:
    """After a step that scored a stage, or ended the game with nobody left to score,
    every pyramid with its breakdown."""
    stage = next((e["stage"] for e in game.steps[-1]["events"] if e["type"] == "stage_scored"), None)
    if stage is not None:
        console.rule(f"stage {stage} scored")
    elif game.is_over:
        stage = game.observation(None)["stage"]
        console.rule(f"game over in stage {stage}: nobody is left to score")
    else:
        return
    console.print(render.stage_report(game, stage))


def _final(game: Game) -> Group:
    return Group(render.score_table(game.observation(None)), render.ranking_table(game.ranking()))


# --- demo -------------------------------------------------------------------------------


@main.command()
@game_options
@click.option(
    "--bots",
    "bot_names",
    default="greedy",
    show_default=True,
    callback=_bot_names,
    help=f"Comma-separated bots, one per seat or one for all ({', '.join(BOTS)}).",
)
@click.option("--record", "record_path", type=click.Path(dir_okay=False), help="Write the game record here.")
@click.option("--quiet", is_flag=True, help="Show only the final scores.")
@click.pass_obj
def demo(
    options: Options,
    ruleset: str,
    players: int,
    seed: int,
    bot_names: list[str],
    record_path: str | None,
    quiet: bool,
) -> None:
    """Watch bots play a whole game, with every pyramid and score after each stage."""
    game = Game(options.ruleset(ruleset), players, seed)
    bots = _seat_bots(bot_names, players, seed)
    console = Console()
    if not quiet:
        console.print(render.legend(_colours(game)))
    while game.decision is not None:
        for player in game.decision.players:
            game.apply_index(bots[player].choose(game, player), player)
            if not quiet:
                _show_stage_end(game, console)
    console.print(_final(game))
    if record_path:
        try:
            records.save(game, record_path)
        except OSError as exc:
            raise click.FileError(record_path, exc.strerror) from None
        console.print(Text(f"record written to {record_path}"))


# --- play -------------------------------------------------------------------------------


class Quit(Exception):
    """The person typed q."""


class BadEntry(ValueError):
    """A typed answer that names no action at all."""


@main.command()
@game_options
@click.option("--seat", default=0, show_default=True, help="Your seat (0 starts stage 1).")
@click.option(
    "--bot",
    "bot_name",
    default="greedy",
    show_default=True,
    type=click.Choice(sorted(BOTS)),
    help="The bot playing every other seat.",
)
@click.pass_obj
def play(options: Options, ruleset: str, players: int, seed: int, seat: int, bot_name: str) -> None:
    """Play one seat against bots: pick a numbered choice, 'x y rot', JSON, 'hint' or 'q'."""
    if not 0 <= seat < players:
        raise click.BadParameter(f"seat {seat} is not in 0..{players - 1}", param_hint="--seat")
    game = Game(options.ruleset(ruleset), players, seed)
    bots = _seat_bots([bot_name], players, seed)
    console = Console()
    console.print(render.legend(_colours(game)))
    try:
        while game.decision is not None:
            for player in game.decision.players:
                if player == seat:
                    _your_turn(game, seat, console)
                else:
                    _bot_turn(game, player, bots[player], console)
                _show_stage_end(game, console)
    except Quit:
        console.print(Text(f"You left the game after {len(game.steps)} steps."))
        return
    console.print(_final(game))


def _bot_turn(game: Game, player: int, bot: Bot, console: Console) -> None:
    """A bot acts; the person sees what it did in one line."""
    quarry = game.observation(player)["quarry"]
    action = game.space.action(bot.choose(game, player))
    described = render.describe_action(
        action.to_json(game.space), quarry=quarry, blocks=_placed_blocks(game, player)
    )
    game.apply_index(action.index, player)
    console.print(Text(f"player {player}: {described}", style="dim"))


def _your_turn(game: Game, seat: int, console: Console) -> None:
    """Show what matters for the decision, then ask until a legal action is given."""
    assert game.decision is not None
    legal = game.legal_actions(seat)
    labels = _labels(game, seat, legal)
    if len(legal) == 1:
        console.print(Text(f"only one choice, taken: {labels[0]}"))
        game.apply_index(legal[0].index, seat)
        return
    console.rule(f"stage {game.decision.stage} · you are player {seat} · {game.decision.kind}")
    console.print(_situation(game, seat))
    console.print(_choices(legal, labels, game))
    while True:
        answer = click.prompt("your choice", prompt_suffix="> ").strip()
        if answer.lower() in ("q", "quit"):
            raise Quit
        if answer.lower() == "hint":
            console.print(Text(_hint(game, seat, legal)))
            continue
        try:
            game.apply(_parse(answer, legal), player=seat)
            return
        except (BadEntry, IllegalActionError, ActionFormatError) as exc:
            console.print(Text(str(exc), style="red"))


def _hint(game: Game, seat: int, legal: Sequence[Action]) -> str:
    index = make_bot("greedy").choose(game, seat)
    number = [a.index for a in legal].index(index) + 1
    return f"hint: the greedy bot would choose {number}) {_labels(game, seat, [legal[number - 1]])[0]}"


def _parse(answer: str, legal: Sequence[Action]) -> int | dict[str, Any]:
    """A choice number, ``x y rot`` (rot 0-3 or degrees) or an action's JSON."""
    if answer.startswith("{"):
        try:
            data = json.loads(answer)
        except json.JSONDecodeError as exc:
            raise BadEntry(f"not JSON: {exc.msg} at column {exc.colno}") from None
        if not isinstance(data, dict):
            raise BadEntry('an action\'s JSON is an object like {"kind": "take", "slot": 0}')
        return data
    words = answer.split()
    if len(words) == 3 and all(w.isdigit() for w in words):
        x, y, rot = (int(w) for w in words)
        return {"kind": "place", "x": x, "y": y, "rot": {90: 1, 180: 2, 270: 3}.get(rot, rot)}
    if answer.isdigit() and 1 <= int(answer) <= len(legal):
        return legal[int(answer) - 1].index
    raise BadEntry(
        f"{answer!r} is not a number in 1..{len(legal)} (or 'x y rot', an action's JSON, 'hint', 'q')"
    )


def _labels(game: Game, seat: int, actions: Sequence[Action]) -> list[str]:
    quarry = game.observation(seat)["quarry"]
    blocks = _placed_blocks(game, seat)
    return [render.describe_action(a.to_json(game.space), quarry=quarry, blocks=blocks) for a in actions]


def _placed_blocks(game: Game, player: int) -> list[dict[str, Any]]:
    """Blocks A and B of the player's latest domino (what mark and cover act on)."""
    for step in reversed(game.steps):
        for event in step["events"]:
            if event["type"] == "place" and event["player"] == player:
                blocks: list[dict[str, Any]] = event["blocks"]
                return blocks
    return []


def _situation(game: Game, seat: int) -> Group:
    """The person's pyramid, plus the quarry, the domino in hand or the cards as needed."""
    assert game.decision is not None
    kind = game.decision.kind
    observation = game.observation(seat)
    colours = _colours(game)
    me = observation["players"][seat]
    parts: list[RenderableType] = [render.player_pyramid(game, seat, rulers=True)]
    if kind in ("take", "refill", "split"):
        parts.append(render.market(observation, colours))
    if observation.get("in_hand"):
        parts.append(render.rotations(observation["in_hand"], colours))
    if kind in ("cover", "fill"):
        cards = ", ".join("/".join(card) for card in me["cover_cards"])
        parts.append(Text(f"your cover cards: {cards}"))
    scores = ", ".join(f"player {p['player']}: {p['score']}" for p in observation["players"])
    parts.append(Text(f"scores: {scores}", style="dim"))
    return Group(*parts)


def _choices(legal: Sequence[Action], labels: Sequence[str], game: Game) -> RenderableType:
    """Numbered choices; a long list (placements are often fifty) in columns of short labels."""
    if len(legal) <= LONG_LIST:
        table = Table.grid(padding=(0, 1))
        for number, label in enumerate(labels, start=1):
            table.add_row(f"{number:>2})", label)
        return table
    kinds = [game.space.kind(name) for name in dict.fromkeys(a.kind for a in legal)]
    fields = "; ".join(f"{k.name}: {' '.join(f.name for f in k.fields)}" for k in kinds if k.fields)
    short = [render.action_label(a.to_json(game.space)) for a in legal]
    entries = [f"{n:>2}) {label}" for n, label in enumerate(short, start=1)]
    return Group(Text(f"({fields})", style="dim"), Columns(entries, padding=(0, 3)))


# --- replay, rules, validate, bench -----------------------------------------------------


@main.command()
@click.argument("record_file", type=click.Path(dir_okay=False))
@click.pass_obj
def replay(options: Options, record_file: str) -> None:
    """Replay a game record, checking every step, and show the final position."""
    try:
        data = records.load(record_file)
        ruleset = None
        if options.plugins:  # the record's ruleset with the same house rules on top
            records.validate(data)
            ruleset = options.ruleset(data["ruleset"]["id"])
        game = records.replay(data, ruleset)
    except records.RecordError as exc:
        click.echo(str(exc), err=True)
        raise SystemExit(1) from None
    console = Console()
    console.print(Text(f"verified: {len(game.steps)} steps"))
    last_stage = game.observation(None)["stage"]
    pyramids = [render.player_pyramid(game, p, last_stage) for p in range(game.num_players)]
    console.print(Columns([Group(Text(f"player {p}"), pic) for p, pic in enumerate(pyramids)]))
    console.print(_final(game))


@main.command()
def rules() -> None:
    """List the shipped rulesets."""
    table = Table(title="Shipped rulesets")
    for name in ("id", "name", "game", "players", "provisional"):
        table.add_column(name, no_wrap=name == "id", overflow="fold")
    for ruleset_id in shipped_rulesets():
        ruleset = load_ruleset(ruleset_id)
        limits = ruleset.data["players"]
        table.add_row(
            ruleset.id,
            ruleset.name,
            ruleset.game,
            f"{limits['min']}-{limits['max']}",
            "yes" if ruleset.provisional else "no",
        )
    Console().print(table)


@main.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.pass_obj
def validate(options: Options, file: str) -> None:
    """Check a ruleset file: schema, plugins and the plugins' own checks."""
    try:
        ruleset = options.ruleset(Path(file))
    except RulesetError as exc:
        click.echo(str(exc), err=True)
        raise SystemExit(1) from None
    click.echo(f"ok: {ruleset.id} (hash {ruleset.hash[:12]})")


@main.command()
@click.option("--json", "as_json", is_flag=True, help="Print the results as JSON only.")
@click.option("--quick", is_flag=True, help="A short run (for a smoke test).")
def bench(as_json: bool, quick: bool) -> None:
    """Measure the C core against the reference, decisions/s and games/s."""
    from .bench import report, run  # only here: it loads workloads no other command needs

    results = run(quick)
    if as_json:
        click.echo(json.dumps(results))
    else:
        report(results, Console())

"""The ``pyramido`` command: watch bots play, play against them, replay and check records,
list and validate rulesets, run the benchmark.

Engine errors (every :class:`~pyramido.errors.PyramidoError`) end a command with one line
on stderr and exit code 2, never a traceback; ``replay`` and ``validate`` exit 1 when the
file they check is wrong, since that is the answer they were asked for.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final, TypeVar

import click
from rich.columns import Columns
from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from . import record as records
from . import render
from .actions import Action, ActionFormatError, ActionSpace
from .bots import BOTS, Bot, make_bot
from .bots.ft_greedy import KEEP_VALUE
from .engine import Game, IllegalActionError
from .errors import PyramidoError
from .games.forgotten_treasures import PAYMENT_LABELS, PAYMENTS, SOLO_MODES
from .games.ft_activation import best_activation
from .games.silver_gold import SLOTS as SG_SLOTS
from .resources import shipped_rulesets
from .ruleset import Ruleset, RulesetError, load_ruleset
from .shapes import SHAPES, placement_id

F = TypeVar("F", bound=Callable[..., Any])
LONG_LIST = 15  # more choices than this (placements, markings: fifty, a hundred) go in columns of labels


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
    """--ruleset, --players, --solo and --seed: what starts a game."""
    command = click.option("--seed", default=0, show_default=True, help="Seed of the shuffle.")(command)
    command = click.option(
        "--solo",
        type=click.Choice(SOLO_MODES),
        help="Forgotten Treasures: play alone against the Legend (1 player).",
    )(command)
    command = click.option("--players", type=int, help="Number of seats.  [default: 2; 1 with --solo]")(
        command
    )
    return click.option(
        "--ruleset",
        default="pyramido",
        show_default=True,
        help="A shipped ruleset id or a ruleset file.",
    )(command)


def _new_game(options: Options, ruleset: str, players: int | None, seed: int, solo: str | None) -> Game:
    """The game the options ask for. --solo is one player against the Legend: it sets the
    number of seats and any other number is a mistake to report, not to override."""
    if solo is not None and players not in (None, 1):
        raise PyramidoError(
            f"--solo is 1 player against the Legend, not {players} players: leave out --players"
        )
    seats = players if players is not None else 1 if solo else 2
    return Game(options.ruleset(ruleset), seats, seed, {"solo": solo} if solo else None)


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
    return Group(view.look.results(view), render.ranking_table(game.ranking(), view))


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
@click.option(
    "--verbose",
    is_flag=True,
    help="Also tell every step (Silver & Gold: the cards after every expedition card).",
)
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
    game = _new_game(options, ruleset, players, seed, solo)
    bots = _seat_bots(bot_names, game.num_players, seed)
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
            raise click.FileError(record_path, exc.strerror) from None
        console.print(Text(f"record written to {record_path}"))


# --- play -------------------------------------------------------------------------------

ACTIVATE_HELP: Final = (
    "Type AREA PAYMENT to activate an area (e.g. '3 1C'; a payment of the double column doubles it), "
    "'end' to end the activations, 'hint' or 'q'."
)
_ROT_DEGREES: Final = {90: 1, 180: 2, 270: 3}


class Quit(Exception):
    """The person typed q."""


class BadEntry(ValueError):
    """A typed answer that names no action at all."""


@dataclass(frozen=True)
class Shorthand:
    """A typed form of actions of ``kinds``: it is tried only in a game that has one of
    them, so that the same few characters may mean different things in different games."""

    pattern: str
    kinds: frozenset[str]
    build: Callable[[re.Match[str], render.View], dict[str, Any]]


def _marking(match: re.Match[str], view: render.View) -> dict[str, Any]:
    """``2 c3``: one cell of card 2 (a cross's while crosses are owed); ``1 b1 b2 c2``:
    the revealed shape on those cells of card 1, whichever placement id that is."""
    card = int(match[1])
    if not 1 <= card <= SG_SLOTS:
        raise BadEntry(f"there is no card {card}: your cards are 1 and {SG_SLOTS}")
    names = match[2].split()
    try:
        cells = {render.cell_index(name) for name in names}
    except ValueError as exc:
        raise BadEntry(str(exc)) from None
    if len(names) == 1:
        owed = view.seat(view.observation["viewer"])["crosses_owed"]
        return {"kind": "cross" if owed else "cell", "card": card - 1, "cell": cells.pop()}
    shape = view.observation["expedition"]["shape"]
    if shape is None:
        raise BadEntry(f"there is no shape to mark now: the decision is {view.kind!r}")
    try:
        placement = placement_id(shape, sum(1 << cell for cell in cells))
    except ValueError:
        size = bin(SHAPES[shape]).count("1")
        raise BadEntry(
            f"{' '.join(names)} is not where the {shape} can lie: {size} cells as drawn above, "
            "in any rotation or mirror image"
        ) from None
    return {"kind": "shape", "card": card - 1, "placement": placement}


#: Typed forms of actions, tried in order.
_SHORTHANDS: Final = (
    Shorthand(
        r"(\d+)\s+(\d+)\s+(\d+)",
        frozenset({"place"}),
        lambda m, v: {
            "kind": "place",
            "x": int(m[1]),
            "y": int(m[2]),
            "rot": _ROT_DEGREES.get(int(m[3]), int(m[3])),
        },
    ),
    Shorthand(
        r"(\d+)\s+(\S+)",
        frozenset({"activate"}),
        lambda m, v: {"kind": "activate", "area": int(m[1]), "payment": m[2].upper()},
    ),
    Shorthand(r"end", frozenset({"end_activation"}), lambda m, v: {"kind": "end_activation"}),
    Shorthand(r"(\d+)((?:\s+[a-z]\d+)+)", frozenset({"shape", "cell", "cross"}), _marking),
    Shorthand(
        r"([1-4])\s*\+\s*([1-4])",
        frozenset({"keep"}),
        lambda m, v: {"kind": "keep", "pair": "+".join(sorted((m[1], m[2])))},
    ),
    Shorthand(r"deck", frozenset({"replace"}), lambda m, v: {"kind": "replace", "source": "deck"}),
    Shorthand(
        r"(?:offer\s*|o)(\d)",
        frozenset({"replace"}),
        lambda m, v: {"kind": "replace", "source": f"offer {m[1]}"},
    ),
    Shorthand(r"pass", frozenset({"pass"}), lambda m, v: {"kind": "pass"}),
)


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
def play(
    options: Options, ruleset: str, players: int | None, solo: str | None, seed: int, seat: int, bot_name: str
) -> None:
    """Play one seat against bots: a numbered choice, 'x y rot', 'AREA PAYMENT', 'end',
    'CARD CELLS' ('2 c3', '1 b1 b2 c2'), JSON, 'hint' or 'q'. You see only what your seat
    may see."""
    game = _new_game(options, ruleset, players, seed, solo)
    if not 0 <= seat < game.num_players:
        raise click.BadParameter(f"seat {seat} is not in 0..{game.num_players - 1}", param_hint="--seat")
    bots = _seat_bots([bot_name], game.num_players, seed)
    console = Console()
    console.print(render.colour_key(render.View.of(game, seat)))
    try:
        while game.decision is not None:
            for player in game.decision.players:
                if player == seat:
                    _your_turn(game, seat, console)
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
    """What the last step did beside its action, as ``seat`` saw it: the Legend's turn, a
    lost turn, everybody's marks of an expedition card..."""
    for line in render.news(render.View.of(game, seat)):
        console.print(Text(line, style="dim"))


def _your_turn(game: Game, seat: int, console: Console) -> None:
    """Show what matters for the decision, then ask until a legal action is given."""
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
    numbered = _numbered(legal)
    console.print(_choices(actions, labels, view) if numbered else Text(ACTIVATE_HELP))
    while True:
        answer = click.prompt("your choice", prompt_suffix="> ").strip()
        if answer.lower() in ("q", "quit"):
            raise Quit
        if answer.lower() == "hint":
            console.print(Text(_hint(game, seat, labels) if numbered else _activation_hint(view, seat)))
            continue
        try:
            game.apply(_parse(answer, legal, view, game.space), player=seat)
            return
        except (BadEntry, IllegalActionError, ActionFormatError) as exc:
            console.print(Text(str(exc), style="red"))


def _numbered(legal: Sequence[Action]) -> bool:
    """Choices are numbered, except activations: areas times payments are too many to
    number, so they are typed as AREA PAYMENT from the table of areas."""
    return not any(action.kind == "activate" for action in legal)


def _hint(game: Game, seat: int, labels: Sequence[str]) -> str:
    """The greedy bot's choice, by its number in the list shown."""
    index = make_bot("greedy").choose(game, seat)
    number = game.legal_indices(seat).index(index) + 1
    return f"hint: the greedy bot would choose {number}) {labels[number - 1]}"


def _activation_hint(view: render.View, seat: int) -> str:
    """The exact best activation of the gems the seat holds now (``best_activation``,
    valuing kept gems as the greedy bot does), and the stage's points it leads to."""
    me = view.seat(seat)
    scoring = me["scoring"]
    used = {spend["area"] for spend in scoring["activated"]}
    areas = [
        (view.colours.index(area["colour"]), 0 if area["area"] in used else area["icons"])
        for area in scoring["areas"]
    ]
    *coloured, mythical = me["gems"].values()
    plan = best_activation(areas, coloured, mythical, keep_value=KEEP_VALUE)
    steps = [
        f"'{s.area} {PAYMENT_LABELS[PAYMENTS.index((s.coloured, s.mythical, s.double))]}'"
        for s in plan.spends
    ]
    points = render.activated_points(scoring) + plan.points
    typed = ", ".join([*steps, "'end'"])
    return (
        f"hint: best is {typed}: {points} points this stage "
        f"(valuing a kept gem {KEEP_VALUE[0]} coloured, {KEEP_VALUE[1]} mythical, as the greedy bot does)"
    )


def _parse(
    answer: str, legal: Sequence[Action], view: render.View, space: ActionSpace
) -> int | dict[str, Any]:
    """An action's JSON, a typed form (``x y rot``, ``AREA PAYMENT``, ``2 c3``...) of a
    kind the game has, or the number of a listed choice."""
    if answer.startswith("{"):
        try:
            data = json.loads(answer)
        except json.JSONDecodeError as exc:
            raise BadEntry(f"not JSON: {exc.msg} at column {exc.colno}") from None
        if not isinstance(data, dict):
            raise BadEntry('an action\'s JSON is an object like {"kind": "take", "slot": 0}')
        return data
    kinds = {kind.name for kind in space.kinds}
    for shorthand in _SHORTHANDS:
        match = re.fullmatch(shorthand.pattern, answer, re.IGNORECASE)
        if match and shorthand.kinds & kinds:
            return shorthand.build(match, view)
    if not _numbered(legal):
        raise BadEntry(
            f"{answer!r} is not 'AREA PAYMENT' (like '3 1C'), 'end', an action's JSON, 'hint' or 'q'"
        )
    if answer.isdigit() and 1 <= int(answer) <= len(legal):
        return legal[int(answer) - 1].index
    raise BadEntry(
        f"{answer!r} is not a number in 1..{len(legal)} (or {view.look.typed}, an action's JSON, 'hint', 'q')"
    )


def _choices(actions: Sequence[dict[str, Any]], labels: Sequence[str], view: render.View) -> RenderableType:
    """Numbered choices; a long list (placements are often fifty, markings a hundred) in
    columns of short labels, under the shorthand that types them without their number."""
    if len(actions) <= LONG_LIST:
        table = Table.grid(padding=(0, 1))
        for number, label in enumerate(labels, start=1):
            table.add_row(f"{number:>2})", label)
        return table
    entries = [f"{n:>3}) {render.action_label(a, view)}" for n, a in enumerate(actions, start=1)]
    typed = Text(f"(type a number, or {view.look.typed})", style="dim")
    return Group(typed, Columns(entries, padding=(0, 3)))


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
    console.print(render.boards(render.View.of(game, None)))
    console.print(_final(game))


@main.command()
def rules() -> None:
    """List the shipped rulesets."""
    table = Table(title="Shipped rulesets")
    for name in ("id", "name", "game", "players", "provisional"):
        table.add_column(name, no_wrap=name in ("id", "game"), overflow="fold")
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

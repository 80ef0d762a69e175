"""Silver & Gold Pyramids' :class:`Look`: beside the players' cards, the expedition card,
the offer, the score cards, what a round did and the end scoring (its words, and its
:class:`Shorthand`, are in ``silver_gold_words``)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from typing import Final

from rich import box
from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ...render.screens import boards
from ...render.style import colour_chip, lined_table
from ...render.view import Json, Look, View, who
from .look_cards import (
    CROSSED,
    ENTRANCE,
    ROOM,
    SYMBOL_GLYPHS,
    TOMB,
    WALL,
    card_name,
    card_panel,
    pyramid_cards,
    shape_grid,
)
from .look_log import CHRONICLE
from .words import SHORTHAND, TELLERS, TEMPLATES, context, label, news

GAME: Final = "silver-gold-pyramids"  # the game these front ends are for
TICK: Final = "✓"


def expedition(view: View) -> Group:
    """The revealed expedition card: which of the round's it is, and its shape."""
    shape = view.observation["expedition"]["shape"]
    return Group(Text(f"{_round_heading(view)}: {shape}", style="bold"), shape_grid(shape))


def marking_panel(view: View, seat: int, legal: Sequence[Json]) -> Group:
    """Marking: the shape, the single cells a cross still owes, what the glyphs mean, and
    the others' cards."""
    parts: list[RenderableType] = [expedition(view)]
    owed = view.seat(seat)["crosses_owed"]
    if owed:
        parts.append(Text(f"a cross: mark {owed} more single cell (type CARD CELL, like '2 c3')", "bold"))
    parts += [Text(view.look.marks, style="dim"), others(view, seat, legal)]
    return Group(*parts)


def others(view: View, seat: int, legal: Sequence[Json]) -> Columns:
    """The others' cards, small, as the seat may see them while everybody decides at once:
    as they were when the decision began (their new keeps and marks stay secret until
    everybody has chosen)."""
    return Columns(
        [
            Panel(pyramid_cards(view, p, False, small=True), title=who(p), expand=False)
            for p in view.players
            if p != seat
        ]
    )


def offer(view: View) -> Group:
    """The offer (drawn small), the deck's size and the colour bonuses left: what a
    completed card may be replaced by, and what completing cards can still claim."""
    observation = view.observation
    table = Table(title="Offer", title_justify="left", show_edge=False, box=box.SIMPLE_HEAD)
    for number in range(1, len(observation["offer"]) + 1):
        table.add_column(f"offer {number}")
    table.add_column("deck")
    table.add_row(
        *(
            Text("(empty)", style="dim") if number is None else card_panel(view, number, small=True)
            for number in observation["offer"]
        ),
        Text(f"{observation['deck_size']} cards"),
    )
    return Group(table, bonuses_left(view))


def bonuses_left(view: View) -> Text:
    """``colour bonuses left: green 10 6 3  orange 6 3  purple none``."""
    text = Text("colour bonuses left:")
    for colour, points in view.observation["bonuses_left"].items():
        text.append(" ")
        text.append_text(colour_chip(colour))
        text.append(" " + (" ".join(map(str, points)) or "none"))
    return text


def score_cards(view: View) -> Table:
    """Every score card as the seat sees it (while everybody marks, the others' as they
    were when the shape was revealed): gems of the cap, torches by round, skulls ticked
    with the worst one's value, bonuses, completed cards."""
    rules = view.rules
    table = lined_table("Score cards")
    for name in ("player", "red", "green", "torches", "skulls", "bonuses", "completed"):
        table.add_column(name, justify="right" if name in ("red", "green", "skulls") else "left")
    for seat in view.observation["players"]:
        score = seat["score_card"]
        skulls = score["skulls"]
        table.add_row(
            view.name(seat["player"]),
            f"{score['red']}/{rules['gem_cap']}",
            f"{score['green']}/{rules['gem_cap']}",
            "".join(TICK * torches or ROOM for torches in score["torches"]),
            f"{skulls} ({rules['skull_track'][skulls - 1]})" if skulls else "0",
            ", ".join(f"{bonus['colour']} {bonus['points']}" for bonus in score["bonuses"]) or "-",
            " ".join(card_name(view, n) for n in score["completed"]) or "-",
        )
    return table


def round_summary(view: View, round_: int) -> Table:
    """What each player did in a round, from the events everybody saw: cells marked, the
    symbols among them, the cards completed and the bonuses claimed."""
    players = view.players
    cells = dict.fromkeys(players, 0)
    symbols: dict[int, Counter[str]] = {p: Counter() for p in players}
    done: dict[int, list[str]] = {p: [] for p in players}
    for event in _round_events(view, round_):
        if event["type"] == "marks_revealed":
            for marking in (m for m in event["marks"] if m["type"] == "mark"):
                cells[marking["player"]] += len(marking["marked"])
                symbols[marking["player"]].update(marking["symbols"])
        elif event["type"] == "card_completed":
            done[event["player"]].append(f"#{event['card']}")
        elif event["type"] == "bonus":
            done[event["player"]].append(f"({event['colour']} bonus {event['points']})")
    table = lined_table(f"Round {round_}: cells marked, symbols among them, cards completed")
    table.add_column("player")
    table.add_column("cells", justify="right")
    for glyph, _ in SYMBOL_GLYPHS.values():
        table.add_column(glyph, justify="right")
    table.add_column("completed (bonus)")
    for p in players:
        counts = [str(symbols[p][symbol]) for symbol in SYMBOL_GLYPHS]
        table.add_row(view.name(p), str(cells[p]), *counts, " ".join(done[p]) or "-")
    return table


def _round_events(view: View, round_: int) -> Iterator[Json]:
    """The seat's events of a round: from its first expedition card to its end."""
    current = 0
    for event in view.events:
        if event["type"] == "expedition":
            current = event["round"]
        if current == round_:
            yield event


def round_end(view: View, verbose: bool) -> tuple[str, RenderableType] | None:
    """After a round: every player's cards, what each did in the round, the score cards and
    (unless the game is over) the offer; with ``verbose``, the cards and score cards
    after every expedition card too."""
    ended = next((e for e in view.latest if e["type"] == "round_end"), None)
    if ended is not None:
        used = view.rules["expeditions_per_round"]
        unused = view.observation["expedition"]["cards"] - used
        title = f"round {ended['round']} over: {used} expedition cards used, {unused} not revealed"
        parts: list[RenderableType] = [boards(view), round_summary(view, ended["round"]), score_cards(view)]
        return title, Group(*parts, *([offer(view)] if view.kind else []))
    revealed = next((e for e in view.latest if e["type"] == "expedition"), None)
    if verbose and revealed is not None and revealed["card"] > 1:
        return f"round {revealed['round']} · expedition card {revealed['card'] - 1} marked", Group(
            boards(view), score_cards(view)
        )
    return None


def final_breakdowns(view: View) -> Columns:
    """Each player's end scoring, line by line (the ``final_score`` events)."""
    return Columns(
        [
            Panel(_final_lines(e), title=f"{who(e['player'])} · {e['total']} points", expand=False)
            for e in view.events
            if e["type"] == "final_score"
        ]
    )


def _final_lines(event: Json) -> Table:
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    for name in ("scored", "from", "pts"):
        table.add_column(name, justify="right" if name == "pts" else "left")
    for line in event["lines"]:
        table.add_row(line["what"], _line_detail(line), str(line["points"]))
    table.add_row("total", "", str(event["total"]), style="bold", end_section=True)
    return table


def _line_detail(line: Json) -> str:
    """What a final line counted, from its fields: ``red 6, green 3``, ``#3 #12``."""
    parts = []
    for name, value in line.items():
        if name in ("id", "what", "points"):
            continue
        if isinstance(value, list):
            cards = all(isinstance(v, int) for v in value)
            listed = [f"#{v}" if cards else f"{v['colour']} {v['points']}" for v in value]
            parts.append((" " if cards else ", ").join(listed) or "none")
        else:
            parts.append(str(value) if name == "count" else f"{name} {value}")
    return ", ".join(parts)


def _round_heading(view: View) -> str:
    """``round 2 · expedition card 3 of 7``: where a Silver & Gold game is."""
    observation = view.observation
    shown = observation["expedition"]
    heading = f"round {observation['round']}"
    if shown["shape"] is None:
        return heading
    per_round = view.rules["expeditions_per_round"]
    return f"{heading} · expedition card {shown['used_this_round'] + 1} of {per_round}"


LOOK: Final = Look(
    marks=f"{ENTRANCE} entrance, {TOMB} tomb, {WALL * 3} wall, r/g red/green gem, t torch, s skull, "
    f"p potion, + cross, {ROOM} room; marked: [g] [{CROSSED}]",
    table=offer,
    table_for=frozenset({"replace"}),
    extras={"keep": others, "mark": marking_panel},
    untold=frozenset({"keep", "mark", "replace"}),
    templates=TEMPLATES,
    context=context,
    tiebreaks=("lowest card completed",),
    tiebreak_text=lambda value: f"#{-value}",  # recorded negated: the lowest number wins
    board=pyramid_cards,
    heading=_round_heading,
    standing=score_cards,
    label=label,
    tellers=TELLERS,
    news=news,
    milestone=round_end,
    results=final_breakdowns,
    chronicle=CHRONICLE,
)


def register_shorthands(register: Callable[..., None]) -> None:
    """Register the game's :class:`Shorthand`: what the game's plugin does in its
    ``pyramido_register_shorthands``."""
    register(GAME, SHORTHAND)

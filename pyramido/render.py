"""Terminal pictures of a Pyramido game as rich renderables: pyramids, quarry, scores, actions.

Every function returns a renderable and prints nothing, so the caller (the CLI, a notebook,
a test) decides where output goes. Pictures read the public observation, plus the event
log for what the observation does not keep: which blocks are cover cards, which blocks
came on the same domino (to draw domino edges), and where a scored stage's markers were.

A pyramid is drawn as its top view on the 18x18 quadrant grid, two characters per cell,
with a lattice of box-drawing lines between cells: solid between pieces, dotted between
the two blocks of one domino, nothing inside a block. Whether colours can be shown is
known only when rendering, so :class:`PyramidPicture` decides then: with colour each
cell has its colour's background; without (NO_COLOR, a pipe) it shows a colour letter.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import chain
from typing import TYPE_CHECKING, Any, Final

from rich import box
from rich.columns import Columns
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.measure import Measurement
from rich.panel import Panel
from rich.style import Style
from rich.table import Table
from rich.text import Text

from . import core
from .board import (
    BOARD_SIZE,
    CELLS,
    SIDE,
    block_byte,
    block_cells,
    block_index,
    encode_placement,
    icon_mask,
    placement_blocks,
    rotate_icons,
)

if TYPE_CHECKING:
    from .engine import Game

BlockKey = tuple[int, int, int]  # (stage 0-3, x, y): one block space of the pyramid

ICON: Final = "◆"
MARKER: Final = "●"
COVER: Final = "░"
OPEN: Final = "·"
EMPTY: Final = "(no blocks yet)"
RULER_CORNER: Final = "y\\x"  # above the y labels, left of the x labels
TOWARD: Final = ("right", "below", "left", "above")  # where block B lies, by rotation
# Corner glyphs by the arms drawn from them: up 8, down 4, left 2, right 1.
_CORNERS: Final = " ╶╴─╷┌┐┬╵└┘┴│├┤┼"
_LINE_STYLE: Final = Style(color="grey50")


@dataclass(frozen=True)
class Swatch:
    """How one game colour is drawn: a letter without colour, a background with it."""

    letter: str
    background: str
    foreground: str


SWATCHES: Final[Mapping[str, Swatch]] = {
    "brown": Swatch("n", "#8b5a2b", "bright_white"),
    "blue": Swatch("b", "#2f6fdb", "bright_white"),
    "yellow": Swatch("y", "#f2d22e", "black"),
    "turquoise": Swatch("t", "#2ec4b6", "black"),
    "red": Swatch("r", "#d7263d", "bright_white"),
    "green": Swatch("g", "#3ba55c", "bright_white"),
    "orange": Swatch("o", "#f28c28", "black"),
    "purple": Swatch("p", "#8e44ad", "bright_white"),
}


def swatch(colour: str) -> Swatch:
    """The swatch of a colour; a colour a house rule adds gets its initial on grey."""
    return SWATCHES.get(colour) or Swatch(colour[:1] or "?", "grey50", "black")


def colour_chip(colour: str) -> Text:
    """A colour's name on its own background (the name alone without colour)."""
    found = swatch(colour)
    return Text(f" {colour} ", style=Style(bgcolor=found.background, color=found.foreground))


# --- pyramids ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Notes:
    """What the top view does not say about blocks: markers, cover cards, dominoes."""

    markers: frozenset[BlockKey] = frozenset()
    covers: frozenset[BlockKey] = frozenset()
    pieces: Mapping[BlockKey, Hashable] = field(default_factory=dict)


@dataclass(frozen=True)
class PyramidPicture:
    """A top view (``core.top_view`` bytes) drawn on the quadrant grid, cropped to its blocks.

    ``frame`` (cells) is shown even where empty, so that the spaces a domino may still go
    to are on the picture; ``ruler`` is a stage (0-3) whose block coordinates label the
    top and left edges, to read the ``x``, ``y`` of a place action off the picture.
    """

    view: bytes
    colours: Sequence[str]
    notes: Notes = Notes()
    frame: frozenset[tuple[int, int]] = frozenset()
    ruler: int | None = None

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        """Its exact width, so that panels and tables around it shrink to fit."""
        box = self._box()
        width = self._margin() + 3 * (box[2] - box[0] + 1) + 1 if box else len(EMPTY)
        return Measurement(width, width)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        box = self._box()
        if box is None:
            yield Text(EMPTY, style="dim")
            return
        plain = console.no_color or console.color_system is None
        x0, y0, x1, y1 = box
        if self.ruler is not None:
            yield self._x_ruler(x0, x1)
        for cy in range(y0, y1 + 2):
            yield self._y_label(cy) + self._border_line(cy, x0, x1)
            if cy <= y1:
                yield self._y_label(None) + self._cell_line(cy, x0, x1, plain)

    def _box(self) -> tuple[int, int, int, int] | None:
        """The cells to show: every block and the frame."""
        cells = {(i % CELLS, i // CELLS) for i, byte in enumerate(self.view) if byte} | self.frame
        if not cells:
            return None
        xs, ys = [c[0] for c in cells], [c[1] for c in cells]
        return min(xs), min(ys), max(xs), max(ys)

    # Rulers --------------------------------------------------------------------------

    def _margin(self) -> int:
        return 0 if self.ruler is None else len(RULER_CORNER)

    def _x_ruler(self, x0: int, x1: int) -> Text:
        """Block x numbers centred over each block of the ruler's stage."""
        assert self.ruler is not None
        chars = [" "] * (3 * (x1 - x0 + 1) + 1)
        for x in range(SIDE):
            start = 1 + 3 * (2 * x + self.ruler - x0)
            if start >= 0 and start + 5 <= len(chars):
                chars[start : start + 5] = f"{x:^5}"
        return Text(RULER_CORNER + "".join(chars), style="dim")

    def _y_label(self, cy: int | None) -> Text:
        """Block y on the line through the middle of each block of the ruler's stage."""
        if self.ruler is None:
            return Text()
        offset = 0 if cy is None else cy - self.ruler
        label = f"{offset // 2:>2} " if offset > 0 and offset % 2 == 1 else "   "
        return Text(label, style="dim")

    # What sits at a cell -------------------------------------------------------------

    def _byte(self, cx: int, cy: int) -> int:
        return self.view[cy * CELLS + cx] if 0 <= cx < CELLS and 0 <= cy < CELLS else 0

    def _key(self, cx: int, cy: int) -> BlockKey | None:
        """The block showing at a cell: its stage is in the view, its space follows."""
        byte = self._byte(cx, cy)
        if not byte:
            return None
        stage = byte >> 4 & 3
        return (stage, (cx - stage) // 2, (cy - stage) // 2)

    def _swatch(self, cx: int, cy: int) -> Swatch | None:
        byte = self._byte(cx, cy)
        return swatch(self.colours[(byte & 7) - 1]) if byte else None

    def _edge(self, a: tuple[int, int], b: tuple[int, int]) -> str:
        """Between two cells: "" (same block or both gaps), "soft" (one domino) or "hard"."""
        ka, kb = self._key(*a), self._key(*b)
        if ka == kb:
            return ""
        pieces = self.notes.pieces
        if ka is not None and kb is not None and ka in pieces and pieces.get(ka) == pieces.get(kb):
            return "soft"
        return "hard"

    def _fill(self, cells: Sequence[tuple[int, int]]) -> Style:
        """Lines between cells of one colour keep that colour, so areas read as one."""
        found = {self._swatch(*c) for c in cells}
        only = found.pop() if len(found) == 1 else None
        if only is None:
            return _LINE_STYLE
        return Style(bgcolor=only.background, color=only.foreground, dim=True)

    # Lines ---------------------------------------------------------------------------

    def _cell_line(self, cy: int, x0: int, x1: int, plain: bool) -> Text:
        line = Text()
        for cx in range(x0, x1 + 2):
            pair = ((cx - 1, cy), (cx, cy))
            line.append({"": " ", "soft": "┆", "hard": "│"}[self._edge(*pair)], self._fill(pair))
            if cx <= x1:
                line.append_text(self._cell(cx, cy, plain))
        return line

    def _border_line(self, cy: int, x0: int, x1: int) -> Text:
        line = Text()
        for cx in range(x0, x1 + 2):
            line.append(self._corner(cx, cy), self._fill(_around(cx, cy)))
            if cx <= x1:
                pair = ((cx, cy - 1), (cx, cy))
                line.append({"": "  ", "soft": "┄┄", "hard": "──"}[self._edge(*pair)], self._fill(pair))
        return line

    def _corner(self, cx: int, cy: int) -> str:
        """The glyph where four cells meet, joining the lines that reach it."""
        tl, tr, bl, br = _around(cx, cy)
        arms = (self._edge(tl, tr), self._edge(bl, br), self._edge(tl, bl), self._edge(tr, br))
        glyph = _CORNERS[sum(8 >> i for i, arm in enumerate(arms) if arm)]
        if set(arms) <= {"", "soft"} and glyph in "│─":
            return "┆" if glyph == "│" else "┄"
        return glyph

    def _cell(self, cx: int, cy: int, plain: bool) -> Text:
        """Two characters: without colour, letter (capital on a cover card) and mark;
        with colour, the mark and a cover hatch on the colour's background."""
        byte, key, found = self._byte(cx, cy), self._key(cx, cy), self._swatch(cx, cy)
        if key is None or found is None:  # a gap; a dot where a domino may still go
            return Text(f"{OPEN} " if (cx, cy) in self.frame else "  ", style="dim")
        covered = key in self.notes.covers
        mark = ICON if byte & 8 else MARKER if key in self.notes.markers else str(key[0] + 1)
        if plain:
            return Text((found.letter.upper() if covered else found.letter) + mark)
        base = Style(bgcolor=found.background, color=found.foreground)
        emphasis = Style(bold=True) if mark in (ICON, MARKER) else Style(dim=True)
        cell = Text(mark, base + emphasis)
        cell.append(COVER if covered else " ", base)
        return cell


def _around(cx: int, cy: int) -> tuple[tuple[int, int], ...]:
    """The four cells meeting at the top-left corner of cell ``(cx, cy)``: TL, TR, BL, BR."""
    return ((cx - 1, cy - 1), (cx, cy - 1), (cx - 1, cy), (cx, cy))


def board_from_json(pyramid: Sequence[Sequence[Mapping[str, Any]]], colours: Sequence[str]) -> bytes:
    """The board bytes of an observation's pyramid (blocks by stage)."""
    board = bytearray(BOARD_SIZE)
    for stage, blocks in enumerate(pyramid):
        for block in blocks:
            colour = colours.index(block["colour"]) + 1
            board[block_index(stage, block["x"], block["y"])] = block_byte(colour, icon_mask(block["icons"]))
    return bytes(board)


def game_events(game: Game) -> Iterator[dict[str, Any]]:
    """Every event of the game so far, setup first."""
    return chain(game.setup_events, *(step["events"] for step in game.steps))


def notes_from_log(events: Iterable[dict[str, Any]], player: int, marker_stage: int) -> Notes:
    """Markers placed in ``marker_stage`` (1-based), cover cards and dominoes of a player.

    Markers go home after scoring, so a scored stage's markers are only in its events.
    """
    markers: set[BlockKey] = set()
    covers: set[BlockKey] = set()
    pieces: dict[BlockKey, Hashable] = {}
    for event in events:
        if event.get("player") != player:
            continue
        kind = event["type"]
        if kind == "place":
            for block in event["blocks"]:
                pieces[(event["stage"] - 1, block["x"], block["y"])] = ("tile", event["tile"])
        elif kind in ("cover", "fill"):
            key = (event["stage"] - 1, event["x"], event["y"])
            covers.add(key)
            pieces[key] = ("card", *key)
        elif kind == "mark" and event["stage"] == marker_stage:
            markers.add((event["stage"] - 1, event["x"], event["y"]))
    return Notes(frozenset(markers), frozenset(covers), pieces)


def player_pyramid(
    game: Game, player: int, marker_stage: int | None = None, *, rulers: bool = False
) -> PyramidPicture:
    """A player's pyramid now, with the markers of ``marker_stage`` (default: this stage).

    With ``rulers``, the block coordinates of the stage being built label the edges, and
    every space a domino may still go to is in the picture: what a person placing needs.
    """
    observation = game.observation(None)
    colours: list[str] = game.ruleset.data["colours"]
    board = board_from_json(observation["players"][player]["pyramid"], colours)
    stage = observation["stage"] if marker_stage is None else marker_stage
    notes = notes_from_log(game_events(game), player, stage)
    if not rulers:
        return PyramidPicture(core.top_view(board), tuple(colours), notes)
    building = observation["stage"] - 1
    frame = frozenset(
        cell
        for placement in core.placements(board, building)
        for space in placement_blocks(placement)
        for cell in block_cells(building, *space)
    )
    return PyramidPicture(core.top_view(board), tuple(colours), notes, frame, building)


def legend(colours: Sequence[str]) -> Text:
    """What the letters and marks of a pyramid picture mean."""
    text = Text()
    for colour in colours:
        text.append(swatch(colour).letter + "=")
        text.append_text(colour_chip(colour))
        text.append(" ")
    text.append(
        f"\n{ICON} jewel · {MARKER} marker · {COVER} or capital: cover card · "
        f"digit: stage · ┆ inside a domino · {OPEN} room for a domino"
    )
    return text


# --- dominoes, quarry and piles ---------------------------------------------------------


def domino_picture(domino: Mapping[str, Any], colours: Sequence[str], rot: int = 0) -> PyramidPicture:
    """A domino (observation JSON) as it lies after ``rot`` quarter turns clockwise."""
    board = bytearray(BOARD_SIZE)
    spaces = placement_blocks(encode_placement(1, 1, rot))  # (1, 1) leaves room to turn
    for (x, y), side in zip(spaces, ("a", "b"), strict=True):
        colour, *icons = domino[side]
        board[block_index(0, x, y)] = block_byte(
            colours.index(colour) + 1, rotate_icons(icon_mask(icons), rot)
        )
    pieces: dict[BlockKey, Hashable] = {(0, x, y): domino["id"] for x, y in spaces}
    return PyramidPicture(core.top_view(bytes(board)), tuple(colours), Notes(pieces=pieces))


def domino_text(domino: Mapping[str, Any]) -> str:
    """One line: ``#17 red(BL,TR) | brown(BR)``: block A, then block B to its right."""

    def side(block: Sequence[str]) -> str:
        colour, *icons = block
        return f"{colour}({','.join(icons)})" if icons else colour

    return f"#{domino['id']} {side(domino['a'])} | {side(domino['b'])}"


def rotations(domino: Mapping[str, Any], colours: Sequence[str]) -> Table:
    """The four ways a domino can lie, labelled with the ``rot`` of a place action."""
    table = Table(box=None, show_edge=False, title=f"in hand: {domino_text(domino)}", title_justify="left")
    for rot in range(4):
        table.add_column(f"rot {rot}: B {TOWARD[rot]}", vertical="middle")
    table.add_row(*(domino_picture(domino, colours, rot) for rot in range(4)))
    return table


def market(observation: Mapping[str, Any], colours: Sequence[str]) -> Group:
    """The quarry slots and the piles with their sizes and top dominoes."""
    quarry = Table(title="Quarry", title_justify="left", show_edge=False)
    for slot in range(1, len(observation["quarry"]) + 1):
        quarry.add_column(f"slot {slot}")
    quarry.add_row(*(_domino_cell(d, colours) for d in observation["quarry"]))
    piles = Table(title="Piles (top domino)", title_justify="left", show_edge=False)
    for number, pile in enumerate(observation["piles"], start=1):
        piles.add_column(f"pile {number}: {pile['size']} left")
    piles.add_row(*(_domino_cell(p["top"], colours) for p in observation["piles"]))
    return Group(quarry, piles)


def _domino_cell(domino: Mapping[str, Any] | None, colours: Sequence[str]) -> RenderableType:
    if domino is None:
        return Text("(empty)", style="dim")
    return Group(domino_picture(domino, colours), Text(f"#{domino['id']}", style="dim"))


# --- scores -----------------------------------------------------------------------------


def stage_breakdown(event: Mapping[str, Any]) -> Table:
    """The lines of a ``stage_scored`` event: marked areas, Mino bonus, total."""
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, collapse_padding=True)
    table.add_column(f"stage {event['stage']}", no_wrap=True)
    table.add_column("colour")
    table.add_column("icons", justify="right")
    table.add_column("pts", justify="right")
    for line in event["lines"]:
        what = "area" if line["what"] == "marked area" else line["what"]
        table.add_row(what, colour_chip(line["colour"]), str(line["icons"]), str(line["points"]))
    if not event["lines"]:
        table.add_row("no marked area", "", "", "0")
    table.add_row("total", "", "", str(event["total"]), style="bold", end_section=True)
    return table


def stage_report(game: Game, stage: int) -> Columns:
    """Every player's pyramid with the markers of ``stage`` and its score breakdown."""
    scored = {
        e["player"]: e for e in game_events(game) if e["type"] == "stage_scored" and e["stage"] == stage
    }
    panels = []
    for player in range(game.num_players):
        event = scored.get(player)
        below: RenderableType = stage_breakdown(event) if event else Text("out of the game", style="bold red")
        title = f"player {player}" + (f" · stage {stage}: {event['total']} points" if event else "")
        panels.append(Panel(Group(player_pyramid(game, player, stage), below), title=title, expand=False))
    return Columns(panels)


def score_table(observation: Mapping[str, Any]) -> Table:
    """Every player's score per stage and in total."""
    players = observation["players"]
    stages = max([observation["stage"], *(len(p["stage_scores"]) for p in players)])
    table = Table(title="Scores", title_justify="left")
    table.add_column("player")
    for stage in range(1, stages + 1):
        table.add_column(f"stage {stage}", justify="right")
    table.add_column("total", justify="right", style="bold")
    table.add_column("cover cards left", justify="right")
    for seat in players:
        scores = [str(s) for s in seat["stage_scores"]]
        missing = "out" if seat["out"] else "-"
        scores += [missing] * (stages - len(scores))
        table.add_row(f"player {seat['player']}", *scores, str(seat["score"]), str(len(seat["cover_cards"])))
    return table


def ranking_table(ranking: Sequence[Mapping[str, Any]]) -> Table:
    """The final ranking, best first, with the tie-breaks that decided it."""
    table = Table(title="Final ranking", title_justify="left")
    for name in ("rank", "player", "points", "cover cards left", "best stage", ""):
        table.add_column(name, justify="right" if name not in ("player", "") else "left")
    for entry in ranking:
        covers, best = entry["tiebreak"]
        note = "out of the game" if entry["out"] else ("winner" if entry["rank"] == 1 else "")
        table.add_row(
            str(entry["rank"]),
            f"player {entry['player']}",
            str(entry["score"]),
            str(covers),
            str(best),
            note,
            style="bold" if entry["rank"] == 1 else "",
        )
    return table


# --- actions ----------------------------------------------------------------------------

_TEMPLATES: Final = {
    "take": "take the domino in quarry slot {slot1}",
    "place": "place at x={x} y={y} rotated {deg}° (B {toward})",
    "mark": "mark block {block}",
    "cover": "cover block {block} with the {colour} side, icon {quadrant}",
    "keep_covers": "keep your cover cards (no cover)",
    "refill": "refill the slot from pile {pile1}",
    "split": "split pile {pile1} to refill the emptied pile",
    "fill": "fill an empty space with the {colour} side, icon {quadrant}",
}


def describe_action(
    action: Mapping[str, Any],
    *,
    quarry: Sequence[Mapping[str, Any] | None] = (),
    blocks: Sequence[Mapping[str, Any]] = (),
) -> str:
    """One line for an action's JSON, for prompts and logs.

    ``quarry`` (the observation's) names the domino a take gets; ``blocks`` (the place
    event's, A then B) names the block a mark or cover goes on.
    """
    fields = dict(action)
    kind = str(fields.pop("kind"))
    template = _TEMPLATES.get(kind)
    if template is None:  # a kind of another game or a house rule
        return " ".join([kind, *(f"{k}={v}" for k, v in fields.items())])
    if "slot" in fields:
        fields["slot1"] = fields["slot"] + 1
    if "pile" in fields:
        fields["pile1"] = fields["pile"] + 1
    if "rot" in fields:
        fields["deg"], fields["toward"] = fields["rot"] * 90, TOWARD[fields["rot"]]
    return template.format(**fields) + _context(kind, fields, quarry, blocks)


def _context(
    kind: str,
    fields: Mapping[str, Any],
    quarry: Sequence[Mapping[str, Any] | None],
    blocks: Sequence[Mapping[str, Any]],
) -> str:
    if kind == "take" and fields["slot"] < len(quarry):
        domino = quarry[fields["slot"]]
        return f": {domino_text(domino)}" if domino else ""
    if kind in ("mark", "cover") and len(blocks) == 2:
        block = blocks["AB".index(fields["block"])]
        return f" ({block['colour']} at x={block['x']} y={block['y']})"
    return ""


def action_label(action: Mapping[str, Any]) -> str:
    """An action in a few characters, for long lists: ``x3 y4 90°``, ``B red TL``."""
    if action["kind"] == "place":
        return f"x{action['x']} y{action['y']} {action['rot'] * 90}°"
    values = [str(value) for name, value in action.items() if name != "kind"]
    return " ".join(values) if values else str(action["kind"]).replace("_", " ")

"""Terminal pictures of a game of the Pyramido family as rich renderables: pyramids, the
quarry or the exploration area, gems, score breakdowns, actions.

Every function returns a renderable or a line and prints nothing, so the caller (the CLI,
a notebook, a test) decides where output goes. Every picture reads a :class:`View` and
nothing else: one seat's observation, the ruleset's colours and rules, and the events that
everybody at the table watches happen. No picture reads a game's state, so a seat is shown
only what the rules let it see (Forgotten Treasures hides face-down fronts, and the other
players' scoring choices until all have chosen).

A pyramid is drawn as its top view on the 18x18 quadrant grid, two characters per cell,
with a lattice of box-drawing lines between cells: solid between pieces, dotted between
the two blocks of one domino, nothing inside a block. Whether colours can be shown is
known only when rendering, so :class:`PyramidPicture` decides then: with colour each
cell has its colour's background; without (NO_COLOR, a pipe) it shows a colour letter.

Silver & Gold Pyramids has no pyramid of dominoes: a player has two 5x5 pyramid cards,
drawn as grids of glyphs (the same letters with or without colour; colour only adds the
card's colour to its marked cells and frame), and a score card instead of stage scores.

The prompts, the score tables, the breakdowns and the ranking are the same for every game;
what differs (a player's board, the quarry, the exploration area or the offer, the wording
of actions, what happened after a step, the tie-breaks) is one :class:`Look` per game, in
``LOOKS`` at the end.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Collection, Hashable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from itertools import chain, takewhile
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
from .games.forgotten_treasures import PAYMENT_LABELS, PAYMENTS
from .games.silver_gold import CELLS as SG_CELLS
from .reference import SG_SIDE
from .shapes import SHAPES, placement_mask

if TYPE_CHECKING:
    from .engine import Game

BlockKey = tuple[int, int, int]  # (stage 0-3, x, y): one block space of the pyramid
Json = Mapping[str, Any]

ICON: Final = "◆"
MARKER: Final = "●"
COVER: Final = "░"
OPEN: Final = "·"
EMPTY: Final = "(no blocks yet)"
RULER_CORNER: Final = "y\\x"  # above the y labels, left of the x labels
TOWARD: Final = ("right", "below", "left", "above")  # where block B lies, by rotation
LEGEND: Final = "legend"  # the solo opponent's name in events and rankings
#: The events pictures read: each is something everybody at the table sees happen (never
#: the setup, which lists the shuffled piles face down).
PUBLIC_EVENTS: Final = frozenset(
    {
        "place",
        "mark",
        "cover",
        "fill",
        "stage_scored",
        "no_domino_fits",
        "legend_turn",
        "legend_draws",
        "bag_refilled_from_discards",
    }
)
# Corner glyphs by the arms drawn from them: up 8, down 4, left 2, right 1.
_CORNERS: Final = " ╶╴─╷┌┐┬╵└┘┴│├┤┼"
_LINE_STYLE: Final = Style(color="grey50")


@dataclass(frozen=True)
class View:
    """What one seat (or a spectator) may see: the only input of every picture.

    ``events`` are those the seat has watched happen, in order (the game's :class:`Look`
    says which: never the setup's shuffled piles, nor the marks others are still making
    in secret); ``latest`` are those of them that the last step brought.
    """

    observation: Json
    colours: tuple[str, ...]
    rules: Json = field(default_factory=dict)
    events: tuple[Json, ...] = ()
    latest: tuple[Json, ...] = ()

    @classmethod
    def of(cls, game: Game, seat: int | None) -> View:
        """``seat``'s view (``None``: a spectator's), the one place pictures meet a game."""
        observation = game.observation(seat)
        events = LOOKS[observation["game"]].visible(tuple(game_events(game)), observation)
        last = {id(event) for event in game.steps[-1]["events"]} if game.steps else set()
        latest = tuple(event for event in events if id(event) in last)
        colours = tuple(game.ruleset.data["colours"])
        return cls(observation, colours, game.ruleset.params, events, latest)

    @property
    def look(self) -> Look:
        return LOOKS[self.observation["game"]]

    @property
    def kind(self) -> str | None:
        """The decision being taken, if the game is not over."""
        decision = self.observation["decision"]
        return None if decision is None else str(decision["kind"])

    @property
    def legend(self) -> Json | None:
        """Solo: the Legend, the automaton a lone player plays against (no such key in Pyramido)."""
        legend: Json | None = self.observation.get("legend")
        return legend

    def seat(self, player: int) -> Json:
        seat: Json = self.observation["players"][player]
        return seat


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
    "mythical": Swatch("m", "#e8e8e8", "black"),
}


def swatch(colour: str) -> Swatch:
    """The swatch of a colour; a colour a house rule adds gets its initial on grey."""
    return SWATCHES.get(colour) or Swatch(colour[:1] or "?", "grey50", "black")


def colour_chip(colour: str) -> Text:
    """A colour's name on its own background (the name alone without colour)."""
    return Text(f" {colour} ", style=_chip_style(colour))


def _chip_style(colour: str) -> Style:
    found = swatch(colour)
    return Style(bgcolor=found.background, color=found.foreground)


def who(player: int | str, viewer: int | None = None) -> str:
    """How a player is named: ``player 2``, ``player 0 (you)``, ``the Legend``."""
    if player == LEGEND:
        return "the Legend"
    return f"player {player}" + (" (you)" if player == viewer else "")


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
    ``areas`` (an area label per cell, ``core.label_areas``) turns the picture into a map
    of the areas: each cell shows its area's number and lines part areas, not pieces.
    """

    view: bytes
    colours: Sequence[str]
    notes: Notes = Notes()
    frame: frozenset[tuple[int, int]] = frozenset()
    ruler: int | None = None
    areas: Sequence[int] = ()

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

    def _area(self, cx: int, cy: int) -> int | None:
        return self.areas[cy * CELLS + cx] if self._byte(cx, cy) else None

    def _swatch(self, cx: int, cy: int) -> Swatch | None:
        byte = self._byte(cx, cy)
        return swatch(self.colours[(byte & 7) - 1]) if byte else None

    def _edge(self, a: tuple[int, int], b: tuple[int, int]) -> str:
        """Between two cells: "" (same block or both gaps), "soft" (one domino) or "hard"."""
        if self.areas:
            return "" if self._area(*a) == self._area(*b) else "hard"
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
        with colour, the mark and a cover hatch on the colour's background. On an area
        map, the area's number instead."""
        byte, key, found = self._byte(cx, cy), self._key(cx, cy), self._swatch(cx, cy)
        if key is None or found is None:  # a gap; a dot where a domino may still go
            return Text(f"{OPEN} " if (cx, cy) in self.frame else "  ", style="dim")
        base = Style(bgcolor=found.background, color=found.foreground)
        if self.areas:
            number = f"{self._area(cx, cy):>2}"
            return Text(number) if plain else Text(number, base)
        covered = key in self.notes.covers
        mark = ICON if byte & 8 else MARKER if key in self.notes.markers else str(key[0] + 1)
        if plain:
            return Text((found.letter.upper() if covered else found.letter) + mark)
        emphasis = Style(bold=True) if mark in (ICON, MARKER) else Style(dim=True)
        cell = Text(mark, base + emphasis)
        cell.append(COVER if covered else " ", base)
        return cell


def _around(cx: int, cy: int) -> tuple[tuple[int, int], ...]:
    """The four cells meeting at the top-left corner of cell ``(cx, cy)``: TL, TR, BL, BR."""
    return ((cx - 1, cy - 1), (cx, cy - 1), (cx - 1, cy), (cx, cy))


def board_from_json(pyramid: Sequence[Sequence[Json]], colours: Sequence[str]) -> bytes:
    """The board bytes of an observation's pyramid (blocks by stage)."""
    board = bytearray(BOARD_SIZE)
    for stage, blocks in enumerate(pyramid):
        for block in blocks:
            colour = colours.index(block["colour"]) + 1
            board[block_index(stage, block["x"], block["y"])] = block_byte(colour, icon_mask(block["icons"]))
    return bytes(board)


def game_events(game: Game) -> Iterator[dict[str, Any]]:
    """Every event of the game so far, setup first (public or not: see ``View.of``)."""
    return chain(game.setup_events, *(step["events"] for step in game.steps))


def notes_from_log(events: Iterable[Json], player: int, marker_stage: int) -> Notes:
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
    view: View, player: int, marker_stage: int | None = None, *, rulers: bool = False
) -> RenderableType:
    """A player's pyramid now, with the markers of ``marker_stage`` (default: this stage)
    and, under it, the gaps a finished stage kept (Forgotten Treasures).

    With ``rulers``, the block coordinates of the stage being built label the edges, and
    every space a domino may still go to is in the picture: what a person placing needs.
    """
    seat = view.seat(player)
    board = board_from_json(seat["pyramid"], view.colours)
    stage = view.observation["stage"] if marker_stage is None else marker_stage
    picture = PyramidPicture(core.top_view(board), view.colours, notes_from_log(view.events, player, stage))
    if rulers:
        building = view.observation["stage"] - 1
        picture = replace(picture, frame=_room(board, building), ruler=building)
    holes = gaps(board, _finished_stages(view, seat))
    if not holes:
        return picture
    listed = ", ".join(f"stage {s + 1} x={x} y={y}" for s, x, y in holes)
    return Group(picture, Text(f"gaps: {listed}", style="dim"))


def _room(board: bytes, stage: int) -> frozenset[tuple[int, int]]:
    """The cells of every space a domino may still go to in ``stage`` (0-3)."""
    return frozenset(
        cell
        for placement in core.placements(board, stage)
        for space in placement_blocks(placement)
        for cell in block_cells(stage, *space)
    )


def _finished_stages(view: View, seat: Json) -> int:
    """How many stages are over for a seat, so that their holes are gaps for good: those
    below the stage being built, and that one once complete. A player out of the game
    (Pyramido) did not finish his stages: their holes are no gaps."""
    if seat.get("out"):
        return 0
    return int(view.observation["stage"]) - 1 + bool(seat["stage_complete"])


def gaps(board: bytes, stages: int) -> list[BlockKey]:
    """The empty spaces of the boxes of the first ``stages`` stages, bottom up."""
    holes: list[BlockKey] = []
    for stage in range(stages):
        x0, y0, x1, y1 = core.stage_box(board, stage)
        holes += [
            (stage, x, y)
            for y in range(y0, y1 + 1)
            for x in range(x0, x1 + 1)
            if not board[block_index(stage, x, y)]
        ]
    return holes


def area_map(view: View, player: int) -> PyramidPicture:
    """The player's top view numbered by area, to find the areas a scoring decision lists
    (the numbers are the game's: ``core.label_areas`` of the same board)."""
    board = board_from_json(view.seat(player)["pyramid"], view.colours)
    return PyramidPicture(core.top_view(board), view.colours, areas=tuple(core.label_areas(board).labels))


def colour_key(view: View) -> Text:
    """What the letters and marks of a pyramid picture mean in this game."""
    text = Text()
    for colour in view.colours:
        text.append(swatch(colour).letter + "=")
        text.append_text(colour_chip(colour))
        text.append(" ")
    text.append("\n" + view.look.marks)
    return text


# --- dominoes, quarry, exploration area, gems -------------------------------------------


def domino_picture(domino: Json, colours: Sequence[str], rot: int = 0) -> PyramidPicture:
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


def domino_text(domino: Json) -> str:
    """One line: ``#17 red(BL,TR) | brown(BR)``: block A, then block B to its right."""

    def side(block: Sequence[str]) -> str:
        colour, *icons = block
        return f"{colour}({','.join(icons)})" if icons else colour

    return f"#{domino['id']} {side(domino['a'])} | {side(domino['b'])}"


def back_text(back: Json, separator: str = " | ") -> str:
    """A face-down domino as its back shows it: each block's colour and icon count only."""
    return separator.join(f"{colour} {ICON * count}".rstrip() for colour, count in (back["a"], back["b"]))


def rotations(domino: Json, colours: Sequence[str]) -> Table:
    """The four ways a domino can lie, labelled with the ``rot`` of a place action."""
    table = Table(box=None, show_edge=False, title=f"in hand: {domino_text(domino)}", title_justify="left")
    for rot in range(4):
        table.add_column(f"rot {rot}: B {TOWARD[rot]}", vertical="middle")
    table.add_row(*(domino_picture(domino, colours, rot) for rot in range(4)))
    return table


def _domino_cell(domino: Json | None, colours: Sequence[str]) -> RenderableType:
    """A pile's top or a slot: its front and number, its back when face down, or empty."""
    if domino is None:
        return Text("(empty)", style="dim")
    if domino.get("face") == "back":
        return Text("face down\n" + back_text(domino, "\n"))
    return Group(domino_picture(domino, colours), Text(f"#{domino['id']}", style="dim"))


def market(view: View) -> Group:
    """Pyramido: the quarry slots and the piles with their sizes and top dominoes."""
    observation, colours = view.observation, view.colours
    quarry = Table(title="Quarry", title_justify="left", show_edge=False)
    for slot in range(1, len(observation["quarry"]) + 1):
        quarry.add_column(f"slot {slot}")
    quarry.add_row(*(_domino_cell(d, colours) for d in observation["quarry"]))
    piles = Table(title="Piles (top domino)", title_justify="left", show_edge=False)
    for number, pile in enumerate(observation["piles"], start=1):
        piles.add_column(f"pile {number}: {pile['size']} left")
    piles.add_row(*(_domino_cell(p["top"], colours) for p in observation["piles"]))
    return Group(quarry, piles)


def gem_row(gems: Iterable[str]) -> Text:
    """Single gems by kind, as chips: a gem area, a Legend's wishes."""
    chips = [colour_chip(gem) for gem in gems]
    return Text(" ").join(chips) if chips else Text("no gems", style="dim")


def gem_counts(counts: Mapping[str, int]) -> Text:
    """Gems held by kind, ``orange 2 mythical 1``; the kinds held only."""
    held = [colour_chip(kind) + Text(str(count)) for kind, count in counts.items() if count]
    return Text(" ").join(held) if held else Text("none", style="dim")


def exploration(view: View) -> Group:
    """Forgotten Treasures: the bag's size, the discards, then the 5 spaces: pile size, top
    domino (front, or back when face down) and gem area."""
    observation = view.observation
    bag = Text(f"Exploration area · bag: {observation['bag_size']} gems · discards: ")
    table = Table(show_edge=False)
    for number, space in enumerate(observation["spaces"], start=1):
        table.add_column(f"space {number}\n{space['pile_size']} left")
    table.add_row(
        *(
            Group(_domino_cell(s["top"], view.colours), Text("gems: ") + gem_row(s["gems"]))
            for s in observation["spaces"]
        )
    )
    return Group(bag + gem_counts(observation["discards"]), table)


def inventory(view: View) -> Table:
    """Every player's gems by kind (the Legend's too); while a stage is scored the others'
    are as they were before their secret activations (the observation's)."""
    observation = view.observation
    holders = [(who(p["player"], observation["viewer"]), p["gems"]) for p in observation["players"]]
    if view.legend:
        holders.append((who(LEGEND), view.legend["gems"]))
    table = Table(title="Gems", title_justify="left", show_edge=False)
    table.add_column("", no_wrap=True)
    for kind in holders[0][1]:
        table.add_column(kind, header_style=_chip_style(kind), justify="right")
    table.add_column("total", justify="right")
    for name, gems in holders:
        table.add_row(name, *(str(count) for count in gems.values()), str(sum(gems.values())))
    return table


def legend_line(view: View) -> Text:
    """Solo: what the Legend wants (the icons of his top domino, by colour) and has scored."""
    legend = view.legend
    assert legend is not None  # solo only
    top = legend["top"]
    text = Text("The Legend wishes ")
    text.append_text(gem_row(colour for colour, *icons in (top["a"], top["b"]) for _ in icons))
    text.append(f" (his top domino {domino_text(top)}, {legend['pile_size']} in his pile)")
    return text


def exploration_table(view: View) -> Group:
    """Forgotten Treasures' table: the exploration area, the Legend in solo, the gems."""
    parts: list[RenderableType] = [exploration(view)]
    if view.legend:
        parts.append(legend_line(view))
    return Group(*parts, inventory(view))


# --- a decision -------------------------------------------------------------------------


def situation(view: View, seat: int, legal: Sequence[Json]) -> Group:
    """What a seat needs for its decision: its board with coordinates to answer by, the
    game's table when the decision draws on it, the domino in hand, what this game adds
    for this decision, the scores."""
    kind, look = view.kind, view.look
    assert kind is not None, "a situation is a decision's"
    parts: list[RenderableType] = [look.board(view, seat, True)]
    if kind in look.table_for:
        parts.append(look.table(view))
    if view.observation.get("in_hand"):
        parts.append(rotations(view.observation["in_hand"], view.colours))
    extra = look.extras.get(kind)
    if extra:
        parts.append(extra(view, seat, legal))
    parts.append(look.standing(view))
    return Group(*parts)


def boards(view: View) -> Columns:
    """Every player's board, named: the position at a glance."""
    return Columns(
        [Group(Text(who(p)), view.look.board(view, p, False)) for p in _seats(view)],
        padding=(0, 2),
    )


def _seats(view: View) -> range:
    """Every player's number (the Legend, who has no board, is not one)."""
    return range(len(view.observation["players"]))


def scores_line(view: View) -> Text:
    """``scores: player 0: 12, player 1: 9, the Legend: 14``."""
    observation = view.observation
    rows = [(p["player"], p["score"]) for p in observation["players"]]
    if view.legend:
        rows.append((LEGEND, view.legend["score"]))
    return Text("scores: " + ", ".join(f"{who(name)}: {score}" for name, score in rows), style="dim")


def cover_cards(view: View, seat: int, legal: Sequence[Json]) -> Text:
    """Pyramido, cover or fill: the cards the player may still use."""
    cards = ", ".join("/".join(card) for card in view.seat(seat)["cover_cards"])
    return Text(f"your cover cards: {cards}")


def scoring_panel(view: View, seat: int, legal: Sequence[Json]) -> Group:
    """Forgotten Treasures' stage scoring, for the seat only: its gems, then either what
    it activated and the areas it can still pay for (by number, with a map), or the
    discards down to the limit."""
    me = view.seat(seat)
    scoring = me["scoring"]
    gems = Text("your gems: ") + gem_counts(me["gems"])
    if scoring["points"] is not None:
        held = sum(me["gems"].values())
        return Group(
            Text(f"activations ended: {scoring['points']} points this stage"),
            gems,
            Text(f"you hold {held} gems: discard down to {view.rules['inventory_limit']}"),
        )
    return Group(
        gems,
        Text(_activated(scoring)),
        Text("The others choose in secret; every choice shows once the stage is scored.", style="dim"),
        Columns([area_map(view, seat), _activation_table(scoring, legal)], padding=(0, 3)),
    )


def _activated(scoring: Json) -> str:
    """``activated so far: area 3 with 1C = 4, area 5 doubled with 3C = 10; 14 points``."""
    spent = [
        f"area {s['area']}{' doubled' if s['double'] else ''} with {_paid(s)} = {_spend_points(scoring, s)}"
        for s in scoring["activated"]
    ]
    if not spent:
        return "nothing activated yet"
    return f"activated so far: {', '.join(spent)}; {activated_points(scoring)} points"


def activated_points(scoring: Json) -> int:
    """The icon points of the areas a seat has activated so far in a stage's scoring."""
    return sum(_spend_points(scoring, spend) for spend in scoring["activated"])


def _spend_points(scoring: Json, spend: Json) -> int:
    icons: int = scoring["areas"][spend["area"]]["icons"]
    return icons * (2 if spend["double"] else 1)


def _paid(gems: Json) -> str:
    """``1C``, ``2M``, ``2C+2M``: coloured and mythical gems paid."""
    parts = [f"{gems[name]}{name[0].upper()}" for name in ("coloured", "mythical") if gems[name]]
    return "+".join(parts) or "nothing"


def is_double(payment: str) -> bool:
    """Whether a payment label (``3C``, ``2C+2M``...) doubles its area."""
    return PAYMENTS[PAYMENT_LABELS.index(payment)][2]


def _activation_table(scoring: Json, legal: Sequence[Json]) -> Table:
    """The areas with icons that a legal activation pays for, with those payments."""
    payments: dict[int, list[str]] = {}
    for action in legal:
        if action["kind"] == "activate":
            payments.setdefault(action["area"], []).append(action["payment"])
    listed = [a for a in scoring["areas"] if a["area"] in payments and a["icons"]]
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    for name in ("area", "colour", "icons", "pay", "double", "points"):
        table.add_column(name, justify="right" if name in ("area", "icons") else "left")
    for area in listed:
        pays = payments[area["area"]]
        doubles = [p for p in pays if is_double(p)]
        points = f"{area['icons']}" + (f" / {2 * area['icons']}" if doubles else "")
        singles = " ".join(p for p in pays if not is_double(p))
        table.add_row(
            str(area["area"]),
            colour_chip(area["colour"]),
            str(area["icons"]),
            singles,
            " ".join(doubles),
            points,
        )
    unlisted = len(payments) - len(listed)
    table.caption = f"({unlisted} areas without icons not listed)" if unlisted else None
    return table


# --- scores -----------------------------------------------------------------------------


def stage_breakdown(event: Json) -> Table:
    """The lines of a ``stage_scored`` event, any game: what scored (an area with its
    colour and icons, gems), the gems it took, the points; then the total."""
    lines = event["lines"]
    with_gems = any("paid" in line or "gems" in line for line in lines)
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, collapse_padding=True)
    table.add_column(f"stage {event['stage']}", no_wrap=True)
    table.add_column("colour")
    table.add_column("icons", justify="right")
    if with_gems:
        table.add_column("gems")
    table.add_column("pts", justify="right")
    for line in lines:
        chip = colour_chip(line["colour"]) if "colour" in line else ""
        gems = [_line_gems(line)] if with_gems else []
        what = "area" if line["what"] == "marked area" else line["what"]
        table.add_row(what, chip, str(line.get("icons", "")), *gems, str(line["points"]))
    if not lines:
        table.add_row("nothing scored", "", "", *([""] if with_gems else []), "0")
    blanks = [""] * (3 if with_gems else 2)
    table.add_row("total", *blanks, str(event["total"]), style="bold", end_section=True)
    return table


def _line_gems(line: Json) -> str:
    """The gems of a breakdown line: paid (``1C+4M``), a count, or the gems by name."""
    if "paid" in line:
        return _paid(line["paid"])
    gems = line.get("gems", "")
    if not isinstance(gems, list):
        return str(gems)
    return ", ".join(f"{gems.count(kind)} {kind}" for kind in dict.fromkeys(gems))


def stage_report(view: View, stage: int) -> Columns:
    """Every player's pyramid with the markers of ``stage`` and its score breakdown; in
    solo the Legend's breakdown too."""
    scored = {e["player"]: e for e in view.events if e["type"] == "stage_scored" and e["stage"] == stage}
    panels = [
        _report_panel(who(p), player_pyramid(view, p, stage), scored.get(p), stage)
        for p in range(len(view.observation["players"]))
    ]
    if view.legend:
        panels.append(_report_panel(who(LEGEND), None, scored.get(LEGEND), stage))
    return Columns(panels)


def stage_end(view: View, verbose: bool) -> tuple[str, RenderableType] | None:
    """After a step that scored a stage, or ended the game with nobody left to score: the
    table the next stage starts from, then every pyramid with its breakdown. (Stages are
    the only milestones of the pyramid games: ``verbose`` adds none.)"""
    stage = next((e["stage"] for e in view.latest if e["type"] == "stage_scored"), None)
    over = view.kind is None
    if stage is None and not over:
        return None
    title = f"stage {stage} scored"
    if stage is None:
        stage = view.observation["stage"]
        title = f"game over in stage {stage}: nobody is left to score"
    return title, Group(*([] if over else [view.look.table(view)]), stage_report(view, stage))


def _report_panel(name: str, picture: RenderableType | None, event: Json | None, stage: int) -> Panel:
    below: RenderableType = stage_breakdown(event) if event else Text("out of the game", style="bold red")
    title = name + (f" · stage {stage}: {event['total']} points" if event else "")
    return Panel(Group(*([picture] if picture else []), below), title=title, expand=False)


def score_table(view: View) -> Table:
    """Every player's (and the Legend's) score per stage and in total, and what the game's
    first tie-break counts."""
    holding = view.look.holding
    assert holding is not None, "a game with stage scores says what its ties are broken by"
    observation, (column, count) = view.observation, holding
    rows = [(who(p["player"]), p) for p in observation["players"]]
    if view.legend:
        rows.append((who(LEGEND), view.legend))
    stages = max([observation["stage"], *(len(row["stage_scores"]) for _, row in rows)])
    table = Table(title="Scores", title_justify="left")
    table.add_column("player")
    for stage in range(1, stages + 1):
        table.add_column(f"stage {stage}", justify="right")
    table.add_column("total", justify="right", style="bold")
    table.add_column(column, justify="right")
    for name, row in rows:
        scores = [str(s) for s in row["stage_scores"]]
        scores += ["out" if row.get("out") else "-"] * (stages - len(scores))
        table.add_row(name, *scores, str(row["score"]), str(count(row)))
    return table


def ranking_table(ranking: Sequence[Json], view: View) -> Table:
    """The final ranking, best first, with the tie-breaks of the game that decided it."""
    tiebreaks = view.look.tiebreaks
    table = Table(title="Final ranking", title_justify="left")
    for name in ("rank", "player", "points", *tiebreaks, ""):
        table.add_column(name, justify="right" if name not in ("player", "") else "left")
    for entry in ranking:
        values = [str(value) for value in entry["tiebreak"]]
        values += [""] * (len(tiebreaks) - len(values))  # the Legend has none
        note = "out of the game" if entry.get("out") else ("winner" if entry["rank"] == 1 else "")
        table.add_row(
            str(entry["rank"]),
            who(entry["player"]),
            str(entry["score"]),
            *values,
            note,
            style="bold" if entry["rank"] == 1 else "",
        )
    return table


# --- Silver & Gold Pyramids: pyramid cards, expedition shapes, the offer, score cards ---

FILES: Final = "abcde"  # a card's columns, left to right; its rows are 1-5, top down
ROOM: Final = "·"
WALL: Final = "#"
CROSSED: Final = "\N{MULTIPLICATION SIGN}"
TICK: Final = "✓"
SHAPE_CELL: Final = "██"
#: What each symbol of a card looks like: the same letter with or without colour.
SYMBOL_GLYPHS: Final[Mapping[str, tuple[str, str]]] = {
    "red": ("r", "bold #ff5f5f"),
    "green": ("g", "bold #5fff87"),
    "torch": ("t", "bold yellow"),
    "skull": ("s", "bold bright_white"),
    "potion": ("p", "bold magenta"),
    "cross": ("+", "bold cyan"),
}
ENTRANCE: Final = "E"
TOMB: Final = "T"
#: The glyph of what a marking may cover (its symbols and the tomb), in short labels.
HIT_GLYPHS: Final = {**{symbol: glyph for symbol, (glyph, _) in SYMBOL_GLYPHS.items()}, "tomb": TOMB}
SYMBOL_WORDS: Final[Mapping[str, str]] = {"red": "red gem", "green": "green gem"}
MARKINGS: Final = ("shape", "cell", "cross")  # the action kinds that mark cells
MARKING: Final = frozenset({"mark", "pass", "cross_lost"})  # secret until everybody has marked
#: The Silver & Gold events everybody sees happen (not the setup's or the keeps' cards,
#: nor the shuffled decks of the offer and of each round's expedition cards).
SG_EVENTS: Final = frozenset(
    {*MARKING, "expedition", "card_completed", "replace", "bonus", "round_end", "final_score"}
)


def cell_name(cell: int) -> str:
    """``c3``: the column letter and row number of a card cell (0-24), as typed and listed."""
    return f"{FILES[cell % SG_SIDE]}{cell // SG_SIDE + 1}"


def cell_index(name: str) -> int:
    """The cell (0-24) that a name like ``c3`` stands for; ``ValueError`` if none does."""
    found = re.fullmatch(rf"([{FILES}])([1-{SG_SIDE}])", name.lower())
    if found is None:
        raise ValueError(f"{name!r} is not a cell: columns {FILES[0]}-{FILES[-1]}, rows 1-{SG_SIDE}")
    return (int(found[2]) - 1) * SG_SIDE + FILES.index(found[1])


def card_name(view: View, number: int) -> str:
    """``#12 purple``; only the number for a card the observation has no data of."""
    card = view.observation["cards"].get(str(number))
    return f"#{number} {card['colour']}" if card else f"#{number}"


def card_grid(card: Json, marked: Collection[int] = (), *, coords: bool = False, small: bool = False) -> Text:
    """A pyramid card's 25 cells, each showing what is printed on it; a marked cell is
    bracketed, a marked room crossed (only the cross when ``small``). With ``coords``,
    columns a-e and rows 1-5 label the edges, to type cells by."""
    glyphs = _card_glyphs(card)
    crossed = _chip_style(card["colour"]) + Style(bold=True)
    lines = [Text("  " + "".join(f" {f} " for f in FILES), style="dim")] if coords else []
    for row in range(SG_SIDE):
        cells = [
            _card_cell(*glyphs[cell], cell in marked, crossed, small)
            for cell in range(row * SG_SIDE, (row + 1) * SG_SIDE)
        ]
        line = Text(f"{row + 1} ", style="dim") if coords else Text()
        lines.append(line + Text(" " if small else "").join(cells))
    return Text("\n").join(lines)


def _card_glyphs(card: Json) -> list[tuple[str, str]]:
    """Glyph and style of every cell: room, wall, symbol, entrance E or tomb T."""
    glyphs = [(ROOM, "dim")] * SG_CELLS
    for cell in card["walls"]:
        glyphs[cell] = (WALL, "grey50")
    for symbol, cells in card["symbols"].items():
        for cell in cells:
            glyphs[cell] = SYMBOL_GLYPHS[symbol]
    glyphs[card["entrance"]] = (ENTRANCE, "bold")
    glyphs[card["tomb"]] = (TOMB, "bold")
    return glyphs


def _card_cell(glyph: str, style: str, marked: bool, crossed: Style, small: bool) -> Text:
    if small:
        return Text(CROSSED, crossed) if marked else Text(glyph, style)
    if marked:
        return Text(f"[{CROSSED if glyph == ROOM else glyph}]", crossed)
    return Text(glyph * 3 if glyph == WALL else f" {glyph} ", style)


def card_panel(
    view: View,
    number: int,
    marked: Collection[int] = (),
    *,
    label: str = "",
    coords: bool = False,
    small: bool = False,
) -> Panel:
    """A visible pyramid card framed in its colour, titled with ``label`` (which of a
    player's cards it is, as typed), its number and colour."""
    card = view.observation["cards"][str(number)]
    colour = card["colour"]
    return Panel(
        card_grid(card, marked, coords=coords, small=small),
        title=f"#{number}" if small else f"{label}#{number} {colour}",
        subtitle=colour if small else None,
        expand=False,
        border_style=swatch(colour).background,
    )


def pyramid_cards(view: View, player: int, coords: bool, small: bool = False) -> RenderableType:
    """A player's two pyramid cards side by side (with ``coords``, labelled card 1 and
    card 2, as typed); while a seat keeps 2 of the 4 it drew, those 4 to its own eyes,
    and to the others only how many it holds."""
    hand = view.seat(player)["hand"]
    if isinstance(hand, int) and hand:
        return Text(f"(keeping 2 of the {hand} cards drawn)", style="dim")
    cards: list[RenderableType]
    if isinstance(hand, list) and hand:
        cards = [card_panel(view, n, label=f"{i}: ") for i, n in enumerate(hand, 1)]
    else:
        cards = [
            _slot_panel(view, slot, card, coords, small)
            for slot, card in enumerate(view.seat(player)["cards"])
        ]
    row = Table.grid(padding=(0, 1))
    row.add_row(*cards)
    return row


def _slot_panel(view: View, slot: int, card: Json | None, coords: bool, small: bool) -> RenderableType:
    """One of a player's two cards, or an empty place (none kept yet, or none left to
    replace a completed card)."""
    if card is None:
        return Text("(no card)", style="dim")
    label = f"card {slot + 1} · " if coords else ""
    return card_panel(view, card["number"], card["marked"], label=label, coords=coords, small=small)


def shape_grid(shape: str) -> Text:
    """An expedition card's shape as it is printed, two characters a cell."""
    cells = [cell for cell in range(SG_CELLS) if SHAPES[shape] >> cell & 1]
    width = max(cell % SG_SIDE for cell in cells) + 1
    rows = max(cell // SG_SIDE for cell in cells) + 1
    lines = (
        "".join(SHAPE_CELL if y * SG_SIDE + x in cells else "  " for x in range(width)).rstrip()
        for y in range(rows)
    )
    return Text("\n".join(lines), style="bold")


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
            for p in _seats(view)
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
    rules, viewer = view.rules, view.observation["viewer"]
    table = _sg_table("Score cards")
    for name in ("player", "red", "green", "torches", "skulls", "bonuses", "completed"):
        table.add_column(name, justify="right" if name in ("red", "green", "skulls") else "left")
    for seat in view.observation["players"]:
        score = seat["score_card"]
        skulls = score["skulls"]
        table.add_row(
            who(seat["player"], viewer),
            f"{score['red']}/{rules['gem_cap']}",
            f"{score['green']}/{rules['gem_cap']}",
            "".join(TICK if torch else ROOM for torch in score["torches"]),
            f"{skulls} ({rules['skull_track'][skulls - 1]})" if skulls else "0",
            ", ".join(f"{bonus['colour']} {bonus['points']}" for bonus in score["bonuses"]) or "-",
            " ".join(card_name(view, n) for n in score["completed"]) or "-",
        )
    return table


def _sg_table(title: str) -> Table:
    """A table of a row per player, lined only under its header: narrow enough for 80
    columns with four players."""
    return Table(title=title, title_justify="left", box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)


def round_summary(view: View, round_: int) -> Table:
    """What each player did in a round, from the events everybody saw: cells marked, the
    symbols among them, the cards completed and the bonuses claimed."""
    players = _seats(view)
    cells = dict.fromkeys(players, 0)
    symbols: dict[int, Counter[str]] = {p: Counter() for p in players}
    done: dict[int, list[str]] = {p: [] for p in players}
    for event in _round_events(view, round_):
        if event["type"] == "mark":
            cells[event["player"]] += len(event["marked"])
            symbols[event["player"]].update(event["symbols"])
        elif event["type"] == "card_completed":
            done[event["player"]].append(f"#{event['card']}")
        elif event["type"] == "bonus":
            done[event["player"]].append(f"({event['colour']} bonus {event['points']})")
    table = _sg_table(f"Round {round_}: cells marked, symbols among them, cards completed")
    table.add_column("player")
    table.add_column("cells", justify="right")
    for glyph, _ in SYMBOL_GLYPHS.values():
        table.add_column(glyph, justify="right")
    table.add_column("completed (bonus)")
    for p in players:
        counts = [str(symbols[p][symbol]) for symbol in SYMBOL_GLYPHS]
        table.add_row(who(p, view.observation["viewer"]), str(cells[p]), *counts, " ".join(done[p]) or "-")
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
        used, unused = view.rules["expeditions_per_round"], len(ended["unused"])
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
        if name in ("what", "points"):
            continue
        if isinstance(value, list):
            cards = all(isinstance(v, int) for v in value)
            listed = [f"#{v}" if cards else f"{v['colour']} {v['points']}" for v in value]
            parts.append((" " if cards else ", ").join(listed) or "none")
        else:
            parts.append(str(value) if name == "count" else f"{name} {value}")
    return ", ".join(parts)


def _sg_visible(events: Sequence[Json], observation: Json) -> tuple[Json, ...]:
    """The public events, less the marks the others are still making in secret: those of
    the expedition card being marked, but the seat's own."""
    decision = observation["decision"]
    marking = decision is not None and decision["kind"] == "mark"
    kinds = [event["type"] for event in events]
    start = len(kinds) - kinds[::-1].index("expedition") if marking else len(kinds)
    return tuple(
        event
        for i, event in enumerate(events)
        if event["type"] in SG_EVENTS
        and not (i >= start and event["type"] in MARKING and event["player"] != observation["viewer"])
    )


def _sg_news(view: View) -> list[str]:
    """Once everybody has marked an expedition card, what each marked (made at once, so
    told together); then what followed: completed cards, replacements, bonuses."""
    return _marking_recap(view) + _told(view)


def _marking_recap(view: View) -> list[str]:
    """A line per player's marking of the expedition card whose marking the last step
    finished; nothing while somebody is still to mark it."""
    latest = [event for event in view.latest if event["type"] in MARKING]
    revealed = any(event["type"] == "expedition" for event in view.latest)
    if not latest or (view.kind == "mark" and not revealed):
        return []
    events = view.events
    first = next(i for i, event in enumerate(events) if event is latest[0])
    start = max(i for i in range(first) if events[i]["type"] == "expedition")
    marking = takewhile(lambda event: event["type"] in MARKING, events[start + 1 :])
    return [_marking_line(event, view) for event in marking]


def _marking_line(event: Json, view: View) -> str:
    """``player 1: shape a1 b1 a2 on #12 purple: 1 red gem, 1 skull``."""
    name = who(event["player"], view.observation["viewer"])
    if event["type"] == "pass":
        return f"{name} passes: nothing could be marked"
    if event["type"] == "cross_lost":
        return f"{name} loses {event['count']} cross mark(s): no cell left to mark"
    cells = " ".join(cell_name(cell) for cell in event["marked"])
    found = ", ".join(_counted(n, SYMBOL_WORDS.get(s, s)) for s, n in event["symbols"].items())
    line = f"{name}: {event['how']} {cells} on {card_name(view, event['card'])}"
    return f"{line}: {found}" if found else line


def _counted(count: int, word: str) -> str:
    """``1 skull``, ``2 skulls``, ``2 crosses``."""
    plural = "es" if word.endswith("s") else "s"
    return f"{count} {word}{plural if count > 1 else ''}"


def _round_heading(view: View) -> str:
    """``round 2 · expedition card 3 of 7``: where a Silver & Gold game is."""
    observation = view.observation
    shown = observation["expedition"]
    heading = f"round {observation['round']}"
    if shown["shape"] is None:
        return heading
    per_round = view.rules["expeditions_per_round"]
    return f"{heading} · expedition card {shown['used_this_round'] + 1} of {per_round}"


# --- actions and events -----------------------------------------------------------------

_SHARED_TEMPLATES: Final = {
    "place": "place at x={x} y={y} rotated {deg}° (B {toward})",
    "split": "split pile {pile1} to refill the emptied pile",
}
_PYRAMIDO_TEMPLATES: Final = {
    **_SHARED_TEMPLATES,
    "take": "take the domino in quarry slot {slot1}",
    "mark": "mark block {block}",
    "cover": "cover block {block} with the {colour} side, icon {quadrant}",
    "keep_covers": "keep your cover cards (no cover)",
    "refill": "refill the slot from pile {pile1}",
    "fill": "fill an empty space with the {colour} side, icon {quadrant}",
}
_FT_TEMPLATES: Final = {
    **_SHARED_TEMPLATES,
    "take": "take the domino of space {pile1} and {a_gem}",
    "reveal": "turn face up the top domino of pile {pile1}",
    "activate": "activate area {area} paying {payment}",
    "end_activation": "end the activations",
    "discard": "discard {a_gem}",
}


def describe_action(action: Json, view: View, player: int) -> str:
    """One line for ``player``'s action (its JSON), for prompts and logs; ``view`` (as
    the action is chosen) names what it takes, covers or activates."""
    fields = dict(action)
    kind = str(fields.pop("kind"))
    look = view.look
    template = look.templates.get(kind)
    if template is None:  # a kind of a house rule
        return " ".join([kind, *(f"{k}={v}" for k, v in fields.items())])
    fields.update(_derived(fields))
    return template.format(**fields) + look.context(kind, fields, view, player)


def _derived(fields: Mapping[str, Any]) -> dict[str, Any]:
    """Wording fields: 1-based slot, card and pile, degrees and side of B, a gem with its
    article."""
    derived: dict[str, Any] = {}
    if "slot" in fields:
        derived["slot1"] = fields["slot"] + 1
    if "card" in fields:
        derived["card1"] = fields["card"] + 1
    if "pile" in fields:
        derived["pile1"] = fields["pile"] + 1
    if "rot" in fields:
        derived["deg"], derived["toward"] = fields["rot"] * 90, TOWARD[fields["rot"]]
    if "gem" in fields:
        gem = str(fields["gem"])
        article = "an" if gem[:1] in tuple("aeiou") else "a"
        derived["a_gem"] = "no gem (its gem area is empty)" if gem == "none" else f"{article} {gem} gem"
    return derived


def _pyramido_context(kind: str, fields: Mapping[str, Any], view: View, player: int) -> str:
    """The domino a take gets; the block (of the player's last domino) a mark or cover is on."""
    quarry = view.observation["quarry"]
    if kind == "take" and fields["slot"] < len(quarry):
        domino = quarry[fields["slot"]]
        return f": {domino_text(domino)}" if domino else ""
    blocks = _placed_blocks(view, player)
    if kind in ("mark", "cover") and len(blocks) == 2:
        block = blocks["AB".index(fields["block"])]
        return f" ({block['colour']} at x={block['x']} y={block['y']})"
    return ""


def _placed_blocks(view: View, player: int) -> Sequence[Json]:
    """Blocks A and B of the player's latest domino (what mark and cover act on)."""
    places = [e for e in view.events if e["type"] == "place" and e["player"] == player]
    return places[-1]["blocks"] if places else ()


def _ft_context(kind: str, fields: Mapping[str, Any], view: View, player: int) -> str:
    """The domino a take gets, the back a reveal turns, a split pile's size, the area an
    activation pays for (seen by its owner only: the others' scoring is secret)."""
    observation = view.observation
    if kind in ("take", "reveal", "split"):
        space = observation["spaces"][fields["pile"]]
        top = space["top"]
        if kind == "split":
            return f" ({space['pile_size']} dominoes)"
        if top is None:
            return ""
        return f": {domino_text(top)}" if top.get("face") == "front" else f" (face down: {back_text(top)})"
    if kind == "activate" and player == observation["viewer"]:
        area = view.seat(player)["scoring"]["areas"][fields["area"]]
        double = is_double(fields["payment"])
        points = area["icons"] * (2 if double else 1)
        return f" ({area['colour']}, {area['icons']} icons{', doubled' if double else ''}): {points} points"
    return ""


_SG_TEMPLATES: Final = {
    "keep": "keep cards {pair}",
    "shape": "mark the shape on card {card1}:",
    "cell": "mark one cell on card {card1}:",
    "cross": "cross: mark one more cell on card {card1}:",
    "pass": "pass: nothing can be marked",
    "replace": "take",
}


def _sg_context(kind: str, fields: Mapping[str, Any], view: View, player: int) -> str:
    """The cards a keep keeps (named to their owner only), the cells a marking covers and
    the symbols on them, the card a replacement takes."""
    observation = view.observation
    if kind == "keep":
        hand = view.seat(player)["hand"]
        if not isinstance(hand, list):
            return ""
        return ": " + " and ".join(card_name(view, hand[int(i) - 1]) for i in fields["pair"].split("+"))
    if kind == "replace":
        if fields["source"] == "deck":
            return f" the deck's top card ({observation['deck_size']} left)"
        slot = int(fields["source"].split()[-1]) - 1
        return f" {card_name(view, observation['offer'][slot])} from {fields['source']}"
    if kind not in MARKINGS:
        return ""
    names = " ".join(cell_name(cell) for cell in _marked_cells(kind, fields, view))
    found = [_counted(n, SYMBOL_WORDS.get(s, s)) for s, n in _symbols_hit(kind, fields, view, player).items()]
    number = view.seat(player)["cards"][fields["card"]]["number"]
    return f" {names} (#{number})" + (f" · {', '.join(found)}" if found else "")


def _marked_cells(kind: str, fields: Mapping[str, Any], view: View) -> list[int]:
    """The cells a shape, cell or cross action marks (a shape: the revealed one's)."""
    if kind != "shape":
        return [fields["cell"]]
    mask = placement_mask(view.observation["expedition"]["shape"], fields["placement"])
    return [cell for cell in range(SG_CELLS) if mask >> cell & 1]


def _symbols_hit(kind: str, fields: Mapping[str, Any], view: View, player: int) -> Counter[str]:
    """What the cells a legal marking covers hold: symbols by kind, and the tomb."""
    card = view.seat(player)["cards"][fields["card"]]
    data = view.observation["cards"][str(card["number"])]
    cells = set(_marked_cells(kind, fields, view))
    hit = Counter({symbol: len(cells & set(where)) for symbol, where in data["symbols"].items()})
    hit["tomb"] = int(data["tomb"] in cells)
    return +hit  # the kinds hit only


def _sg_label(action: Json, view: View) -> str:
    """A marking as ``card 2: b1 b2 c2 (rt)``: the cells as typed, then the glyphs of what
    they hold; any other action by its fields."""
    kind = action["kind"]
    if kind not in MARKINGS:
        return _field_label(action, view)
    cells = " ".join(cell_name(cell) for cell in _marked_cells(kind, action, view))
    hit = _symbols_hit(kind, action, view, view.observation["viewer"])
    glyphs = "".join(HIT_GLYPHS[symbol] * count for symbol, count in hit.items())
    return f"card {action['card'] + 1}: {cells}" + (f" ({glyphs})" if glyphs else "")


def action_label(action: Json, view: View) -> str:
    """An action in a few characters, in the game's words, for long lists of choices."""
    return view.look.label(action, view)


def _field_label(action: Json, view: View) -> str:
    """A place as ``x3 y4 90°``, any other action as its field values: ``B red TL``."""
    if action["kind"] == "place":
        return f"x{action['x']} y{action['y']} {action['rot'] * 90}°"
    values = [str(value) for name, value in action.items() if name != "kind"]
    return " ".join(values) if values else str(action["kind"]).replace("_", " ")


def news(view: View) -> list[str]:
    """Lines for what the last step did beside the actions, as the seat saw it: a lost
    turn, the Legend's moves, the marks of an expedition card once all are made..."""
    return view.look.news(view)


def _told(view: View) -> list[str]:
    """A line per event of the last step that has a teller; other events give none."""
    return [_NEWS[event["type"]](event, view) for event in view.latest if event["type"] in _NEWS]


def _lost_turn(event: Json, view: View) -> str:
    return f"{who(event['player'])}: no domino fits, stage {event['stage']} is complete (gaps and all)"


def _legend_turn(event: Json, view: View) -> str:
    """The Legend's gems (and spaces), the domino he took, his new wishes."""
    if event["tile"] is None:
        return "the Legend finds no face-up domino"
    taken = ", ".join(f"{g['gem']} (space {g['space'] + 1})" for g in event["gems"]) or "no gem"
    drawn = f"; he draws {', '.join(event['drawn'])} from the bag" if event.get("drawn") else ""
    text = f"the Legend takes {taken} and domino #{event['tile']} of space {event['pile'] + 1}{drawn}"
    return f"{text}. {legend_line(view).plain}"


def _legend_draws(event: Json, view: View) -> str:
    return f"the Legend draws {', '.join(event['gems']) or 'nothing'} from the bag ({event['reason']})"


def _bag_refilled(event: Json, view: View) -> str:
    return f"the bag was empty: the {event['gems']} discarded gems go back into it"


def _card_completed(event: Json, view: View) -> str:
    return f"{who(event['player'], view.observation['viewer'])} completes {card_name(view, event['card'])}"


def _card_replaced(event: Json, view: View) -> str:
    taken = card_name(view, event["card"])
    return f"{who(event['player'], view.observation['viewer'])} takes {taken} from the {event['source']}"


def _bonus(event: Json, view: View) -> str:
    viewer = view.observation["viewer"]
    return f"{who(event['player'], viewer)} claims the {event['colour']} bonus: {event['points']} points"


_NEWS: Final[Mapping[str, Callable[[Json, View], str]]] = {
    "no_domino_fits": _lost_turn,
    "legend_turn": _legend_turn,
    "legend_draws": _legend_draws,
    "bag_refilled_from_discards": _bag_refilled,
    "card_completed": _card_completed,
    "replace": _card_replaced,
    "bonus": _bonus,
}


# --- how each game looks ----------------------------------------------------------------


def _public(events: Sequence[Json], observation: Json) -> tuple[Json, ...]:
    """The pyramid games' events everybody sees happen (their secrets are in no event)."""
    return tuple(event for event in events if event["type"] in PUBLIC_EVENTS)


def _pyramid_board(view: View, player: int, coords: bool) -> RenderableType:
    """A player's pyramid; with ``coords``, the block coordinates to place by."""
    return player_pyramid(view, player, rulers=coords)


def _stage_heading(view: View) -> str:
    """``stage 2``: where a pyramid game is."""
    return f"stage {view.observation['stage']}"


@dataclass(frozen=True)
class Look:
    """What one game shows differently; everything else is drawn the same for all. The
    defaults are the pyramid games' (Pyramido, Forgotten Treasures)."""

    marks: str  # the colour key's second line: what the marks of a board mean
    table: Callable[[View], RenderableType]  # the quarry, the exploration area or the offer
    table_for: frozenset[str]  # the decisions that draw on the table
    extras: Mapping[str, Callable[[View, int, Sequence[Json]], RenderableType]]  # by decision
    untold: frozenset[str]  # decisions whose choices play does not tell as bots take them:
    #                         secret ones (shown once everyone chose) and those news tell
    templates: Mapping[str, str]  # action wording, by kind
    context: Callable[[str, Mapping[str, Any], View, int], str]  # what an action acts on
    tiebreaks: tuple[str, ...]  # the ranking's tie-break columns
    holding: tuple[str, Callable[[Json], int]] | None = None  # score table: what ties go by
    board: Callable[[View, int, bool], RenderableType] = _pyramid_board  # bool: coordinates
    visible: Callable[[Sequence[Json], Json], tuple[Json, ...]] = _public  # events a seat sees
    heading: Callable[[View], str] = _stage_heading  # where the game is, over a prompt
    standing: Callable[[View], RenderableType] = scores_line  # the scores under a situation
    label: Callable[[Json, View], str] = _field_label  # an action in a long list of choices
    typed: str = "'x y rot' (like '3 4 90')"  # the shorthand prompts accept, as a prompt says it
    news: Callable[[View], list[str]] = _told  # lines for what a step did beside its action
    milestone: Callable[[View, bool], tuple[str, RenderableType] | None] = stage_end  # bool: verbose
    results: Callable[[View], RenderableType] = score_table  # what the ranking follows


def _cover_cards_left(row: Json) -> int:
    return len(row["cover_cards"])


def _gems_left(row: Json) -> int:
    return sum(row["gems"].values())


LOOKS: Final[Mapping[str, Look]] = {
    "pyramido": Look(
        marks=f"{ICON} jewel · {MARKER} marker · {COVER} or capital: cover card · "
        f"digit: stage · ┆ inside a domino · {OPEN} room for a domino",
        table=market,
        table_for=frozenset({"take", "refill", "split"}),
        extras={"cover": cover_cards, "fill": cover_cards},
        untold=frozenset(),
        templates=_PYRAMIDO_TEMPLATES,
        context=_pyramido_context,
        holding=("cover cards left", _cover_cards_left),
        tiebreaks=("cover cards left", "best stage"),
    ),
    "forgotten-treasures": Look(
        marks=f"{ICON} icon · digit: stage · ┆ inside a domino · {OPEN} room for a domino · "
        "a finished stage's gaps are listed under its pyramid",
        table=exploration_table,
        table_for=frozenset({"take", "split", "reveal", "place"}),
        extras={"scoring": scoring_panel},
        untold=frozenset({"scoring"}),
        templates=_FT_TEMPLATES,
        context=_ft_context,
        holding=("gems", _gems_left),
        tiebreaks=("gems left", "best stage"),
    ),
    "silver-gold-pyramids": Look(
        marks=f"E entrance, T tomb, {WALL * 3} wall, r/g red/green gem, t torch, s skull, "
        f"p potion, + cross, {ROOM} room; marked: [g] [{CROSSED}]",
        table=offer,
        table_for=frozenset({"replace"}),
        extras={"keep": others, "mark": marking_panel},
        untold=frozenset({"keep", "mark", "replace"}),
        templates=_SG_TEMPLATES,
        context=_sg_context,
        tiebreaks=("lowest card completed",),
        board=pyramid_cards,
        visible=_sg_visible,
        heading=_round_heading,
        standing=score_cards,
        label=_sg_label,
        typed="'CARD CELLS' (like '2 c3' for one cell, '1 b1 b2 c2' for the shape)",
        news=_sg_news,
        milestone=round_end,
        results=final_breakdowns,
    ),
}

"""A pyramid's top view drawn on the 18x18 quadrant grid, two characters per cell, with a
lattice of box-drawing lines between cells: solid between pieces, dotted between the two
blocks of one domino, nothing inside a block.

Whether colours can be shown is known only when rendering, so :class:`PyramidPicture`
decides then: with colour each cell has its colour's background; without (NO_COLOR, a
pipe) it shows a colour letter.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final

from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.style import Style
from rich.text import Text

from ...geometry.board import CELLS, SIDE
from ...render.style import Swatch, swatch

BlockKey = tuple[int, int, int]  # (stage 0-3, x, y): one block space of the pyramid

ICON: Final = "◆"
MARKER: Final = "●"
COVER: Final = "░"
OPEN: Final = "·"
EMPTY: Final = "(no blocks yet)"
RULER_CORNER: Final = "y\\x"  # above the y labels, left of the x labels
#: The part of a colour key that every pyramid picture needs.
LATTICE_KEY: Final = f"digit: stage · ┆ inside a domino · {OPEN} room for a domino"
# Corner glyphs by the arms drawn from them: up 8, down 4, left 2, right 1.
_CORNERS: Final = " ╶╴─╷┌┐┬╵└┘┴│├┤┼"
_LINE_STYLE: Final = Style(color="grey50")


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
        return only.style + Style(dim=True)

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
        base = found.style
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

"""One block of a domino or a cover card, as both pyramid games print it: a square of 2x2
quadrant cells in its colour's pattern, an icon (a white jewel with the colour's letter)
in each quadrant that has one; a cover card veiled and framed with dashes.

Shapes drawn many times (jewels, the marker) are defined once and placed with ``<use>``,
which keeps a four-player picture small.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Final

from ...geometry.board import QUADRANTS
from ...svg.document import Element, el, num, titled, use
from ...svg.palette import Palette

CELL: Final = 20  # a quadrant cell, in px
BLOCK: Final = 2 * CELL
JEWEL: Final = 8  # half the width of an icon's diamond
MARKER_RADIUS: Final = 6
EDGE: Final = "#333333"  # the lines around blocks and pieces

Cell = tuple[int, int]
Placer = Callable[[int, int], tuple[float, float]]  # a cell's top-left corner in a picture


def defs(palette: Palette) -> list[Element]:
    """A jewel per colour (centred on 0, 0) and the marker."""
    diamond = f"M0 {-JEWEL}L{JEWEL} 0L0 {JEWEL}L{-JEWEL} 0Z"
    jewels = [
        el(
            "g",
            el("path", d=diamond, fill="#ffffff", stroke="#111111", stroke_width=1),
            el("text", paint.letter, y=4, font_size=11, font_weight="bold", text_anchor="middle"),
            id=palette.ref("jewel", colour),
        )
        for colour, paint in palette.paints.items()
    ]
    marker = el("circle", r=MARKER_RADIUS, fill="#111111", stroke="#ffffff", stroke_width=2, id="marker")
    return [*jewels, marker]


def block(
    palette: Palette, x: float, y: float, colour: str, icons: Iterable[str], *, cover: bool, title: str
) -> Element:
    """A block with its top-left corner at ``(x, y)``; ``icons`` are quadrant names. Its
    edge is dashed: a piece's solid outline goes over it (:func:`edges`), so the dashes
    show only between the two blocks of one domino, as the terminal draws them."""
    return titled(
        "block cover" if cover else "block",
        title,
        el(
            "rect",
            x=x,
            y=y,
            width=BLOCK,
            height=BLOCK,
            fill=palette.fill(colour),
            stroke=EDGE,
            stroke_width=0.8,
            stroke_dasharray="2 2",
        ),
        *(_cover_look(x, y) if cover else ()),
        *(use(palette.ref("jewel", colour), *quadrant_centre(x, y, icon)) for icon in icons),
    )


def _cover_look(x: float, y: float) -> Sequence[Element]:
    """A cover card: the block lighter and framed with dashes just inside its edge."""
    return (
        el("rect", x=x, y=y, width=BLOCK, height=BLOCK, fill="#ffffff", fill_opacity=0.35),
        el(
            "rect",
            x=x + 3,
            y=y + 3,
            width=BLOCK - 6,
            height=BLOCK - 6,
            fill="none",
            stroke="#000000",
            stroke_width=1.5,
            stroke_dasharray="4 2",
        ),
    )


def quadrant_centre(x: float, y: float, quadrant: str) -> tuple[float, float]:
    """The centre of a quadrant (``TL``...) of the block whose corner is at ``(x, y)``."""
    q = QUADRANTS.index(quadrant)
    return x + (q % 2 + 0.5) * CELL, y + (q // 2 + 0.5) * CELL


def edges(x: float, y: float, width: float, height: float) -> Element:
    """The solid outline of a piece: a domino's two blocks, or a cover card."""
    return el("rect", x=x, y=y, width=width, height=height, fill="none", stroke=EDGE, stroke_width=1.6)


def outline_path(cells: Iterable[Cell], at: Placer) -> str:
    """The border of a set of cells as a path: every cell side that does not face another
    cell of the set, collinear sides joined into one line."""
    inside = set(cells)
    across: list[tuple[int, int]] = []  # (row of the line, x of the cell side's start)
    down: list[tuple[int, int]] = []  # (column of the line, y of the cell side's start)
    for cx, cy in inside:
        across += [(cy + dy, cx) for dy, ny in ((0, cy - 1), (1, cy + 1)) if (cx, ny) not in inside]
        down += [(cx + dx, cy) for dx, nx in ((0, cx - 1), (1, cx + 1)) if (nx, cy) not in inside]
    parts = []
    for line, start, end in _runs(across):
        (x, y), (x_end, _) = at(start, line), at(end, line)
        parts.append(f"M{num(x)} {num(y)}H{num(x_end)}")
    for line, start, end in _runs(down):
        (x, y), (_, y_end) = at(line, start), at(line, end)
        parts.append(f"M{num(x)} {num(y)}V{num(y_end)}")
    return "".join(parts)


def _runs(sides: list[tuple[int, int]]) -> list[tuple[int, int, int]]:
    """Unit sides ``(line, start)`` joined into runs ``(line, start, end)``, in order."""
    runs: list[tuple[int, int, int]] = []
    for line, start in sorted(set(sides)):
        if runs and runs[-1][0] == line and runs[-1][2] == start:
            runs[-1] = (line, runs[-1][1], start + 1)
        else:
            runs.append((line, start, start + 1))
    return runs

"""A player's pyramid stage by stage, for Pyramido and Forgotten Treasures: one picture
per stage so far, each the pyramid as it stood at the end of that stage (the last one, now:
the top view), with that stage's markers and, once the stage is scored, every area it
scored outlined with its points.

Blocks are painted from the bottom stage up, so each picture shows exactly the top view:
an upper block hides the quadrants (and the icons) it lies on. Everything comes from one
seat's view: the blocks from its observation, the markers and the scores from its feed of
events, where markers stay after they went home (``render.pyramid.notes_from_log``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from ...render.view import Json, View
from ...svg.document import Element, el, num, text, titled, use
from ...svg.layout import INK, SMALL, Block, headed, lines, row
from ...svg.palette import Palette
from .look_pyramid import notes_from_log
from .picture_blocks import BLOCK, CELL, block, edges

Cell = tuple[int, int]
Placer = Callable[[int, int], tuple[float, float]]  # a cell's top-left corner in a picture
MARGIN: Final = 10  # around a pyramid, for the points of an area on its edge
GAP_FILL: Final = "#eeeeee"  # where no block lies


@dataclass(frozen=True)
class Outline:
    """An area drawn around its cells, labelled with its points: scored at a stage's end,
    or (``pending``, dashed) activated in a scoring not yet revealed."""

    cells: tuple[Cell, ...]
    label: str
    title: str
    pending: bool = False


def pyramid_row(view: View, palette: Palette, player: int, pending: Sequence[Outline] = ()) -> Block:
    """A player's pyramid at the end of each stage so far, then now; ``pending`` outlines
    go on the picture of now."""
    pyramid = view.seat(player)["pyramid"]
    frame = _frame(pyramid)
    if frame is None:
        return lines(["no blocks yet"])
    now = view.observation["stage"]
    scored = {
        event["stage"]: event
        for event in view.events
        if event["type"] == "stage_scored" and event["player"] == player
    }
    panels = []
    for stage in range(1, now + 1):
        event = scored.get(stage)
        outlines = [*_scored_areas(event), *(pending if stage == now else ())]
        markers = notes_from_log(view.events, player, stage).markers
        picture = stage_picture(palette, pyramid[:stage], frame, markers, outlines)
        heading = f"stage {stage}" + (
            f" · {event['total']} points" if event else " · now" if stage == now else ""
        )
        panels.append(headed(heading, picture, note=_unplaced_lines(event)).classed("stage"))
    return row(panels)


def _frame(pyramid: Sequence[Sequence[Json]]) -> tuple[int, int, int, int] | None:
    """The cells every picture of a pyramid shows: the bounding box of all its blocks."""
    cells = [
        (2 * b["x"] + stage + dx, 2 * b["y"] + stage + dy)
        for stage, blocks in enumerate(pyramid)
        for b in blocks
        for dx in (0, 1)
        for dy in (0, 1)
    ]
    if not cells:
        return None
    return (
        min(c[0] for c in cells),
        min(c[1] for c in cells),
        max(c[0] for c in cells),
        max(c[1] for c in cells),
    )


def _scored_areas(event: Json | None) -> list[Outline]:
    """The areas of a ``stage_scored`` event: its lines with cells."""
    if event is None:
        return []
    return [
        Outline(
            tuple((x, y) for x, y in line["cells"]),
            f"+{line['points']}",
            f"{line['what']}, {line['colour']}: {line['icons']} icons, {line['points']} points",
        )
        for line in event["lines"]
        if "cells" in line
    ]


def _unplaced_lines(event: Json | None) -> list[str]:
    """What a stage scored besides areas (a bonus, gems), and its total."""
    if event is None:
        return []
    return [f"{line['what']}: {line['points']}" for line in event["lines"] if "cells" not in line]


def stage_picture(
    palette: Palette,
    stages: Sequence[Sequence[Json]],
    frame: tuple[int, int, int, int],
    markers: Iterable[tuple[int, int, int]],
    outlines: Sequence[Outline],
) -> Block:
    """``stages`` (bottom up) painted in ``frame`` (cells), then the markers (block keys:
    stage 0-3, x, y) and the outlined areas on top."""
    x0, y0, x1, y1 = frame

    def at(cx: int, cy: int) -> tuple[float, float]:
        return MARGIN + (cx - x0) * CELL, MARGIN + (cy - y0) * CELL

    width, height = (x1 - x0 + 1) * CELL, (y1 - y0 + 1) * CELL
    items: list[Element] = [el("rect", x=MARGIN, y=MARGIN, width=width, height=height, fill=GAP_FILL)]
    for stage, blocks in enumerate(stages):
        items += _stage_blocks(palette, stage, blocks, at)
    for stage, x, y in sorted(markers):
        cx, cy = at(2 * x + stage + 1, 2 * y + stage + 1)
        items.append(
            titled("marker", f"marker on stage {stage + 1} block x={x} y={y}", use("marker", cx, cy))
        )
    items += [_outline(outline, at) for outline in outlines]
    return Block(width + 2 * MARGIN, height + 2 * MARGIN, tuple(items))


def _stage_blocks(palette: Palette, stage: int, blocks: Sequence[Json], at: Placer) -> list[Element]:
    """One stage's blocks, then a solid line around each piece (a domino's two blocks, or
    a cover card)."""
    ordered = sorted(blocks, key=lambda b: (b["y"], b["x"]))
    items = [_block(palette, stage, b, at) for b in ordered]
    pieces: dict[tuple[object, ...], list[Cell]] = {}
    for b in ordered:
        corner = (2 * b["x"] + stage, 2 * b["y"] + stage)
        key = ("tile", b["tile"]) if b["tile"] is not None else ("block", b["x"], b["y"])
        pieces.setdefault(key, []).append(corner)
    for corners in pieces.values():
        left, top = at(min(c[0] for c in corners), min(c[1] for c in corners))
        right, bottom = at(max(c[0] for c in corners), max(c[1] for c in corners))
        items.append(edges(left, top, right - left + BLOCK, bottom - top + BLOCK))
    return items


def _block(palette: Palette, stage: int, b: Json, at: Placer) -> Element:
    icons = " ".join(b["icons"]) or "none"
    what = "cover card" if b["cover"] else f"domino #{b['tile']}"
    title = f"stage {stage + 1} block x={b['x']} y={b['y']}: {b['colour']}, icons {icons} ({what})"
    x, y = at(2 * b["x"] + stage, 2 * b["y"] + stage)
    return block(palette, x, y, b["colour"], b["icons"], cover=b["cover"], title=title)


def _outline(outline: Outline, at: Placer) -> Element:
    """An area's border, white under black so it shows on every colour, and its points in a
    label on the corner of its first cell."""
    path = outline_path(outline.cells, at)
    dash = "5 3" if outline.pending else None
    first = min(outline.cells, key=lambda c: (c[1], c[0]))
    x, y = at(*first)
    label_width = 10 + 7.5 * len(outline.label)
    return titled(
        "area pending" if outline.pending else "area",
        outline.title,
        el("path", d=path, fill="none", stroke="#ffffff", stroke_width=5, stroke_linecap="square"),
        el(
            "path",
            d=path,
            fill="none",
            stroke=INK,
            stroke_width=2.5,
            stroke_linecap="square",
            stroke_dasharray=dash,
        ),
        el("rect", x=x - 7, y=y - 8, width=label_width, height=16, rx=4, fill="#ffffff", stroke=INK),
        text(x - 2, y + 4, outline.label, size=SMALL, weight="bold", fill=INK),
    )


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


def marks_key(palette: Palette, *, pending: bool) -> Block:
    """What the marks on a pyramid mean, each beside a small sample: an icon, a marker, a
    cover card, a scored area (and, in Forgotten Treasures, an activation not yet revealed)."""
    colour = next(iter(palette.paints))
    square = el("rect", width=BLOCK, height=BLOCK, fill=palette.fill(colour))
    samples: list[tuple[str, list[Element]]] = [
        ("icon", [square, use(palette.ref("jewel", colour), CELL / 2, CELL / 2)]),
        ("marker", [square, use("marker", CELL, CELL)]),
        ("cover card", [block(palette, 0, 0, colour, (), cover=True, title="cover card")]),
        (
            "scored area, its points",
            [square, _outline(Outline(((0, 0), (1, 0), (0, 1), (1, 1)), "+4", "area"), _key_cell)],
        ),
    ]
    if pending:
        samples.append(
            (
                "activated, secret until all chose",
                [square, _outline(Outline(((0, 0), (1, 0), (0, 1), (1, 1)), "+4", "area", True), _key_cell)],
            )
        )
    return row(row([Block(BLOCK, BLOCK, tuple(items)), lines([label])], 6) for label, items in samples)


def _key_cell(cx: int, cy: int) -> tuple[float, float]:
    return cx * CELL, cy * CELL

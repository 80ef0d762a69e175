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
from ...svg.document import Element, el, text, titled, use
from ...svg.layout import INK, SMALL, Block, column, headed, lines, row, scaled
from ...svg.palette import Palette
from .look_pyramid import notes_from_log
from .picture_blocks import BLOCK, CELL, Cell, Placer, block, edges, outline_path
from .picture_placing import (
    activating,
    cover_sides,
    is_own,
    on_blocks,
    payments,
    placement_cells,
    placing,
    turning,
)

MARGIN: Final = 10  # around a pyramid, for the points of an area on its edge
SHADOW: Final = 3  # how far a piece above the first stage casts its shadow
PAST_SCALE: Final = 0.6  # the pictures of stages gone by, beside the one of now
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
    """A player's pyramid at the end of each stage so far, small, then now, with
    ``pending`` outlines and, on the seat's own, its choices (``picture_placing``)."""
    pyramid = view.seat(player)["pyramid"]
    now = view.observation["stage"]
    own = is_own(view, player)
    frame = _frame(pyramid, placement_cells(view, now - 1) if own else [])
    if frame is None:
        return lines(["no blocks yet"])
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
        layer = _choices_layer(view, palette, player) if own and stage == now else None
        picture = stage_picture(palette, pyramid[:stage], frame, markers, outlines, layer)
        heading = f"stage {stage}" + (
            f" · {event['total']} points" if event else " · now" if stage == now else ""
        )
        under = [*_unplaced_lines(event)]
        extras = [part for part in _choice_parts(view, palette) if own and stage == now]
        panel = headed(heading, column([picture, *extras], 8), note=under).classed("stage")
        panels.append(panel if stage == now else scaled(panel, PAST_SCALE))
    return row(panels)


def _choices_layer(view: View, palette: Palette, player: int) -> Callable[[Placer], list[Element]]:
    """What the seat may click on its pyramid now: where the domino in hand goes, the
    blocks just placed, the areas to activate."""
    stage = view.observation["stage"] - 1

    def layer(at: Placer) -> list[Element]:
        return [
            *activating(view, player, at),
            *on_blocks(view, player, stage, at),
            *placing(view, palette, stage, at),
        ]

    return layer


def _choice_parts(view: View, palette: Palette) -> list[Block]:
    """The seat's choices beside its pyramid now: the turn button, a cover card's sides,
    an area's payments."""
    return [part for part in (turning(view), cover_sides(view, palette), payments(view)) if part is not None]


def _frame(pyramid: Sequence[Sequence[Json]], more: Sequence[Cell] = ()) -> tuple[int, int, int, int] | None:
    """The cells every picture of a pyramid shows: the bounding box of all its blocks (and
    of the ``more`` cells where the seat may place)."""
    cells = [
        (2 * b["x"] + stage + dx, 2 * b["y"] + stage + dy)
        for stage, blocks in enumerate(pyramid)
        for b in blocks
        for dx in (0, 1)
        for dy in (0, 1)
    ]
    cells += more
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
    layer: Callable[[Placer], list[Element]] | None = None,
) -> Block:
    """``stages`` (bottom up) painted in ``frame`` (cells), each above the first with a
    shadow (its depth), then the markers (block keys: stage 0-3, x, y), the outlined
    areas, and ``layer`` (the seat's choices) on top."""
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
    if layer is not None:
        items.append(el("g", *layer(at), class_="choices"))
    return Block(width + 2 * MARGIN, height + 2 * MARGIN, tuple(items))


def _stage_blocks(palette: Palette, stage: int, blocks: Sequence[Json], at: Placer) -> list[Element]:
    """One stage's blocks, then a solid line around each piece (a domino's two blocks, or
    a cover card); above the first stage, each piece casts a shadow on the one below."""
    ordered = sorted(blocks, key=lambda b: (b["y"], b["x"]))
    pieces: dict[tuple[object, ...], list[Cell]] = {}
    for b in ordered:
        corner = (2 * b["x"] + stage, 2 * b["y"] + stage)
        key = ("tile", b["tile"]) if b["tile"] is not None else ("block", b["x"], b["y"])
        pieces.setdefault(key, []).append(corner)
    outlines = []
    for corners in pieces.values():
        left, top = at(min(c[0] for c in corners), min(c[1] for c in corners))
        right, bottom = at(max(c[0] for c in corners), max(c[1] for c in corners))
        outlines.append((left, top, right - left + BLOCK, bottom - top + BLOCK))
    shadows = [
        el("rect", x=x + SHADOW, y=y + SHADOW, width=w, height=h, fill="#000000", fill_opacity=0.4)
        for x, y, w, h in outlines
        if stage
    ]
    drawn = [_block(palette, stage, b, at) for b in ordered]
    return [*shadows, *drawn, *(edges(*outline) for outline in outlines)]


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

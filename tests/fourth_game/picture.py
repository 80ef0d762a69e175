"""Two Steps as an SVG picture: a :class:`~pyramido.svg.scene.Scene` (the market and the
bag between the players, each player's two rows, a tile as its colour's pattern and letter
with its number)."""

from __future__ import annotations

from typing import Any, Final

from pyramido.render.view import View
from pyramido.svg.document import el, text, titled
from pyramido.svg.layout import SMALL, Block, column, headed, lines, row
from pyramido.svg.palette import Palette
from pyramido.svg.scene import Scene, points_standing, stage_where

CELL: Final = 36


def tile(palette: Palette, shown: dict[str, Any] | None) -> Block:
    """A tile (its colour's pattern, letter and number), or an empty space (dashed)."""
    if shown is None:
        space = el("rect", width=CELL, height=CELL, fill="none", stroke="#999999", stroke_dasharray="4 3")
        return Block(CELL, CELL, (titled("space", "an empty space", space),))
    colour, number = shown["colour"], shown["number"]
    paint = palette[colour]
    return Block(
        CELL,
        CELL,
        (
            titled(
                "tile",
                f"{colour} {number}",
                el("rect", width=CELL, height=CELL, rx=4, fill=palette.fill(colour), stroke="#333333"),
                text(CELL / 2, CELL / 2 + 5, f"{paint.letter}{number}", weight="bold", anchor="middle",
                     fill=paint.ink),
            ),
        ),
    )  # fmt: skip


def table(view: View, palette: Palette) -> Block:
    observation = view.observation
    parts = [
        headed("Market", row((tile(palette, t) for t in observation["market"]), 8)).classed("market"),
        headed("Bag", lines([f"{observation['bag_size']} tiles, face down"])),
    ]
    if observation["in_hand"] is not None:
        parts.append(headed("In hand", tile(palette, observation["in_hand"])))
    return row(parts, 40)


def seat(view: View, palette: Palette, player: int) -> Block:
    """A player's row of each stage, with the colour it scores and its score once scored."""
    me = view.seat(player)
    rows = []
    for stage, tiles in enumerate(me["rows"], start=1):
        colour = view.observation["stage_colours"][stage - 1]
        scored = me["stage_scores"][stage - 1] if stage <= len(me["stage_scores"]) else None
        heading = f"stage {stage}: {colour} scores" + ("" if scored is None else f" · {scored} points")
        rows.append(column([lines([heading]), row((tile(palette, t) for t in tiles), 6)], 4).classed("row"))
    return column(rows, 10)


def key(palette: Palette) -> Block:
    return lines(
        [
            "a tile: its colour (pattern and letter) and its number; dashed: an empty space",
            "a full row going up from left to right is a row of steps: it scores the step bonus",
        ],
        size=SMALL,
    )


SCENE: Final = Scene(
    name="Two Steps",
    paints=lambda view: view.colours,
    defs=lambda palette: [],
    where=stage_where,
    key=key,
    table=table,
    seat=seat,
    standing=points_standing,
)

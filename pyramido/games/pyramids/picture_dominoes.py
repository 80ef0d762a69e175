"""Dominoes off the pyramid, as an observation shows them: a front (block A, then block B
to its right, as printed), or, face down in Forgotten Treasures, its back (each block's
colour and how many icons it has, never where, nor the domino's number)."""

from __future__ import annotations

from typing import Final

from ...render.view import Json
from ...svg.document import Element, el, text, titled
from ...svg.layout import MUTED, SMALL, Block, column, lines
from ...svg.palette import Palette
from .look_dominoes import domino_text
from .picture_blocks import BLOCK, CELL, block, edges

BACK_SHADE: Final = "#000000"


def front(palette: Palette, domino: Json) -> Block:
    """A face-up domino with its number under it."""
    items = [
        block(palette, i * BLOCK, 0, colour, icons, cover=False, title=f"block {side.upper()}: {colour}")
        for i, (side, (colour, *icons)) in enumerate((("a", domino["a"]), ("b", domino["b"])))
    ]
    items.append(edges(0, 0, 2 * BLOCK, BLOCK))
    picture = Block(2 * BLOCK, BLOCK, (titled("domino", domino_text(domino), *items),))
    return column([picture, lines([f"#{domino['id']}"], colour=MUTED)], 2)


def back(palette: Palette, domino: Json) -> Block:
    """A face-down domino: each block's colour, shaded, with its number of icons."""
    items: list[Element] = []
    told = []
    for i, (colour, count) in enumerate((domino["a"], domino["b"])):
        x = i * BLOCK
        items += [
            el("rect", x=x, y=0, width=BLOCK, height=BLOCK, fill=palette.fill(colour)),
            el("rect", x=x, y=0, width=BLOCK, height=BLOCK, fill=BACK_SHADE, fill_opacity=0.3),
            el("circle", cx=x + CELL, cy=CELL, r=9, fill="#ffffff", stroke="#111111"),
            text(
                x + CELL, CELL + 4.5, str(count), size=SMALL, weight="bold", anchor="middle", fill="#111111"
            ),
        ]
        told.append(f"{colour} with {count} icon{'s' * (count != 1)}")
    items.append(edges(0, 0, 2 * BLOCK, BLOCK))
    picture = Block(2 * BLOCK, BLOCK, (titled("domino back", "face down: " + ", ".join(told), *items),))
    return column([picture, lines(["face down"], colour=MUTED)], 2)


def top(palette: Palette, domino: Json | None) -> Block:
    """A pile's top or a slot: a front, a back (``"face": "back"``), or nothing."""
    if domino is None:
        return lines(["(empty)"], colour=MUTED)
    return back(palette, domino) if domino.get("face") == "back" else front(palette, domino)

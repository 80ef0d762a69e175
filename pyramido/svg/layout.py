"""Pictures laid out like text: each part is a :class:`Block` that knows its size, and
blocks go side by side (:func:`row`) or one under another (:func:`column`), so no
drawing function needs to know where it will end up."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from .document import Element, el, group, text

GAP: Final = 16  # between blocks
LINE: Final = 18  # the height of a line of text
FRAME_PADDING: Final = 10
HEADING: Final = 15  # the size of a heading's text
SMALL: Final = 12  # the smallest text anywhere: still easy to read
INK: Final = "#1a1a1a"
MUTED: Final = "#555555"


@dataclass(frozen=True)
class Block:
    """A part of a picture drawn from ``(0, 0)``, ``width`` by ``height``."""

    width: float
    height: float
    items: tuple[Element, ...] = ()

    def at(self, x: float, y: float) -> Element:
        return group(self.items, x=x, y=y)

    def classed(self, kind: str) -> Block:
        """The same block as one group of the class ``kind`` (a part a style sheet, or a
        test, can find: a seat, a stage, a space, the offer...)."""
        return Block(self.width, self.height, (el("g", *self.items, class_=kind),))


def row(blocks: Iterable[Block], gap: float = GAP) -> Block:
    """Blocks side by side, tops aligned."""
    placed: list[Element] = []
    x = 0.0
    height = 0.0
    for block in blocks:
        placed.append(block.at(x, 0))
        x += block.width + gap
        height = max(height, block.height)
    return Block(max(x - gap, 0), height, tuple(placed))


def column(blocks: Iterable[Block], gap: float = GAP) -> Block:
    """Blocks one under another, left aligned."""
    placed: list[Element] = []
    y = 0.0
    width = 0.0
    for block in blocks:
        placed.append(block.at(0, y))
        y += block.height + gap
        width = max(width, block.width)
    return Block(width, max(y - gap, 0), tuple(placed))


def lines(words: Sequence[str], *, size: int = SMALL, colour: str = INK, weight: str | None = None) -> Block:
    """Lines of text, one under another. (Their width is estimated: SVG text has no
    measured width before a viewer lays it out; 0.6 em a character is generous.)"""
    items = tuple(
        text(0, LINE * i + size, line, size=size, weight=weight, fill=colour) for i, line in enumerate(words)
    )
    width = max((len(line) for line in words), default=0) * size * 0.6
    return Block(width, LINE * len(words), items)


def headed(heading: str, body: Block, *, note: Sequence[str] = ()) -> Block:
    """A heading over ``body``, and short notes under it."""
    return column([lines([heading], size=HEADING, weight="bold"), body, *([lines(note)] if note else [])], 6)


def scaled(body: Block, factor: float) -> Block:
    """``body`` drawn ``factor`` times its size (a past stage beside the one of now)."""
    return Block(
        body.width * factor, body.height * factor, (el("g", *body.items, transform=f"scale({factor})"),)
    )


def framed(body: Block) -> Block:
    """``body`` in a thin rounded frame: a part of the page (the table, a player)."""
    padding = FRAME_PADDING
    width, height = body.width + 2 * padding, body.height + 2 * padding
    frame = el("rect", x=0.5, y=0.5, width=width - 1, height=height - 1, rx=6, fill="none", stroke="#bbbbbb")
    return Block(width, height, (frame, body.at(padding, padding)))

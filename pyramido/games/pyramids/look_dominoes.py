"""Dominoes as the pyramid games show them: a picture on the quadrant grid as it lies
after some quarter turns, one line of text, the back of a face-down one, the four ways
one in hand can lie, a pile's top.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Final

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ...geometry import core
from ...geometry.board import (
    BOARD_SIZE,
    block_byte,
    block_index,
    encode_placement,
    icon_mask,
    placement_blocks,
    rotate_icons,
)
from ...render.view import Json
from .look_grid import ICON, BlockKey, Notes, PyramidPicture

TOWARD: Final = ("right", "below", "left", "above")  # where block B lies, by rotation


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


def domino_cell(domino: Json | None, colours: Sequence[str]) -> RenderableType:
    """A pile's top or a slot: its front and number, its back when face down, or empty."""
    if domino is None:
        return Text("(empty)", style="dim")
    if domino.get("face") == "back":
        return Text("face down\n" + back_text(domino, "\n"))
    return Group(domino_picture(domino, colours), Text(f"#{domino['id']}", style="dim"))

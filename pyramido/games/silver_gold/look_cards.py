"""Silver & Gold Pyramids' cards: a player has two 5x5 pyramid cards instead of a
pyramid of dominoes, drawn as grids of glyphs (the same letters with or without colour;
colour only adds the card's colour to its marked cells and frame), and the expedition
cards show the shapes to mark on them. Cells are named as typed: ``c3``.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Mapping
from typing import Final

from rich.console import RenderableType
from rich.panel import Panel
from rich.style import Style
from rich.table import Table
from rich.text import Text

from ...geometry.contract import SG_SIDE
from ...render.style import swatch
from ...render.view import Json, View
from .shapes import SHAPES
from .views import CELLS as SG_CELLS

FILES: Final = "abcde"  # a card's columns, left to right; its rows are 1-5, top down
ROOM: Final = "·"
WALL: Final = "#"
CROSSED: Final = "\N{MULTIPLICATION SIGN}"
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


def cell_name(cell: int) -> str:
    """``c3``: the column letter and row number of a card cell (0-24), as typed and listed."""
    return f"{FILES[cell % SG_SIDE]}{cell // SG_SIDE + 1}"


def cell_names(cells: Iterable[int]) -> str:
    """``a1 b1 b2``: cells as typed and listed."""
    return " ".join(cell_name(cell) for cell in cells)


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
    crossed = swatch(card["colour"]).style + Style(bold=True)
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

"""How pictures are styled alike in every game: a game colour as a swatch (a letter
without colour, a background with it) or a chip, the colour key, the lined table."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from rich import box
from rich.style import Style
from rich.table import Table
from rich.text import Text

from .view import View


@dataclass(frozen=True)
class Swatch:
    """How one game colour is drawn: a letter without colour, a background with it."""

    letter: str
    background: str
    foreground: str

    @property
    def style(self) -> Style:
        """Its background, with its foreground to read on it."""
        return Style(bgcolor=self.background, color=self.foreground)


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
    return Text(f" {colour} ", style=swatch(colour).style)


def colour_key(view: View) -> Text:
    """What the letters and marks of a board's picture mean in this game."""
    text = Text()
    for colour in view.colours:
        text.append(swatch(colour).letter + "=")
        text.append_text(colour_chip(colour))
        text.append(" ")
    text.append("\n" + view.look.marks)
    return text


def lined_table(title: str | None = None) -> Table:
    """A table lined only under its header, without edges: narrow enough for 80 columns
    with a row per player of four."""
    return Table(title=title, title_justify="left", box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)

"""Game colours as SVG paint that does not rely on colour: every colour is a fill with a
texture of its own (an SVG ``<pattern>``) and a capital letter, so a block, a gem or a card
reads the same printed in grey or seen by a colour-blind player.

The letters and the fills are the terminal's (``render.style.SWATCHES``: ``N`` for brown,
since ``B`` is blue), so a player finds the same key in both pictures.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Final

from ..render.style import swatch
from .document import Element, el

TILE: Final = 8  # a texture's period, in px
#: Each texture is a path (or shapes) drawn over the fill in the fill's ink, faintly.
TEXTURES: Final[Mapping[str, str]] = {
    "lines across": "M0 2H8M0 6H8",
    "lines down": "M2 0V8M6 0V8",
    "dots": "M1.5 2a0.8 0.8 0 1 0 1.6 0a0.8 0.8 0 1 0-1.6 0M5.5 6a0.8 0.8 0 1 0 1.6 0a0.8 0.8 0 1 0-1.6 0",
    "waves": "M0 4Q2 1 4 4T8 4",
    "rising lines": "M-2 2L2-2M0 8L8 0M6 10L10 6",
    "falling lines": "M-2 6L2 10M0 0L8 8M6-2L10 2",
    "grid": "M0 4H8M4 0V8",
    "rings": "M2 4a2 2 0 1 0 4 0a2 2 0 1 0-4 0",
    "checks": "M0.5 0.5H3.5V3.5H0.5ZM4.5 4.5H7.5V7.5H4.5Z",
    "plain": "",
}
COLOUR_TEXTURES: Final[Mapping[str, str]] = {
    "brown": "lines across",
    "blue": "lines down",
    "yellow": "dots",
    "turquoise": "waves",
    "red": "rising lines",
    "green": "falling lines",
    "orange": "grid",
    "purple": "rings",
    "mythical": "checks",
}
UNKNOWN_FILL: Final = "#9e9e9e"  # a colour a house rule adds: its letter on grey


@dataclass(frozen=True)
class Paint:
    """How one colour is painted: its letter, fill, the ink that reads on it, its texture."""

    name: str
    letter: str
    fill: str
    ink: str
    texture: str


def paint_of(colour: str) -> Paint:
    found = swatch(colour)
    fill = found.background if found.background.startswith("#") else UNKNOWN_FILL
    return Paint(colour, found.letter.upper(), fill, _ink(fill), COLOUR_TEXTURES.get(colour, "plain"))


def _ink(fill: str) -> str:
    """Black on a light fill, white on a dark one (by the fill's relative luminance)."""
    red, green, blue = (int(fill[i : i + 2], 16) / 255 for i in (1, 3, 5))
    return "#000000" if 0.2126 * red + 0.7152 * green + 0.0722 * blue > 0.5 else "#ffffff"


class Palette:
    """The colours one picture uses, each with ids of its own for its pattern and the
    shapes drawn in it (by position, so that a colour's name, which a ruleset file chose,
    never has to be a valid id)."""

    def __init__(self, colours: Iterable[str]) -> None:
        self.paints = {colour: paint_of(colour) for colour in colours}
        self._numbers = {colour: i for i, colour in enumerate(self.paints)}

    def __getitem__(self, colour: str) -> Paint:
        return self.paints[colour]

    def ref(self, kind: str, colour: str) -> str:
        """The id of the ``kind`` of shape (``paint``, ``gem``...) defined for ``colour``."""
        return f"{kind}-{self._numbers[colour]}"

    def fill(self, colour: str) -> str:
        """The ``fill`` of a shape of ``colour``: its pattern (fill and texture)."""
        return f"url(#{self.ref('paint', colour)})"

    def defs(self) -> list[Element]:
        """A ``<pattern>`` per colour: the fill, then the texture in its ink."""
        return [
            el(
                "pattern",
                el("rect", width=TILE, height=TILE, fill=paint.fill),
                el("path", d=TEXTURES[paint.texture], stroke=paint.ink, stroke_opacity=0.45, fill="none")
                if paint.texture != "plain"
                else None,
                id=self.ref("paint", colour),
                patternUnits="userSpaceOnUse",
                width=TILE,
                height=TILE,
            )
            for colour, paint in self.paints.items()
        ]

"""The stage score of a candidate position from the C core's record of its marked areas
(:func:`pyramido.geometry.core.dominoes_marks`, :func:`pyramido.geometry.core.block_marks`),
as the ruleset's hooks give it: what lets
a bot keep the C core's geometry under a house rule that scores the areas or the Mino
bonus (``pyramido_area_points``, ``pyramido_mino_bonus``).

The hooks are handed areas that know their colour and icons alone (:class:`Area` views of
no pyramid, whose label, cells and pyramid cannot be read): a hook reading only those is
asked once per distinct record; one reading anything else of an area cannot be answered
from a record, and the bot scores that decision's positions through ``game.score``
instead.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ...engine.views import Area

if TYPE_CHECKING:
    from ...engine.game import Game

MarkedPoints = Callable[["Game", int, tuple[Area, ...], tuple[tuple[str, ...], ...]], int]


class Unrecorded(Exception):
    """A hook read what a record does not say of an area (its label, cells or pyramid)."""


def _unrecorded(area: Area) -> Any:
    raise Unrecorded("an area known from a record has no label, cells or pyramid")


class _RecordedArea(Area):
    """An area known from a record: its colour and icons (made without ``__init__``, its
    fields set in its ``__dict__``, where the properties below hide the others)."""

    label = property(_unrecorded)
    pyramid = property(_unrecorded)


def _recorded_area(colour: str, icons: int) -> Area:
    area = object.__new__(_RecordedArea)
    area.__dict__.update(colour=colour, icons=icons)
    return area


class MarkedScores:
    """The points of each record's marked areas (``marked``: colour number, icons and mask
    of the markers' colours, three ints per area) for one decision of one seat, kept by
    record (the hooks are functions of their arguments and of the game, which does not
    change while a bot decides). The areas handed to the hooks are made once per colour
    and icons, and the markers' colours once per mask: what every record shares.
    Unless ``by_markers`` (a hook that reads them scores the areas), records that differ
    by their masks alone are asked once."""

    def __init__(self, game: Game, player: int, points: MarkedPoints, by_markers: bool) -> None:
        self.game, self.player, self.points, self.by_markers = game, player, points, by_markers
        self.colours = game.ruleset.colours
        self.known: dict[tuple[int, ...], int] = {}
        self._unmasked: dict[tuple[int, ...], int] = {}
        self._areas: dict[tuple[int, int], Area] = {}
        self._held: dict[int, tuple[str, ...]] = {}

    def __call__(self, marked: tuple[int, ...]) -> int:
        """The points of ``marked``; raises :class:`Unrecorded` when a hook reads more of
        an area than its colour and icons."""
        known = self.known.get(marked)
        if known is None:
            if self.by_markers:
                known = self._ask(marked)
            else:
                unmasked = marked[0::3] + marked[1::3]  # the colours, then the icons
                known = self._unmasked.get(unmasked)
                if known is None:
                    known = self._unmasked[unmasked] = self._ask(marked)
            self.known[marked] = known
        return known

    def _ask(self, marked: tuple[int, ...]) -> int:
        areas, held = [], []
        for at in range(0, len(marked), 3):
            colour, icons, mask = marked[at : at + 3]
            area = self._areas.get((colour, icons))
            if area is None:
                area = self._areas[(colour, icons)] = _recorded_area(self.colours[colour - 1], icons)
            areas.append(area)
            names = self._held.get(mask)
            if names is None:
                names = self._held[mask] = tuple(
                    sorted(name for c, name in enumerate(self.colours, 1) if mask >> c & 1)
                )
            held.append(names)
        return self.points(self.game, self.player, tuple(areas), tuple(held))

"""Typed state views: the documented, read-only surface of a game for plugins and bots.

A house rule or a bot reads a game through these frozen dataclasses (``game.seat(p)``,
the arguments of the phase hooks), never through a game plugin's private state: what
they hold is documented here and in each game's ``views`` module, and changing them
changes nothing in the game. Score breakdowns and ranking rows are views too: the hooks
that score and rank return them, and their JSON form is what records keep.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, TypeVar

from ..geometry import core
from ..geometry.board import CELLS, NO_AREA, block_index, colour_of, icons_of, quadrant_names
from ..lazy import PickledWithoutCache, cached
from .strict_json import is_int

V = TypeVar("V")


_new_object = object.__new__
_set_attribute = object.__setattr__


def made(cls: type[V], **values: Any) -> V:
    """A frozen view dataclass ``cls`` holding ``values`` (every field, by name), made
    without its ``__init__``, which sets each field through ``object.__setattr__``: for the
    views the engine makes hundreds of times a game (a seat, a pyramid, an area) from values
    it has made itself. Anything with a ``__post_init__`` check is made the usual way."""
    view = _new_object(cls)
    _set_attribute(view, "__dict__", values)  # the keywords' own dict, neither copied nor merged
    return view


#: ``made_tuple(cls, values)``: the named tuple ``cls`` of ``values`` (a tuple of every
#: field, in order), made without the named tuple's own ``__new__``, a Python function:
#: for the few a game makes at every step.
made_tuple = tuple.__new__


@dataclass(frozen=True, init=False)
class ScoreLine:
    """One line of a score breakdown.

    ``id`` is stable: tools and house rules find a line by it (``"mino_bonus"``), never by
    its label ``what``, which is for people. ``detail`` holds the JSON-ready facts a record
    keeps so that the line can be checked without the engine (colour, icons, cells...).
    """

    id: str
    what: str
    points: int
    detail: Mapping[str, Any] = field(default_factory=dict)

    def __init__(self, id: str, what: str, points: int, detail: Mapping[str, Any] | None = None) -> None:
        """Written out: a frozen dataclass's own ``__init__`` sets each field through
        ``object.__setattr__`` and then calls ``__post_init__``, half again as costly, and
        games make dozens of lines each (``detail`` defaults to a new empty dict). The
        fields are stored in the instance's dict one by one: ``dict.update`` with keywords
        would cost a quarter more (a keyword to a C method is parsed from a dict)."""
        if type(points) is not int and not is_int(points):
            raise TypeError(f"score line {id!r}: points must be an int, not {type(points).__name__}")
        fields = self.__dict__
        fields["id"], fields["what"], fields["points"] = id, what, points
        fields["detail"] = {} if detail is None else detail

    def to_json(self) -> dict[str, Any]:
        detail = self.detail
        if type(detail) is LazyDetail:  # made whole in one go, not key by key as a Mapping
            detail = detail.resolved()
        return {"id": self.id, "what": self.what, **detail, "points": self.points}


class LazyDetail(Mapping[str, Any]):
    """A score line's detail whose costly values are computed when first read: the cells of
    an area are kept in records, but a bot scoring thousands of imagined positions never
    reads them. ``values`` are given, ``later`` maps a key to the function that makes it."""

    def __init__(self, values: Mapping[str, Any], later: Mapping[str, Callable[[], Any]]) -> None:
        self._values = dict(values)
        self._later = dict(later)

    def __getitem__(self, key: str) -> Any:
        if key not in self._values and key in self._later:
            self._values[key] = self._later[key]()
        return self._values[key]

    def __iter__(self) -> Iterator[str]:
        yield from self._values
        yield from (key for key in self._later if key not in self._values)

    def __len__(self) -> int:
        return len(self._values.keys() | self._later.keys())

    def made(self) -> Mapping[str, Any]:
        """The values made so far, the given ones and those read (read it, do not change
        it): a hook's answers are kept by these (:mod:`.read_memo`), the costly ones unmade
        unless it read them."""
        return self._values

    def resolved(self) -> dict[str, Any]:
        """Every value, the costly ones made now: what a record keeps (a new dict)."""
        for key, make in self._later.items():
            if key not in self._values:
                self._values[key] = make()
        return dict(self._values)

    def __repr__(self) -> str:
        return repr(dict(self))


@dataclass(frozen=True)
class Breakdown:
    """A score and where it came from: the total is the sum of the lines, by construction."""

    lines: tuple[ScoreLine, ...] = ()

    @property
    def total(self) -> int:
        return sum([line.points for line in self.lines])  # a list: made faster than a generator

    def with_lines(self, *lines: ScoreLine) -> Breakdown:
        """This breakdown with more lines (what a house rule adding points returns)."""
        return Breakdown((*self.lines, *lines))

    def lines_with_id(self, line_id: str) -> tuple[ScoreLine, ...]:
        return tuple(line for line in self.lines if line.id == line_id)

    def to_json(self) -> dict[str, Any]:
        return {"total": self.total, "lines": [line.to_json() for line in self.lines]}


class LazyBreakdown(Breakdown):
    """A breakdown whose lines are made when first read (``make()`` returns the breakdown
    they are taken from): what a bot hands a house rule's hook for each position it
    imagines, most hooks never reading it."""

    def __init__(self, make: Callable[[], Breakdown]) -> None:
        self.__dict__["_make"] = make

    def __getattribute__(self, name: str) -> Any:
        if name == "lines":
            made = object.__getattribute__(self, "__dict__")
            if "lines" not in made:
                made["lines"] = made["_make"]().lines
        return object.__getattribute__(self, name)


@dataclass(frozen=True)
class RankingRow:
    """One player's place in the final ranking: ``rank`` is shared by tied players;
    ``tiebreak`` the values compared after the score, in order; ``out``: eliminated."""

    player: int | str
    rank: int
    score: int
    tiebreak: tuple[int, ...] = ()
    out: bool = False

    def to_json(self) -> dict[str, Any]:
        row: dict[str, Any] = {"player": self.player, "rank": self.rank, "score": self.score}
        row["tiebreak"] = list(self.tiebreak)
        if self.out:
            row["out"] = True
        return row


@dataclass(frozen=True)
class Area:
    """An area of a pyramid: same-colour cells joined as the ruleset's ``area_connectivity``
    says, and its visible icons; ``cells`` are ``(cx, cy)`` on the 18x18 quadrant grid."""

    label: int
    colour: str
    icons: int
    pyramid: PyramidView = field(repr=False, compare=False)

    @property
    def cells(self) -> tuple[tuple[int, int], ...]:
        return self.pyramid.cells_of(self.label)


@dataclass(frozen=True)
class PlacedBlock:
    """A block of a pyramid: stage (1-4), block space, colour and icon quadrants."""

    stage: int
    x: int
    y: int
    colour: str
    icons: tuple[str, ...]


@dataclass(frozen=True)
class PyramidView(PickledWithoutCache):
    """A player's pyramid (Pyramido and Forgotten Treasures), real or imagined by a bot.

    ``board`` is the C core's layout (:mod:`pyramido.geometry.board`); ``stage`` the stage being
    built (1-4); ``linked``: areas join through hidden blocks (``area_connectivity:
    through_supports``) rather than on the top view only.
    """

    board: bytes
    stage: int
    colours: tuple[str, ...]
    linked: bool = False

    #: The cells of the areas read so far (:meth:`_cell_numbers`), not pickled.
    _caches: ClassVar[tuple[str, ...]] = ("_cells",)

    def block(self, stage: int, x: int, y: int) -> PlacedBlock | None:
        byte = self.board[block_index(stage - 1, x, y)]
        if not colour_of(byte):
            return None
        return PlacedBlock(stage, x, y, self.colours[colour_of(byte) - 1], quadrant_names(icons_of(byte)))

    @cached
    def labels(self) -> Sequence[int]:
        """The area label of every quadrant cell (``cy * 18 + cx``; ``NO_AREA`` for a gap)."""
        return self._labelled.labels

    @cached
    def area_colours(self) -> tuple[int, ...]:
        """The colour of every area by label, an index into ``colours``: what a caller reads
        of every area without making them all (``areas``)."""
        return tuple([colour - 1 for colour in self._labelled.colours])  # a list: made faster

    @cached
    def area_icons(self) -> tuple[int, ...]:
        """The visible icons of every area by label: what a stage's score reads of the areas
        it scores, without making them (``area``)."""
        return tuple(self._labelled.icons)

    @property
    def areas(self) -> tuple[Area, ...]:
        """Every area, by label (made on each read: see :meth:`area`)."""
        return tuple(map(self.area, range(len(self._labelled.colours))))

    def area(self, label: int) -> Area:
        """The area ``label`` (``areas[label]``), made without making the others: scoring a
        stage reads the few marked areas of a pyramid of dozens. Made on each call and not
        kept: an area refers to its view, and a view keeping its areas would make a
        reference cycle per view, garbage only the cyclic collector can free (bots make
        thousands of views)."""
        found = self._labelled
        if not 0 <= label < len(found.colours):
            raise IndexError(f"no area {label}: the pyramid has {len(found.colours)}")
        colour = self.colours[found.colours[label] - 1]
        return made(Area, label=label, colour=colour, icons=found.icons[label], pyramid=self)

    def cells_of(self, label: int) -> tuple[tuple[int, int], ...]:
        """The quadrant cells ``(cx, cy)`` of area ``label``, ascending by row."""
        return self.cells_of_areas([label])[0]

    def cells_of_areas(self, labels: Sequence[int]) -> list[tuple[tuple[int, int], ...]]:
        """:meth:`cells_of` each of ``labels``, those not read yet in one call of the C core
        (:func:`~pyramido.geometry.core.area_cells`): a stage's score reads every area it scores."""
        return [tuple([CELL_XY[cell] for cell in cells]) for cells in self._cell_numbers(labels)]

    def cells_json_of_areas(self, labels: Sequence[int]) -> list[list[list[int]]]:
        """:meth:`cells_of_areas` as events and score lines list them (:func:`cells_json`),
        made straight from the cell numbers."""
        return [[_CELL_JSON_AT[cell] for cell in cells] for cells in self._cell_numbers(labels)]

    def _cell_numbers(self, labels: Sequence[int]) -> list[list[int]]:
        """The cell numbers (``cy * 18 + cx``) of each area of ``labels``, those not read yet
        asked of the C core in one call and kept: a bot scores the same view again. The
        first read (a stage's score: the only one) asks for them all, nothing to look up."""
        known: dict[int, list[int]] | None = self.__dict__.get("_cells")
        if known is None:
            found = core.area_cells(self._labelled.labels, labels)
            self.__dict__["_cells"] = dict(zip(labels, found))  # noqa: B905 (hot path)
            return found
        missing = [label for label in labels if label not in known]
        if missing:
            known.update(zip(missing, core.area_cells(self._labelled.labels, missing)))  # noqa: B905
        return [known[label] for label in labels]

    def area_at(self, cell: tuple[int, int]) -> Area | None:
        """The area holding quadrant cell ``(cx, cy)``, if any."""
        label = self.labels[cell[1] * CELLS + cell[0]]
        return None if label == NO_AREA else self.area(label)

    @cached
    def _labelled(self) -> core.Areas:
        return core.label_areas(self.board, linked=self.linked)


#: ``(cx, cy)`` of each quadrant cell by its number ``cy * 18 + cx``, made once.
CELL_XY = tuple((cell % CELLS, cell // CELLS) for cell in range(CELLS * CELLS))


def cells_json(cells: Iterable[tuple[int, int]]) -> list[list[int]]:
    """Quadrant cells ``(cx, cy)`` as events and score lines list them, ``[cx, cy]``: pairs
    made once and shared by every event (an event is never changed once emitted), so that
    listing an area's cells makes no list a cell."""
    return [_CELL_JSON[cy][cx] for cx, cy in cells]


_CELL_JSON = tuple(tuple([cx, cy] for cx in range(CELLS)) for cy in range(CELLS))

#: The same pairs by cell number ``cy * 18 + cx``.
_CELL_JSON_AT = tuple(_CELL_JSON[cy][cx] for cx, cy in CELL_XY)

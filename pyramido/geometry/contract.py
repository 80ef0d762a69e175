"""What the C core's facade and its pure-Python oracle share: the core's contract, in Python.

:mod:`pyramido.geometry.core` runs the compiled C, :mod:`pyramido.geometry.reference` is its
pure-Python twin (the oracle of the differential tests); the two have the same functions,
results and errors. What they share is here, so that the facade, which every game runs,
imports nothing of the oracle:

* the header's constants: the error codes (``OK``, ``E_*``), the valuations' (``COLOURS``,
  ``VALUE_WEIGHTS``), the bounds of the lists (``MAX_AREAS``, ``MAX_FIRST_INDEX``) and the
  Silver & Gold card's (``SG_*``); :func:`version`, the API version the reference mirrors,
  and :func:`strerror`, ``pyr_strerror``'s words for the codes (the board's layout is
  :mod:`pyramido.geometry.board`'s);
* the named tuples :class:`Areas` (what ``label_areas`` returns) and :class:`Candidates`
  (the checked arguments of a valuation);
* the argument checks (``coerce_*``): a call's arguments as the C takes them, or its error;
* the error builders (:func:`core_error`, :func:`sg_core_error`, :func:`sg_error`, the
  other ``*_error``), which word an error from the arguments alone, so that the facade, which
  only gets a code back from the C, raises the oracle's message (``describe`` words the code:
  the facade passes the C library's ``pyr_strerror``).

The core's functions named here (``label_areas``, ``sg_markings``...) are those of both
implementations, documented in the reference.

Errors are :class:`~pyramido.errors.CoreError` with the header's code, checked in this
order (the first failing check wins, in both implementations):

1. ``E_NULL``: ``board`` is not a bytes-like object (``None`` included);
2. ``E_RANGE``: ``board`` does not hold exactly 324 bytes;
3. ``E_RANGE``: ``stage`` is not an ``int`` (``bool`` is refused) in ``0..3``, ``base``
   (the functions that take one) is not a pair of ints in ``1..5`` with room for a domino,
   or ``stage`` is not below its shorter side, or ``linked`` is not a ``bool``;
4. ``E_BOARD``: a block byte is malformed (bit 3 set, or colour 0 with icons);
5. ``E_NOBOX``: the stage has no box (see ``stage_box``).

A message reads ``function: what the code means: what was wrong``, e.g. ``stage_box:
stage has no box: stage 2 (stage 0 has no block)``; the middle part is
:func:`strerror`'s text, the C's ``pyr_strerror`` (tests/test_core_c.py holds the two
equal for every code).

The Silver & Gold Pyramids functions (``sg_*``) work on a 5x5 card whose cell sets are
25-bit masks; their checks are :func:`sg_error`'s, raised by :func:`coerce_sg` and worded
for a C code by :func:`sg_core_error`.
"""

from __future__ import annotations

import math
from array import array
from collections.abc import Callable
from typing import Final, NamedTuple, TypeAlias

from pyramido.errors import CoreError, brief
from pyramido.geometry.board import (
    BOARD_SIZE,
    CELLS,
    MAX_BASE,
    NO_AREA,
    PLACEMENTS,
    PRINTED_BASE,
    QUADRANTS,
    SIDE,
    STAGES,
    base_shapes_text,
    block_index,
    colour_of,
    placement_blocks,
)

__all__ = [
    "BLOCK_MARK_WAYS",
    "COLOURS",
    "E_BOARD",
    "E_CAPACITY",
    "E_NOBOX",
    "E_NULL",
    "E_RANGE",
    "MARK_WAYS",
    "MAX_AREAS",
    "MAX_FIRST_INDEX",
    "NO_WEIGHTS",
    "OK",
    "SG_CARD_FIELDS",
    "SG_CELLS",
    "SG_FULL",
    "SG_MAX_BASE",
    "SG_MAX_CARDS",
    "SG_MAX_MARKINGS",
    "SG_MAX_ORIENTATIONS",
    "SG_MAX_PLACEMENTS",
    "SG_MAX_SEATS",
    "SG_SIDE",
    "VALUE_WEIGHTS",
    "Areas",
    "BoardLike",
    "Candidates",
    "Marking",
    "area_cells_error",
    "blocks_error",
    "board_planes_error",
    "candidates_error",
    "coerce_base",
    "coerce_blocks",
    "coerce_board",
    "coerce_candidates",
    "coerce_dominoes",
    "coerce_first",
    "coerce_linked",
    "coerce_planes",
    "coerce_sg",
    "coerce_sg_markings",
    "coerce_stage",
    "core_error",
    "dominoes_error",
    "first_cell",
    "sg_core_error",
    "sg_error",
    "sg_markings_error",
    "sg_markings_seats_error",
    "strerror",
    "version",
]


# The version of the C core's API that this module mirrors (PYR_VERSION_* of the header).
_VERSION: Final = "5.0.0"

# Error codes of the header (PYR_OK, PYR_E_*).
OK: Final = 0
E_NULL: Final = -1  # a null pointer; in Python: board is not bytes-like
E_RANGE: Final = -2  # stage (or a capacity, or the board's length) out of range
E_BOARD: Final = -3  # a malformed block byte
E_CAPACITY: Final = -4  # an output buffer too small (never raised from Python)
E_NOBOX: Final = -5  # a stage box was asked but stage 0 does not define it

# What each code means: pyr_strerror's texts, word for word (tests/test_core_c.py).
_STRERROR: Final = {
    OK: "success",
    E_NULL: "null pointer",
    E_RANGE: "argument out of range",
    E_BOARD: "malformed board or card",
    E_CAPACITY: "output buffer too small",
    E_NOBOX: "stage has no box",
}
_UNKNOWN_CODE: Final = "unknown error code"

BoardLike: TypeAlias = bytes | bytearray | memoryview
Describe: TypeAlias = Callable[[int], str]  # an error code's text: strerror, or the C's

Block = tuple[int, int]
Box = tuple[int, int, int, int]
Base = tuple[int, int]  # a pyramid's base in blocks, either way round (width, height)


class Areas(NamedTuple):
    """The areas of a top view (see ``label_areas`` for the two ways to join cells).

    ``labels[cy * 18 + cx]`` is the area of the visible cell ``(cx, cy)`` (``NO_AREA`` for a
    gap); areas are numbered from 0 in the row-major order of their first visible cell, and
    ``colours[a]``, ``icons[a]`` (visible icons) and ``cells[a]`` (visible cells) describe
    area ``a``.
    """

    labels: array[int]  # an array of unsigned shorts: compact, and fast to make in C
    colours: list[int]
    icons: list[int]
    cells: list[int]


# --- version, error texts, errors and the checks of a board, a stage, an area mode -------


def version() -> str:
    """The version of the core's API, ``"MAJOR.MINOR.PATCH"``: the header's that this module
    mirrors (:func:`pyramido.geometry.core.version` is the compiled library's)."""
    return _VERSION


def strerror(code: int) -> str:
    """What an error code means, in ``pyr_strerror``'s words; one text for every unknown code."""
    return _STRERROR.get(code, _UNKNOWN_CODE)


def _error(code: int, function: str, detail: str | None, describe: Describe) -> CoreError:
    """``function: what the code means: detail`` (without the detail if there is none)."""
    head = f"{function}: {describe(code)}"
    return CoreError(code, head if detail is None else f"{head}: {detail}")


def _first_bad_byte(board: bytes) -> int | None:
    for index, byte in enumerate(board):
        if byte & 8 or (colour_of(byte) == 0 and byte != 0):
            return index
    return None


def _detail(code: int, board: object, stage: object, base: Base) -> str | None:
    """What was wrong with the arguments of a call that returned ``code``, if there is more
    to say than the code itself."""
    if code == E_NULL:
        return f"board must be a bytes-like object, not {type(board).__name__}"
    if code == E_RANGE:
        if isinstance(board, bytes) and len(board) != BOARD_SIZE:
            return f"board has {len(board)} bytes, not {BOARD_SIZE}"
        return f"stage {brief(stage)} is not an int in 0..{STAGES - 1}"
    if code == E_BOARD and isinstance(board, bytes):
        index = _first_bad_byte(board)
        if index is None:  # pragma: no cover - only if C and reference disagree
            return None
        s, rest = divmod(index, SIDE * SIDE)
        y, x = divmod(rest, SIDE)
        byte = board[index]
        problem = "has bit 3 set" if byte & 8 else "has icons but no colour"
        return f"block byte 0x{byte:02x} at stage {s} block ({x}, {y}) {problem}"
    if code == E_NOBOX and isinstance(board, bytes):
        blocks = _blocks(board, 0)
        if not blocks:
            return f"stage {stage} (stage 0 has no block)"
        x0, y0, x1, y1 = _bounds(blocks)
        shapes = base_shapes_text(base)
        return f"stage {stage} (stage 0 spans {x1 - x0 + 1}x{y1 - y0 + 1} blocks, not exactly {shapes})"
    return None


def core_error(
    code: int,
    function: str,
    board: object,
    stage: object = None,
    *,
    base: Base = PRINTED_BASE,
    describe: Describe = strerror,
) -> CoreError:
    """The error ``function`` raises for ``code``; ``board``, ``stage`` and ``base`` are its
    arguments.

    The message is worked out from the arguments alone, so that the C facade, which only
    gets a code back, builds exactly the reference's message; ``describe`` words the code
    (the facade passes the C library's ``pyr_strerror``).
    """
    return _error(code, function, _detail(code, board, stage, base), describe)


def coerce_board(board: object, function: str) -> bytes:
    """The 324 bytes of a bytes-like ``board`` (any buffer, read in C order)."""
    if isinstance(board, bytes):
        data = board
    else:
        try:
            view = memoryview(board)  # type: ignore[arg-type]  # any object: memoryview is the check
        except TypeError:
            raise core_error(E_NULL, function, board) from None
        data = view.tobytes()
    if len(data) != BOARD_SIZE:
        raise core_error(E_RANGE, function, data)
    return data


def coerce_stage(stage: object, function: str, board: bytes) -> int:
    """``stage`` as a plain ``int`` in ``0..3``."""
    if isinstance(stage, bool) or not isinstance(stage, int) or not 0 <= stage < STAGES:
        raise core_error(E_RANGE, function, board, stage)
    return int(stage)


def coerce_base(base: object, stage: int, function: str) -> Base:
    """``base`` as a pair of plain ints, each in ``1..MAX_BASE`` with room for a domino, of
    which ``stage`` (checked already) is one of the stages: below the shorter side."""
    if not (
        isinstance(base, tuple) and len(base) == 2 and all(_plain_int(side, 1, MAX_BASE) for side in base)
    ) or (base[0] * base[1] < 2):
        detail = f"base {brief(base)} is not a pair of ints in 1..{MAX_BASE} with room for a domino"
        raise _error(E_RANGE, function, detail, strerror)
    width, height = base
    if stage >= min(width, height):
        detail = f"stage {stage} is not below the shorter side of the {width}x{height} base"
        raise _error(E_RANGE, function, detail, strerror)
    return width, height


def coerce_linked(linked: object, function: str) -> bool:
    """``linked`` itself, if it is a ``bool`` (``0``, ``1`` and other truthy values are refused)."""
    if not isinstance(linked, bool):
        raise _error(E_RANGE, function, f"linked {brief(linked)} is not a bool", strerror)
    return linked


# --- the blocks of a board, as the error messages read them ------------------------------


def _on_lattice(block: Block) -> bool:
    x, y = block
    return 0 <= x < SIDE and 0 <= y < SIDE


def _is_filled(board: bytes, stage: int, block: Block) -> bool:
    x, y = block
    return colour_of(board[block_index(stage, x, y)]) != 0


def _blocks(board: bytes, stage: int) -> list[Block]:
    """The non-empty block spaces of a stage."""
    return [(x, y) for y in range(SIDE) for x in range(SIDE) if _is_filled(board, stage, (x, y))]


def _bounds(blocks: list[Block]) -> Box:
    xs = [x for x, _ in blocks]
    ys = [y for _, y in blocks]
    return min(xs), min(ys), max(xs), max(ys)


def _neighbours(block: Block) -> list[Block]:
    x, y = block
    return [(x + 1, y), (x, y + 1), (x - 1, y), (x, y - 1)]


# --- the first index of the placements (placement_indices) -------------------------------

#: The largest ``first`` of ``placement_indices``: its last index still fits C's int32.
MAX_FIRST_INDEX: Final = 2**31 - 1 - PLACEMENTS


def coerce_first(first: object, function: str) -> int:
    """``first`` as a plain ``int`` in ``0..MAX_FIRST_INDEX``."""
    if isinstance(first, bool) or not isinstance(first, int) or not 0 <= first <= MAX_FIRST_INDEX:
        detail = f"first {brief(first)} is not an int in 0..{MAX_FIRST_INDEX}"
        raise _error(E_RANGE, function, detail, strerror)
    return int(first)


# --- the cells of chosen areas of a labelling ---------------------------------------------
#
# Checked in the C's order: either argument not a sequence (E_NULL), then the labels' length
# and values, the number of areas wanted and each label wanted (E_RANGE).

MAX_AREAS: Final = CELLS * CELLS  # PYR_MAX_AREAS: no labelling has more areas than cells


def area_cells_error(labels: object, wanted: object, *, describe: Describe = strerror) -> CoreError | None:
    """The error of ``area_cells`` with these arguments, or None."""

    def fail(code: int, detail: str) -> CoreError:
        return _error(code, "area_cells", detail, describe)

    if not isinstance(labels, list | tuple | array) or not isinstance(wanted, list | tuple):
        return fail(E_NULL, "labels and wanted must be sequences of ints")
    if len(labels) != CELLS * CELLS:
        return fail(E_RANGE, f"labels holds one label per cell ({CELLS * CELLS}), not {len(labels)}")
    for label in labels:
        if isinstance(label, bool) or not isinstance(label, int) or not 0 <= label <= NO_AREA:
            return fail(E_RANGE, f"label {brief(label)} is not an int in 0..{NO_AREA:#x}")
    if len(wanted) > MAX_AREAS:
        return fail(E_RANGE, f"at most {MAX_AREAS} areas are wanted, not {len(wanted)}")
    for label in wanted:
        if isinstance(label, bool) or not isinstance(label, int) or not 0 <= label < MAX_AREAS:
            return fail(E_RANGE, f"wanted area {brief(label)} is not an int in 0..{MAX_AREAS - 1}")
    return None


# --- Silver & Gold Pyramids: polyominoes on a 5x5 card -----------------------------------
#
# A card cell (x, y), x and y in 0..4, is bit y * 5 + x of a 25-bit mask.

SG_SIDE: Final = 5
SG_CELLS: Final = SG_SIDE * SG_SIDE
SG_FULL: Final = (1 << SG_CELLS) - 1  # every cell of a card
SG_MAX_ORIENTATIONS: Final = 8
SG_MAX_PLACEMENTS: Final = 96  # the L of 4 and the P of 5 reach it; nothing exceeds it

Cell = tuple[int, int]

# Each function's parameters, in the order the checks visit them.
_SG_PARAMETERS: Final = {
    "sg_orientations": ("shape",),
    "sg_placements": ("walls", "marked", "entrance", "shape"),
    "sg_single_cells": ("walls", "marked", "entrance"),
    "sg_reachable": ("walls", "entrance"),
}


def _sg_cells(mask: int) -> set[Cell]:
    return {(cell % SG_SIDE, cell // SG_SIDE) for cell in range(SG_CELLS) if mask >> cell & 1}


def _on_card(cell: Cell) -> bool:
    x, y = cell
    return 0 <= x < SG_SIDE and 0 <= y < SG_SIDE


def _card_neighbours(cell: Cell) -> list[Cell]:
    return [near for near in _neighbours(cell) if _on_card(near)]


def _flood(start: Cell, allowed: set[Cell]) -> set[Cell]:
    """The cells of ``allowed`` reachable from ``start`` (itself in ``allowed``) by steps."""
    reached = {start}
    stack = [start]
    while stack:
        for near in _card_neighbours(stack.pop()):
            if near in allowed and near not in reached:
                reached.add(near)
                stack.append(near)
    return reached


def _sg_range_problem(name: str, value: object) -> str | None:
    """What is wrong with one argument's range, or None."""
    if isinstance(value, bool) or not isinstance(value, int):
        return f"{name} must be an int, not {type(value).__name__}"
    if name == "entrance":
        if not 0 <= value < SG_CELLS:
            return f"entrance {brief(value)} is not a cell index in 0..{SG_CELLS - 1}"
        return None
    if not 0 <= value <= SG_FULL:
        return f"{name} {brief(value)} is not a 25-bit cell mask (0..{SG_FULL:#x})"
    if name == "shape":
        if value == 0:
            return "shape is empty"
        cells = _sg_cells(value)
        if _flood(min(cells), cells) != cells:
            return f"shape {value:#x} is not 4-connected"
    return None


def sg_error(function: str, *args: object, describe: Describe = strerror) -> CoreError | None:
    """The error of an S&G call with these arguments (the first failing check), or None.

    The checks, in the C's order: each argument in signature order, a mask that is not an
    ``int`` in ``0..2**25 - 1``, an entrance that is not an ``int`` in ``0..24``, a shape
    that is empty or not 4-connected (``E_RANGE``); then ``walls & marked`` nonzero and the
    entrance on a wall (``E_BOARD``). Both implementations raise it, with the same message; ``describe`` words
    the code, as in :func:`core_error`.
    """
    values = dict(zip(_SG_PARAMETERS[function], args, strict=True))
    for name, value in values.items():
        problem = _sg_range_problem(name, value)
        if problem is not None:
            return _error(E_RANGE, function, problem, describe)
    problem = _sg_board_problem(values.get("walls"), values.get("marked"), values.get("entrance"))
    return None if problem is None else _error(E_BOARD, function, problem, describe)


def _sg_board_problem(walls: object, marked: object, entrance: object) -> str | None:
    """What is wrong with a card whose arguments are in range (``E_BOARD``), or None."""
    if isinstance(walls, int) and isinstance(marked, int) and walls & marked:
        return f"walls and marked share cells {walls & marked:#x} (a wall can't be marked)"
    if isinstance(walls, int) and isinstance(entrance, int) and walls >> entrance & 1:
        x, y = entrance % SG_SIDE, entrance // SG_SIDE
        return f"the entrance {entrance} (cell ({x}, {y})) is a wall"
    return None


def sg_core_error(code: int, function: str, *args: object, describe: Describe = strerror) -> CoreError:
    """The error ``function`` raises for ``code`` (from the C) with these arguments."""
    error = sg_error(function, *args, describe=describe)
    if error is not None and error.code == code:
        return error
    return _error(code, function, None, describe)  # E_CAPACITY, or C and reference disagree


def coerce_sg(function: str, *args: object) -> tuple[int, ...]:
    """The arguments of an S&G call as plain ints, once checked (else its error is raised)."""
    error = sg_error(function, *args)
    if error is not None:
        raise error
    return tuple(int(arg) for arg in args if isinstance(arg, int))  # all are, once checked


# --- the markings of several cards at once ----------------------------------------------
#
# A game lists a seat's markings in one call: each card is SG_CARD_FIELDS ints in a flat
# list, its walls, marked cells, entrance and the two bases its numbers start from.

SG_CARD_FIELDS: Final = 5  # walls, marked, entrance, shape_base, cell_base
SG_MAX_CARDS: Final = 8
SG_MAX_BASE: Final = 0xFFFFFF
SG_MAX_MARKINGS: Final = SG_MAX_CARDS * (SG_MAX_PLACEMENTS + SG_CELLS)


def sg_markings_error(cards: object, table: object, *, describe: Describe = strerror) -> CoreError | None:
    """The error of ``sg_markings`` with these arguments (the first failing check, in
    the C's order: the cards' list and its length, the table's, each cell set of the
    table, each card's values, then each card against its walls), or None."""

    def fail(code: int, detail: str) -> CoreError:
        return _error(code, "sg_markings", detail, describe)

    if not isinstance(cards, list):
        return fail(E_RANGE, f"cards must be a list of ints, not {type(cards).__name__}")
    if len(cards) % SG_CARD_FIELDS or len(cards) > SG_MAX_CARDS * SG_CARD_FIELDS:
        return fail(E_RANGE, f"cards holds {SG_CARD_FIELDS} ints per card, at most {SG_MAX_CARDS} cards")
    return _cards_error(cards, table, fail)


def _cards_error(
    cards: list[object], table: object, fail: Callable[[int, str], CoreError]
) -> CoreError | None:
    """The checks :func:`sg_markings_error` and :func:`sg_markings_seats_error` share once
    ``cards`` is known to be a list of whole cards: the table, its cell sets, each card's
    values, then each card against its walls."""
    if not isinstance(table, (list, tuple)) or len(table) > SG_MAX_PLACEMENTS:
        return fail(E_RANGE, f"table must be a list or tuple of at most {SG_MAX_PLACEMENTS} cell sets")
    for cells in table:
        if isinstance(cells, bool) or not isinstance(cells, int) or not 0 < cells <= SG_FULL:
            return fail(E_RANGE, f"table set {brief(cells)} is not a non-empty 25-bit cell mask")
    records = [cards[k : k + SG_CARD_FIELDS] for k in range(0, len(cards), SG_CARD_FIELDS)]
    for walls, marked, entrance, *bases in records:
        for name, value in (("walls", walls), ("marked", marked), ("entrance", entrance)):
            problem = _sg_range_problem(name, value)
            if problem is not None:
                return fail(E_RANGE, problem)
        for base in bases:
            if isinstance(base, bool) or not isinstance(base, int) or not 0 <= base <= SG_MAX_BASE:
                return fail(E_RANGE, f"base {brief(base)} is not an int in 0..{SG_MAX_BASE:#x}")
    for walls, marked, entrance, *_ in records:
        problem = _sg_board_problem(walls, marked, entrance)
        if problem is not None:
            return fail(E_BOARD, problem)
    return None


def coerce_sg_markings(cards: object, table: object) -> tuple[list[int], list[int]]:
    """The arguments of ``sg_markings`` as lists of plain ints, once checked (else its
    error is raised)."""
    error = sg_markings_error(cards, table)
    if error is not None:
        raise error
    assert isinstance(cards, list) and isinstance(table, (list, tuple))
    return [int(value) for value in cards], [int(cells) for cells in table]


SG_MAX_SEATS: Final = 8


def sg_markings_seats_error(
    cards: object, sizes: object, table: object, *, describe: Describe = strerror
) -> CoreError | None:
    """The error of ``sg_markings_seats`` with these arguments (the first failing check,
    in the C's order: the sizes, the cards' list and its length, then ``sg_markings``'
    checks of the table and of every card), or None."""

    def fail(code: int, detail: str) -> CoreError:
        return _error(code, "sg_markings_seats", detail, describe)

    if not isinstance(sizes, list) or len(sizes) > SG_MAX_SEATS:
        return fail(E_RANGE, f"sizes must be a list of at most {SG_MAX_SEATS} ints")
    for size in sizes:
        if isinstance(size, bool) or not isinstance(size, int) or not 0 <= size <= SG_MAX_CARDS:
            return fail(E_RANGE, f"size {brief(size)} is not a count of cards in 0..{SG_MAX_CARDS}")
    if not isinstance(cards, list) or len(cards) != SG_CARD_FIELDS * sum(sizes):
        return fail(
            E_RANGE, f"cards must be a list of {SG_CARD_FIELDS} ints per card, as many cards as the sizes"
        )
    return _cards_error(cards, table, fail)


# --- candidate positions valued in one call (bots) --------------------------------------
#
# Arguments are checked in the C's order: their types and ranges (E_RANGE), the board and
# the block bytes (E_BOARD), the stage's box (E_NOBOX), then each placement against the
# board (E_RANGE).

COLOURS: Final = 7
VALUE_WEIGHTS: Final = 5  # marked icons, the fewest, open colours, untileable, the most


#: The weights handed to the shared checks by a call that takes none (``dominoes_marks``).
NO_WEIGHTS: Final = (0.0,) * VALUE_WEIGHTS
#: The ways of marking a candidate at most: a marker on either block of a domino, or none
#: (``dominoes_marks``); on the block, or none (``block_marks``).
MARK_WAYS: Final = 3
BLOCK_MARK_WAYS: Final = 2


class Marking(NamedTuple):
    """One way of marking one candidate of ``dominoes_marks``: what a stage's score and a
    bot's judgement read of it, the areas scored as the C core finds them.

    ``marked`` holds, for each marked area in label order (an area holding two markers
    once), its colour number (1..7), its icons and the mask of the colours (bit ``c``)
    whose markers are in it: three ints per area, end to end."""

    candidate: int  # domino j on placement k: j * len(placements) + k
    untileable: bool  # the stage can no longer be tiled after it
    open_icons: int  # for each colour still open, the most icons of an unmarked area, summed
    marked: tuple[int, ...]


class Candidates(NamedTuple):
    """The checked arguments of ``placement_values`` (and of ``position_value``,
    which uses the board, the markers, the open colours and the first three weights)."""

    board: bytes
    stage: int
    base: Base
    linked: bool
    a: int
    b: int
    placements: list[int]
    markers: list[int]  # the C's array: markers[c] is colour c's cell, NO_AREA for none
    open_colours: int
    must_mark: bool
    weights: tuple[float, ...]


def _plain_int(value: object, low: int, high: int) -> bool:
    return type(value) is int and low <= value <= high


def coerce_candidates(
    function: str,
    board: object,
    stage: object,
    a: object,
    b: object,
    placements: object,
    markers: object,
    open_colours: object,
    must_mark: object,
    weights: object,
    linked: object,
    base: object = PRINTED_BASE,
) -> Candidates:
    """The arguments of ``placement_values`` as the C takes them, their types and ranges
    checked (E_NULL, E_RANGE); the board's bytes, the blocks and the placements' spaces are
    the C's checks (:func:`candidates_error` words them)."""
    data = coerce_board(board, function)
    stage = coerce_stage(stage, function, data)
    checked_base = coerce_base(base, stage, function)
    linked = coerce_linked(linked, function)

    def refuse(detail: str) -> CoreError:
        return _error(E_RANGE, function, detail, strerror)

    if (
        not isinstance(placements, (list, tuple))
        or any(type(p) is not int for p in placements)
        or (placements and not 0 <= min(placements) <= max(placements) <= 0xFFFF)
    ):
        raise refuse(f"placements {brief(placements)} are not a list of ints in 0..65535")
    cells = [NO_AREA] * (COLOURS + 1)
    if not isinstance(markers, dict):
        raise refuse(f"markers {brief(markers)} are not a dict of colour to cell")
    for colour, cell in markers.items():
        if not _plain_int(colour, 1, COLOURS):
            raise refuse(f"marker colour {brief(colour)} is not an int in 1..{COLOURS}")
        if not _plain_int(cell, 0, CELLS * CELLS - 1):
            raise refuse(f"the cell {brief(cell)} of marker {colour} is not an int in 0..{CELLS * CELLS - 1}")
        cells[colour] = cell
    if not isinstance(open_colours, int) or not _plain_int(open_colours, 0, 0xFF) or open_colours & 1:
        raise refuse(f"open colours {brief(open_colours)} are not a mask of colours 1..{COLOURS}")
    if not isinstance(must_mark, bool):
        raise refuse(f"must_mark {brief(must_mark)} is not a bool")
    if (
        not isinstance(weights, (list, tuple))
        or len(weights) != VALUE_WEIGHTS
        or not all(type(w) in (int, float) and math.isfinite(w) for w in weights)
    ):
        raise refuse(f"weights {brief(weights)} are not {VALUE_WEIGHTS} finite numbers")
    for name, byte in (("a", a), ("b", b)):
        if not _plain_int(byte, 0, 0xFF):
            raise refuse(f"block {name} {brief(byte)} is not a byte")
    assert isinstance(a, int) and isinstance(b, int)
    return Candidates(
        data,
        stage,
        checked_base,
        linked,
        a,
        b,
        list(placements),
        cells,
        open_colours,
        must_mark,
        tuple(map(float, weights)),
    )


def _bad_block(byte: int) -> bool:
    return colour_of(byte) == 0 or bool(byte & 8)


def _placement_problem(board: bytes, stage: int, placement: int) -> str | None:
    """Why ``placement`` cannot be laid on ``board``'s ``stage``, if it cannot."""
    if placement >= PLACEMENTS:
        return f"placement {placement} is not in 0..{PLACEMENTS - 1}"
    for block in placement_blocks(placement):
        if not _on_lattice(block):
            return f"placement {placement} puts a block off the lattice at {block}"
        if _is_filled(board, stage, block):
            return f"placement {placement} puts a block on the filled space {block} of stage {stage}"
    return None


def candidates_error(
    code: int, function: str, args: Candidates, *, describe: Describe = strerror
) -> CoreError:
    """The error ``function`` raises for ``code`` after :func:`coerce_candidates` passed,
    worded from the arguments alone (as :func:`core_error`)."""
    if code == E_BOARD and _first_bad_byte(args.board) is None:
        name, byte = ("a", args.a) if _bad_block(args.a) else ("b", args.b)
        return _error(code, function, f"block {name} 0x{byte:02x} is not a coloured block byte", describe)
    if code == E_RANGE:
        problems = (_placement_problem(args.board, args.stage, p) for p in args.placements)
        return _error(code, function, next((p for p in problems if p), None), describe)
    return core_error(code, function, args.board, args.stage, base=args.base, describe=describe)


def first_cell(stage: int, space: Block) -> int:
    """The view cell (``cy * 18 + cx``) of the first quadrant of ``space`` of ``stage``,
    where a marker on that block stands; ``NO_AREA`` if it lies beyond the grid."""
    cx, cy = 2 * space[0] + stage, 2 * space[1] + stage
    return cy * CELLS + cx if cx < CELLS and cy < CELLS else NO_AREA


def coerce_dominoes(function: str, dominoes: object) -> list[tuple[int, int]]:
    """``dominoes`` as a list of pairs of block bytes, or E_RANGE (before the board's check)."""
    if not isinstance(dominoes, (list, tuple)) or not all(
        isinstance(d, (list, tuple)) and len(d) == 2 and all(_plain_int(byte, 0, 0xFF) for byte in d)
        for d in dominoes
    ):
        raise _error(E_RANGE, function, f"dominoes {brief(dominoes)} are not pairs of bytes", strerror)
    return [(d[0], d[1]) for d in dominoes]


def dominoes_error(
    code: int,
    function: str,
    args: Candidates,
    dominoes: list[tuple[int, int]],
    *,
    describe: Describe = strerror,
) -> CoreError:
    """:func:`candidates_error` for the first domino with a bad block when there is one."""
    bad = next(((a, b) for a, b in dominoes if _bad_block(a) or _bad_block(b)), (args.a, args.b))
    return candidates_error(code, function, args._replace(a=bad[0], b=bad[1]), describe=describe)


def coerce_blocks(function: str, blocks: object) -> list[tuple[int, int, int]]:
    """``blocks`` as a list of ``(x, y, byte)``, a space of the lattice and a byte, or E_RANGE
    (before the board's check)."""
    if not isinstance(blocks, (list, tuple)) or not all(
        isinstance(k, (list, tuple))
        and len(k) == 3
        and _plain_int(k[0], 0, SIDE - 1)
        and _plain_int(k[1], 0, SIDE - 1)
        and _plain_int(k[2], 0, 0xFF)
        for k in blocks
    ):
        raise _error(
            E_RANGE, function, f"blocks {brief(blocks)} are not (x, y, byte) on the lattice", strerror
        )
    return [(k[0], k[1], k[2]) for k in blocks]


def blocks_error(
    args: Candidates,
    blocks: list[tuple[int, int, int]],
    *,
    describe: Describe = strerror,
    function: str = "block_values",
) -> None:
    """Raise the E_BOARD error of ``function`` (``block_values``, ``block_marks``), if
    any: a bad board byte, then the first bad block byte."""
    if _first_bad_byte(args.board) is not None:
        raise core_error(E_BOARD, function, args.board, args.stage, describe=describe)
    for _, _, byte in blocks:
        if _bad_block(byte):
            raise _error(E_BOARD, function, f"block 0x{byte:02x} is not a coloured block byte", describe)


# --- a board's stage planes (board_planes) ---------------------------------------------------


def coerce_planes(planes: object, colours: object, channels: object) -> memoryview[int]:
    """``planes`` as a flat memoryview of the int16 values of a board's stage planes
    (``STAGES * channels * 81``, writable, in C order), for ``colours`` colour channels
    (an ``int`` in ``1..COLOURS``) and ``channels`` channels a stage (at least ``colours +
    5``); or the error: ``E_NULL`` for no writable int16 buffer, ``E_RANGE`` for the
    numbers."""
    function = "board_planes"
    try:
        view = memoryview(planes)  # type: ignore[arg-type]  # any object: memoryview is the check
    except TypeError:
        view = None
    if view is None or view.readonly or view.format != "h" or not view.c_contiguous:
        detail = f"planes must be a writable int16 buffer, not {brief(planes)}"
        raise _error(E_NULL, function, detail, strerror)
    for name, value, low, high in (("colours", colours, 1, COLOURS), ("channels", channels, 0, 1 << 24)):
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise _error(E_RANGE, function, f"{name} {brief(value)} is not an int in {low}..{high}", strerror)
    assert isinstance(colours, int) and isinstance(channels, int)
    if channels < colours + 1 + len(QUADRANTS):
        detail = f"{channels} channels cannot hold {colours} colours and 4 icons"
        raise _error(E_RANGE, function, detail, strerror)
    wanted = STAGES * channels * SIDE * SIDE
    flat = view.cast("B").cast("h")
    if len(flat) != wanted:
        raise _error(E_RANGE, function, f"planes hold {len(flat)} values, not {wanted}", strerror)
    return flat


def board_planes_error(
    code: int, board: bytes, before: bytes, colours: int, *, describe: Describe = strerror
) -> CoreError:
    """The error of ``board_planes`` for ``code`` (``E_BOARD``): the first bad byte of
    ``board``, then of ``before``: malformed, or of a colour above ``colours``."""
    for name, data in (("board", board), ("before", before)):
        if _first_bad_byte(data) is not None:
            return _error(
                code, "board_planes", f"{name}: {_detail(E_BOARD, data, None, PRINTED_BASE)}", describe
            )
        for index, byte in enumerate(data):
            if colour_of(byte) > colours:
                stage, rest = divmod(index, SIDE * SIDE)
                y, x = divmod(rest, SIDE)
                detail = (
                    f"{name}: block byte 0x{byte:02x} at stage {stage} block ({x}, {y}) "
                    f"has colour {colour_of(byte)}, above {colours}"
                )
                return _error(code, "board_planes", detail, describe)
    return _error(code, "board_planes", None, describe)  # pragma: no cover - C and reference disagree

"""The C core (``pyramido._core``, built from ``core_c/`` by ``build.py``) behind Python calls.

Same functions, signatures, results and errors as :mod:`pyramido.geometry.reference`, the
pure-Python oracle, of which it imports nothing: the constants, the argument checks and the
error builders both share are :mod:`pyramido.geometry.contract`'s. Each call is one C call plus
the conversion of its result. Error codes come back from C as negative returns and are raised
as :class:`~pyramido.errors.CoreError` with the reference's message (the contract builds it
from the arguments), the code worded by the C library's ``pyr_strerror``. :func:`version` is
the library's.

Thread-safe: the C functions are reentrant, and the output buffers of the calls a game
makes on every turn are each thread's own (:class:`_Scratch`); the others are allocated
per call.
"""

from __future__ import annotations

import threading
from array import array
from collections.abc import Iterable, Sequence
from itertools import repeat
from typing import Any, Final, NoReturn, TypeGuard

from pyramido._core import ffi, lib
from pyramido.errors import CoreError
from pyramido.geometry.board import BOARD_SIZE, CELLS, NO_AREA, PLACEMENTS, PRINTED_BASE, SIDE
from pyramido.geometry.contract import (
    BLOCK_MARK_WAYS,
    COLOURS,
    E_BOARD,
    E_CAPACITY,
    E_NOBOX,
    E_NULL,
    E_RANGE,
    MARK_WAYS,
    NO_WEIGHTS,
    OK,
    SG_CARD_FIELDS,
    SG_CELLS,
    SG_FULL,
    SG_MAX_MARKINGS,
    SG_MAX_ORIENTATIONS,
    SG_MAX_PLACEMENTS,
    SG_MAX_SEATS,
    SG_SIDE,
    VALUE_WEIGHTS,
    Areas,
    Base,
    BoardLike,
    Candidates,
    Marking,
    area_cells_error,
    blocks_error,
    board_planes_error,
    candidates_error,
    coerce_base,
    coerce_blocks,
    coerce_board,
    coerce_candidates,
    coerce_dominoes,
    coerce_first,
    coerce_linked,
    coerce_planes,
    coerce_sg,
    coerce_sg_markings,
    coerce_stage,
    core_error,
    dominoes_error,
    first_cell,
    sg_core_error,
    sg_markings_error,
    sg_markings_seats_error,
)

__all__ = [
    "COLOURS",
    "E_BOARD",
    "E_CAPACITY",
    "E_NOBOX",
    "E_NULL",
    "E_RANGE",
    "OK",
    "SG_CELLS",
    "SG_FULL",
    "SG_MAX_ORIENTATIONS",
    "SG_MAX_PLACEMENTS",
    "SG_SIDE",
    "VALUE_WEIGHTS",
    "Areas",
    "BoardLike",
    "BoardPlanes",
    "Marking",
    "area_cells",
    "block_marks",
    "block_values",
    "can_tile",
    "dominoes_marks",
    "dominoes_values",
    "first_cell",
    "label_areas",
    "placement_indices",
    "placement_values",
    "placements",
    "position_value",
    "sg_markings",
    "sg_markings_plain",
    "sg_markings_seats",
    "sg_orientations",
    "sg_placements",
    "sg_reachable",
    "sg_single_cells",
    "stage_box",
    "strerror",
    "top_view",
    "version",
]

_VIEW: Final = CELLS * CELLS

# Output buffers need no zeroing: C fills them (most calls write the calling thread's own,
# kept from call to call: _scratch).
_new = ffi.new_allocator(should_clear_after_alloc=False)
_new_tuple = tuple.__new__  # a named tuple made without its own __new__, a Python function
_unpack = ffi.unpack
_from_buffer = ffi.from_buffer
_buffer = ffi.buffer
_string = ffi.string

_pyr_placement_indices = lib.pyr_placement_indices
_pyr_top_view = lib.pyr_top_view
_pyr_label_areas_mode = lib.pyr_label_areas_mode
_AREA_MODES: Final = (lib.PYR_AREAS_TOP_VIEW, lib.PYR_AREAS_LINKED)  # indexed by ``linked``
_pyr_can_tile = lib.pyr_can_tile
_pyr_stage_box = lib.pyr_stage_box
_pyr_area_cells = lib.pyr_area_cells
_pyr_position_value = lib.pyr_position_value
_pyr_placement_values = lib.pyr_placement_values
_pyr_dominoes_values = lib.pyr_dominoes_values
_pyr_block_values = lib.pyr_block_values
_pyr_dominoes_marks = lib.pyr_dominoes_marks
_pyr_block_marks = lib.pyr_block_marks
_pyr_sg_orientations = lib.pyr_sg_orientations
_pyr_sg_placements = lib.pyr_sg_placements
_pyr_sg_single_cells = lib.pyr_sg_single_cells
_pyr_sg_reachable = lib.pyr_sg_reachable
_pyr_sg_markings = lib.pyr_sg_markings
_pyr_strerror = lib.pyr_strerror
_pyr_board_planes = lib.pyr_board_planes


class _Scratch(threading.local):
    """This thread's output buffers for the calls a game makes on every turn (placements,
    the top view, the areas and their cells, every seat's S&G markings), made once per
    thread rather than on every call: each wrapper
    copies out what it returns before it returns, and threads never share one (cffi lets
    go of the GIL while C runs)."""

    def __init__(self) -> None:
        self.indices = _new("int32_t[]", PLACEMENTS)  # placement_indices
        self.view = _new("uint8_t[]", _VIEW)
        self.labels = _new("uint16_t[]", _VIEW)
        self.colours = _new("uint8_t[]", _VIEW)
        self.icons = _new("uint16_t[]", _VIEW)
        self.cells = _new("uint16_t[]", _VIEW)
        self.cells_out = _new("uint16_t[]", _VIEW)  # area_cells: the cells of areas
        self.counts = _new("uint16_t[]", _VIEW)  # and how many each area has
        self.box = _new("int[4]")
        self.markings = _new("uint32_t[]", SG_MAX_SEATS * SG_MAX_MARKINGS)  # sg_markings_seats
        self.seat_counts = _new("int[]", SG_MAX_SEATS)  # and how many each seat has


_scratch = _Scratch()

# The range of C's int; every error code is well inside it.
_INT_MIN: Final = -(2 ** (8 * ffi.sizeof("int") - 1))
_INT_MAX: Final = -_INT_MIN - 1


def version() -> str:
    """The version of the compiled C library, ``"MAJOR.MINOR.PATCH"`` (``pyr_version``)."""
    text: bytes = _string(lib.pyr_version())
    return text.decode("ascii")


def strerror(code: int) -> str:
    """What an error code means: ``pyr_strerror``'s text. An int beyond C's int is an unknown
    code like any other (it is clamped to C's range, whose ends are unknown codes too)."""
    text: bytes = _string(_pyr_strerror(min(max(code, _INT_MIN), _INT_MAX)))
    return text.decode("ascii")


def _core_error(
    code: int, function: str, board: object, stage: object = None, base: Base = PRINTED_BASE
) -> CoreError:
    """The reference's error for ``code``, the code worded by the C library."""
    return core_error(code, function, board, stage, base=base, describe=strerror)


def _plain_base(base: object) -> bool:
    """Whether ``base`` goes to C as it is: the printed base itself (every printed game's
    pyramid passes it: told at once), or a tuple of two plain ints (the C checks their
    ranges)."""
    return base is PRINTED_BASE or (
        type(base) is tuple and len(base) == 2 and type(base[0]) is int and type(base[1]) is int
    )


def _checked_base(base: object, stage: object, function: str, board: bytes) -> Base:
    """``base`` as the C takes it, or the reference's error (the stage checked first)."""
    return coerce_base(base, coerce_stage(stage, function, board), function)


def _sg_core_error(code: int, function: str, *args: object) -> CoreError:
    """The reference's error for an S&G ``code``, the code worded by the C library."""
    return sg_core_error(code, function, *args, describe=strerror)


def placements(board: BoardLike, stage: int, base: Base = PRINTED_BASE) -> list[int]:
    """Every legal placement of a domino in ``stage``, ascending (see the reference): the
    indices from 0, in the one C call both functions make."""
    return _placement_indices(board, stage, 0, base, "placements")


def placement_indices(board: BoardLike, stage: int, first: int, base: Base = PRINTED_BASE) -> list[int]:
    """:func:`placements`, each plus ``first`` (see the reference): a game's legal place
    actions, their indices added in C rather than one by one in Python."""
    return _placement_indices(board, stage, first, base, "placement_indices")


def _placement_indices(board: BoardLike, stage: int, first: int, base: Base, function: str) -> list[int]:
    """Plain ints go to C as they are; its ``E_RANGE`` (or an int beyond C's) is raised as
    the reference does, naming a bad stage before a bad base, and either before a bad
    ``first``."""
    if type(board) is not bytes or len(board) != BOARD_SIZE:
        board = coerce_board(board, function)
    plain_base = base is PRINTED_BASE or _plain_base(base)  # the printed game's: no call
    if type(stage) is not int or type(first) is not int or not plain_base:
        base = _checked_base(base, stage, function, board)
        stage, first = int(stage), coerce_first(first, function)
    out = _scratch.indices
    try:
        count: int = _pyr_placement_indices(board, stage, base[0], base[1], first, out, PLACEMENTS)
    except OverflowError:
        count = E_RANGE
    if count < 0:
        if count == E_RANGE:
            _checked_base(base, stage, function, board)
            coerce_first(first, function)
        raise _core_error(count, function, board, stage, base)
    result: list[int] = _unpack(out, count)
    return result


def top_view(board: BoardLike) -> bytes:
    """The 18x18 top view, row-major (see the reference)."""
    if type(board) is not bytes or len(board) != BOARD_SIZE:
        board = coerce_board(board, "top_view")
    out = _scratch.view
    code: int = _pyr_top_view(board, out, _VIEW)
    if code < 0:
        raise _core_error(code, "top_view", board)
    view: bytes = _buffer(out)[:]
    return view


def label_areas(board: BoardLike, *, linked: bool = False) -> Areas:
    """The same-colour areas of the top view, or linked through supports (see the reference)."""
    if type(board) is not bytes or len(board) != BOARD_SIZE:
        board = coerce_board(board, "label_areas")
    if type(linked) is not bool:
        linked = coerce_linked(linked, "label_areas")
    scratch = _scratch
    labels, colours, icons, cells = scratch.labels, scratch.colours, scratch.icons, scratch.cells
    mode = _AREA_MODES[linked]
    count: int = _pyr_label_areas_mode(board, mode, labels, _VIEW, colours, icons, cells, _VIEW)
    if count < 0:
        raise _core_error(count, "label_areas", board)
    cell_labels = array("H")
    cell_labels.frombytes(_buffer(labels))  # one copy: 15x faster than a list of 324 ints
    found = (cell_labels, _unpack(colours, count), _unpack(icons, count), _unpack(cells, count))
    return _new_tuple(Areas, found)


def can_tile(board: BoardLike, stage: int, base: Base = PRINTED_BASE) -> bool:
    """Can the stage's empty spaces still all be covered by dominoes (see the reference)?"""
    if type(board) is not bytes or len(board) != BOARD_SIZE:
        board = coerce_board(board, "can_tile")
    if type(stage) is not int or not _plain_base(base):
        base, stage = _checked_base(base, stage, "can_tile", board), int(stage)
    try:
        answer: int = _pyr_can_tile(board, stage, base[0], base[1])
    except OverflowError:
        answer = E_RANGE
    if answer < 0:
        if answer == E_RANGE:
            _checked_base(base, stage, "can_tile", board)
        raise _core_error(answer, "can_tile", board, stage, base)
    return answer == 1


def stage_box(board: BoardLike, stage: int, base: Base = PRINTED_BASE) -> tuple[int, int, int, int]:
    """``(x0, y0, x1, y1)`` of the stage's valid spaces, inclusive (see the reference)."""
    if type(board) is not bytes or len(board) != BOARD_SIZE:
        board = coerce_board(board, "stage_box")
    if type(stage) is not int or not _plain_base(base):
        base, stage = _checked_base(base, stage, "stage_box", board), int(stage)
    out = _scratch.box
    try:
        code: int = _pyr_stage_box(board, stage, base[0], base[1], out, 4)
    except OverflowError:
        code = E_RANGE
    if code < 0:
        if code == E_RANGE:
            _checked_base(base, stage, "stage_box", board)
        raise _core_error(code, "stage_box", board, stage, base)
    return out[0], out[1], out[2], out[3]


def area_cells(labels: Sequence[int], wanted: Sequence[int]) -> list[list[int]]:
    """The cells (``cy * 18 + cx``) of each area of ``wanted`` in the labelling ``labels``
    (see the reference): a stage's score reads the cells of every area it scores in one
    call. The labels of :func:`label_areas` (an array of unsigned shorts) go to C as they are."""
    if not (type(labels) is array and labels.typecode == "H" and type(wanted) is list and _all_ints(wanted)):
        error = area_cells_error(labels, wanted)
        if error is not None:
            raise error
        labels, wanted = array("H", labels), list(wanted)
    counts, out = _scratch.counts, _scratch.cells_out
    total = _area_cells(labels, wanted, counts, out)
    if total == E_CAPACITY:  # an area wanted twice: room for every area's every cell
        out = _new("uint16_t[]", _VIEW * len(wanted))
        total = _area_cells(labels, wanted, counts, out)
    if total < 0:
        _raise_checked(total, "area_cells", area_cells_error(labels, wanted, describe=strerror))
    return _split(_unpack(out, total), _unpack(counts, len(wanted)))


def _area_cells(labels: array[int], wanted: list[int], counts: Any, out: Any) -> int:
    """The C call of :func:`area_cells`, into ``counts`` and ``out`` (as long as it is)."""
    try:
        total: int = _pyr_area_cells(
            _from_buffer("uint16_t[]", labels), len(labels), wanted, len(wanted), counts, out, len(out)
        )
    except OverflowError:  # a wanted label beyond C's unsigned short
        return E_RANGE
    return total


def _raise_checked(code: int, function: str, error: CoreError | None) -> NoReturn:
    """Raise ``error``, the reference's for the arguments the C refused with ``code``; the
    library's own word for ``code`` where the reference finds nothing or another code
    (C and reference disagree)."""
    if error is None or error.code != code:
        error = CoreError(code, f"{function}: {strerror(code)}")
    raise error


def _split(flat: list[int], sizes: Iterable[int]) -> list[list[int]]:
    """``flat`` cut into consecutive pieces of ``sizes``: what a C call returning several
    lists at once (each area's cells, each seat's markings) writes end to end."""
    pieces, at = [], 0
    for size in sizes:
        pieces.append(flat[at : at + size])
        at += size
    return pieces


# --- candidate positions valued in one call (bots) ---------------------------------------


def position_value(
    board: BoardLike,
    markers: dict[int, int],
    open_colours: int,
    weights: tuple[float, ...],
    *,
    linked: bool = False,
) -> float:
    """The linear value of a position's marked areas (see the reference)."""
    cells = _marker_cells(markers)
    if cells is None or not _plain_arguments(board, open_colours, weights, linked):
        args = coerce_candidates(
            "position_value", board, 0, 1, 1, [], markers, open_colours, False, weights, linked
        )
        board, cells, weights = args.board, args.markers, args.weights
    out = _new("double[1]")
    try:
        code: int = _pyr_position_value(board, _AREA_MODES[linked], cells, open_colours, weights, out, 1)
    except OverflowError:  # a cell beyond uint16_t
        code = E_RANGE
    if code < 0:
        args = coerce_candidates(
            "position_value", board, 0, 1, 1, [], markers, open_colours, False, weights, linked
        )
        raise candidates_error(code, "position_value", args, describe=strerror)
    value: float = out[0]
    return value


def placement_values(
    board: BoardLike,
    stage: int,
    a: int,
    b: int,
    placements: list[int],
    markers: dict[int, int],
    open_colours: int,
    must_mark: bool,
    weights: tuple[float, ...],
    *,
    linked: bool = False,
    base: Base = PRINTED_BASE,
) -> list[float]:
    """The best value of each placement of a domino, marked the best way (see the reference)."""
    arguments = (board, stage, a, b, placements, markers, open_colours, must_mark, weights, linked, base)
    cells = _marker_cells(markers)
    if not (
        type(a) is int
        and type(b) is int
        and _plain_placements(placements)
        and _plain_base(base)
        and _plain_decision(cells, board, stage, open_colours, must_mark, weights, linked)
    ):
        args = coerce_candidates("placement_values", *arguments)
        board, stage, placements, cells, weights, base = (
            args.board,
            args.stage,
            args.placements,
            args.markers,
            args.weights,
            args.base,
        )
    count = len(placements)
    out = _new("double[]", max(count, 1))
    mode = _AREA_MODES[linked]
    try:
        code: int = _pyr_placement_values(
            board,
            stage,
            base[0],
            base[1],
            mode,
            a,
            b,
            placements,
            count,
            cells,
            open_colours,
            int(must_mark),
            weights,
            out,
            count,
        )
    except OverflowError:  # a block or a placement beyond its C type
        code = E_RANGE
    if code < 0:
        checked = coerce_candidates("placement_values", *arguments)  # raises for a bad argument
        raise candidates_error(code, "placement_values", checked, describe=strerror)
    values: list[float] = _unpack(out, count)
    return values


def dominoes_values(
    board: BoardLike,
    stage: int,
    dominoes: list[tuple[int, int]],
    placements: list[int],
    markers: dict[int, int],
    open_colours: int,
    must_mark: bool,
    weights: tuple[float, ...],
    *,
    linked: bool = False,
    base: Base = PRINTED_BASE,
) -> list[list[float]]:
    """:func:`placement_values` of each domino ``(a, b)`` on the same placements, in one
    call (see the reference)."""
    arguments = (board, stage, placements, markers, open_colours, must_mark, weights, linked, base)
    board, stage, pairs, placements, cells, weights, base = _dominoes_arguments(
        "dominoes_values", dominoes, *arguments
    )
    count, m = len(placements), len(pairs)
    out = _new("double[]", max(m * count, 1))
    try:
        a, b = bytes(d[0] for d in pairs), bytes(d[1] for d in pairs)
        code: int = _pyr_dominoes_values(
            board,
            stage,
            base[0],
            base[1],
            _AREA_MODES[linked],
            a,
            b,
            m,
            placements,
            count,
            cells,
            open_colours,
            int(must_mark),
            weights,
            out,
            m * count,
        )
    except (OverflowError, ValueError):  # a byte, a placement or a cell beyond its C type
        code = E_RANGE
    if code < 0:
        _raise_dominoes_error(code, "dominoes_values", dominoes, *arguments)
    values: list[float] = _unpack(out, m * count)
    return [values[j * count : (j + 1) * count] for j in range(m)]


def dominoes_marks(
    board: BoardLike,
    stage: int,
    dominoes: list[tuple[int, int]],
    placements: list[int],
    markers: dict[int, int],
    open_colours: int,
    must_mark: bool,
    *,
    linked: bool = False,
    base: Base = PRINTED_BASE,
) -> list[Marking]:
    """The ways of marking each candidate of :func:`dominoes_values`, as records, in one
    call (see the reference)."""
    arguments = (board, stage, placements, markers, open_colours, must_mark, NO_WEIGHTS, linked, base)
    board, stage, pairs, placements, cells, _, base = _dominoes_arguments(
        "dominoes_marks", dominoes, *arguments
    )
    room = MARK_WAYS * len(pairs) * len(placements)
    out = _new("int32_t[]", max(room, 1) * _MARK_FIELDS)
    try:
        a, b = bytes(d[0] for d in pairs), bytes(d[1] for d in pairs)
        count: int = _pyr_dominoes_marks(
            board,
            stage,
            base[0],
            base[1],
            _AREA_MODES[linked],
            a,
            b,
            len(pairs),
            placements,
            len(placements),
            cells,
            open_colours,
            int(must_mark),
            out,
            room,
        )
    except (OverflowError, ValueError):  # a byte, a placement or a cell beyond its C type
        count = E_RANGE
    if count < 0:
        _raise_dominoes_error(count, "dominoes_marks", dominoes, *arguments)
    return _markings(out, count)


_MARK_FIELDS: Final = lib.PYR_MARK_FIELDS


def _dominoes_arguments(
    function: str, dominoes: object, *arguments: Any
) -> tuple[bytes, int, list[tuple[int, int]], list[int], list[int], tuple[float, ...], Base]:
    """The board, stage, dominoes, placements, marker cells, weights and base of a
    :func:`dominoes_values` or :func:`dominoes_marks` call as the C takes them: as they
    are when of the exact types (the C checks their ranges), else checked."""
    board, stage, placements, markers, open_colours, must_mark, weights, linked, base = arguments
    cells = _marker_cells(markers)
    if (
        type(dominoes) is list
        and all(
            type(d) is tuple and len(d) == 2 and type(d[0]) is int and type(d[1]) is int for d in dominoes
        )
        and _plain_placements(placements)
        and _plain_base(base)
        and _plain_decision(cells, board, stage, open_colours, must_mark, weights, linked)
    ):
        return board, stage, dominoes, placements, cells, weights, base
    args = _coerce_decision(function, *arguments)
    pairs = coerce_dominoes(function, dominoes)
    return args.board, args.stage, pairs, args.placements, args.markers, args.weights, args.base


def _raise_dominoes_error(code: int, function: str, dominoes: object, *arguments: object) -> NoReturn:
    """The reference's error for the arguments of a dominoes call the C refused with ``code``."""
    args = _coerce_decision(function, *arguments)
    checked = coerce_dominoes(function, dominoes)
    raise dominoes_error(code, function, args, checked, describe=strerror)


def block_values(
    board: BoardLike,
    stage: int,
    blocks: list[tuple[int, int, int]],
    markers: dict[int, int],
    open_colours: int,
    must_mark: bool,
    weights: tuple[float, ...],
    *,
    linked: bool = False,
) -> list[float]:
    """The value of each single block ``(x, y, byte)`` laid on ``stage``, marked the best
    way, in one call (see the reference)."""
    arguments: tuple[Any, ...] = (board, stage, [], markers, open_colours, must_mark, weights, linked)
    board, stage, blocks, cells, weights = _blocks_arguments("block_values", blocks, *arguments)
    count = len(blocks)
    out = _new("double[]", max(count, 1))
    try:
        code: int = _pyr_block_values(
            board,
            stage,
            _AREA_MODES[linked],
            _spaces(blocks),
            bytes(k[2] for k in blocks),
            count,
            cells,
            open_colours,
            int(must_mark),
            weights,
            out,
            count,
        )
    except (OverflowError, ValueError):  # a byte or a cell beyond its C type
        code = E_RANGE
    if code < 0:
        _raise_blocks_error(code, "block_values", blocks, *arguments)
    values: list[float] = _unpack(out, count)
    return values


def block_marks(
    board: BoardLike,
    stage: int,
    blocks: list[tuple[int, int, int]],
    markers: dict[int, int],
    open_colours: int,
    must_mark: bool,
    *,
    linked: bool = False,
) -> list[Marking]:
    """The ways of marking each candidate of :func:`block_values`, as records, in one call
    (see the reference)."""
    arguments: tuple[Any, ...] = (board, stage, [], markers, open_colours, must_mark, NO_WEIGHTS, linked)
    board, stage, blocks, cells, _ = _blocks_arguments("block_marks", blocks, *arguments)
    room = BLOCK_MARK_WAYS * len(blocks)
    out = _new("int32_t[]", max(room, 1) * _MARK_FIELDS)
    try:
        count: int = _pyr_block_marks(
            board,
            stage,
            _AREA_MODES[linked],
            _spaces(blocks),
            bytes(k[2] for k in blocks),
            len(blocks),
            cells,
            open_colours,
            int(must_mark),
            out,
            room,
        )
    except (OverflowError, ValueError):  # a byte or a cell beyond its C type
        count = E_RANGE
    if count < 0:
        _raise_blocks_error(count, "block_marks", blocks, *arguments)
    return _markings(out, count)


def _blocks_arguments(
    function: str, blocks: object, *arguments: Any
) -> tuple[bytes, int, list[tuple[int, int, int]], list[int], tuple[float, ...]]:
    """The board, stage, blocks, marker cells and weights of a :func:`block_values` or
    :func:`block_marks` call as the C takes them: as they are when of the exact types (the
    C checks their ranges), else checked."""
    board, stage, _, markers, open_colours, must_mark, weights, linked = arguments
    cells = _marker_cells(markers)
    if (
        type(blocks) is list
        and all(
            type(k) is tuple and len(k) == 3 and type(k[0]) is int and type(k[1]) is int and type(k[2]) is int
            for k in blocks
        )
        and _plain_decision(cells, board, stage, open_colours, must_mark, weights, linked)
    ):
        return board, stage, blocks, cells, weights
    args = _coerce_decision(function, *arguments)
    checked = coerce_blocks(function, blocks)
    return args.board, args.stage, checked, args.markers, args.weights


def _spaces(blocks: list[tuple[int, int, int]]) -> list[int]:
    """The C's spaces of ``blocks`` (``y * 9 + x``); one off the lattice, the C refuses."""
    return [y * SIDE + x if 0 <= x < SIDE and 0 <= y < SIDE else _NO_SPACE for x, y, _ in blocks]


def _raise_blocks_error(code: int, function: str, blocks: object, *arguments: object) -> NoReturn:
    """The reference's error for the arguments of a blocks call the C refused with ``code``."""
    args = _coerce_decision(function, *arguments)
    checked = coerce_blocks(function, blocks)
    blocks_error(args, checked, describe=strerror, function=function)
    raise _core_error(code, function, args.board, args.stage)


def _markings(out: Any, count: int) -> list[Marking]:
    """The ``count`` records of ``out`` (``pyr_dominoes_marks``'s) as :class:`Marking`: the
    fields copied as one array (ints made only of the fields read: most are the zeros
    after the areas), each record's areas sliced from it, the records zipped from strided
    slices (a bot reads a thousand a decision)."""
    size = _MARK_FIELDS
    fields = array(_I32)
    fields.frombytes(_buffer(out, count * size * 4))
    marked = [
        tuple(fields[at : at + 3 * n])
        for at, n in zip(range(4, count * size, size), fields[3::size], strict=True)
    ]
    records = zip(fields[0::size], map(bool, fields[1::size]), fields[2::size], marked, strict=True)
    return list(map(_new_tuple, repeat(Marking), records))


#: The array typecode of C's int32_t.
_I32: Final = next(code for code in "ilh" if array(code).itemsize == 4)


_NO_SPACE: Final = SIDE * SIDE  # a space off the lattice: the C refuses it (E_RANGE)


def _coerce_decision(function: str, *shared: object) -> Candidates:
    """The checked arguments of a :func:`dominoes_values` or :func:`block_values` call
    (``board, stage, placements, markers, open_colours, must_mark, weights, linked`` and a
    dominoes call's ``base``; a block call has no placements), all but its dominoes or
    blocks, checked apart."""
    board, stage, placements, *rest = shared
    return coerce_candidates(function, board, stage, 1, 1, placements, *rest)


def _marker_cells(markers: object) -> list[int] | None:
    """``markers`` as the C's array when every colour and cell is a plain int and every
    colour in range (the C checks the cells); ``None`` sends the call through the checks."""
    if type(markers) is not dict:
        return None
    cells = [NO_AREA] * (COLOURS + 1)
    for colour, cell in markers.items():
        if type(colour) is not int or not 0 < colour <= COLOURS or type(cell) is not int:
            return None
        cells[colour] = cell
    return cells


def _plain_placements(placements: object) -> bool:
    return type(placements) is list and _all_ints(placements)


def _all_ints(items: Iterable[object]) -> bool:
    """Whether every item is exactly an ``int`` (not a ``bool``, not an int subclass): what
    goes to C as it is, the C checking the range."""
    return {*map(type, items)} <= _INT


_INT: Final = frozenset({int})


def _plain_decision(
    cells: list[int] | None,
    board: object,
    stage: object,
    open_colours: object,
    must_mark: object,
    weights: object,
    linked: object,
) -> TypeGuard[list[int]]:
    """:func:`_plain_arguments`, and the marker cells, stage and ``must_mark`` of a call
    valuing candidates: the arguments every such call shares (true: ``cells`` is a list)."""
    return (
        cells is not None
        and type(stage) is int
        and type(must_mark) is bool
        and _plain_arguments(board, open_colours, weights, linked)
    )


def _plain_arguments(board: object, open_colours: object, weights: object, linked: object) -> bool:
    """Whether the other arguments of :func:`position_value` and :func:`placement_values`
    are of the exact types the C takes as they are (it checks their ranges): the hot path
    of a bot."""
    return (
        type(board) is bytes
        and len(board) == BOARD_SIZE
        and type(open_colours) is int
        and type(linked) is bool
        and type(weights) is tuple
        and len(weights) == VALUE_WEIGHTS
        and all(type(w) is float and w - w == 0.0 for w in weights)  # finite floats
    )


# --- Silver & Gold Pyramids: polyominoes on a 5x5 card -----------------------------------
#
# Arguments that are exactly ``int`` go straight to C, which checks their ranges; an int
# beyond the C type raises OverflowError, which is E_RANGE. Anything else (an ``int``
# subclass, a ``bool``, another type) goes through the contract's checks first.


def sg_orientations(shape: int) -> list[int]:
    """The distinct orientations of ``shape``, ascending (see the reference)."""
    if type(shape) is not int:
        (shape,) = coerce_sg("sg_orientations", shape)
    out = _new("uint32_t[]", SG_MAX_ORIENTATIONS)
    try:
        count: int = _pyr_sg_orientations(shape, out, SG_MAX_ORIENTATIONS)
    except OverflowError:
        count = E_RANGE
    if count < 0:
        raise _sg_core_error(count, "sg_orientations", shape)
    result: list[int] = _unpack(out, count)
    return result


def sg_placements(walls: int, marked: int, entrance: int, shape: int) -> list[int]:
    """Every cell set where ``shape`` may be marked, ascending (see the reference)."""
    if not (type(walls) is int and type(marked) is int and type(entrance) is int and type(shape) is int):
        walls, marked, entrance, shape = coerce_sg("sg_placements", walls, marked, entrance, shape)
    out = _new("uint32_t[]", SG_MAX_PLACEMENTS)
    try:
        count: int = _pyr_sg_placements(walls, marked, entrance, shape, out, SG_MAX_PLACEMENTS)
    except OverflowError:
        count = E_RANGE
    if count < 0:
        raise _sg_core_error(count, "sg_placements", walls, marked, entrance, shape)
    result: list[int] = _unpack(out, count)
    return result


def sg_single_cells(walls: int, marked: int, entrance: int) -> int:
    """The mask of the cells a single mark may go on (see the reference)."""
    if not (type(walls) is int and type(marked) is int and type(entrance) is int):
        walls, marked, entrance = coerce_sg("sg_single_cells", walls, marked, entrance)
    out = _new("uint32_t *")
    try:
        code: int = _pyr_sg_single_cells(walls, marked, entrance, out, 1)
    except OverflowError:
        code = E_RANGE
    if code < 0:
        raise _sg_core_error(code, "sg_single_cells", walls, marked, entrance)
    mask: int = out[0]
    return mask


def sg_reachable(walls: int, entrance: int) -> int:
    """The mask of the cells reachable from the entrance (see the reference)."""
    if not (type(walls) is int and type(entrance) is int):
        walls, entrance = coerce_sg("sg_reachable", walls, entrance)
    out = _new("uint32_t *")
    try:
        code: int = _pyr_sg_reachable(walls, entrance, out, 1)
    except OverflowError:
        code = E_RANGE
    if code < 0:
        raise _sg_core_error(code, "sg_reachable", walls, entrance)
    mask: int = out[0]
    return mask


#: The tables sg_markings was handed, as C arrays, by the id of the tuple (kept alive here,
#: so that its id is not another's): a game hands the same six over and over.
_TABLES: dict[int, tuple[tuple[int, ...], Any]] = {}
_MAX_TABLES: Final = 64


def sg_markings(cards: list[int], table: list[int] | tuple[int, ...]) -> list[int]:
    """The markings of several cards at once, as numbers, ascending (see the reference):
    ``cards`` is a flat list of 5 ints per card (walls, marked, entrance, shape_base,
    cell_base), ``table`` a shape's placements on an empty card (``SHAPE_TABLE[name]``).
    A game lists a seat's markings in one call."""
    plain = type(cards) is list and len(cards) % SG_CARD_FIELDS == 0
    c_table = _c_table(table)
    if not (plain and c_table is not None and _all_ints(cards)):
        cards, table = coerce_sg_markings(cards, table)  # bools, int subclasses: the contract's checks
        c_table = table
    return _sg_markings(cards, table, c_table)


def _c_table(table: object) -> Any:
    """A tuple of plain ints as a C array, made once per tuple: None for anything else,
    which the contract checks first."""
    if type(table) is not tuple:
        return None
    found = _TABLES.get(id(table))
    if found is not None and found[0] is table:
        return found[1]
    if len(_TABLES) >= _MAX_TABLES or not _all_ints(table):
        return None
    try:
        array = _new("uint32_t[]", table)
    except OverflowError:
        return None
    _TABLES[id(table)] = (table, array)
    return array


def sg_markings_plain(cards: list[int], table: tuple[int, ...]) -> list[int]:
    """:func:`sg_markings` for a caller whose ``cards`` are plain ints it made itself (a
    game's state, listing a seat's markings at every step): the wrapper's test of each
    item's type (a third of the call) is skipped; the C core checks every value all the
    same, and anything it refuses raises :func:`sg_markings`'s error."""
    c_table = _c_table(table)
    if type(cards) is not list or len(cards) % SG_CARD_FIELDS or c_table is None:
        return sg_markings(cards, table)
    try:
        return _sg_markings(cards, table, c_table)
    except TypeError:  # an item cffi cannot convert: sg_markings says which
        return sg_markings(cards, table)


def _sg_markings(cards: list[int], table: list[int] | tuple[int, ...], c_table: Any) -> list[int]:
    """The C call of :func:`sg_markings` and :func:`sg_markings_plain` (``c_table``: the
    table as the C core reads it), its error the reference's."""
    out = _new("uint32_t[]", SG_MAX_MARKINGS)
    try:
        count: int = _pyr_sg_markings(
            cards, len(cards) // SG_CARD_FIELDS, c_table, len(table), out, SG_MAX_MARKINGS
        )
    except OverflowError:
        count = E_RANGE
    if count < 0:
        _raise_checked(count, "sg_markings", sg_markings_error(cards, table, describe=strerror))
    result: list[int] = _unpack(out, count)
    return result


# --- the markings of every seat in one call ---------------------------------------------

_pyr_sg_markings_seats = lib.pyr_sg_markings_seats
#: The array typecode of C's uint32_t: an array of the cards' ints is handed to the C as it
#: is, where cffi would convert a list item by item (several times the cost).
_U32: Final = next(code for code in "IL" if array(code).itemsize == 4)


def sg_markings_seats(cards: list[int], sizes: list[int], table: tuple[int, ...]) -> list[list[int]]:
    """:func:`sg_markings` of several seats in one C call (a game lists every seat's as an
    expedition card is revealed): the cards of ``cards`` are the seats' in turn,
    ``sizes[s]`` of them seat ``s``'s; each seat's markings, as ``sg_markings`` of its cards
    alone. For a caller whose lists hold plain ints it made itself, as
    :func:`sg_markings_plain`'s: the test of each item's type is skipped (a bool is read
    as 0 or 1), the C core checks every value all the same; errors are
    :func:`pyramido.geometry.contract.sg_markings_seats_error`'s."""
    c_table = _c_table(table)
    if type(cards) is not list or type(sizes) is not list or len(cards) % SG_CARD_FIELDS or c_table is None:
        error = sg_markings_seats_error(cards, sizes, table, describe=strerror)
        if error is not None:
            raise error
        cards, sizes = [int(value) for value in cards], [int(size) for size in sizes]
        c_table = [int(cells) for cells in table]  # a list, or ints of a subclass: valid
    scratch = _scratch
    out, counts = scratch.markings, scratch.seat_counts
    try:
        count: int = _pyr_sg_markings_seats(
            _from_buffer("uint32_t[]", array(_U32, cards)), len(cards) // SG_CARD_FIELDS,
            sizes, len(sizes), c_table, len(table), out, SG_MAX_SEATS * SG_MAX_MARKINGS, counts,
        )  # fmt: skip
    except (TypeError, OverflowError):  # an item not a uint32_t: the contract says which
        count = E_RANGE
    if count < 0:
        _raise_checked(
            count, "sg_markings_seats", sg_markings_seats_error(cards, sizes, table, describe=strerror)
        )
    return _split(_unpack(out, count), _unpack(counts, len(sizes)))


class BoardPlanes:
    """A board's stage planes in an int16 buffer, rewritten where the board changed (see
    the reference): a learning agent's tensor follows a game step by step, a step lays a
    block or two, and one C call finds and rewrites them (the buffer's pointer taken once)."""

    __slots__ = ("_channels", "_colours", "_planes", "_size")

    def __init__(self, planes: object, colours: int, channels: int) -> None:
        view = coerce_planes(planes, colours, channels)
        self._planes = _from_buffer("int16_t[]", view, require_writable=True)
        self._size, self._colours, self._channels = len(view), colours, channels

    def write(self, board: BoardLike, before: BoardLike) -> int:
        """The planes of ``before`` turned into those of ``board``; how many bytes differ."""
        if type(board) is not bytes or len(board) != BOARD_SIZE:
            board = coerce_board(board, "board_planes")
        if type(before) is not bytes or len(before) != BOARD_SIZE:
            before = coerce_board(before, "board_planes")
        code: int = _pyr_board_planes(board, before, self._colours, self._channels, self._planes, self._size)
        if code < 0:
            raise board_planes_error(code, board, before, self._colours, describe=strerror)
        return code

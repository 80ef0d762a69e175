"""Pure-Python reference of the C core (``core_c/pyramido_core.h``), written for clarity.

Every function here has the same signature, results and errors as its twin in
:mod:`pyramido.geometry.core`, which runs the compiled C; the differential tests hold them to it.
The board layout is :mod:`pyramido.geometry.board`'s. Where the C is written for speed, this module
is written to be read, and where it can it takes a different road to the same answer (the
top view is painted stage by stage, linked areas are searched over the cells of every
stage rather than merged from the top view's, tiling is a bipartite matching), so that the two
implementations check each other.

Errors are :class:`~pyramido.errors.CoreError` with the header's code, checked in this
order (the first failing check wins, in both implementations):

1. ``E_NULL``: ``board`` is not a bytes-like object (``None`` included);
2. ``E_RANGE``: ``board`` does not hold exactly 324 bytes;
3. ``E_RANGE``: ``stage`` is not an ``int`` (``bool`` is refused) in ``0..3``, or
   ``linked`` is not a ``bool``;
4. ``E_BOARD``: a block byte is malformed (bit 3 set, or colour 0 with icons);
5. ``E_NOBOX``: the stage has no box (see :func:`stage_box`).

A message reads ``function: what the code means: what was wrong``, e.g. ``stage_box:
stage has no box: stage 2 (stage 0 has no block)``; the middle part is
:func:`strerror`'s text, the C's ``pyr_strerror`` (tests/test_core_c.py holds the two
equal for every code). The helpers :func:`coerce_board`, :func:`coerce_stage`,
:func:`coerce_linked` and :func:`core_error` are shared with :mod:`pyramido.geometry.core`, so that
both raise the same errors with the same messages.

The Silver & Gold Pyramids functions (``sg_*``, at the end) work on a 5x5 card whose cell
sets are 25-bit masks; their checks are :func:`sg_error`'s, their shared helpers
:func:`coerce_sg` and :func:`sg_core_error`.
"""

from __future__ import annotations

import math
from array import array
from collections.abc import Callable, MutableSequence, Sequence
from itertools import chain
from typing import Final, NamedTuple, TypeAlias, TypeVar

from pyramido.errors import CoreError, brief
from pyramido.geometry.board import (
    BOARD_SIZE,
    CELLS,
    FIRST_ANCHOR,
    NO_AREA,
    PLACEMENTS,
    SIDE,
    STAGES,
    block_cells,
    block_index,
    colour_of,
    encode_placement,
    icons_of,
    placement_blocks,
    rotate_icons,
)

__all__ = [
    "COLOURS",
    "E_BOARD",
    "E_CAPACITY",
    "E_NOBOX",
    "E_NULL",
    "E_RANGE",
    "MAX_AREAS",
    "MAX_FIRST_INDEX",
    "OK",
    "SG_CARD_FIELDS",
    "SG_CELLS",
    "SG_FULL",
    "SG_MAX_BASE",
    "SG_MAX_CARDS",
    "SG_MAX_MARKINGS",
    "SG_MAX_ORIENTATIONS",
    "SG_MAX_PLACEMENTS",
    "SG_SIDE",
    "VALUE_WEIGHTS",
    "Areas",
    "BoardLike",
    "Candidates",
    "Rng",
    "area_cells",
    "area_cells_error",
    "can_tile",
    "candidates_error",
    "coerce_board",
    "coerce_candidates",
    "coerce_first",
    "coerce_linked",
    "coerce_sg",
    "coerce_sg_markings",
    "coerce_stage",
    "core_error",
    "first_cell",
    "label_areas",
    "placement_indices",
    "placement_values",
    "placements",
    "position_value",
    "sg_core_error",
    "sg_error",
    "sg_markings",
    "sg_markings_error",
    "sg_orientations",
    "sg_placements",
    "sg_reachable",
    "sg_single_cells",
    "stage_box",
    "strerror",
    "top_view",
    "version",
]

# The version of the C core's API that this module mirrors (PYR_VERSION_* of the header).
_VERSION: Final = "2.6.0"

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
Node = tuple[int, int]  # (stage, cell): a cell cy * 18 + cx as a block of that stage covers it
Box = tuple[int, int, int, int]

BASE_SHAPES: Final = ((5, 4), (4, 5))  # the two shapes of stage 0's box (width, height)


class Areas(NamedTuple):
    """The areas of a top view (see :func:`label_areas` for the two ways to join cells).

    ``labels[cy * 18 + cx]`` is the area of the visible cell ``(cx, cy)`` (``NO_AREA`` for a
    gap); areas are numbered from 0 in the row-major order of their first visible cell, and
    ``colours[a]``, ``icons[a]`` (visible icons) and ``cells[a]`` (visible cells) describe
    area ``a``.
    """

    labels: array[int]  # an array of unsigned shorts: compact, and fast to make in C
    colours: list[int]
    icons: list[int]
    cells: list[int]


# --- version, error texts, errors and argument checks (shared with pyramido.geometry.core) --------


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


def _detail(code: int, board: object, stage: object) -> str | None:
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
        return f"stage {stage} (stage 0 spans {x1 - x0 + 1}x{y1 - y0 + 1} blocks, not exactly 5x4 or 4x5)"
    return None


def core_error(
    code: int, function: str, board: object, stage: object = None, *, describe: Describe = strerror
) -> CoreError:
    """The error ``function`` raises for ``code``; ``board`` and ``stage`` are its arguments.

    The message is worked out from the arguments alone, so that the C facade, which only
    gets a code back, builds exactly the reference's message; ``describe`` words the code
    (the facade passes the C library's ``pyr_strerror``).
    """
    return _error(code, function, _detail(code, board, stage), describe)


def coerce_board(board: object, function: str) -> bytes:
    """The 324 bytes of a bytes-like ``board`` (any buffer, read in C order)."""
    if isinstance(board, bytes):
        data = board
    else:
        try:
            view = memoryview(board)  # type: ignore[arg-type]
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


def coerce_linked(linked: object, function: str) -> bool:
    """``linked`` itself, if it is a ``bool`` (``0``, ``1`` and other truthy values are refused)."""
    if not isinstance(linked, bool):
        raise _error(E_RANGE, function, f"linked {brief(linked)} is not a bool", strerror)
    return linked


def _check_bytes(board: bytes, function: str) -> None:
    if _first_bad_byte(board) is not None:
        raise core_error(E_BOARD, function, board)


# --- geometry -------------------------------------------------------------------------


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


def _fits_base(width: int, height: int) -> bool:
    """A span of blocks that still fits in a 5x4 or a 4x5 box."""
    return any(width <= w and height <= h for w, h in BASE_SHAPES)


def _is_base(width: int, height: int) -> bool:
    """A span of blocks that is exactly 5x4 or 4x5."""
    return (width, height) in BASE_SHAPES


def _box(board: bytes, stage: int, function: str) -> Box:
    """The stage's box, after the arguments were checked (see :func:`stage_box`)."""
    blocks = _blocks(board, 0)
    if not blocks:
        raise core_error(E_NOBOX, function, board, stage)
    x0, y0, x1, y1 = _bounds(blocks)
    if stage == 0:
        return x0, y0, x1, y1
    if not _is_base(x1 - x0 + 1, y1 - y0 + 1):
        raise core_error(E_NOBOX, function, board, stage)
    return x0, y0, x1 - stage, y1 - stage


def _in_box(block: Block, box: Box) -> bool:
    x, y = block
    x0, y0, x1, y1 = box
    return x0 <= x <= x1 and y0 <= y <= y1


def _neighbours(block: Block) -> list[Block]:
    x, y = block
    return [(x + 1, y), (x, y + 1), (x - 1, y), (x, y - 1)]


# --- the core functions ------------------------------------------------------------------


def placements(board: BoardLike, stage: int) -> list[int]:
    """Every legal placement of a domino in ``stage``, ascending.

    Only geometry counts. In stage 0 the first domino goes at ``FIRST_ANCHOR`` (any
    rotation); a later one must lie on the lattice over two empty spaces, touch a block
    of stage 0 side to side, and leave all of stage 0 within a 5x4 or 4x5 span. In a
    stage ``s >= 1`` both blocks must be empty spaces inside the stage's box (no support
    from below is needed).
    """
    data = coerce_board(board, "placements")
    return _placements(data, coerce_stage(stage, "placements", data), "placements")


#: The largest ``first`` of :func:`placement_indices`: its last index still fits C's int32.
MAX_FIRST_INDEX: Final = 2**31 - 1 - PLACEMENTS


def coerce_first(first: object, function: str) -> int:
    """``first`` as a plain ``int`` in ``0..MAX_FIRST_INDEX``."""
    if isinstance(first, bool) or not isinstance(first, int) or not 0 <= first <= MAX_FIRST_INDEX:
        detail = f"first {brief(first)} is not an int in 0..{MAX_FIRST_INDEX}"
        raise _error(E_RANGE, function, detail, strerror)
    return int(first)


def placement_indices(board: BoardLike, stage: int, first: int) -> list[int]:
    """:func:`placements`, each plus ``first``: the action indices of the placements in an
    action space whose place actions start at ``first`` and follow the placement numbers
    (``(y * 9 + x) * 4 + rot``), as a game lists its legal actions. Checked in the order
    board, stage, ``first``, then as :func:`placements`."""
    data = coerce_board(board, "placement_indices")
    stage = coerce_stage(stage, "placement_indices", data)
    first = coerce_first(first, "placement_indices")
    return [first + placement for placement in _placements(data, stage, "placement_indices")]


def _placements(data: bytes, stage: int, function: str) -> list[int]:
    """:func:`placements` of a board and stage already read, its errors named ``function``."""
    _check_bytes(data, function)
    if stage == 0:
        blocks = _blocks(data, 0)
        if not blocks:
            x, y = FIRST_ANCHOR
            return [encode_placement(x, y, rot) for rot in range(4)]
        bx0, by0, bx1, by1 = _bounds(blocks)
        filled = set(blocks)
        touching = {near for block in blocks for near in _neighbours(block)} - filled
        result = []
        for placement in range(PLACEMENTS):
            a, b = placement_blocks(placement)
            if not (_on_lattice(a) and _on_lattice(b)):
                continue
            if a in filled or b in filled:
                continue
            if a not in touching and b not in touching:
                continue
            width = max(bx1, a[0], b[0]) - min(bx0, a[0], b[0]) + 1
            height = max(by1, a[1], b[1]) - min(by0, a[1], b[1]) + 1
            if _fits_base(width, height):
                result.append(placement)
        return result

    box = _box(data, stage, function)
    result = []
    for placement in range(PLACEMENTS):
        a, b = placement_blocks(placement)
        if not (_in_box(a, box) and _in_box(b, box)):
            continue
        if _is_filled(data, stage, a) or _is_filled(data, stage, b):
            continue
        result.append(placement)
    return result


def top_view(board: BoardLike) -> bytes:
    """The 18x18 top view, row-major: ``colour | 8 * icon | stage << 4``, 0 for a gap.

    Each cell shows the topmost stage whose block over it is not empty; ``icon`` is
    whether that block has an icon in the quadrant the cell is.
    """
    data = coerce_board(board, "top_view")
    _check_bytes(data, "top_view")

    view = bytearray(CELLS * CELLS)
    for cy in range(CELLS):
        for cx in range(CELLS):
            for stage in reversed(range(STAGES)):
                # the block of this stage over the cell, if any: cx = 2x + stage + dx
                x, dx = divmod(cx - stage, 2)
                y, dy = divmod(cy - stage, 2)
                if not (_on_lattice((x, y)) and _is_filled(data, stage, (x, y))):
                    continue
                byte = data[block_index(stage, x, y)]
                icon = icons_of(byte) >> (dy * 2 + dx) & 1
                view[cy * CELLS + cx] = colour_of(byte) | icon << 3 | stage << 4
                break
    return bytes(view)


def _stage_colours(board: bytes) -> list[list[int]]:
    """Per stage, the colour of its block over each cell of the grid (0 if none covers it)."""
    grids = [[0] * (CELLS * CELLS) for _ in range(STAGES)]
    for stage, grid in enumerate(grids):
        for x, y in _blocks(board, stage):
            for cx, cy in block_cells(stage, x, y):
                if cx < CELLS and cy < CELLS:  # cells beyond the grid are not part of the view
                    grid[cy * CELLS + cx] = colour_of(board[block_index(stage, x, y)])
    return grids


def _icon_shown(board: bytes, stage: int, cell: int) -> int:
    """1 if the block of ``stage`` over ``cell`` has an icon in that quadrant, else 0."""
    cy, cx = divmod(cell, CELLS)
    x, dx = divmod(cx - stage, 2)
    y, dy = divmod(cy - stage, 2)
    return icons_of(board[block_index(stage, x, y)]) >> (dy * 2 + dx) & 1


def _grid_neighbours(cell: int) -> list[int]:
    cy, cx = divmod(cell, CELLS)
    steps = ((cx + 1, cy), (cx - 1, cy), (cx, cy + 1), (cx, cy - 1))
    return [ny * CELLS + nx for nx, ny in steps if 0 <= nx < CELLS and 0 <= ny < CELLS]


def _links(node: Node, shown: list[int | None], linked: bool) -> list[Node]:
    """The nodes an edge may join to ``node``, if their colour is the same (and present).

    (a) both visible and 4-adjacent, whatever their stages; in linked mode also (b) the
    same stage and 4-adjacent, and (c) the same cell one stage up or down.
    """
    stage, cell = node
    found = []
    for near in _grid_neighbours(cell):
        near_stage = shown[near]
        if shown[cell] == stage and near_stage is not None:
            found.append((near_stage, near))
        if linked:
            found.append((stage, near))
    if linked:
        found += [(other, cell) for other in (stage - 1, stage + 1) if 0 <= other < STAGES]
    return found


def _component(start: Node, grids: list[list[int]], shown: list[int | None], linked: bool) -> set[Node]:
    """The nodes joined to ``start`` by same-colour edges (a depth-first search)."""
    stage, cell = start
    colour = grids[stage][cell]
    reached = {start}
    stack = [start]
    while stack:
        for near in _links(stack.pop(), shown, linked):
            near_stage, near_cell = near
            if near not in reached and grids[near_stage][near_cell] == colour:
                reached.add(near)
                stack.append(near)
    return reached


def label_areas(board: BoardLike, *, linked: bool = False) -> Areas:
    """The areas of the top view, with same-colour cells joined in one of two ways.

    The nodes are the present cells ``(stage, cell)``: a cell of a stage is present if a
    block of that stage covers it, and visible if no block of a higher stage does (the top
    view). Two nodes of the same colour are joined when

    * (a) both are visible and 4-adjacent in the grid, whatever their stages;

    and, if ``linked`` ("each block is connected to the blocks that support it", read
    literally: a hidden block still joins the areas of the blocks it supports), also when

    * (b) they are of the same stage and 4-adjacent, or
    * (c) they are the same cell in stages ``s`` and ``s + 1`` (the upper block rests there).

    An area is a connected component holding at least one visible cell; its cells are its
    visible cells, its icons the icons showing on them, its colour the component's.
    Components with no visible cell are not areas. Without ``linked`` only (a) joins
    anything, so an area is a 4-connected set of same-colour cells of the top view (areas
    span stages where same-colour visible cells touch; a fully covered block connects
    nothing). Either way areas are numbered by their first visible cell in row-major order.
    Linked areas are unions of top-view areas (their edges are a superset), and on a
    board with a single stage (b) and (c) add nothing, so the two ways agree there.
    ``linked`` must be a ``bool``.
    """
    data = coerce_board(board, "label_areas")
    linked = coerce_linked(linked, "label_areas")
    _check_bytes(data, "label_areas")

    grids = _stage_colours(data)
    shown: list[int | None] = [None] * (CELLS * CELLS)  # the visible stage of each cell
    for stage, grid in enumerate(grids):
        for cell, colour in enumerate(grid):
            if colour:
                shown[cell] = stage
    labels = [NO_AREA] * (CELLS * CELLS)
    colours: list[int] = []
    icons: list[int] = []
    cells: list[int] = []
    for start, top in enumerate(shown):
        if top is None or labels[start] != NO_AREA:
            continue
        area = len(colours)
        component = _component((top, start), grids, shown, linked)
        visible = [(stage, cell) for stage, cell in component if shown[cell] == stage]
        for _, cell in visible:
            labels[cell] = area
        colours.append(grids[top][start])
        icons.append(sum(_icon_shown(data, stage, cell) for stage, cell in visible))
        cells.append(len(visible))
    return Areas(array("H", labels), colours, icons, cells)


def _perfectly_tileable(spaces: set[Block]) -> bool:
    """Can dominoes cover exactly these block spaces? A perfect bipartite matching.

    Dominoes are edges between side-adjacent spaces, which always join a "white" space
    (``x + y`` even) to a "black" one, so a tiling is a perfect matching of the two.
    """
    white = [space for space in spaces if sum(space) % 2 == 0]
    black = {space for space in spaces if sum(space) % 2 == 1}
    if len(white) != len(black):
        return False
    partner: dict[Block, Block] = {}  # black space -> the white space matched to it

    def augment(space: Block, seen: set[Block]) -> bool:
        for near in _neighbours(space):
            if near in black and near not in seen:
                seen.add(near)
                if near not in partner or augment(partner[near], seen):
                    partner[near] = space
                    return True
        return False

    return all(augment(space, set()) for space in white)


def _empty_spaces(board: bytes, stage: int, box: Box) -> set[Block]:
    x0, y0, x1, y1 = box
    return {
        (x, y) for y in range(y0, y1 + 1) for x in range(x0, x1 + 1) if not _is_filled(board, stage, (x, y))
    }


def can_tile(board: BoardLike, stage: int) -> bool:
    """Can the stage's empty spaces still all be covered by dominoes?

    Stage 0: true when it is empty; otherwise true iff some 5x4 or 4x5 box on the lattice
    holding all of its blocks has its empty spaces tileable (the adjacency rule can always
    be met in a box, so that is the whole question). A stage ``s >= 1``: the empty spaces
    of its box must be tileable.
    """
    data = coerce_board(board, "can_tile")
    stage = coerce_stage(stage, "can_tile", data)
    _check_bytes(data, "can_tile")

    if stage == 0:
        blocks = _blocks(data, 0)
        if not blocks:
            return True
        for width, height in BASE_SHAPES:
            for y0 in range(SIDE - height + 1):
                for x0 in range(SIDE - width + 1):
                    box = (x0, y0, x0 + width - 1, y0 + height - 1)
                    if all(_in_box(block, box) for block in blocks) and _perfectly_tileable(
                        _empty_spaces(data, 0, box)
                    ):
                        return True
        return False

    box = _box(data, stage, "can_tile")
    return _perfectly_tileable(_empty_spaces(data, stage, box))


def stage_box(board: BoardLike, stage: int) -> tuple[int, int, int, int]:
    """``(x0, y0, x1, y1)``, inclusive block coordinates of the stage's valid spaces.

    Stage 0: the bounding box of its blocks (``E_NOBOX`` if it has none). A stage
    ``s >= 1``: stage 0's bounding box, which must be exactly 5x4 or 4x5 (else
    ``E_NOBOX``), shrunk by ``s`` on its right and bottom sides in block coordinates
    (stage ``s``'s lattice is offset by ``s`` cells, so this is ``s`` cells on every side).
    """
    data = coerce_board(board, "stage_box")
    stage = coerce_stage(stage, "stage_box", data)
    _check_bytes(data, "stage_box")
    return _box(data, stage, "stage_box")


# --- the cells of chosen areas of a labelling ---------------------------------------------
#
# ``labels`` is a labelling as :func:`label_areas` makes it (one label a cell, ``cy * 18 +
# cx``); a stage's score lists the cells of each area it scores. Checked in the C's order:
# either argument not a sequence (E_NULL), then the labels' length and values, the number of
# areas wanted and each label wanted (E_RANGE). :func:`area_cells_error` is shared with
# :mod:`pyramido.geometry.core`.

MAX_AREAS: Final = CELLS * CELLS  # PYR_MAX_AREAS: no labelling has more areas than cells


def area_cells_error(labels: object, wanted: object, *, describe: Describe = strerror) -> CoreError | None:
    """The error of :func:`area_cells` with these arguments, or None."""

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


def area_cells(labels: Sequence[int], wanted: Sequence[int]) -> list[list[int]]:
    """The cells ``cy * 18 + cx`` of each area of ``wanted`` in the labelling ``labels``,
    ascending: the cells :class:`pyramido.engine.views.PyramidView`'s ``cells_of`` gives for each
    (as ``(cx, cy)``), read in one call."""
    error = area_cells_error(labels, wanted)
    if error is not None:
        raise error
    return [[cell for cell, found in enumerate(labels) if found == label] for label in wanted]


# --- Silver & Gold Pyramids: polyominoes on a 5x5 card -----------------------------------
#
# A card cell (x, y), x and y in 0..4, is bit y * 5 + x of a 25-bit mask. The C
# (core_c/sg_core.c) works on the masks with shifts; this reference works on sets of
# (x, y) coordinates and only converts at the edges.

SG_SIDE: Final = 5
SG_CELLS: Final = SG_SIDE * SG_SIDE
SG_FULL: Final = (1 << SG_CELLS) - 1  # every cell of a card
SG_MAX_ORIENTATIONS: Final = 8
SG_MAX_PLACEMENTS: Final = 96  # the L of 4 and the P of 5 reach it; nothing exceeds it

Cell = tuple[int, int]

# The 8 symmetries of the square as integer matrices (a, b, c, d): (x, y) -> (ax + by, cx + dy).
_SYMMETRIES: Final = (
    (1, 0, 0, 1),
    (0, -1, 1, 0),
    (-1, 0, 0, -1),
    (0, 1, -1, 0),
    (-1, 0, 0, 1),
    (1, 0, 0, -1),
    (0, 1, 1, 0),
    (0, -1, -1, 0),
)

# Each function's parameters, in the order the checks visit them.
_SG_PARAMETERS: Final = {
    "sg_orientations": ("shape",),
    "sg_placements": ("walls", "marked", "entrance", "shape"),
    "sg_single_cells": ("walls", "marked", "entrance"),
    "sg_reachable": ("walls", "entrance"),
}


def _sg_cells(mask: int) -> set[Cell]:
    return {(cell % SG_SIDE, cell // SG_SIDE) for cell in range(SG_CELLS) if mask >> cell & 1}


def _sg_mask(cells: set[Cell] | frozenset[Cell]) -> int:
    return sum(1 << (y * SG_SIDE + x) for x, y in cells)


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
    entrance on a wall (``E_BOARD``). Shared with :mod:`pyramido.geometry.core`, so that both raise
    the same message; ``describe`` words the code, as in :func:`core_error`.
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


def _orientation_sets(shape: int) -> list[frozenset[Cell]]:
    """The distinct images of a (checked) shape under the 8 symmetries, each moved to touch
    x = 0 and y = 0."""
    cells = _sg_cells(shape)
    images: set[frozenset[Cell]] = set()
    for a, b, c, d in _SYMMETRIES:
        image = [(a * x + b * y, c * x + d * y) for x, y in cells]
        left = min(x for x, _ in image)
        top = min(y for _, y in image)
        images.add(frozenset((x - left, y - top) for x, y in image))
    return list(images)


def sg_orientations(shape: int) -> list[int]:
    """The distinct orientations of ``shape`` under the 8 rotations and reflections.

    Each orientation is a mask normalised to touch ``x = 0`` and ``y = 0``; the list is
    ascending. A domino has 2, the 2x2 square 1, the L of 4 has 8.
    """
    (shape,) = coerce_sg("sg_orientations", shape)
    return sorted(_sg_mask(image) for image in _orientation_sets(shape))


def sg_placements(walls: int, marked: int, entrance: int, shape: int) -> list[int]:
    """Every cell set where ``shape`` may be marked, as masks, ascending, no duplicates.

    Any orientation at any position fully on the card, on no wall and no marked cell; if
    nothing is marked yet it must cover the ``entrance``, otherwise one of its cells must
    be orthogonally adjacent to a marked cell.
    """
    walls, marked, entrance, shape = coerce_sg("sg_placements", walls, marked, entrance, shape)
    taken = _sg_cells(walls | marked)
    marked_cells = _sg_cells(marked)
    door = (entrance % SG_SIDE, entrance // SG_SIDE)
    found: set[int] = set()
    for image in _orientation_sets(shape):
        for dy in range(SG_SIDE):
            for dx in range(SG_SIDE):
                placed = {(x + dx, y + dy) for x, y in image}
                if not all(_on_card(cell) for cell in placed) or placed & taken:
                    continue
                if marked_cells:
                    touching = any(near in marked_cells for cell in placed for near in _neighbours(cell))
                else:
                    touching = door in placed
                if touching:
                    found.add(_sg_mask(placed))
    return sorted(found)


def sg_single_cells(walls: int, marked: int, entrance: int) -> int:
    """The mask of the cells a single mark may go on.

    The entrance if nothing is marked; otherwise every cell that is neither a wall nor
    marked and is orthogonally adjacent to a marked cell.
    """
    walls, marked, entrance = coerce_sg("sg_single_cells", walls, marked, entrance)
    if not marked:
        return 1 << entrance
    marked_cells = _sg_cells(marked)
    walled = _sg_cells(walls)
    return _sg_mask(
        {
            near
            for cell in marked_cells
            for near in _card_neighbours(cell)
            if near not in marked_cells and near not in walled
        }
    )


def sg_reachable(walls: int, entrance: int) -> int:
    """The mask of the cells reachable from the entrance (included) through non-wall cells
    by orthogonal steps."""
    walls, entrance = coerce_sg("sg_reachable", walls, entrance)
    open_cells = _sg_cells(SG_FULL & ~walls)
    return _sg_mask(_flood((entrance % SG_SIDE, entrance // SG_SIDE), open_cells))


# --- the markings of several cards at once ----------------------------------------------
#
# A game lists a seat's markings in one call: each card is SG_CARD_FIELDS ints in a flat
# list, its walls, marked cells, entrance and the two bases its numbers start from.

SG_CARD_FIELDS: Final = 5  # walls, marked, entrance, shape_base, cell_base
SG_MAX_CARDS: Final = 8
SG_MAX_BASE: Final = 0xFFFFFF
SG_MAX_MARKINGS: Final = SG_MAX_CARDS * (SG_MAX_PLACEMENTS + SG_CELLS)


def sg_markings_error(cards: object, table: object, *, describe: Describe = strerror) -> CoreError | None:
    """The error of :func:`sg_markings` with these arguments (the first failing check, in
    the C's order: the cards' list and its length, the table's, each cell set of the
    table, each card's values, then each card against its walls), or None; shared with
    :mod:`pyramido.geometry.core`."""

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
    """The arguments of :func:`sg_markings` as lists of plain ints, once checked (else its
    error is raised)."""
    error = sg_markings_error(cards, table)
    if error is not None:
        raise error
    assert isinstance(cards, list) and isinstance(table, (list, tuple))
    return [int(value) for value in cards], [int(cells) for cells in table]


def sg_markings(cards: list[int], table: list[int] | tuple[int, ...]) -> list[int]:
    """The markings of several cards, as numbers, ascending (duplicates kept).

    ``table`` is a shape's placements on an empty card (``SHAPE_TABLE[name]`` of
    :mod:`pyramido.games.silver_gold.shapes`; empty for no shape). For each card of ``cards`` (walls,
    marked, entrance, shape_base, cell_base): ``shape_base + i`` for each ``table[i]`` a
    mark may cover (no wall nor marked cell, and a cell of :func:`sg_single_cells`: with
    the shape's table, the sets of :func:`sg_placements`), and ``cell_base`` plus each
    cell of :func:`sg_single_cells`.
    """
    cards, table = coerce_sg_markings(cards, table)
    found: list[int] = []
    for k in range(0, len(cards), SG_CARD_FIELDS):
        walls, marked, entrance, shape_base, cell_base = cards[k : k + SG_CARD_FIELDS]
        singles = sg_single_cells(walls, marked, entrance)
        found += [
            shape_base + i
            for i, cells in enumerate(table)
            if not cells & (walls | marked) and cells & singles
        ]
        found += [cell_base + cell for cell in range(SG_CELLS) if singles >> cell & 1]
    return sorted(found)


SG_MAX_SEATS: Final = 8


def sg_markings_seats_error(
    cards: object, sizes: object, table: object, *, describe: Describe = strerror
) -> CoreError | None:
    """The error of :func:`sg_markings_seats` with these arguments (the first failing check,
    in the C's order: the sizes, the cards' list and its length, then :func:`sg_markings`'
    checks of the table and of every card), or None; shared with :mod:`pyramido.geometry.core`."""

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


def sg_markings_seats(
    cards: list[int], sizes: list[int], table: list[int] | tuple[int, ...]
) -> list[list[int]]:
    """:func:`sg_markings` of several seats at once: the cards of ``cards`` are the seats'
    in turn, ``sizes[s]`` of them seat ``s``'s; each seat's markings, as :func:`sg_markings`
    of its cards alone."""
    error = sg_markings_seats_error(cards, sizes, table)
    if error is not None:
        raise error
    found, at = [], 0
    for size in sizes:
        end = at + size * SG_CARD_FIELDS
        found.append(sg_markings(cards[at:end], table))
        at = end
    return found


# --- candidate positions valued in one call (bots) --------------------------------------
#
# A linear value of the statistics of the marked areas (see pyr_placement_values in the
# header). Arguments are checked in the C's order: their types and ranges (E_RANGE), the
# board and the two block bytes (E_BOARD), the stage's box (E_NOBOX), then each placement
# against the board (E_RANGE). :func:`coerce_candidates` and :func:`candidates_error` are
# shared with :mod:`pyramido.geometry.core`.

COLOURS: Final = 7
VALUE_WEIGHTS: Final = 4  # marked icons, the fewest marked icons, open colours, untileable


class Candidates(NamedTuple):
    """The checked arguments of :func:`placement_values` (and of :func:`position_value`,
    which uses the board, the markers, the open colours and the first three weights)."""

    board: bytes
    stage: int
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
) -> Candidates:
    """The arguments of :func:`placement_values` as the C takes them, their types and ranges
    checked (E_NULL, E_RANGE); the board's bytes, the blocks and the placements' spaces are
    the C's checks (:func:`candidates_error` words them)."""
    data = coerce_board(board, function)
    stage = coerce_stage(stage, function, data)
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
    return core_error(code, function, args.board, args.stage, describe=describe)


def _marked_value(areas: Areas, markers: list[int], open_colours: int, weights: tuple[float, ...]) -> float:
    """The linear value of a position (see pyr_placement_values in the header)."""
    marked = {areas.labels[cell] for cell in markers if cell != NO_AREA} - {NO_AREA}
    icons = [areas.icons[label] for label in marked]
    unmarked = [
        (c, n)
        for label, (c, n) in enumerate(zip(areas.colours, areas.icons, strict=True))
        if label not in marked
    ]
    best_open = [
        max((n for c, n in unmarked if c == colour), default=0)
        for colour in range(1, COLOURS + 1)
        if open_colours >> colour & 1
    ]
    return weights[0] * sum(icons) + weights[1] * min(icons, default=0) + weights[2] * sum(best_open)


def position_value(
    board: BoardLike,
    markers: dict[int, int],
    open_colours: int,
    weights: tuple[float, ...],
    *,
    linked: bool = False,
) -> float:
    """The value of ``board`` with ``markers`` (colour 1..7 to the view cell of its marker)
    and the markers of ``open_colours`` (a mask of bits 1..7) still to place: ``weights[0]``
    times the icons of the marked areas (an area holding two markers counts once), plus
    ``weights[1]`` times the icons of the marked area with the fewest, plus ``weights[2]``
    times, for each open colour, the most icons of an unmarked area of it; ``weights[3]``
    is unused. Areas are :func:`label_areas`' (``linked``)."""
    args = coerce_candidates(
        "position_value", board, 0, 1, 1, [], markers, open_colours, False, weights, linked
    )
    _check_bytes(args.board, "position_value")
    return _marked_value(
        label_areas(args.board, linked=args.linked), args.markers, open_colours, args.weights
    )


def first_cell(stage: int, space: Block) -> int:
    """The view cell (``cy * 18 + cx``) of the first quadrant of ``space`` of ``stage``,
    where a marker on that block stands; ``NO_AREA`` if it lies beyond the grid."""
    cx, cy = 2 * space[0] + stage, 2 * space[1] + stage
    return cy * CELLS + cx if cx < CELLS and cy < CELLS else NO_AREA


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
) -> list[float]:
    """For each placement of ``stage``, the best :func:`position_value` of the board with
    the domino of block bytes ``a`` and ``b`` (icons as printed) laid there, over the ways of
    marking it: no new marker (unless ``must_mark`` and a marker can go), or the marker of an
    open colour on a block of that colour showing icons, on its first cell (the colour is then
    no longer open); plus ``weights[3]`` when the stage can no longer be tiled after it."""
    args = coerce_candidates(
        "placement_values", board, stage, a, b, placements, markers, open_colours, must_mark, weights, linked
    )
    _check_placements("placement_values", args, [(a, b)])
    return [_placement_value(args, a, b, placement) for placement in args.placements]


def coerce_dominoes(function: str, dominoes: object) -> list[tuple[int, int]]:
    """``dominoes`` as a list of pairs of block bytes, or E_RANGE (before the board's check)."""
    if not isinstance(dominoes, (list, tuple)) or not all(
        isinstance(d, (list, tuple)) and len(d) == 2 and all(_plain_int(byte, 0, 0xFF) for byte in d)
        for d in dominoes
    ):
        raise _error(E_RANGE, function, f"dominoes {brief(dominoes)} are not pairs of bytes", strerror)
    return [(d[0], d[1]) for d in dominoes]


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
) -> list[list[float]]:
    """:func:`placement_values` of each domino ``(a, b)`` of ``dominoes`` on the same
    placements: a bot's take decision valued in one call. Every domino's blocks are checked
    after the board and before the stage's box and the placements."""
    args = coerce_candidates(
        "dominoes_values", board, stage, 1, 1, placements, markers, open_colours, must_mark, weights, linked
    )
    pairs = coerce_dominoes("dominoes_values", dominoes)
    _check_placements("dominoes_values", args, pairs)
    return [[_placement_value(args, a, b, placement) for placement in args.placements] for a, b in pairs]


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


def _check_placements(function: str, args: Candidates, dominoes: list[tuple[int, int]]) -> None:
    """The C's checks after the types and ranges: the board and the dominoes' blocks
    (E_BOARD), the stage's box (E_NOBOX), then each placement (E_RANGE)."""
    for code, failed in (
        (E_BOARD, _first_bad_byte(args.board) is not None or any(map(_bad_block, chain(*dominoes)))),
        (E_NOBOX, args.stage > 0 and not _has_box(args.board, args.stage)),
        (E_RANGE, any(_placement_problem(args.board, args.stage, p) for p in args.placements)),
    ):
        if failed:
            raise dominoes_error(code, function, args, dominoes)


def _placement_value(args: Candidates, a: int, b: int, placement: int) -> float:
    """The value of one placement of the domino ``a``, ``b`` (see :func:`placement_values`)."""
    rot = placement % 4
    laid = bytearray(args.board)
    blocks = []
    for space, byte in zip(placement_blocks(placement), (a, b), strict=True):
        turned = colour_of(byte) | rotate_icons(icons_of(byte), rot) << 4
        laid[block_index(args.stage, *space)] = turned
        blocks.append((space, turned))
    best = _best_marking(args, bytes(laid), blocks)
    return best if can_tile(bytes(laid), args.stage) else best + args.weights[3]


def _best_marking(args: Candidates, laid: bytes, blocks: list[tuple[Block, int]]) -> float:
    """The best value of ``laid`` over the ways of marking its new ``blocks`` (space and
    byte): no new marker (unless ``must_mark`` and a marker can go), or the marker of an
    open colour on a block of it showing icons, on its first cell."""
    open_colours = args.open_colours
    ways: list[tuple[list[int], int]] = []
    for space, byte in blocks:
        colour = colour_of(byte)
        if icons_of(byte) and open_colours >> colour & 1:
            with_marker = list(args.markers)
            with_marker[colour] = first_cell(args.stage, space)
            ways.append((with_marker, open_colours & ~(1 << colour)))
    if not ways or not args.must_mark:
        ways.append((args.markers, open_colours))
    areas = label_areas(laid, linked=args.linked)
    return max(_marked_value(areas, m, o, args.weights) for m, o in ways)


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
    """For each ``(x, y, byte)`` of ``blocks``, the best :func:`position_value` of the board
    with the single block ``byte`` laid on space ``(x, y)`` of ``stage``, empty or not (a
    cover card on a block), over the ways of marking it as in :func:`placement_values`; no
    tiling term (``weights[3]`` is unused): a bot's cover-card decision in one call."""
    args = coerce_candidates(
        "block_values", board, stage, 1, 1, [], markers, open_colours, must_mark, weights, linked
    )
    checked = coerce_blocks("block_values", blocks)
    blocks_error(args, checked)
    values = []
    for x, y, byte in checked:
        laid = bytearray(args.board)
        laid[block_index(args.stage, x, y)] = byte
        values.append(_best_marking(args, bytes(laid), [((x, y), byte)]))
    return values


def blocks_error(
    args: Candidates, blocks: list[tuple[int, int, int]], *, describe: Describe = strerror
) -> None:
    """Raise the E_BOARD error of :func:`block_values`, if any: a bad board byte, then the
    first bad block byte."""
    if _first_bad_byte(args.board) is not None:
        raise core_error(E_BOARD, "block_values", args.board, args.stage, describe=describe)
    for _, _, byte in blocks:
        if _bad_block(byte):
            raise _error(
                E_BOARD, "block_values", f"block 0x{byte:02x} is not a coloured block byte", describe
            )


def _has_box(board: bytes, stage: int) -> bool:
    try:
        _box(board, stage, "placement_values")
    except CoreError:
        return False
    return True


# --- the games' random generator (core_c/rng.c) ----------------------------------------

T = TypeVar("T")
_MASK64: Final = (1 << 64) - 1
_MULTIPLIER: Final = 6364136223846793005
_INCREMENT: Final = 1442695040888963407


class Rng:
    """PCG32 (XSH RR) in Python integers: the same draws as :class:`pyramido.geometry.rng.Rng`, which
    runs ``core_c/rng.c`` (the tests compare the two draw for draw)."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0 or seed >= 1 << 64:
            raise ValueError(f"seed must be an integer in [0, 2**64), got {brief(seed)}")
        self.state = 0
        self.next_u32()
        self.state = (self.state + seed) & _MASK64
        self.next_u32()

    def next_u32(self) -> int:
        old = self.state
        self.state = (old * _MULTIPLIER + _INCREMENT) & _MASK64
        xorshifted = (((old >> 18) ^ old) >> 27) & 0xFFFFFFFF
        rot = old >> 59
        return ((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) & 0xFFFFFFFF

    def below(self, bound: int) -> int:
        """An unbiased integer in ``[0, bound)`` (rejection of the short last bucket)."""
        if type(bound) is not int or not 0 < bound <= 1 << 32:
            raise ValueError(f"bound must be in [1, 2**32], got {brief(bound)}")
        threshold = (1 << 32) % bound
        while True:
            value = self.next_u32()
            if value >= threshold:
                return value % bound

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates, from the last position down."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def draw(self, counts: MutableSequence[int], count: int) -> list[int]:
        """Up to ``count`` items drawn without replacement from ``counts``: each draw is
        ``below(sum(counts))``, the kind whose share of the running total holds it."""
        if type(count) is not int or count < 0:
            raise ValueError(f"a count of draws is an integer >= 0, got {brief(count)}")
        if not all(isinstance(held, int) and 0 <= held < 1 << 32 for held in counts) or sum(counts) > 1 << 32:
            raise ValueError(
                f"counts are integers in [0, 2**32) adding up to at most 2**32, got {brief(counts)}"
            )
        drawn: list[int] = []
        total: int = sum(counts)
        while len(drawn) < count and total:
            pick, kind = self.below(total), 0
            total -= 1
            while pick >= counts[kind]:
                pick -= counts[kind]
                kind += 1
            counts[kind] -= 1
            drawn.append(kind)
        return drawn

    def choice(self, items: list[T]) -> T:
        return items[self.below(len(items))]

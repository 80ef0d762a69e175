"""Pure-Python reference of the C core (``core_c/pyramido_core.h``), written for clarity.

Every function here has the same signature, results and errors as its twin in
:mod:`pyramido.core`, which runs the compiled C; the differential tests hold them to it.
The board layout is :mod:`pyramido.board`'s. Where the C is written for speed, this module
is written to be read, and where it can it takes a different road to the same answer (the
top view is painted stage by stage, tiling is a bipartite matching), so that the two
implementations check each other.

Errors are :class:`~pyramido.errors.CoreError` with the header's code, checked in this
order (the first failing check wins, in both implementations):

1. ``E_NULL``: ``board`` is not a bytes-like object (``None`` included);
2. ``E_RANGE``: ``board`` does not hold exactly 324 bytes;
3. ``E_RANGE``: ``stage`` is not an ``int`` (``bool`` is refused) in ``0..3``;
4. ``E_BOARD``: a block byte is malformed (bit 3 set, or colour 0 with icons);
5. ``E_NOBOX``: the stage has no box (see :func:`stage_box`).

The helpers :func:`coerce_board`, :func:`coerce_stage` and :func:`core_error` are shared
with :mod:`pyramido.core`, so that both raise the same errors with the same messages.
"""

from __future__ import annotations

from typing import Final, NamedTuple, TypeAlias

from pyramido.board import (
    BOARD_SIZE,
    CELLS,
    FIRST_ANCHOR,
    NO_AREA,
    PLACEMENTS,
    SIDE,
    STAGES,
    block_index,
    colour_of,
    encode_placement,
    icons_of,
    placement_blocks,
)
from pyramido.errors import CoreError

__all__ = [
    "E_BOARD",
    "E_CAPACITY",
    "E_NOBOX",
    "E_NULL",
    "E_RANGE",
    "OK",
    "Areas",
    "BoardLike",
    "can_tile",
    "coerce_board",
    "coerce_stage",
    "core_error",
    "label_areas",
    "placements",
    "stage_box",
    "top_view",
]

# Error codes of the header (PYR_OK, PYR_E_*).
OK: Final = 0
E_NULL: Final = -1  # a null pointer; in Python: board is not bytes-like
E_RANGE: Final = -2  # stage (or a capacity, or the board's length) out of range
E_BOARD: Final = -3  # a malformed block byte
E_CAPACITY: Final = -4  # an output buffer too small (never raised from Python)
E_NOBOX: Final = -5  # a stage box was asked but stage 0 does not define it

BoardLike: TypeAlias = bytes | bytearray | memoryview

Block = tuple[int, int]
Box = tuple[int, int, int, int]

BASE_SHAPES: Final = ((5, 4), (4, 5))  # the two shapes of stage 0's box (width, height)


class Areas(NamedTuple):
    """The areas of a top view.

    ``labels[cy * 18 + cx]`` is the area of cell ``(cx, cy)`` (``NO_AREA`` for a gap);
    areas are numbered from 0 in the row-major order of their first cell, and
    ``colours[a]``, ``icons[a]`` (visible icons) and ``cells[a]`` describe area ``a``.
    """

    labels: list[int]
    colours: list[int]
    icons: list[int]
    cells: list[int]


# --- errors and argument checks (shared with pyramido.core) ------------------------------


def _first_bad_byte(board: bytes) -> int | None:
    for index, byte in enumerate(board):
        if byte & 8 or (colour_of(byte) == 0 and byte != 0):
            return index
    return None


def core_error(code: int, function: str, board: object, stage: object = None) -> CoreError:
    """The error ``function`` raises for ``code``; ``board`` and ``stage`` are its arguments.

    The message is worked out from the arguments alone, so that the C facade, which only
    gets a code back, builds exactly the reference's message.
    """
    if code == E_NULL:
        detail = f"board must be a bytes-like object, not {type(board).__name__}"
    elif code == E_RANGE:
        if isinstance(board, bytes) and len(board) != BOARD_SIZE:
            detail = f"board has {len(board)} bytes, not {BOARD_SIZE}"
        else:
            detail = f"stage {stage!r} is not an int in 0..{STAGES - 1}"
    elif code == E_BOARD and isinstance(board, bytes):
        index = _first_bad_byte(board)
        if index is None:  # pragma: no cover - only if C and reference disagree
            detail = "malformed block byte"
        else:
            s, rest = divmod(index, SIDE * SIDE)
            y, x = divmod(rest, SIDE)
            detail = (
                f"malformed block byte 0x{board[index]:02x} at stage {s} block ({x}, {y})"
                " (bit 3 set, or icons without a colour)"
            )
    elif code == E_NOBOX and isinstance(board, bytes):
        blocks = _blocks(board, 0)
        if not blocks:
            detail = f"stage {stage} has no box: stage 0 has no block"
        else:
            x0, y0, x1, y1 = _bounds(blocks)
            detail = (
                f"stage {stage} has no box: stage 0's blocks span {x1 - x0 + 1}x{y1 - y0 + 1}"
                " blocks, not exactly 5x4 or 4x5"
            )
    elif code == E_CAPACITY:
        detail = "output buffer too small"
    else:
        detail = "unexpected error"
    return CoreError(code, f"{function}: {detail}")


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
    stage = coerce_stage(stage, "placements", data)
    _check_bytes(data, "placements")

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

    box = _box(data, stage, "placements")
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


def label_areas(board: BoardLike) -> Areas:
    """The areas of the top view: 4-connected sets of same-colour cells (gaps excluded)."""
    data = coerce_board(board, "label_areas")
    _check_bytes(data, "label_areas")

    view = top_view(data)
    labels = [NO_AREA] * (CELLS * CELLS)
    colours: list[int] = []
    icons: list[int] = []
    cells: list[int] = []
    for start in range(CELLS * CELLS):
        if view[start] == 0 or labels[start] != NO_AREA:
            continue
        area = len(colours)
        colour = colour_of(view[start])
        members = []
        labels[start] = area
        stack = [start]
        while stack:
            cell = stack.pop()
            members.append(cell)
            cy, cx = divmod(cell, CELLS)
            for nx, ny in ((cx + 1, cy), (cx - 1, cy), (cx, cy + 1), (cx, cy - 1)):
                if 0 <= nx < CELLS and 0 <= ny < CELLS:
                    near = ny * CELLS + nx
                    if labels[near] == NO_AREA and view[near] != 0 and colour_of(view[near]) == colour:
                        labels[near] = area
                        stack.append(near)
        colours.append(colour)
        icons.append(sum(view[cell] >> 3 & 1 for cell in members))
        cells.append(len(members))
    return Areas(labels, colours, icons, cells)


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

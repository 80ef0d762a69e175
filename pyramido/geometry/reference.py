"""Pure-Python reference of the C core (``core_c/pyramido_core.h``), written for clarity.

Every function here has the same signature, results and errors as its twin in
:mod:`pyramido.geometry.core`, which runs the compiled C; the differential tests hold them to it.
This module is that oracle and nothing else: the tests and :mod:`pyramido.tools` use it, the
engine and the games never do. The board layout is :mod:`pyramido.geometry.board`'s. Where the
C is written for speed, this module is written to be read, and where it can it takes a
different road to the same answer (the top view is painted stage by stage, linked areas are
searched over the cells of every stage rather than merged from the top view's, tiling is a
bipartite matching), so that the two implementations check each other.

What both implementations share is :mod:`pyramido.geometry.contract`'s: the constants and
error codes (re-exported here, as the facade does, so that either module answers for the
other), :func:`strerror` and :func:`version`, the :class:`Areas` named tuple, the argument
checks (``coerce_*``) and the error builders (``core_error``, ``sg_core_error``...). So both
raise the same errors, in the same order, with the same messages (see there). The Silver &
Gold Pyramids functions (``sg_*``, at the end) work on a 5x5 card whose cell sets are 25-bit
masks.
"""

from __future__ import annotations

from array import array
from collections.abc import Collection, MutableSequence, Sequence
from itertools import chain
from typing import Final, TypeVar

from pyramido.errors import CoreError, brief
from pyramido.geometry.board import (
    CELLS,
    FIRST_ANCHOR,
    NO_AREA,
    PLACEMENTS,
    PRINTED_BASE,
    SIDE,
    STAGES,
    base_shapes,
    block_cells,
    block_index,
    colour_of,
    encode_placement,
    icons_of,
    placement_blocks,
    rotate_icons,
)
from pyramido.geometry.contract import (
    COLOURS,
    E_BOARD,
    E_CAPACITY,
    E_NOBOX,
    E_NULL,
    E_RANGE,
    NO_WEIGHTS,
    OK,
    SG_CARD_FIELDS,
    SG_CELLS,
    SG_FULL,
    SG_MAX_ORIENTATIONS,
    SG_MAX_PLACEMENTS,
    SG_SIDE,
    VALUE_WEIGHTS,
    Areas,
    Base,
    Block,
    BoardLike,
    Box,
    Candidates,
    Cell,
    Marking,
    _bad_block,  # ... _sg_cells: the contract's own helpers, which the oracle's geometry reads too
    _blocks,
    _bounds,
    _card_neighbours,
    _first_bad_byte,
    _flood,
    _is_filled,
    _neighbours,
    _on_card,
    _on_lattice,
    _placement_problem,
    _sg_cells,
    area_cells_error,
    blocks_error,
    board_planes_error,
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
    sg_markings_seats_error,
    strerror,
    version,
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
    "Rng",
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


Node = tuple[int, int]  # (stage, cell): a cell cy * 18 + cx as a block of that stage covers it


def _check_bytes(board: bytes, function: str) -> None:
    if _first_bad_byte(board) is not None:
        raise core_error(E_BOARD, function, board)


# --- geometry -------------------------------------------------------------------------


def _fits_base(width: int, height: int, base: Base) -> bool:
    """A span of blocks that still fits in the base, either way round (5x4 or 4x5 printed)."""
    return any(width <= w and height <= h for w, h in base_shapes(base))


def _box(board: bytes, stage: int, function: str, base: Base) -> Box:
    """The stage's box, after the arguments were checked (see :func:`stage_box`)."""
    blocks = _blocks(board, 0)
    if not blocks:
        raise core_error(E_NOBOX, function, board, stage, base=base)
    x0, y0, x1, y1 = _bounds(blocks)
    if stage == 0:
        return x0, y0, x1, y1
    if (x1 - x0 + 1, y1 - y0 + 1) not in base_shapes(base):
        raise core_error(E_NOBOX, function, board, stage, base=base)
    return x0, y0, x1 - stage, y1 - stage


def _in_box(block: Block, box: Box) -> bool:
    x, y = block
    x0, y0, x1, y1 = box
    return x0 <= x <= x1 and y0 <= y <= y1


# --- the core functions ------------------------------------------------------------------


def placements(board: BoardLike, stage: int, base: Base = PRINTED_BASE) -> list[int]:
    """Every legal placement of a domino in ``stage``, ascending.

    Only geometry counts. In stage 0 the first domino goes at ``FIRST_ANCHOR`` (any
    rotation); a later one must lie on the lattice over two empty spaces, touch a block
    of stage 0 side to side, and leave all of stage 0 within the ``base``, either way
    round (a 5x4 or 4x5 span printed). In a stage ``s >= 1`` both blocks must be empty
    spaces inside the stage's box (no support from below is needed). ``base`` is a pair of
    ints in ``1..MAX_BASE`` with room for a domino, ``stage`` below its shorter side.
    """
    data = coerce_board(board, "placements")
    stage = coerce_stage(stage, "placements", data)
    return _placements(data, stage, "placements", coerce_base(base, stage, "placements"))


def placement_indices(board: BoardLike, stage: int, first: int, base: Base = PRINTED_BASE) -> list[int]:
    """:func:`placements`, each plus ``first``: the action indices of the placements in an
    action space whose place actions start at ``first`` and follow the placement numbers
    (``(y * 9 + x) * 4 + rot``), as a game lists its legal actions. Checked in the order
    board, stage, base, ``first``, then as :func:`placements`."""
    data = coerce_board(board, "placement_indices")
    stage = coerce_stage(stage, "placement_indices", data)
    base = coerce_base(base, stage, "placement_indices")
    first = coerce_first(first, "placement_indices")
    return [first + placement for placement in _placements(data, stage, "placement_indices", base)]


def _placements(data: bytes, stage: int, function: str, base: Base) -> list[int]:
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
            if _fits_base(width, height, base):
                result.append(placement)
        return result

    box = _box(data, stage, function, base)
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


def can_tile(board: BoardLike, stage: int, base: Base = PRINTED_BASE) -> bool:
    """Can the stage's empty spaces still all be covered by dominoes?

    Stage 0: true when it is empty; otherwise true iff some box of the ``base``'s shape
    (5x4 or 4x5 printed) on the lattice holding all of its blocks has its empty spaces
    tileable (the adjacency rule can always be met in a box, so that is the whole
    question). A stage ``s >= 1``: the empty spaces of its box must be tileable.
    """
    data = coerce_board(board, "can_tile")
    stage = coerce_stage(stage, "can_tile", data)
    base = coerce_base(base, stage, "can_tile")
    _check_bytes(data, "can_tile")
    return _can_tile(data, stage, base)


def _can_tile(data: bytes, stage: int, base: Base) -> bool:
    """:func:`can_tile` of checked arguments."""
    if stage == 0:
        blocks = _blocks(data, 0)
        if not blocks:
            return True
        for width, height in base_shapes(base):
            for y0 in range(SIDE - height + 1):
                for x0 in range(SIDE - width + 1):
                    box = (x0, y0, x0 + width - 1, y0 + height - 1)
                    if all(_in_box(block, box) for block in blocks) and _perfectly_tileable(
                        _empty_spaces(data, 0, box)
                    ):
                        return True
        return False

    box = _box(data, stage, "can_tile", base)
    return _perfectly_tileable(_empty_spaces(data, stage, box))


def stage_box(board: BoardLike, stage: int, base: Base = PRINTED_BASE) -> tuple[int, int, int, int]:
    """``(x0, y0, x1, y1)``, inclusive block coordinates of the stage's valid spaces.

    Stage 0: the bounding box of its blocks (``E_NOBOX`` if it has none). A stage
    ``s >= 1``: stage 0's bounding box, which must be exactly the ``base``, either way
    round (5x4 or 4x5 printed; else ``E_NOBOX``), shrunk by ``s`` on its right and bottom
    sides in block coordinates (stage ``s``'s lattice is offset by ``s`` cells, so this is
    ``s`` cells on every side).
    """
    data = coerce_board(board, "stage_box")
    stage = coerce_stage(stage, "stage_box", data)
    base = coerce_base(base, stage, "stage_box")
    _check_bytes(data, "stage_box")
    return _box(data, stage, "stage_box", base)


# --- the cells of chosen areas of a labelling ---------------------------------------------
#
# ``labels`` is a labelling as :func:`label_areas` makes it (one label a cell, ``cy * 18 +
# cx``); a stage's score lists the cells of each area it scores. Its checks are the
# contract's :func:`~pyramido.geometry.contract.area_cells_error`.


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


def _sg_mask(cells: set[Cell] | frozenset[Cell]) -> int:
    return sum(1 << (y * SG_SIDE + x) for x, y in cells)


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
# header). Arguments are checked in the C's order by the contract's
# :func:`~pyramido.geometry.contract.coerce_candidates`, then as :func:`_check_placements` says.


def _marked_value(areas: Areas, markers: list[int], open_colours: int, weights: tuple[float, ...]) -> float:
    """The linear value of a position (see pyr_placement_values in the header)."""
    marked = _marked_areas(areas, markers)
    icons = [areas.icons[label] for label in marked]
    return (
        weights[0] * sum(icons)
        + weights[1] * min(icons, default=0)
        + weights[2] * _open_icons(areas, marked, open_colours)
        + weights[4] * max(icons, default=0)
    )


def _marked_areas(areas: Areas, markers: list[int]) -> dict[int, int]:
    """The label of each area a marker stands in, to the mask of the colours (bit ``c``)
    of the markers in it."""
    marked: dict[int, int] = {}
    for colour, cell in enumerate(markers):
        label = NO_AREA if cell == NO_AREA else areas.labels[cell]
        if label != NO_AREA:
            marked[label] = marked.get(label, 0) | 1 << colour
    return marked


def _open_icons(areas: Areas, marked: Collection[int], open_colours: int) -> int:
    """For each colour of ``open_colours``, the most icons of an area of it not in
    ``marked``, summed."""
    unmarked = [
        (c, n)
        for label, (c, n) in enumerate(zip(areas.colours, areas.icons, strict=True))
        if label not in marked
    ]
    return sum(
        max((n for c, n in unmarked if c == colour), default=0)
        for colour in range(1, COLOURS + 1)
        if open_colours >> colour & 1
    )


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
    times, for each open colour, the most icons of an unmarked area of it, plus
    ``weights[4]`` times the icons of the marked area with the most; ``weights[3]`` is
    unused. Areas are :func:`label_areas`' (``linked``)."""
    args = coerce_candidates(
        "position_value", board, 0, 1, 1, [], markers, open_colours, False, weights, linked
    )
    _check_bytes(args.board, "position_value")
    return _marked_value(
        label_areas(args.board, linked=args.linked), args.markers, open_colours, args.weights
    )


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
    """For each placement of ``stage``, the best :func:`position_value` of the board with
    the domino of block bytes ``a`` and ``b`` (icons as printed) laid there, over the ways of
    marking it: no new marker (unless ``must_mark`` and a marker can go), or the marker of an
    open colour on a block of that colour showing icons, on its first cell (the colour is then
    no longer open); plus ``weights[3]`` when the stage can no longer be tiled after it."""
    args = coerce_candidates(
        "placement_values",
        board,
        stage,
        a,
        b,
        placements,
        markers,
        open_colours,
        must_mark,
        weights,
        linked,
        base,
    )
    _check_placements("placement_values", args, [(a, b)])
    return [_placement_value(args, a, b, placement) for placement in args.placements]


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
    """:func:`placement_values` of each domino ``(a, b)`` of ``dominoes`` on the same
    placements: a bot's take decision valued in one call. Every domino's blocks are checked
    after the board and before the stage's box and the placements."""
    args = coerce_candidates(
        "dominoes_values",
        board,
        stage,
        1,
        1,
        placements,
        markers,
        open_colours,
        must_mark,
        weights,
        linked,
        base,
    )
    pairs = coerce_dominoes("dominoes_values", dominoes)
    _check_placements("dominoes_values", args, pairs)
    return [[_placement_value(args, a, b, placement) for placement in args.placements] for a, b in pairs]


def _check_placements(function: str, args: Candidates, dominoes: list[tuple[int, int]]) -> None:
    """The C's checks after the types and ranges: the board and the dominoes' blocks
    (E_BOARD), the stage's box (E_NOBOX), then each placement (E_RANGE)."""
    for code, failed in (
        (E_BOARD, _first_bad_byte(args.board) is not None or any(map(_bad_block, chain(*dominoes)))),
        (E_NOBOX, args.stage > 0 and not _has_box(args.board, args.stage, args.base)),
        (E_RANGE, any(_placement_problem(args.board, args.stage, p) for p in args.placements)),
    ):
        if failed:
            raise dominoes_error(code, function, args, dominoes)


def _placement_value(args: Candidates, a: int, b: int, placement: int) -> float:
    """The value of one placement of the domino ``a``, ``b`` (see :func:`placement_values`)."""
    laid, blocks = _laid_domino(args, a, b, placement)
    best = _best_marking(args, laid, blocks)
    return best if _can_tile(laid, args.stage, args.base) else best + args.weights[3]


def _laid_domino(args: Candidates, a: int, b: int, placement: int) -> tuple[bytes, list[tuple[Block, int]]]:
    """The board with the domino ``a``, ``b`` laid on ``placement``, and its blocks (space
    and byte, the icons turned)."""
    rot = placement % 4
    laid = bytearray(args.board)
    blocks = []
    for space, byte in zip(placement_blocks(placement), (a, b), strict=True):
        turned = colour_of(byte) | rotate_icons(icons_of(byte), rot) << 4
        laid[block_index(args.stage, *space)] = turned
        blocks.append((space, turned))
    return bytes(laid), blocks


def _best_marking(args: Candidates, laid: bytes, blocks: list[tuple[Block, int]]) -> float:
    """The best value of ``laid`` over the ways of marking its new ``blocks`` (see
    :func:`_ways`)."""
    areas = label_areas(laid, linked=args.linked)
    return max(_marked_value(areas, m, o, args.weights) for m, o in _ways(args, blocks))


def _ways(args: Candidates, blocks: list[tuple[Block, int]]) -> list[tuple[list[int], int]]:
    """The markers and open colours of each way of marking new ``blocks`` (space and byte):
    the marker of an open colour on a block of it showing icons, on its first cell (in
    block order), then no new marker (unless ``must_mark`` and a marker can go)."""
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
    return ways


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
    """The candidates of :func:`dominoes_values` (domino ``j`` on placement ``k``), each way
    of marking one :class:`~pyramido.geometry.contract.Marking` (the ways of
    :func:`placement_values`), placement by placement, domino by domino: for a rule that
    scores the marked areas otherwise than linearly. Checked as :func:`dominoes_values`."""
    args = coerce_candidates(
        "dominoes_marks",
        board,
        stage,
        1,
        1,
        placements,
        markers,
        open_colours,
        must_mark,
        NO_WEIGHTS,
        linked,
        base,
    )
    pairs = coerce_dominoes("dominoes_marks", dominoes)
    _check_placements("dominoes_marks", args, pairs)
    records, count = [], len(args.placements)
    for k, placement in enumerate(args.placements):
        for j, (a, b) in enumerate(pairs):
            laid, blocks = _laid_domino(args, a, b, placement)
            untileable = not _can_tile(laid, args.stage, args.base)
            records += _markings(args, laid, blocks, j * count + k, untileable)
    return records


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
    """The candidates of :func:`block_values` (block ``k``), each way of marking one
    :class:`~pyramido.geometry.contract.Marking` as :func:`dominoes_marks` gives them (the
    stage's tiling not asked: never ``untileable``). Checked as :func:`block_values`."""
    args = coerce_candidates(
        "block_marks", board, stage, 1, 1, [], markers, open_colours, must_mark, NO_WEIGHTS, linked
    )
    checked = coerce_blocks("block_marks", blocks)
    blocks_error(args, checked, function="block_marks")
    records = []
    for k, (x, y, byte) in enumerate(checked):
        laid = bytearray(args.board)
        laid[block_index(args.stage, x, y)] = byte
        records += _markings(args, bytes(laid), [((x, y), byte)], k, False)
    return records


def _markings(
    args: Candidates, laid: bytes, blocks: list[tuple[Block, int]], candidate: int, untileable: bool
) -> list[Marking]:
    """The records of the ways of marking the new ``blocks`` of ``laid`` (see :func:`_ways`)."""
    areas = label_areas(laid, linked=args.linked)
    records = []
    for with_markers, open_colours in _ways(args, blocks):
        marked = _marked_areas(areas, with_markers)
        fields = tuple(
            field
            for label in sorted(marked)
            for field in (areas.colours[label], areas.icons[label], marked[label])
        )
        records.append(Marking(candidate, untileable, _open_icons(areas, marked, open_colours), fields))
    return records


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


def _has_box(board: bytes, stage: int, base: Base) -> bool:
    try:
        _box(board, stage, "placement_values", base)
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


# --- a board's stage planes, for learning agents' tensors --------------------------------------


class BoardPlanes:
    """A board's stage planes in ``planes``, a writable int16 buffer of ``STAGES *
    channels * 81`` values, ``[stage][channel][y][x]``: the block byte at ``(stage, x, y)``
    sets to 1 channel 0 (occupied), channel ``c`` for its colour ``c`` (``1..colours``) and
    channel ``colours + 1 + q`` for each icon quadrant ``q``; the channels from ``colours +
    5`` on are the caller's (a tensor's cover cards). Made once per buffer: a tensor
    follows a game step by step, and :meth:`write` rewrites only where a board changed."""

    def __init__(self, planes: object, colours: int, channels: int) -> None:
        self._values = coerce_planes(planes, colours, channels)
        self._colours, self._channels = colours, channels

    def write(self, board: BoardLike, before: BoardLike) -> int:
        """The planes of ``before`` turned into those of ``board``: where a byte differs,
        before's channels set to 0, then board's to 1. Returns how many bytes differ."""
        board, before = coerce_board(board, "board_planes"), coerce_board(before, "board_planes")
        for data in (board, before):
            if _first_bad_block(data, self._colours) is not None:
                raise board_planes_error(E_BOARD, board, before, self._colours)
        changed = 0
        for index, (now, was) in enumerate(zip(board, before, strict=True)):
            if now != was:
                stage, cell = divmod(index, SIDE * SIDE)
                for byte, value in ((was, 0), (now, 1)):
                    for channel in self._channels_of(byte):
                        self._values[(stage * self._channels + channel) * SIDE * SIDE + cell] = value
                changed += 1
        return changed

    def _channels_of(self, byte: int) -> list[int]:
        if byte == 0:
            return []
        icons = [self._colours + 1 + q for q in range(4) if icons_of(byte) >> q & 1]
        return [0, colour_of(byte), *icons]


def _first_bad_block(board: bytes, colours: int) -> int | None:
    """The first byte of ``board`` that is no block of ``colours`` colours (or ``None``)."""
    for index, byte in enumerate(board):
        if byte & 8 or (colour_of(byte) == 0 and byte != 0) or colour_of(byte) > colours:
            return index
    return None

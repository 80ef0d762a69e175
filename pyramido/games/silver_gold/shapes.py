"""The six expedition shapes of Silver & Gold Pyramids, and a fixed numbering of their placements.

A shape is a 25-bit mask on the 5x5 card (cell ``(x, y)`` is bit ``y * 5 + x``), drawn
touching ``x = 0`` and ``y = 0``; :data:`SHAPES` names the six of the expedition cards.

Why a table: the legal placements of a shape on a card change with every mark (walls,
marked cells, the entrance, adjacency), but an agent, a record or a UI needs to name "this
placement" with an integer from a *fixed-size* action space, the same on every card and
every turn. :data:`SHAPE_TABLE` lists, for each shape, every cell set it can cover on an
empty card (all orientations, all positions), sorted; a placement's **id** is its index
there. So ``(shape, id)`` is stable, small (at most ``max(len(t) for t in
SHAPE_TABLE.values())`` = 96 ids per shape, 294 in all) and means the same cells
everywhere; the legal ids of a turn are :func:`placement_id` of each mask that
:func:`pyramido.geometry.core.sg_placements` returns, and :func:`placement_mask` turns an id back
into cells. The table is computed once, at import, from
:func:`~pyramido.geometry.core.sg_orientations`.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

from pyramido.geometry.contract import SG_SIDE
from pyramido.geometry.core import sg_orientations

__all__ = [
    "DOMINO",
    "L3",
    "L4",
    "PLACEMENT_IDS",
    "SHAPES",
    "SHAPE_NAMES",
    "SHAPE_TABLE",
    "SQUARE",
    "STRAIGHT3",
    "T4",
    "placement_id",
    "placement_mask",
]

# The shapes, as drawn (a # is a cell):
DOMINO: Final = 0b11  # ##
STRAIGHT3: Final = 0b111  # ###
L3: Final = 0b1100001  # #. / ##
T4: Final = 0b1000111  # ### / .#.
L4: Final = 0b110000100001  # #. / #. / ##
SQUARE: Final = 0b1100011  # ## / ##

SHAPE_NAMES: Final = ("domino", "straight3", "l3", "t4", "l4", "square")

SHAPES: Final[Mapping[str, int]] = MappingProxyType(
    dict(zip(SHAPE_NAMES, (DOMINO, STRAIGHT3, L3, T4, L4, SQUARE), strict=True))
)


def _extent(mask: int) -> tuple[int, int]:
    """Width and height of a mask that touches x = 0 and y = 0."""
    cells = [cell for cell in range(SG_SIDE * SG_SIDE) if mask >> cell & 1]
    return max(cell % SG_SIDE for cell in cells) + 1, max(cell // SG_SIDE for cell in cells) + 1


def _everywhere(shape: int) -> tuple[int, ...]:
    """Every cell set the shape covers on an empty card, sorted."""
    found = set()
    for orientation in sg_orientations(shape):
        width, height = _extent(orientation)
        for dy in range(SG_SIDE - height + 1):
            for dx in range(SG_SIDE - width + 1):
                found.add(orientation << (dy * SG_SIDE + dx))
    return tuple(sorted(found))


SHAPE_TABLE: Final[Mapping[str, tuple[int, ...]]] = MappingProxyType(
    {name: _everywhere(shape) for name, shape in SHAPES.items()}
)
"""For each shape name, every cell set (mask) it can cover on an empty card, ascending;
the index of a set is its placement id. Sizes: domino 40, straight3 30, l3 64, t4 48,
l4 96, square 16."""

PLACEMENT_IDS: Final[Mapping[str, Mapping[int, int]]] = MappingProxyType(
    {
        name: MappingProxyType({mask: index for index, mask in enumerate(table)})
        for name, table in SHAPE_TABLE.items()
    }
)
"""For each shape name, the placement id of each of its cell sets (the inverse of
:data:`SHAPE_TABLE`): a dict lookup per placement where the game lists many at once."""


def placement_id(shape_name: str, mask: int) -> int:
    """The id of the cell set ``mask`` among the placements of ``shape_name``.

    Raises ``ValueError`` for an unknown shape, or a mask that is not one of its placements.
    """
    ids = PLACEMENT_IDS.get(shape_name)
    if ids is None:
        raise ValueError(f"unknown shape {shape_name!r}; the shapes are {', '.join(SHAPE_NAMES)}")
    index = ids.get(mask) if isinstance(mask, int) and not isinstance(mask, bool) else None
    if index is None:
        raise ValueError(f"{mask!r} is not a placement of the {shape_name} on a 5x5 card")
    return index


def placement_mask(shape_name: str, placement: int) -> int:
    """The cell set (mask) of placement id ``placement`` of ``shape_name``.

    Raises ``ValueError`` for an unknown shape, or an id outside ``0..len(table) - 1``.
    """
    table = SHAPE_TABLE.get(shape_name)
    if table is None:
        raise ValueError(f"unknown shape {shape_name!r}; the shapes are {', '.join(SHAPE_NAMES)}")
    if isinstance(placement, bool) or not isinstance(placement, int) or not 0 <= placement < len(table):
        raise ValueError(f"{placement!r} is not a placement id of the {shape_name} (0..{len(table) - 1})")
    return table[placement]

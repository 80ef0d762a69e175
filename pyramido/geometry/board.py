"""The pyramid board as the C core sees it: one byte per block space, 4 stages of 9x9.

This layout is the contract between the engine, the C core (``core_c/pyramido_core.h``)
and the pure-Python reference (:mod:`pyramido.geometry.reference`); the constants here mirror the
header's, and a test checks they agree.

* A **board** is ``bytes``/``bytearray`` of ``STAGES * SIDE * SIDE`` = 324 bytes; the byte of
  block space ``(x, y)`` of stage ``s`` (0-based) is at ``(s * SIDE + y) * SIDE + x``.
* A **block byte** is ``colour | icons << 4``: colour 0 means empty, 1-7 a colour index + 1;
  the high nibble is a mask of icon quadrants (bit ``1 << q``, ``q = dy * 2 + dx``: TL=0,
  TR=1, BL=2, BR=3). Bit 3 is always 0.
* Quadrant **cells** form an 18x18 grid; block ``(x, y)`` of stage ``s`` covers cells
  ``(2x + s + dx, 2y + s + dy)`` for ``dx, dy`` in 0-1 ("corners in the centres").
* A **placement** of a domino is the integer ``((y * SIDE) + x) * 4 + rot``: block A at
  ``(x, y)``, block B one step away in direction ``rot`` (0 right, 1 down, 2 left, 3 up),
  the icons turned ``rot`` quarter turns clockwise with it.
"""

from __future__ import annotations

from typing import Final

STAGES: Final = 4
SIDE: Final = 9  # block spaces per side of every stage's lattice
CELLS: Final = 2 * SIDE  # quadrant cells per side of the top view
BOARD_SIZE: Final = STAGES * SIDE * SIDE
PLACEMENTS: Final = SIDE * SIDE * 4
EMPTY: Final = 0
NO_AREA: Final = 0xFFFF  # area label of a gap cell
FIRST_ANCHOR: Final = (4, 4)  # where the first domino of stage 1 goes (the box floats)
MAX_BASE: Final = 5  # the longest side of a pyramid's base the lattice holds around the anchor
PRINTED_BASE: Final = (5, 4)  # the printed pyramid's base, in blocks, either way round

QUADRANTS: Final = ("TL", "TR", "BL", "BR")
STEP: Final = ((1, 0), (0, 1), (-1, 0), (0, -1))  # where block B lies, by rotation
_CLOCKWISE: Final = (1, 3, 0, 2)  # TL->TR, TR->BR, BL->TL, BR->BL


def base_shapes(base: tuple[int, int]) -> tuple[tuple[int, int], ...]:
    """The shapes (width, height) stage 1's box may take on ``base``: either way round."""
    width, height = base
    return (base,) if width == height else (base, (height, width))


def base_shapes_text(base: tuple[int, int]) -> str:
    """:func:`base_shapes` as a message names them: ``5x4 or 4x5``."""
    return " or ".join(f"{width}x{height}" for width, height in base_shapes(base))


def block_index(stage: int, x: int, y: int) -> int:
    """Byte offset of block space ``(x, y)`` of ``stage`` in a board."""
    return (stage * SIDE + y) * SIDE + x


def block_byte(colour: int, icons: int) -> int:
    """Encode a block: ``colour`` 1-7 (0 = empty) and an icon quadrant mask 0-15."""
    return colour | (icons << 4)


def colour_of(byte: int) -> int:
    return byte & 7


def icons_of(byte: int) -> int:
    return byte >> 4


def icon_mask(quadrants: tuple[str, ...] | list[str]) -> int:
    """Icon mask of quadrant names as printed (``["TL", "BR"]`` -> 0b1001)."""
    mask = 0
    for name in quadrants:
        mask |= 1 << QUADRANTS.index(name)
    return mask


def quadrant_names(mask: int) -> tuple[str, ...]:
    """The quadrant names of an icon mask, in quadrant order (0b1001 -> ``("TL", "BR")``)."""
    return _NAMES[mask]


def rotate_icons(mask: int, turns: int) -> int:
    """Turn an icon mask ``turns`` quarter turns clockwise."""
    return _ROTATED[turns % 4][mask]


def _turned_once(mask: int) -> int:
    turned = 0
    for q in range(4):
        if mask >> q & 1:
            turned |= 1 << _CLOCKWISE[q]
    return turned


# Tables of the 16 icon masks, read on every placement and event.
_NAMES: Final = tuple(tuple(name for q, name in enumerate(QUADRANTS) if mask >> q & 1) for mask in range(16))
_ONCE: Final = tuple(_turned_once(mask) for mask in range(16))
_ROTATED: Final = (
    tuple(range(16)),
    _ONCE,
    tuple(_ONCE[_ONCE[m]] for m in range(16)),
    tuple(_ONCE[_ONCE[_ONCE[m]]] for m in range(16)),
)


def encode_placement(x: int, y: int, rot: int) -> int:
    return (y * SIDE + x) * 4 + rot


def decode_placement(placement: int) -> tuple[int, int, int]:
    """``(x, y, rot)`` of a placement integer."""
    spot, rot = divmod(placement, 4)
    y, x = divmod(spot, SIDE)
    return x, y, rot


def placement_blocks(placement: int) -> tuple[tuple[int, int], tuple[int, int]]:
    """Block spaces of blocks A and B of a placement (B may be off the lattice)."""
    if 0 <= placement < PLACEMENTS:
        return _PLACEMENT_BLOCKS[placement]
    return _placement_blocks(placement)


def _placement_blocks(placement: int) -> tuple[tuple[int, int], tuple[int, int]]:
    x, y, rot = decode_placement(placement)
    dx, dy = STEP[rot]
    return (x, y), (x + dx, y + dy)


#: The block spaces of every placement, made once: a turn asks for them on every domino laid.
_PLACEMENT_BLOCKS: Final = tuple(_placement_blocks(placement) for placement in range(PLACEMENTS))


def block_cells(stage: int, x: int, y: int) -> list[tuple[int, int]]:
    """Quadrant cells ``(cx, cy)`` covered by a block, in quadrant order TL, TR, BL, BR."""
    return [(2 * x + stage + dx, 2 * y + stage + dy) for dy in (0, 1) for dx in (0, 1)]

"""Silver & Gold Pyramids in the core: polyominoes on a 5x5 card, on hand-made cards.

Written against :mod:`pyramido.geometry.reference`; every test also runs on the C facade
:mod:`pyramido.geometry.core` (the ``impl`` fixture). Cards are drawn as pictures: five rows of
five cells, ``#`` a cell of the set, ``.`` none.
"""

from __future__ import annotations

import enum
import re
from pathlib import Path
from types import ModuleType

import pytest

from pyramido.errors import CoreError
from pyramido.games.silver_gold.shapes import (
    DOMINO,
    L3,
    L4,
    SHAPE_NAMES,
    SHAPE_TABLE,
    SHAPES,
    SQUARE,
    STRAIGHT3,
    T4,
    placement_id,
    placement_mask,
)
from pyramido.geometry import contract

HEADER = Path(__file__).resolve().parent.parent / "core_c" / "pyramido_core.h"


def card(*rows: str) -> int:
    """A mask from a picture: rows top to bottom (missing rows are empty), '#' a cell."""
    mask = 0
    for y, row in enumerate(rows):
        for x, char in enumerate(row.replace(" ", "")):
            if char == "#":
                mask |= 1 << (y * 5 + x)
    return mask


def cell(x: int, y: int) -> int:
    return 1 << (y * 5 + x)


def index(x: int, y: int) -> int:
    return y * 5 + x


def cells_of(mask: int) -> set[tuple[int, int]]:
    return {(c % 5, c // 5) for c in range(25) if mask >> c & 1}


def adjacent(mask: int) -> int:
    """The cells next to the set, outside it."""
    near = 0
    for x, y in cells_of(mask):
        for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if 0 <= nx < 5 and 0 <= ny < 5:
                near |= cell(nx, ny)
    return near & ~mask


def raises(code: int, call: object, *args: object) -> CoreError:
    assert callable(call)
    with pytest.raises(CoreError) as caught:
        call(*args)
    assert caught.value.code == code, str(caught.value)
    return caught.value


# --- the shapes ---------------------------------------------------------------------------


def test_the_six_shapes_as_drawn() -> None:
    assert card("##") == DOMINO
    assert card("###") == STRAIGHT3
    assert card("#.", "##") == L3
    assert card("###", ".#.") == T4
    assert card("#.", "#.", "##") == L4
    assert card("##", "##") == SQUARE
    assert tuple(SHAPES) == SHAPE_NAMES == ("domino", "straight3", "l3", "t4", "l4", "square")


@pytest.mark.parametrize(
    ("picture", "count"),
    [
        (("##",), 2),
        (("###",), 2),
        (("#.", "##"), 4),
        (("###", ".#."), 4),
        (("#.", "#.", "##"), 8),
        (("##", "##"), 1),
        (("#",), 1),
        (("####",), 2),
        ((".##", "##."), 4),  # S of 4
        (("##", "##", "#."), 8),  # P of 5
        ((".#.", "###", ".#."), 1),  # X of 5
        ((".##", "##.", ".#."), 8),  # F of 5
        (("#####", "#...#", "#...#", "#...#", "#####"), 1),  # the ring
        (("#####",) * 5, 1),  # the whole card
    ],
)
def test_orientation_counts(impl: ModuleType, picture: tuple[str, ...], count: int) -> None:
    shape = card(*picture)
    orientations = impl.sg_orientations(shape)
    assert len(orientations) == count
    assert orientations == sorted(set(orientations))
    for orientation in orientations:
        assert orientation & 0b11111  # touches y = 0
        assert orientation & card("#", "#", "#", "#", "#")  # touches x = 0
        assert bin(orientation).count("1") == bin(shape).count("1")
    assert shape in orientations


def test_orientations_exactly(impl: ModuleType) -> None:
    assert impl.sg_orientations(DOMINO) == [card("##"), card("#", "#")]
    assert impl.sg_orientations(L3) == sorted(
        [card("##", "#."), card("##", ".#"), card("#.", "##"), card(".#", "##")]
    )
    assert impl.sg_orientations(T4) == sorted(
        [card("###", ".#."), card(".#.", "###"), card("#.", "##", "#."), card(".#", "##", ".#")]
    )


def test_a_shape_drawn_anywhere_has_the_same_orientations(impl: ModuleType) -> None:
    for name, shape in SHAPES.items():
        for table_mask in SHAPE_TABLE[name]:
            assert impl.sg_orientations(table_mask) == impl.sg_orientations(shape)


# --- placements -----------------------------------------------------------------------------


def test_the_first_shape_covers_the_entrance(impl: ModuleType) -> None:
    entrance = index(2, 0)
    assert impl.sg_placements(0, 0, entrance, DOMINO) == [card(".##"), card("..##"), card("..#", "..#")]
    assert len(impl.sg_placements(0, 0, entrance, STRAIGHT3)) == 4  # 3 across, 1 down
    assert impl.sg_placements(0, 0, index(0, 0), SQUARE) == [SQUARE]
    for shape in SHAPES.values():
        found = impl.sg_placements(0, 0, entrance, shape)
        assert found and all(mask & cell(2, 0) for mask in found)


def test_placements_do_not_wrap_between_rows(impl: ModuleType) -> None:
    assert impl.sg_placements(0, 0, index(4, 0), DOMINO) == [card("...##"), card("....#", "....#")]
    assert impl.sg_placements(0, 0, index(0, 1), STRAIGHT3) == [
        card(".....", "###"),
        card("#", "#", "#"),
        card(".....", "#", "#", "#"),
    ]


def test_walls_are_never_covered(impl: ModuleType) -> None:
    walls = card(".#...", "..#")
    assert impl.sg_placements(walls, 0, index(2, 0), DOMINO) == [card("..##")]
    assert impl.sg_placements(walls, 0, index(2, 0), SQUARE) == []
    assert impl.sg_placements(card(".#"), 0, index(2, 0), SQUARE) == [card("..##", "..##")]
    assert impl.sg_placements(card("..#", "..#", "..#", "..#", "..#"), 0, index(0, 0), L4) != []
    assert impl.sg_placements(card("##.##"), card("..#"), index(2, 0), STRAIGHT3) == [
        card(".....", "###"),
        card(".....", ".###"),
        card(".....", "..###"),
        card(".....", "..#", "..#", "..#"),
    ]


def test_later_shapes_touch_a_marked_cell(impl: ModuleType) -> None:
    corridor = card("##.##", "##.##", "##.##", "##.##", "##.##")
    top = card("..#", "..#")
    assert impl.sg_placements(corridor, top, index(2, 0), DOMINO) == [card(".....", ".....", "..#", "..#")]
    assert impl.sg_placements(corridor, top, index(2, 0), STRAIGHT3) == [
        card(".....", ".....", "..#", "..#", "..#")
    ]
    assert impl.sg_placements(corridor, top, index(2, 0), L3) == []
    # once something is marked the entrance no longer matters, only adjacency does
    bottom = card(".....", ".....", ".....", ".....", "..#")
    found = impl.sg_placements(0, bottom, index(2, 0), DOMINO)
    assert len(found) == 7
    assert all(mask & adjacent(bottom) and not mask & bottom for mask in found)
    assert not any(mask & cell(2, 0) for mask in found)


def test_marks_of_any_shape_on_a_busy_card(impl: ModuleType) -> None:
    walls = card("#...#", ".#.#.", ".....", "##.##", "#...#")
    marked = card("..#..", "..#..", ".###.")
    for shape in SHAPES.values():
        found = impl.sg_placements(walls, marked, index(2, 0), shape)
        assert found == sorted(set(found))
        for mask in found:
            assert not mask & (walls | marked)
            assert mask & adjacent(marked)
            assert impl.sg_orientations(mask) == impl.sg_orientations(shape)


def test_placements_are_distinct_cell_sets(impl: ModuleType) -> None:
    """Symmetric shapes map onto themselves: each cell set is listed once."""
    assert impl.sg_placements(0, 0, index(2, 2), card("#####", "#####", "#####", "#####", "#####")) == [
        2**25 - 1
    ]
    # the X of 5 (8 symmetries, 1 orientation) around the centre: itself and 4 neighbours
    assert impl.sg_placements(0, 0, index(2, 2), card(".#.", "###", ".#.")) == sorted(
        [
            card("..#", ".###", "..#"),
            card(".....", ".#", "###", ".#"),
            card(".....", "..#", ".###", "..#"),
            card(".....", "...#", "..###", "...#"),
            card(".....", ".....", "..#", ".###", "..#"),
        ]
    )
    assert impl.sg_placements(0, 0, index(0, 0), SQUARE) == [SQUARE]
    assert len(impl.sg_placements(0, 0, index(2, 2), SQUARE)) == 4


def test_no_room_no_placement(impl: ModuleType) -> None:
    assert impl.sg_placements(card(".#", "#"), 0, index(0, 0), DOMINO) == []
    assert impl.sg_placements(0, 2**25 - 1 - cell(4, 4), index(0, 0), DOMINO) == []
    assert impl.sg_placements(0, 2**25 - 1 - cell(4, 4), index(0, 0), 1) == [cell(4, 4)]


# --- single cells and reachability --------------------------------------------------------------


def test_single_cells(impl: ModuleType) -> None:
    assert impl.sg_single_cells(0, 0, index(2, 0)) == cell(2, 0)
    assert impl.sg_single_cells(card("..#"), card("#"), index(3, 0)) == cell(1, 0) | cell(0, 1)
    assert impl.sg_single_cells(0, cell(4, 0), index(2, 0)) == cell(3, 0) | cell(4, 1)  # no wrap
    assert impl.sg_single_cells(card(".....", ".#"), cell(0, 1), 2) == cell(0, 0) | cell(0, 2)
    ring = card(".....", ".###.", ".#.#.", ".###.")
    assert impl.sg_single_cells(0, ring, 0) == card(".###.", "#...#", "#.#.#", "#...#", ".###.")
    assert impl.sg_single_cells(0, 2**25 - 1, 0) == 0


def test_reachable(impl: ModuleType) -> None:
    assert impl.sg_reachable(0, index(2, 0)) == 2**25 - 1
    column1 = card(".#", ".#", ".#", ".#", ".#")
    assert impl.sg_reachable(column1, index(0, 0)) == card("#", "#", "#", "#", "#")  # no wrap
    assert impl.sg_reachable(column1, index(2, 0)) == card("..###", "..###", "..###", "..###", "..###")
    assert impl.sg_reachable(card(".#", "#"), index(0, 0)) == cell(0, 0)
    walls = card("#.###", "#.#..", "#.#.#", "#...#", "#####")
    assert impl.sg_reachable(walls, index(1, 0)) == card(".#", ".#.##", ".#.#", ".###")


# --- errors -------------------------------------------------------------------------------------


class Cell(enum.IntEnum):
    ENTRANCE = 2


def test_range_errors(impl: ModuleType) -> None:
    e = contract.E_RANGE
    assert "not a 25-bit cell mask" in str(raises(e, impl.sg_placements, 1 << 25, 0, 2, DOMINO))
    raises(e, impl.sg_placements, 0, -1, 2, DOMINO)
    raises(e, impl.sg_placements, 0, 2**64, 2, DOMINO)
    assert "not a cell index" in str(raises(e, impl.sg_placements, 0, 0, 25, DOMINO))
    raises(e, impl.sg_placements, 0, 1, -1, DOMINO)  # checked even when marked is not 0
    raises(e, impl.sg_placements, 0, 0, 2**31, DOMINO)
    assert "empty" in str(raises(e, impl.sg_placements, 0, 0, 2, 0))
    assert "4-connected" in str(raises(e, impl.sg_placements, 0, 0, 2, card("#.#")))
    assert "4-connected" in str(raises(e, impl.sg_orientations, card("....#", "#")))  # bits 4, 5
    raises(e, impl.sg_orientations, card("#", ".#"))
    raises(e, impl.sg_orientations, 1 << 31)
    assert "must be an int" in str(raises(e, impl.sg_placements, True, 0, 2, DOMINO))
    raises(e, impl.sg_placements, 0, 0, 2.0, DOMINO)
    raises(e, impl.sg_single_cells, 0, None, 2)
    raises(e, impl.sg_reachable, "0", 2)
    # range before card: a marked wall does not hide a bad entrance
    raises(e, impl.sg_placements, 1, 1, 30, DOMINO)
    raises(e, impl.sg_single_cells, 1, 1, -4)


def test_card_errors(impl: ModuleType) -> None:
    e = contract.E_BOARD
    assert "can't be marked" in str(raises(e, impl.sg_placements, cell(3, 3), cell(3, 3), 2, DOMINO))
    assert "is a wall" in str(raises(e, impl.sg_placements, cell(2, 0), 0, 2, DOMINO))
    raises(e, impl.sg_placements, cell(2, 0), cell(2, 1), 2, DOMINO)
    raises(e, impl.sg_single_cells, 3, 1, 4)
    raises(e, impl.sg_single_cells, cell(0, 0), 0, 0)
    raises(e, impl.sg_reachable, cell(4, 0), 4)


def test_int_subclasses_are_accepted(impl: ModuleType) -> None:
    assert impl.sg_placements(0, 0, Cell.ENTRANCE, DOMINO) == impl.sg_placements(0, 0, 2, DOMINO)
    assert impl.sg_single_cells(0, 0, Cell.ENTRANCE) == cell(2, 0)
    assert impl.sg_reachable(0, Cell.ENTRANCE) == 2**25 - 1


def test_header_constants() -> None:
    text = HEADER.read_text(encoding="utf-8")
    defines = {name: int(value, 0) for name, value in re.findall(r"^#define (PYR_SG_\w+) (\w+)$", text, re.M)}
    assert defines == {
        "PYR_SG_SIDE": contract.SG_SIDE,
        "PYR_SG_CELLS": contract.SG_CELLS,
        "PYR_SG_FULL": contract.SG_FULL,
        "PYR_SG_MAX_ORIENTATIONS": contract.SG_MAX_ORIENTATIONS,
        "PYR_SG_MAX_PLACEMENTS": contract.SG_MAX_PLACEMENTS,
        "PYR_SG_CARD_FIELDS": contract.SG_CARD_FIELDS,
        "PYR_SG_MAX_CARDS": contract.SG_MAX_CARDS,
        "PYR_SG_MAX_BASE": contract.SG_MAX_BASE,
        "PYR_SG_MAX_MARKINGS": contract.SG_MAX_MARKINGS,
        "PYR_SG_MAX_SEATS": contract.SG_MAX_SEATS,
    }


# --- the shape table ----------------------------------------------------------------------------


def test_shape_table_sizes() -> None:
    sizes = {name: len(table) for name, table in SHAPE_TABLE.items()}
    assert sizes == {"domino": 40, "straight3": 30, "l3": 64, "t4": 48, "l4": 96, "square": 16}
    assert max(sizes.values()) == contract.SG_MAX_PLACEMENTS


def test_shape_table_is_every_placement_on_an_empty_card(impl: ModuleType) -> None:
    for name, shape in SHAPES.items():
        everywhere = {mask for entrance in range(25) for mask in impl.sg_placements(0, 0, entrance, shape)}
        assert list(SHAPE_TABLE[name]) == sorted(everywhere)


def test_placement_ids_round_trip() -> None:
    for name, table in SHAPE_TABLE.items():
        assert list(table) == sorted(set(table))
        for placement, mask in enumerate(table):
            assert placement_id(name, mask) == placement
            assert placement_mask(name, placement) == mask
    assert placement_id("domino", card("##")) == 0
    assert placement_mask("square", 15) == card(".....", ".....", ".....", "...##", "...##")


def test_placement_id_errors() -> None:
    with pytest.raises(ValueError, match="unknown shape"):
        placement_id("pentomino", 3)
    with pytest.raises(ValueError, match="not a placement"):
        placement_id("domino", card("#.#"))
    with pytest.raises(ValueError, match="not a placement"):
        placement_id("domino", SQUARE)
    with pytest.raises(ValueError, match="unknown shape"):
        placement_mask("pentomino", 0)
    for bad in (-1, 40, True, 1.0):
        with pytest.raises(ValueError, match="not a placement id"):
            placement_mask("domino", bad)  # type: ignore[arg-type]

"""The core's semantics on hand-made boards.

Written against :mod:`pyramido.geometry.reference`; every test also runs on the C facade
:mod:`pyramido.geometry.core` (the ``impl`` fixture of conftest.py), so a hand-checked answer pins both.
"""

from __future__ import annotations

import array
import enum
import functools
from types import ModuleType
from typing import Any

import pytest

from pyramido.errors import CoreError
from pyramido.geometry import contract
from pyramido.geometry.board import (
    BOARD_SIZE,
    CELLS,
    NO_AREA,
    STEP,
    block_byte,
    block_index,
    encode_placement,
)

# --- building boards -------------------------------------------------------------------


def put(board: bytearray, stage: int, x: int, y: int, colour: int = 1, icons: int = 0) -> None:
    board[block_index(stage, x, y)] = block_byte(colour, icons)


def fill(board: bytearray, stage: int, x0: int, y0: int, w: int, h: int, colour: int = 1) -> None:
    for y in range(y0, y0 + h):
        for x in range(x0, x0 + w):
            put(board, stage, x, y, colour)


def empty() -> bytearray:
    return bytearray(BOARD_SIZE)


def both_ways(a: tuple[int, int], b: tuple[int, int]) -> list[int]:
    """The two placements of a domino on spaces ``a`` and ``b`` (A on either)."""
    result = []
    for (ax, ay), (bx, by) in ((a, b), (b, a)):
        rot = STEP.index((bx - ax, by - ay))
        result.append(encode_placement(ax, ay, rot))
    return result


def code_of(call: Any, *args: Any) -> int:
    with pytest.raises(CoreError) as caught:
        call(*args)
    return caught.value.code


# --- placements --------------------------------------------------------------------------


def test_first_domino_goes_to_the_anchor(impl: ModuleType) -> None:
    board = empty()
    assert impl.placements(bytes(board), 0) == [160, 161, 162, 163]
    put(board, 2, 1, 1)  # upper stages don't matter to stage 0
    assert impl.placements(bytes(board), 0) == [encode_placement(4, 4, rot) for rot in range(4)]


def test_second_domino_must_touch_the_first(impl: ModuleType) -> None:
    board = empty()
    put(board, 0, 4, 4)
    put(board, 0, 5, 4)
    # the empty spaces touching the domino are (3,4), (6,4), (4,3), (5,3), (4,5), (5,5);
    # every domino position covering one of them, listed by hand:
    positions = [
        ((3, 4), (2, 4)), ((3, 4), (3, 3)), ((3, 4), (3, 5)),
        ((6, 4), (7, 4)), ((6, 4), (6, 3)), ((6, 4), (6, 5)),
        ((4, 3), (3, 3)), ((4, 3), (5, 3)), ((4, 3), (4, 2)),
        ((5, 3), (6, 3)), ((5, 3), (5, 2)),
        ((4, 5), (3, 5)), ((4, 5), (5, 5)), ((4, 5), (4, 6)),
        ((5, 5), (6, 5)), ((5, 5), (5, 6)),
    ]  # fmt: skip
    expected = sorted(p for a, b in positions for p in both_ways(a, b))
    assert impl.placements(bytes(board), 0) == expected
    assert len(expected) == 32


def test_stage0_span_stays_within_5x4_or_4x5(impl: ModuleType) -> None:
    board = empty()
    fill(board, 0, 2, 4, 4, 1)  # a row x 2..5
    legal = impl.placements(bytes(board), 0)
    assert encode_placement(6, 4, 0) not in legal  # 6 wide
    assert encode_placement(1, 4, 2) not in legal  # 6 wide
    assert encode_placement(6, 4, 1) in legal  # 5x2
    assert encode_placement(2, 3, 3) in legal  # 4x3
    fill(board, 0, 2, 3, 4, 4)  # a 4x4 square x 2..5, y 3..6
    legal = impl.placements(bytes(board), 0)
    assert encode_placement(6, 3, 1) in legal  # 5x4
    assert encode_placement(2, 7, 0) in legal  # 4x5
    assert encode_placement(6, 6, 0) not in legal  # 6x4
    assert encode_placement(2, 8, 3) not in legal  # 4x6
    assert encode_placement(6, 3, 0) not in legal  # (6,3)-(7,3): 6 wide


def test_stage0_placements_stay_on_the_lattice(impl: ModuleType) -> None:
    board = empty()
    put(board, 0, 0, 0)
    put(board, 0, 1, 0)
    positions = [
        ((2, 0), (3, 0)), ((2, 0), (2, 1)), ((0, 1), (1, 1)),
        ((0, 1), (0, 2)), ((1, 1), (2, 1)), ((1, 1), (1, 2)),
    ]  # fmt: skip
    assert impl.placements(bytes(board), 0) == sorted(p for a, b in positions for p in both_ways(a, b))


def test_full_or_oversized_stage0_has_no_placement(impl: ModuleType) -> None:
    board = empty()
    fill(board, 0, 2, 3, 5, 4)
    assert impl.placements(bytes(board), 0) == []
    board = empty()
    put(board, 0, 0, 0)
    put(board, 0, 8, 8)  # not reachable in play, but defined
    assert impl.placements(bytes(board), 0) == []


def test_upper_stage_placements_fill_the_shrinking_box(impl: ModuleType) -> None:
    board = empty()
    fill(board, 0, 2, 3, 5, 4)  # 5x4 at x 2..6, y 3..6
    # 4x3: 9 horizontal + 8 vertical positions; 3x2: 4 + 3; 2x1: 1; each both ways
    assert len(impl.placements(bytes(board), 1)) == 34
    assert len(impl.placements(bytes(board), 2)) == 14
    assert impl.placements(bytes(board), 3) == both_ways((2, 3), (3, 3))
    board[block_index(0, 3, 4)] = 0  # a gap below: no support is needed
    assert len(impl.placements(bytes(board), 1)) == 34
    put(board, 1, 2, 3)
    put(board, 1, 3, 3)
    legal = impl.placements(bytes(board), 1)
    assert len(legal) == 34 - 8
    assert encode_placement(4, 3, 0) in legal
    assert encode_placement(4, 3, 2) not in legal
    assert len(impl.placements(bytes(board), 2)) == 14  # stages are independent


def test_upper_stage_ignores_blocks_outside_its_box(impl: ModuleType) -> None:
    board = empty()
    fill(board, 0, 2, 3, 5, 4)
    put(board, 1, 8, 8)
    put(board, 1, 7, 8)
    legal = impl.placements(bytes(board), 1)
    assert len(legal) == 34
    assert all(2 <= p // 4 % 9 <= 5 and 3 <= p // 4 // 9 <= 5 for p in legal)


def test_4x5_base_transposes_the_stages(impl: ModuleType) -> None:
    board = empty()
    fill(board, 0, 0, 4, 4, 5)
    assert impl.stage_box(bytes(board), 1) == (0, 4, 2, 7)
    assert impl.stage_box(bytes(board), 3) == (0, 4, 0, 5)
    assert impl.placements(bytes(board), 3) == [encode_placement(0, 4, 1), encode_placement(0, 5, 3)]
    board[block_index(0, 1, 5)] = 0  # holes inside an exact span keep the box
    assert impl.stage_box(bytes(board), 3) == (0, 4, 0, 5)
    put(board, 3, 0, 5)
    assert impl.placements(bytes(board), 3) == []


# --- stage boxes ------------------------------------------------------------------------


def test_stage_box(impl: ModuleType) -> None:
    board = empty()
    assert code_of(impl.stage_box, bytes(board), 0) == contract.E_NOBOX
    fill(board, 0, 0, 0, 5, 3)
    assert impl.stage_box(bytes(board), 0) == (0, 0, 4, 2)  # need not be exact for stage 0
    assert code_of(impl.stage_box, bytes(board), 1) == contract.E_NOBOX
    put(board, 0, 0, 3)
    assert [impl.stage_box(bytes(board), s) for s in range(4)] == [
        (0, 0, 4, 3),
        (0, 0, 3, 2),
        (0, 0, 2, 1),
        (0, 0, 1, 0),
    ]
    put(board, 0, 0, 4)  # 5x5: no box any more
    for stage in (1, 2, 3):
        assert code_of(impl.stage_box, bytes(board), stage) == contract.E_NOBOX
        assert code_of(impl.placements, bytes(board), stage) == contract.E_NOBOX
        assert code_of(impl.can_tile, bytes(board), stage) == contract.E_NOBOX


# --- top view and areas -------------------------------------------------------------------


def test_top_view_shows_the_topmost_block(impl: ModuleType) -> None:
    board = empty()
    put(board, 0, 0, 0, 2, 0b1001)  # TL and BR icons
    put(board, 1, 0, 0, 3, 0b0010)  # TR icon; covers cells (1..2, 1..2)
    put(board, 3, 7, 7, 5, 0b0001)  # covers (17..18, 17..18): only (17,17) is on the grid
    put(board, 3, 8, 8, 6, 0b1111)  # entirely off the grid
    put(board, 0, 8, 8, 7, 0b1000)  # cells (16..17, 16..17), its BR under stage 3
    view = impl.top_view(bytes(board))
    assert isinstance(view, bytes) and len(view) == CELLS * CELLS

    def cell(cx: int, cy: int) -> int:
        return view[cy * CELLS + cx]

    assert cell(0, 0) == 2 | 8
    assert cell(1, 0) == 2 and cell(0, 1) == 2
    assert cell(1, 1) == 3 | 1 << 4  # stage 1's TL hides stage 0's BR icon
    assert cell(2, 1) == 3 | 8 | 1 << 4
    assert cell(1, 2) == cell(2, 2) == 3 | 1 << 4
    assert cell(2, 0) == 0
    assert cell(17, 17) == 5 | 8 | 3 << 4
    assert cell(16, 16) == cell(17, 16) == cell(16, 17) == 7
    assert sum(1 for byte in view if byte) == 4 + 3 + 3 + 1


def test_areas_join_same_colours_across_stages(impl: ModuleType) -> None:
    board = empty()
    put(board, 0, 0, 0, 1, 0b0011)  # red, icons TL, TR
    put(board, 0, 1, 0, 1)
    put(board, 0, 2, 0, 2, 0b0100)  # blue, icon BL at cell (4,1)
    areas = impl.label_areas(bytes(board))
    assert areas.colours == [1, 2]
    assert areas.cells == [8, 4]
    assert areas.icons == [2, 1]
    assert areas.labels[0] == areas.labels[3] == 0
    assert areas.labels[4] == areas.labels[CELLS + 5] == 1
    assert areas.labels[6] == areas.labels[2 * CELLS] == NO_AREA

    put(board, 1, 0, 0, 2, 0b1000)  # blue over cells (1..2, 1..2): touches only red
    areas = impl.label_areas(bytes(board))
    assert areas.colours == [1, 2, 2]  # numbered by first cell: (0,0), (4,0), (1,1)
    assert areas.cells == [6, 4, 4]
    assert areas.icons == [2, 1, 1]
    assert areas.labels[CELLS + 1] == 2

    put(board, 1, 1, 0, 2)  # blue over cells (3..4, 1..2): joins both blues, hides (4,1)
    areas = impl.label_areas(bytes(board))
    assert areas.colours == [1, 2]
    assert areas.cells == [5, 11]
    assert areas.icons == [2, 1]

    put(board, 1, 4, 0, 1)  # a lone red block over cells (9..10, 1..2)
    areas = impl.label_areas(bytes(board))
    assert areas.colours == [1, 2, 1]
    assert areas.labels[CELLS + 9] == 2
    assert areas.cells[2] == 4


def test_areas_are_cut_by_what_lies_on_top(impl: ModuleType) -> None:
    board = empty()
    fill(board, 0, 0, 4, 5, 1, 1)  # a red row: cells (0..9, 8..9)
    put(board, 3, 2, 3, 2)  # blue over cells (7..8, 9..10): cuts row 9 only
    areas = impl.label_areas(bytes(board))
    assert areas.colours == [1, 2]
    assert areas.cells == [18, 4]
    put(board, 2, 3, 3, 2)  # blue over cells (8..9, 8..9): cuts both rows
    areas = impl.label_areas(bytes(board))
    assert areas.colours == [1, 2]  # the two blues touch
    assert areas.cells == [15, 7]


def test_areas_of_an_empty_board(impl: ModuleType) -> None:
    areas = impl.label_areas(bytes(BOARD_SIZE))
    assert areas == contract.Areas(array.array("H", [NO_AREA] * CELLS * CELLS), [], [], [])
    assert areas._fields == ("labels", "colours", "icons", "cells")


def cell(cx: int, cy: int) -> int:
    """The index of cell ``(cx, cy)`` in a top view or a list of labels."""
    return cy * CELLS + cx


def test_linked_areas_join_through_a_hidden_block(impl: ModuleType) -> None:
    # a red stage-1 block (2, 2), cells (5..6, 5..6), fully covered by the four stage-2
    # blocks that rest on it: red (1, 1) over (4..5, 4..5), blue (2, 1), green (1, 2) and
    # red (2, 2) over (6..7, 6..7); the two reds touch only at a corner in the top view
    board = empty()
    put(board, 1, 2, 2, 1, 0b1111)  # hidden icons never count
    put(board, 2, 1, 1, 1, 0b0001)
    put(board, 2, 2, 1, 2)
    put(board, 2, 1, 2, 3)
    put(board, 2, 2, 2, 1, 0b1000)
    top = impl.label_areas(bytes(board))
    assert top.colours == [1, 2, 3, 1]  # by first cell: (4, 4), (6, 4), (4, 6), (6, 6)
    assert top.labels[cell(6, 6)] == 3
    linked = impl.label_areas(bytes(board), linked=True)
    assert linked.colours == [1, 2, 3]
    assert linked.cells == [8, 4, 4]
    assert linked.icons == [2, 0, 0]
    assert linked.labels[cell(4, 4)] == linked.labels[cell(7, 7)] == 0
    assert linked.labels[cell(5, 5)] == 0  # shows stage 2's red, not the hidden block
    assert (linked.labels[cell(7, 4)], linked.labels[cell(4, 7)]) == (1, 2)
    assert linked.labels[cell(3, 3)] == NO_AREA
    # different colours are never joined: a blue hidden block joins the blue above only
    put(board, 1, 2, 2, 2)
    assert impl.label_areas(bytes(board), linked=True) == top


def test_linked_areas_run_through_hidden_blocks_side_by_side(impl: ModuleType) -> None:
    # red stage-0 blocks (2, 2) and (3, 2), cells (4..7, 4..5), all hidden, hold up red
    # stage-1 (1, 1) at cell (4, 4) and red stage-1 (3, 1) at cell (7, 4); blue stage-1
    # (2, 1) parts the reds in the top view, green stage-1 blocks hide row 5
    board = empty()
    put(board, 0, 2, 2, 1)
    put(board, 0, 3, 2, 1)
    put(board, 1, 1, 1, 1)
    put(board, 1, 2, 1, 2)
    put(board, 1, 3, 1, 1)
    fill(board, 1, 1, 2, 3, 1, 3)
    assert impl.label_areas(bytes(board)).colours == [1, 2, 1, 3]
    linked = impl.label_areas(bytes(board), linked=True)
    assert linked.colours == [1, 2, 3]
    assert linked.cells == [8, 4, 12]
    assert linked.labels[cell(8, 4)] == 0
    put(board, 0, 3, 2, 4)  # a yellow link breaks the chain
    assert impl.label_areas(bytes(board), linked=True).colours == [1, 2, 1, 3]


def test_linked_areas_join_a_blocks_own_quadrants(impl: ModuleType) -> None:
    # red stage-0 (2, 2) shows only its TL (4, 4) and BR (5, 5), both with icons: blue
    # stage-1 (2, 1) and (1, 2) cover the other two, and rest on nothing blue
    board = empty()
    put(board, 0, 2, 2, 1, 0b1001)
    put(board, 1, 2, 1, 2)
    put(board, 1, 1, 2, 2)
    top = impl.label_areas(bytes(board))
    assert top.colours == [2, 1, 2, 1]  # (5, 3), (4, 4), (3, 5), (5, 5)
    linked = impl.label_areas(bytes(board), linked=True)
    assert linked.colours == [2, 1, 2]
    assert (linked.cells, linked.icons) == ([4, 2, 4], [0, 2, 0])
    assert linked.labels[cell(4, 4)] == linked.labels[cell(5, 5)] == 1


def test_linked_areas_only_join_cells_on_the_grid(impl: ModuleType) -> None:
    # red stage-2 blocks (7, 0) and (7, 2), cells (16..17, 2..3) and (16..17, 6..7),
    # parted by blue (7, 1); red stage-2 blocks on column 8 cover cells 18..19 only: no
    # cells, so no link
    board = empty()
    put(board, 2, 7, 0, 1)
    put(board, 2, 7, 1, 2)
    put(board, 2, 7, 2, 1)
    fill(board, 2, 8, 0, 1, 3, 1)
    assert impl.label_areas(bytes(board), linked=True).colours == [1, 2, 1]
    # stage 1's column 8 covers cell column 17: a red chain (8, 1)-(8, 3) under it joins them
    fill(board, 1, 8, 1, 1, 3, 1)
    assert impl.label_areas(bytes(board)).colours == [1, 2, 1]
    linked = impl.label_areas(bytes(board), linked=True)
    assert linked.colours == [1, 2]
    assert linked.cells == [4 + 4 + 1, 4]  # (17, 8) shows stage 1


def test_one_stage_gives_the_same_areas_both_ways(impl: ModuleType) -> None:
    board = empty()
    fill(board, 0, 2, 3, 5, 4, 1)
    put(board, 0, 3, 4, 2, 0b0011)
    put(board, 0, 5, 5, 2, 0b0100)
    areas = impl.label_areas(bytes(board))
    assert areas.colours == [1, 2, 2]
    assert impl.label_areas(bytes(board), linked=True) == areas
    assert impl.label_areas(bytes(board), linked=False) == areas
    board = empty()
    fill(board, 2, 0, 0, 3, 2, 4)  # a single upper stage too
    put(board, 2, 1, 0, 5, 0b1111)
    assert impl.label_areas(bytes(board), linked=True) == impl.label_areas(bytes(board))


# --- tiling -------------------------------------------------------------------------------


def test_can_tile_stage0(impl: ModuleType) -> None:
    board = empty()
    assert impl.can_tile(bytes(board), 0) is True
    put(board, 0, 4, 4)
    assert impl.can_tile(bytes(board), 0) is False  # 19 spaces left in any box
    put(board, 0, 5, 4)
    assert impl.can_tile(bytes(board), 0) is True
    board = empty()
    fill(board, 0, 2, 3, 5, 4)
    assert impl.can_tile(bytes(board), 0) is True  # full
    board[block_index(0, 2, 3)] = board[block_index(0, 6, 6)] = 0
    assert impl.can_tile(bytes(board), 0) is False  # opposite corners: balanced, stuck
    board[block_index(0, 3, 3)] = board[block_index(0, 6, 5)] = 0
    assert impl.can_tile(bytes(board), 0) is True


def test_can_tile_stage0_tries_every_box(impl: ModuleType) -> None:
    # a 4x4 at x 1..4, y 1..4 with holes (1,1) and (1,4): only the box with column 0 tiles
    board = empty()
    fill(board, 0, 1, 1, 4, 4, 3)
    board[block_index(0, 1, 1)] = board[block_index(0, 1, 4)] = 0
    assert impl.can_tile(bytes(board), 0) is True
    # the same shape against the lattice's left edge: that box does not exist
    board = empty()
    fill(board, 0, 0, 1, 4, 4, 3)
    board[block_index(0, 0, 1)] = board[block_index(0, 0, 4)] = 0
    assert impl.can_tile(bytes(board), 0) is False
    # mirrored against the right edge, then one column in from it
    board = empty()
    fill(board, 0, 5, 1, 4, 4, 3)
    board[block_index(0, 8, 1)] = board[block_index(0, 8, 4)] = 0
    assert impl.can_tile(bytes(board), 0) is False
    board = empty()
    fill(board, 0, 4, 1, 4, 4, 3)
    board[block_index(0, 7, 1)] = board[block_index(0, 7, 4)] = 0
    assert impl.can_tile(bytes(board), 0) is True
    # transposed, against the bottom edge (no row 9), and against the top one
    board = empty()
    fill(board, 0, 1, 5, 4, 4, 3)
    board[block_index(0, 1, 8)] = board[block_index(0, 4, 8)] = 0
    assert impl.can_tile(bytes(board), 0) is False
    board = empty()
    fill(board, 0, 1, 0, 4, 4, 3)
    board[block_index(0, 1, 0)] = board[block_index(0, 4, 0)] = 0
    assert impl.can_tile(bytes(board), 0) is False
    board = empty()
    fill(board, 0, 1, 1, 4, 4, 3)
    board[block_index(0, 1, 1)] = board[block_index(0, 4, 1)] = 0
    assert impl.can_tile(bytes(board), 0) is True


def test_can_tile_upper_stages(impl: ModuleType) -> None:
    board = empty()
    fill(board, 0, 2, 3, 5, 4)
    for stage in (1, 2, 3):
        assert impl.can_tile(bytes(board), stage) is True
    put(board, 1, 3, 3)
    put(board, 1, 3, 5)  # (2,3) and (2,5) both need (2,4)
    assert impl.can_tile(bytes(board), 1) is False
    board[block_index(1, 3, 5)] = 0
    assert impl.can_tile(bytes(board), 1) is False  # 11 spaces
    put(board, 1, 2, 3)
    assert impl.can_tile(bytes(board), 1) is True
    put(board, 3, 2, 3)
    assert impl.can_tile(bytes(board), 3) is False
    put(board, 3, 3, 3)
    put(board, 3, 8, 8)  # outside the box: ignored
    assert impl.can_tile(bytes(board), 3) is True


# --- arguments and errors ---------------------------------------------------------------------


class Stage(enum.IntEnum):
    FIRST = 0
    SECOND = 1


def test_any_bytes_like_board(impl: ModuleType) -> None:
    board = empty()
    fill(board, 0, 2, 3, 5, 4)
    put(board, 1, 2, 3, 4, 0b0101)
    expected = impl.placements(bytes(board), 1)
    assert impl.placements(board, 1) == expected
    assert impl.placements(memoryview(board), 1) == expected
    assert impl.placements(array.array("B", board), 1) == expected
    assert impl.placements(memoryview(board).cast("H"), 1) == expected  # 162 items, 324 bytes
    doubled = bytes(b for byte in board for b in (byte, 0xFF))
    assert impl.placements(memoryview(doubled)[::2], 1) == expected  # not contiguous
    assert impl.placements(bytes(board), Stage.SECOND) == expected
    assert impl.label_areas(board) == impl.label_areas(bytes(board))
    assert impl.top_view(memoryview(board)) == impl.top_view(bytes(board))


@pytest.mark.parametrize("not_a_board", [None, 324, "x" * 324, [0] * 324, 1.5])
def test_not_bytes_like_is_null(impl: ModuleType, not_a_board: Any) -> None:
    for call, args in (
        (impl.placements, (not_a_board, 0)),
        (impl.top_view, (not_a_board,)),
        (impl.label_areas, (not_a_board,)),
        (impl.can_tile, (not_a_board, 9)),  # null comes before the stage
        (impl.stage_box, (not_a_board, None)),
    ):
        assert code_of(call, *args) == contract.E_NULL


@pytest.mark.parametrize("size", [0, 1, 323, 325, 648])
def test_wrong_length_is_range(impl: ModuleType, size: int) -> None:
    assert code_of(impl.placements, bytes(size), 0) == contract.E_RANGE
    assert code_of(impl.top_view, bytearray(size)) == contract.E_RANGE
    assert code_of(impl.label_areas, bytes(size)) == contract.E_RANGE
    assert code_of(impl.stage_box, bytes(size), "x") == contract.E_RANGE


@pytest.mark.parametrize(
    "stage", [-1, 4, 5, -(2**31), 2**31, 2**31 - 1, 2**64, -(2**70), True, False, 1.0, "1", None]
)
def test_bad_stage_is_range(impl: ModuleType, stage: Any) -> None:
    board = empty()
    board[0] = 0x08  # a malformed byte too: the stage is checked first
    for call in (impl.placements, impl.can_tile, impl.stage_box):
        assert code_of(call, bytes(board), stage) == contract.E_RANGE
        assert code_of(call, bytes(BOARD_SIZE), stage) == contract.E_RANGE


@pytest.mark.parametrize("byte", [0x08, 0x0F, 0x10, 0x80, 0xF0, 0xF8, 0xFF])
@pytest.mark.parametrize("where", [0, 80, 81, 323])
def test_malformed_byte_is_board(impl: ModuleType, byte: int, where: int) -> None:
    board = empty()
    fill(board, 0, 2, 3, 5, 4)
    board[where] = byte
    data = bytes(board)
    for call, args in (
        (impl.placements, (data, 0)),
        (impl.placements, (data, 3)),
        (impl.top_view, (data,)),
        (impl.label_areas, (data,)),
        (functools.partial(impl.label_areas, linked=True), (data,)),
        (impl.can_tile, (data, 1)),
        (impl.stage_box, (data, 2)),
    ):
        with pytest.raises(CoreError) as caught:
            call(*args)
        assert caught.value.code == contract.E_BOARD
        stage, rest = divmod(where, 81)
        y, x = divmod(rest, 9)
        assert f"0x{byte:02x} at stage {stage} block ({x}, {y})" in str(caught.value)


def test_every_well_formed_byte_is_accepted(impl: ModuleType) -> None:
    for colour in range(1, 8):
        for icons in range(16):
            board = empty()
            put(board, 3, 8, 8, colour, icons)
            put(board, 0, 0, 0, colour, icons)
            assert impl.top_view(bytes(board))[0] == colour | (icons & 1) << 3


@pytest.mark.parametrize("linked", [0, 1, None, "yes", 1.0, [], (True,)])
def test_linked_must_be_a_bool(impl: ModuleType, linked: Any) -> None:
    label_areas = functools.partial(impl.label_areas, linked=linked)
    board = empty()
    with pytest.raises(CoreError) as caught:
        label_areas(bytes(board))
    assert caught.value.code == contract.E_RANGE
    assert str(caught.value) == (
        f"core error -2: label_areas: argument out of range: linked {linked!r} is not a bool"
    )
    board[0] = 0x08  # a malformed byte too: linked is checked first
    assert code_of(label_areas, bytes(board)) == contract.E_RANGE
    # ...but after the board's type and length
    assert code_of(label_areas, None) == contract.E_NULL
    with pytest.raises(CoreError, match=r"label_areas: argument out of range: board has 3 bytes"):
        label_areas(b"abc")


def test_linked_is_keyword_only(impl: ModuleType) -> None:
    with pytest.raises(TypeError):
        impl.label_areas(bytes(BOARD_SIZE), True)


def test_errors_are_value_errors_with_the_function_named(impl: ModuleType) -> None:
    def message(call: Any, *args: Any) -> str:
        with pytest.raises(ValueError) as caught:
            call(*args)
        return str(caught.value)

    board = empty()
    fill(board, 0, 0, 0, 5, 3)
    assert message(impl.stage_box, bytes(BOARD_SIZE), 2) == (
        "core error -5: stage_box: stage has no box: stage 2 (stage 0 has no block)"
    )
    assert message(impl.can_tile, bytes(board), 1) == (
        "core error -5: can_tile: stage has no box: stage 1"
        " (stage 0 spans 5x3 blocks, not exactly 5x4 or 4x5)"
    )
    assert message(impl.placements, b"abc", 0) == (
        "core error -2: placements: argument out of range: board has 3 bytes, not 324"
    )
    assert message(impl.top_view, None) == (
        "core error -1: top_view: null pointer: board must be a bytes-like object, not NoneType"
    )
    assert message(impl.can_tile, bytes(BOARD_SIZE), 7) == (
        "core error -2: can_tile: argument out of range: stage 7 is not an int in 0..3"
    )
    board[5] = 0x18
    assert message(impl.label_areas, bytes(board)) == (
        "core error -3: label_areas: malformed board or card: block byte 0x18 at stage 0 block (5, 0)"
        " has bit 3 set"
    )
    board[5] = 0x10
    assert message(impl.top_view, bytes(board)) == (
        "core error -3: top_view: malformed board or card: block byte 0x10 at stage 0 block (5, 0)"
        " has icons but no colour"
    )


def test_messages_quote_huge_arguments_briefly(impl: ModuleType) -> None:
    """A 5,000-digit int (whose repr() raises) or a megabyte string is still E_RANGE, quoted short."""
    huge, long_text = 10**5000, "x" * 1_000_000
    for call, args in (
        (impl.placements, (bytes(BOARD_SIZE), huge)),
        (impl.can_tile, (bytes(BOARD_SIZE), -huge)),
        (functools.partial(impl.label_areas, linked=long_text), (bytes(BOARD_SIZE),)),
        (impl.sg_placements, (huge, 0, 2, 3)),
        (impl.sg_reachable, (0, huge)),
        (impl.sg_single_cells, (0, 0, long_text)),
    ):
        with pytest.raises(CoreError) as caught:
            call(*args)
        assert caught.value.code == contract.E_RANGE
        assert len(str(caught.value)) < 200, str(caught.value)


@pytest.mark.parametrize("code", [0, -1, -2, -3, -4, -5, 1, -6, 2**31, -(2**80)])
def test_strerror_words_each_code(impl: ModuleType, code: int) -> None:
    texts = {
        0: "success",
        -1: "null pointer",
        -2: "argument out of range",
        -3: "malformed board or card",
        -4: "output buffer too small",
        -5: "stage has no box",
    }
    assert impl.strerror(code) == texts.get(code, "unknown error code")


def test_messages_word_the_code_with_strerror(impl: ModuleType) -> None:
    """``function: strerror(code): detail``; on the facade strerror is the C library's."""
    board = empty()
    board[7] = 0x08
    for call, args in (
        (impl.placements, (None, 0)),
        (impl.placements, (bytes(BOARD_SIZE), 4)),
        (impl.top_view, (bytes(board),)),
        (impl.stage_box, (bytes(BOARD_SIZE), 0)),
        (impl.sg_placements, (1, 1, 0, 3)),
        (impl.sg_reachable, (0, 25)),
    ):
        with pytest.raises(CoreError) as caught:
            call(*args)
        code = caught.value.code
        assert str(caught.value).startswith(f"core error {code}: {call.__name__}: {impl.strerror(code)}: ")


def test_error_codes_are_exported(impl: ModuleType) -> None:
    assert (impl.OK, impl.E_NULL, impl.E_RANGE, impl.E_BOARD, impl.E_CAPACITY, impl.E_NOBOX) == (
        0,
        -1,
        -2,
        -3,
        -4,
        -5,
    )
    assert impl.Areas is contract.Areas

"""A board's stage planes (``BoardPlanes``, ``pyr_board_planes``, docs/core.md): the C core
and :mod:`pyramido.geometry.reference` write the same int16 planes and return the same
counts on random boards, one after another as a game lays blocks; on bad arguments both
raise the same error, with the same message, and write nothing."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_core_differential import SETTINGS, arbitrary_boards, mutated_boards, reachable_boards

from pyramido.errors import CoreError
from pyramido.geometry import core, reference
from pyramido.geometry.board import BOARD_SIZE, STAGES
from pyramido.tools.random_boards import random_board

EMPTY = bytes(BOARD_SIZE)


def _planes(colours: int, channels: int) -> np.ndarray[Any, np.dtype[np.int16]]:
    return np.zeros(STAGES * channels * 81, np.int16)


def _outcome(module: Any, planes: Any, colours: Any, channels: Any, boards: list[Any]) -> list[Any]:
    """What each write returned (or the error), from empty planes."""
    found: list[Any] = []
    try:
        writer = module.BoardPlanes(planes, colours, channels)
    except CoreError as error:
        return [("error", error.code, str(error))]
    before: Any = EMPTY
    for board in boards:
        try:
            found.append(writer.write(board, before))
            before = board
        except CoreError as error:
            found.append(("error", error.code, str(error)))
    return found


def _agree(colours: Any, channels: Any, boards: list[Any]) -> None:
    ours, theirs = _planes(6, 12), _planes(6, 12)
    mine, wanted = (
        _outcome(core, ours, colours, channels, boards),
        _outcome(reference, theirs, colours, channels, boards),
    )
    assert mine == wanted
    assert ours.tobytes() == theirs.tobytes()


@settings(max_examples=60, **SETTINGS)
@given(st.lists(st.one_of(reachable_boards, mutated_boards), min_size=1, max_size=4), st.integers(5, 7))
def test_c_and_reference_write_the_same_planes(boards: list[bytes], colours: int) -> None:
    """Board after board (reachable ones, and some with bytes changed to anything): the
    same planes, counts and errors, for 5 to 7 colours (the planes' size follows)."""
    channels = colours + 6
    ours, theirs = _planes(colours, channels), _planes(colours, channels)
    assert _outcome(core, ours, colours, channels, boards) == _outcome(
        reference, theirs, colours, channels, boards
    )
    assert ours.tobytes() == theirs.tobytes()


@settings(max_examples=40, **SETTINGS)
@given(arbitrary_boards, st.one_of(st.integers(-2, 9), st.none(), st.booleans()), st.integers(-1, 14))
def test_bad_arguments_are_the_same_errors(board: bytes, colours: Any, channels: Any) -> None:
    _agree(colours, channels, [board, bytearray(board), board[:10], None])


def test_the_planes_are_those_a_board_lights_and_no_others() -> None:
    """Each block lights occupied, its colour and its icons; laying blocks one at a time
    and taking them away again leaves every value 0."""
    rng = random.Random(3)
    board = next(
        b for b in iter(lambda: random_board(rng, core.placements), None) if b.count(0) < BOARD_SIZE - 8
    )
    planes = _planes(6, 12)
    writer = core.BoardPlanes(planes, 6, 12)
    assert writer.write(board, EMPTY) == BOARD_SIZE - board.count(0)
    lit = planes.reshape(STAGES, 12, 81)
    for index, byte in enumerate(board):
        stage, cell = divmod(index, 81)
        icons = [7 + q for q in range(4) if byte >> (4 + q) & 1]
        want = {0, byte & 7, *icons} if byte else set()
        assert set(np.flatnonzero(lit[stage, :, cell]).tolist()) == want
    assert writer.write(EMPTY, board) == BOARD_SIZE - board.count(0)
    assert not planes.any()


def test_planes_must_be_a_writable_int16_buffer_of_the_size() -> None:
    for planes, match in (
        (np.zeros(10, np.int16), "planes hold 10 values, not 3888"),
        (np.zeros(3888, np.float64), "writable int16 buffer"),
        (np.zeros(3888, np.int16)[::-1], "writable int16 buffer"),
        (b"\0" * 3888 * 2, "writable int16 buffer"),
    ):
        for module in (core, reference):
            with pytest.raises(CoreError, match=match):
                module.BoardPlanes(planes, 6, 12)

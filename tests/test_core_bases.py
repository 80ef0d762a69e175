"""The C core and the reference agree on pyramids of any base (``base=``, a house rule's
``pyramid_base``): random games on random bases, any base value at all, and the stage
sizes a base gives. The printed base's boards are test_core_differential.py's."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from test_core_differential import SETTINGS, agree

from pyramido.errors import CoreError
from pyramido.geometry import core, reference
from pyramido.geometry.board import MAX_BASE, STAGES, STEP, block_byte, block_index

sides = st.integers(1, MAX_BASE)
bases = st.tuples(sides, sides).filter(lambda base: base[0] * base[1] >= 2)


def _played(rng: random.Random, base: tuple[int, int]) -> bytes:
    """A board of random placements on ``base`` (the reference's), stage by stage, each
    stage stopped at random, with gaps sometimes, as in play."""
    board = bytearray(324)
    stages = min(*base, STAGES)
    for stage in range(rng.randrange(stages) + 1):
        while True:
            try:
                legal = reference.placements(bytes(board), stage, base=base)
            except CoreError:  # stage 0 never reached the base's span: no upper box
                return bytes(board)
            if not legal or rng.random() < 0.08:
                break
            placement = rng.choice(legal)
            x, y = placement // 4 % 9, placement // 36
            dx, dy = STEP[placement % 4]
            for bx, by in ((x, y), (x + dx, y + dy)):
                board[block_index(stage, bx, by)] = block_byte(rng.randint(1, 6), rng.randrange(16))
    return bytes(board)


played = st.tuples(st.integers(0, 2**64 - 1).map(random.Random), bases).map(
    lambda drawn: (_played(drawn[0], drawn[1]), drawn[1])
)


@settings(max_examples=300, **SETTINGS)
@given(played)
def test_boards_of_any_base_agree(board_and_base: tuple[bytes, tuple[int, int]]) -> None:
    board, base = board_and_base
    for stage in range(-1, STAGES + 1):
        for name in ("placements", "can_tile", "stage_box"):
            agree(name, board, stage, base=base)
        agree("placement_indices", board, stage, 7, base=base)


@settings(max_examples=150, **SETTINGS)
@given(played, st.integers(0, 3))
def test_valuations_of_any_base_agree(board_and_base: tuple[bytes, tuple[int, int]], stage: int) -> None:
    """The greedy bot's calls: the stage's box and tiling read the base."""
    board, base = board_and_base
    try:
        placements = core.placements(board, stage, base=base)[:6]
    except CoreError:  # no such stage, or no box: the valuations say so alike
        placements = [0, 161]
    dominoes = [(0x11, 0x32), (0x53, 0x04 | 0x20)]
    markers, weights = {1: 40}, (1.0, 0.5, 0.25, -3.0, 0.1)
    agree("dominoes_values", board, stage, dominoes, placements, markers, 0b1110, False, weights, base=base)
    agree("dominoes_marks", board, stage, dominoes, placements, markers, 0b1110, True, base=base)
    agree("placement_values", board, stage, 0x11, 0x32, placements, markers, 0, False, weights, base=base)


any_base = st.one_of(
    bases,
    st.tuples(st.integers(-2, 7), st.integers(-2, 7)),
    st.tuples(st.integers(-(2**40), 2**40), st.integers(0, 5)),
    st.lists(st.integers(1, 5), max_size=3),
    st.tuples(st.booleans(), st.integers(1, 5)),
    st.just(None),
    st.text(max_size=3),
)


@settings(max_examples=400, **SETTINGS)
@given(played, st.integers(-1, 4), any_base)
def test_any_base_agrees(board_and_base: tuple[bytes, tuple[int, int]], stage: int, base: Any) -> None:
    """A base out of range, of the wrong type or length: the same error, worded alike."""
    board, _ = board_and_base
    for name in ("placements", "can_tile", "stage_box"):
        agree(name, board, stage, base=base)
    agree("placement_indices", board, stage, 0, base=base)
    agree("dominoes_values", board, stage, [(0x11, 0x12)], [], {}, 0, False, (0.0,) * 5, base=base)


@given(bases)
def test_every_upper_box_is_the_base_shrunk(base: tuple[int, int]) -> None:
    """A stage 1 that spans the base exactly: stage s's box is (w - s) x (h - s)."""
    width, height = base
    board = bytearray(324)
    for y in range(height):
        for x in range(width):
            board[block_index(0, 2 + x, 2 + y)] = block_byte(1, 0)
    for stage in range(min(*base, STAGES)):
        x0, y0, x1, y1 = core.stage_box(bytes(board), stage, base=base)
        assert (x1 - x0 + 1, y1 - y0 + 1) == (width - stage, height - stage)

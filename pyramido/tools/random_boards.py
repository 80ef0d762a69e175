"""Random *reachable* boards, for property tests and benchmarks.

A board is grown the way a game grows it: random legal placements (as
:func:`pyramido.geometry.reference.placements` lists them) of dominoes with random block colours
1-6 and 0-2 icons per block, stage after stage, stopping at a random point of a random
stage. A stage that no domino fits any more ends the way one of the games ends it:

* Pyramido: the player fills every empty space of the stage box with cover cards (one
  block of a colour, one icon);
* Forgotten Treasures: the stage simply ends with its gaps; in this mode a stage may also
  end at random once stage 0's blocks span exactly 5x4 or 4x5, as if the player kept
  drawing dominoes that fit nowhere.

Everything is drawn from the ``random.Random`` given, so a seed gives a board.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from pyramido.errors import CoreError
from pyramido.geometry import reference
from pyramido.geometry.board import (
    BOARD_SIZE,
    SIDE,
    STAGES,
    block_byte,
    block_index,
    placement_blocks,
    rotate_icons,
)

__all__ = [
    "DOMINOES_PER_STAGE",
    "random_block",
    "random_board",
    "random_boards",
    "random_icons",
]

DOMINOES_PER_STAGE = (10, 6, 3, 1)
COLOURS = range(1, 7)

Placements = Callable[[bytes, int], list[int]]


def random_icons(rng: random.Random, most: int = 2) -> int:
    """A random icon mask of 0 to ``most`` icons in distinct quadrants."""
    mask = 0
    for quadrant in rng.sample(range(4), rng.randint(0, most)):
        mask |= 1 << quadrant
    return mask


def random_block(rng: random.Random) -> int:
    """A random block byte: colour 1-6, 0-2 icons."""
    return block_byte(rng.choice(COLOURS), random_icons(rng))


def _place(board: bytearray, stage: int, placement: int, rng: random.Random) -> None:
    """Put a random domino (icons turned with it) on ``placement`` of ``stage``."""
    rot = placement % 4
    for x, y in placement_blocks(placement):
        colour = rng.choice(COLOURS)
        board[block_index(stage, x, y)] = block_byte(colour, rotate_icons(random_icons(rng), rot))


def _box(board: bytearray, stage: int) -> tuple[int, int, int, int] | None:
    try:
        return reference.stage_box(bytes(board), stage)
    except CoreError:
        return None


def _base_is_exact(board: bytearray) -> bool:
    box = _box(board, 0)
    if box is None:
        return False
    x0, y0, x1, y1 = box
    return (x1 - x0 + 1, y1 - y0 + 1) in ((5, 4), (4, 5))


def _cover_gaps(board: bytearray, stage: int, rng: random.Random) -> None:
    """Fill the empty spaces of the stage's box with cover cards (Pyramido)."""
    if stage == 0 and not _base_is_exact(board):
        return  # no box to fill (cannot happen in play: stage 0 can always grow to one)
    box = _box(board, stage)
    if box is None:
        return
    x0, y0, x1, y1 = box
    for y in range(y0, y1 + 1):
        for x in range(x0, x1 + 1):
            index = block_index(stage, x, y)
            if board[index] == 0:
                board[index] = block_byte(rng.choice(COLOURS), 1 << rng.randrange(4))


def random_board(rng: random.Random, legal: Placements = reference.placements) -> bytes:
    """A random reachable board (324 bytes) drawn from ``rng``.

    The board stops in a random stage after a random number of its dominoes (from none
    to all of them); about one board in ten is played to the end of stage 4. ``legal``
    lists the legal placements (the reference by default; :func:`pyramido.geometry.core.placements`
    gives the same boards faster).
    """
    board = bytearray(BOARD_SIZE)
    if rng.random() < 0.1:
        stop_stage, stop_after = STAGES, 0  # play the whole pyramid
    else:
        stop_stage = rng.randrange(STAGES)
        stop_after = rng.randint(0, DOMINOES_PER_STAGE[stop_stage])
    gaps = rng.random() < 0.35  # Forgotten Treasures: stages may end with gaps
    gap_chance = rng.choice((0.03, 0.1, 0.3))

    for stage in range(STAGES):
        placed = 0
        while True:
            if stage == stop_stage and placed == stop_after:
                return bytes(board)
            if gaps and _base_is_exact(board) and rng.random() < gap_chance:
                break  # the stage ends early, gaps and all
            try:
                moves = legal(bytes(board), stage)
            except CoreError:  # stage 0 never reached a 5x4 or 4x5 span (not in play)
                return bytes(board)
            if not moves:
                if not gaps:
                    _cover_gaps(board, stage, rng)
                break
            _place(board, stage, rng.choice(moves), rng)
            placed += 1
        if stage == stop_stage:
            return bytes(board)
    return bytes(board)


def random_boards(seed: int, count: int) -> list[bytes]:
    """``count`` random boards from one seed (for benchmarks)."""
    rng = random.Random(seed)
    return [random_board(rng) for _ in range(count)]


if __name__ == "__main__":  # pragma: no cover - a quick look at a few boards
    import sys

    for number, board in enumerate(random_boards(int(sys.argv[1]) if sys.argv[1:] else 0, 3)):
        print(f"board {number}:")
        for stage in range(STAGES):
            rows = [
                " ".join(f"{board[block_index(stage, x, y)] & 7 or '.'}" for x in range(SIDE))
                for y in range(SIDE)
            ]
            print(f"  stage {stage}:\n    " + "\n    ".join(rows))

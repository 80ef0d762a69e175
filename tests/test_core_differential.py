"""The C core (through :mod:`pyramido.geometry.core`) and :mod:`pyramido.geometry.reference` agree.

On random *reachable* boards they must give the same results; on arbitrary input (any
324 bytes, wrong lengths, odd objects, any stage) the same results or the same error,
with the same message, and never a crash. The example counts add up to several thousand
and the file runs in well under a minute. The Silver & Gold functions (``sg_*``, 5x5 cards)
get the same treatment at the end: random cards and shapes, then any arguments at all.
"""

from __future__ import annotations

import array
import functools
import random
import threading
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from pyramido.errors import CoreError
from pyramido.games.silver_gold.shapes import SHAPE_TABLE, SHAPES
from pyramido.geometry import contract, core, reference
from pyramido.geometry.board import BOARD_SIZE, NO_AREA, STAGES, block_index
from pyramido.tools.random_boards import random_board

FUNCTIONS = ("placements", "top_view", "label_areas", "can_tile", "stage_box")
STAGED = ("placements", "can_tile", "stage_box")

SETTINGS = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow]}


def outcome(module: Any, name: str, *args: Any, **kwargs: Any) -> tuple[Any, ...]:
    """A call's result (with its type), or its error's code and message."""
    try:
        result = getattr(module, name)(*args, **kwargs)
    except CoreError as error:
        return ("error", error.code, str(error))
    return ("ok", type(result), result)


def agree(name: str, *args: Any, **kwargs: Any) -> tuple[Any, ...]:
    expected = outcome(reference, name, *args, **kwargs)
    got = outcome(core, name, *args, **kwargs)
    assert got == expected, (name, args[1:], kwargs)
    return expected


def agree_everywhere(board: Any, stages: tuple[Any, ...] = (-1, 0, 1, 2, 3, 4)) -> None:
    agree("top_view", board)
    agree("label_areas", board)
    agree("label_areas", board, linked=True)
    for stage in stages:
        for name in STAGED:
            agree(name, board, stage)


# --- strategies -------------------------------------------------------------------------

# Boards are drawn from integer seeds: hypothesis's own randoms are far slower to draw.
seeds = st.integers(0, 2**64 - 1).map(random.Random)
reachable_boards = seeds.map(random_board)


def _arbitrary_board(rng: random.Random) -> bytes:
    """Any well-formed bytes at a random density, sometimes with a few malformed ones."""
    density = rng.random()
    board = bytearray(BOARD_SIZE)
    stages = rng.choice((1, 2, 4))  # often only the lower stages, so that boxes occur
    for index in range(81 * stages):
        if rng.random() < density:
            board[index] = rng.randint(1, 7) | rng.randrange(16) << 4
    if rng.random() < 0.2:
        for _ in range(rng.randint(1, 3)):
            board[rng.randrange(BOARD_SIZE)] = rng.randrange(256)
    return bytes(board)


def _boxed_board(rng: random.Random) -> bytes:
    """An exact 5x4 or 4x5 stage 0 (with holes), and random well-formed upper stages."""
    board = bytearray(BOARD_SIZE)
    width, height = rng.choice(((5, 4), (4, 5)))
    x0, y0 = rng.randint(0, 9 - width), rng.randint(0, 9 - height)
    corners = {(x0, y0), (x0 + width - 1, y0 + height - 1)}
    for y in range(y0, y0 + height):
        for x in range(x0, x0 + width):
            if (x, y) in corners or rng.random() < 0.7:
                board[block_index(0, x, y)] = rng.randint(1, 6)
    density = rng.random()
    for index in range(81, BOARD_SIZE):
        if rng.random() < density:
            board[index] = rng.randint(1, 6) | rng.randrange(16) << 4
    return bytes(board)


def _cluster_board(rng: random.Random) -> bytes:
    """A stage 0 that still fits a 5x4 or 4x5 box, anywhere on the lattice (edges too).

    Play always covers the anchor, so play alone never tries a box near the edges; this
    does, for the floating box of ``can_tile`` and ``placements`` in stage 0.
    """
    board = bytearray(BOARD_SIZE)
    width, height = rng.choice(((1, 1), (2, 1), (1, 2), (3, 2), (4, 3), (4, 4), (5, 3), (5, 4), (4, 5)))
    x0, y0 = rng.randint(0, 9 - width), rng.randint(0, 9 - height)
    if rng.random() < 0.7:  # hug an edge or a corner
        x0 = rng.choice((0, 9 - width, x0))
        y0 = rng.choice((0, 9 - height, y0))
    density = rng.choice((rng.random(), 1 - rng.random() / 4))  # often a few holes only
    board[block_index(0, x0, y0)] = rng.randint(1, 6)
    board[block_index(0, x0 + width - 1, y0 + height - 1)] = rng.randint(1, 6)
    for y in range(y0, y0 + height):
        for x in range(x0, x0 + width):
            if rng.random() < density:
                board[block_index(0, x, y)] = rng.randint(1, 6) | rng.randrange(16) << 4
    return bytes(board)


def _mutated(rng: random.Random) -> bytes:
    """A reachable board with a few bytes changed to anything."""
    board = bytearray(random_board(rng))
    for _ in range(rng.randint(1, 4)):
        index = rng.randrange(BOARD_SIZE)
        board[index] = rng.choice((0, rng.randint(1, 7) | rng.randrange(16) << 4, rng.randrange(256)))
    return bytes(board)


arbitrary_boards = seeds.map(_arbitrary_board)
boxed_boards = seeds.map(_boxed_board)
mutated_boards = seeds.map(_mutated)
cluster_boards = seeds.map(_cluster_board)

any_stage = st.one_of(
    st.integers(0, STAGES - 1),
    st.integers(-3, 8),
    st.sampled_from([-(2**31), -(2**31) - 1, 2**31 - 1, 2**31, 2**63, -(2**100)]),
    st.integers(),
    st.booleans(),
    st.none(),
    st.floats(allow_nan=False),
    st.text(max_size=2),
)
any_linked = st.one_of(
    st.booleans(),
    st.integers(-1, 2),
    st.sampled_from([None, 1.0, 0.0, "", "yes", b"\x01", [], [True]]),
)


def is_union_of_top_view_areas(linked: Any, top: Any) -> bool:
    """Each top-view area lies inside one linked area of its colour, and each linked area
    holds the cells and icons of the top-view areas inside it: nothing else."""
    into: dict[int, int] = {}
    for linked_label, top_label in zip(linked.labels, top.labels, strict=True):
        if (linked_label == NO_AREA) != (top_label == NO_AREA):
            return False
        if top_label != NO_AREA and into.setdefault(top_label, linked_label) != linked_label:
            return False
    cells = [0] * len(linked.colours)
    icons = [0] * len(linked.colours)
    for top_label, linked_label in into.items():
        if linked.colours[linked_label] != top.colours[top_label]:
            return False
        cells[linked_label] += top.cells[top_label]
        icons[linked_label] += top.icons[top_label]
    return (
        cells == linked.cells
        and icons == linked.icons
        and sorted(set(into.values())) == list(range(len(linked.colours)))
    )


def first_cells_ascend(areas: Any) -> bool:
    """Areas are numbered by their first cell in row-major order."""
    met: list[int] = []
    for label in areas.labels:
        if label != NO_AREA and label not in met:
            met.append(label)
    return met == list(range(len(areas.colours)))


# --- reachable boards -----------------------------------------------------------------------


@settings(max_examples=2000, **SETTINGS)
@given(reachable_boards)
def test_reachable_boards_agree(board: bytes) -> None:
    agree_everywhere(board)


@settings(max_examples=500, **SETTINGS)
@given(reachable_boards)
def test_reachable_boards_obey_the_rules(board: bytes) -> None:
    """Sanity of the shared semantics on boards that play can reach."""
    boxes = {stage: outcome(core, "stage_box", board, stage) for stage in range(STAGES)}
    for stage in range(STAGES):
        legal = core.placements(board, stage) if boxes[stage][0] == "ok" or stage == 0 else None
        if legal is None:
            continue
        assert legal == sorted(set(legal))
        tileable = core.can_tile(board, stage)
        if tileable and legal == []:
            # nothing to place, yet tileable: the stage must be full
            assert boxes[stage][0] == "ok"
            x0, y0, x1, y1 = boxes[stage][2]
            if stage == 0:  # a full stage 0 spans an exact box
                assert (x1 - x0 + 1, y1 - y0 + 1) in ((5, 4), (4, 5))
            assert all(board[block_index(stage, x, y)] for y in range(y0, y1 + 1) for x in range(x0, x1 + 1))
    areas = core.label_areas(board)
    view = core.top_view(board)
    assert sum(areas.cells) == sum(1 for byte in view if byte)
    assert sum(areas.icons) == sum(1 for byte in view if byte & 8)


@settings(max_examples=500, **SETTINGS)
@given(st.one_of(reachable_boards, arbitrary_boards, boxed_boards))
def test_linked_areas_are_unions_of_top_view_areas(board: bytes) -> None:
    """Both modes, both modules: the linked mode only merges whole top-view areas, keeps
    the numbering by first cell, and on a board with one stage merges nothing."""
    for module in (core, reference):
        try:
            top = module.label_areas(board)
        except CoreError:
            continue  # a malformed arbitrary board: the agreement tests cover it
        linked = module.label_areas(board, linked=True)
        assert is_union_of_top_view_areas(linked, top)
        assert first_cells_ascend(linked) and first_cells_ascend(top)
        if sum(1 for stage in range(STAGES) if any(board[stage * 81 : stage * 81 + 81])) <= 1:
            assert linked == top


# --- arbitrary input ------------------------------------------------------------------------


@settings(max_examples=1500, **SETTINGS)
@given(arbitrary_boards)
def test_arbitrary_boards_agree(board: bytes) -> None:
    agree_everywhere(board)


@settings(max_examples=1000, **SETTINGS)
@given(boxed_boards)
def test_boxed_boards_agree(board: bytes) -> None:
    agree_everywhere(board)


@settings(max_examples=1000, **SETTINGS)
@given(cluster_boards)
def test_cluster_boards_agree(board: bytes) -> None:
    agree_everywhere(board, (0, 1))


def _mirrored(board: bytes, flip_x: bool, flip_y: bool, transpose: bool) -> bytes:
    """The board under a symmetry of the 9x9 lattice (every stage alike)."""
    image = bytearray(BOARD_SIZE)
    for stage in range(STAGES):
        for y in range(9):
            for x in range(9):
                tx, ty = (8 - x if flip_x else x), (8 - y if flip_y else y)
                if transpose:
                    tx, ty = ty, tx
                image[block_index(stage, tx, ty)] = board[block_index(stage, x, y)]
    return bytes(image)


@settings(max_examples=500, **SETTINGS)
@given(cluster_boards, st.booleans(), st.booleans(), st.booleans())
def test_stage0_answers_are_symmetric(board: bytes, flip_x: bool, flip_y: bool, transpose: bool) -> None:
    """Stage 0's rules know no direction: a mirrored stage 0 gets the mirrored answers."""
    image = _mirrored(board, flip_x, flip_y, transpose)
    for module in (core, reference):
        assert module.can_tile(image, 0) == module.can_tile(board, 0)
        assert len(module.placements(image, 0)) == len(module.placements(board, 0))
        assert sorted(module.label_areas(image).cells) == sorted(module.label_areas(board).cells)


@settings(max_examples=600, **SETTINGS)
@given(mutated_boards)
def test_mutated_boards_agree(board: bytes) -> None:
    agree_everywhere(board)


@settings(max_examples=800, **SETTINGS)
@given(st.binary(min_size=BOARD_SIZE, max_size=BOARD_SIZE), any_stage)
def test_raw_bytes_agree(board: bytes, stage: Any) -> None:
    agree_everywhere(board, (stage, 0, 1))


@settings(max_examples=500, **SETTINGS)
@given(st.one_of(arbitrary_boards, reachable_boards), any_stage)
def test_any_stage_agrees(board: bytes, stage: Any) -> None:
    for name in STAGED:
        agree(name, board, stage)


def _as(kind: str, board: bytes) -> Any:
    if kind == "bytearray":
        return bytearray(board)
    if kind == "memoryview":
        return memoryview(board)
    if kind == "array-H":
        return array.array("H", board[: len(board) // 2 * 2])
    if kind == "strided":
        return memoryview(bytes(b for byte in board for b in (byte, 0xFF)))[::2]
    if kind == "list":
        return list(board)
    if kind == "str":
        return board.decode("latin-1")
    return board


@settings(max_examples=500, **SETTINGS)
@given(
    st.one_of(st.binary(max_size=BOARD_SIZE + 8), arbitrary_boards),
    st.sampled_from(["bytes", "bytearray", "memoryview", "array-H", "strided", "list", "str"]),
    any_stage,
)
def test_any_argument_agrees(board: bytes, kind: str, stage: Any) -> None:
    value = _as(kind, board)
    agree("top_view", value)
    agree("label_areas", value)
    agree("label_areas", value, linked=True)
    for name in STAGED:
        agree(name, value, stage)


@settings(max_examples=500, **SETTINGS)
@given(
    st.one_of(
        arbitrary_boards, reachable_boards, st.binary(max_size=BOARD_SIZE + 8), st.sampled_from([None, 1.5])
    ),
    any_linked,
)
def test_any_linked_agrees(board: Any, linked: Any) -> None:
    agree("label_areas", board, linked=linked)


@settings(max_examples=100, **SETTINGS)
@given(st.sampled_from([None, 0, 324, 1.5, object(), [], "", b"", bytearray()]), any_stage)
def test_odd_objects_agree(board: Any, stage: Any) -> None:
    agree("top_view", board)
    agree("label_areas", board)
    agree("label_areas", board, linked=True)
    for name in STAGED:
        agree(name, board, stage)


# --- placements as action indices -----------------------------------------------------------

#: Any ``first`` of placement_indices: in range, at its ends, and what is refused.
any_first = st.one_of(
    st.integers(0, 2000),
    st.sampled_from(
        [
            contract.MAX_FIRST_INDEX,
            contract.MAX_FIRST_INDEX + 1,
            -1,
            2**31,
            2**64,
            -(2**70),
            True,
            3.0,
            None,
            "3",
        ]
    ),
)


@settings(max_examples=500, **SETTINGS)
@given(
    st.one_of(
        reachable_boards, arbitrary_boards, st.binary(max_size=BOARD_SIZE + 8), st.sampled_from([None, 1.5])
    ),
    any_stage,
    any_first,
)
def test_placement_indices_agree(board: Any, stage: Any, first: Any) -> None:
    """C adding ``first`` as it lists the placements, and the reference, on any arguments
    (a bad stage is named before a bad first); where they answer, it is each placement plus
    ``first``."""
    found = agree("placement_indices", board, stage, first)
    if found[0] == "ok":
        assert found[2] == [first + placement for placement in reference.placements(board, stage)]


# --- threads --------------------------------------------------------------------------------


def test_core_is_thread_safe() -> None:
    rng = random.Random(2024)
    boards = [random_board(rng, core.placements) for _ in range(40)]
    calls: list[tuple[Callable[..., Any], tuple[Any, ...]]] = []
    for board in boards:
        calls.append((core.top_view, (board,)))
        calls.append((core.label_areas, (board,)))
        calls.append((functools.partial(core.label_areas, linked=True), (board,)))
        for stage in range(STAGES):
            for function in (core.placements, core.can_tile, core.stage_box):
                calls.append((function, (board, stage)))

    def run(function: Callable[..., Any], args: tuple[Any, ...]) -> Any:
        try:
            return function(*args)
        except CoreError as error:
            return error.code

    expected = [run(function, args) for function, args in calls]
    failures: list[int] = []

    def worker(seed: int) -> None:
        order = list(range(len(calls)))
        random.Random(seed).shuffle(order)
        for _ in range(5):
            for i in order:
                if run(*calls[i]) != expected[i]:
                    failures.append(i)

    threads = [threading.Thread(target=worker, args=(seed,)) for seed in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []


# --- Silver & Gold Pyramids: polyominoes on a 5x5 card --------------------------------------

SG_FULL = contract.SG_FULL


def _sg_adjacent(mask: int) -> int:
    """The cells orthogonally next to the set, outside it."""
    near = 0
    for cell in range(25):
        if mask >> cell & 1:
            x, y = cell % 5, cell // 5
            for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if 0 <= nx < 5 and 0 <= ny < 5:
                    near |= 1 << (ny * 5 + nx)
    return near & ~mask


def _sg_grow(rng: random.Random, start: int, allowed: int, size: int) -> int:
    """A random 4-connected set of at most ``size`` cells grown from ``start`` in ``allowed``."""
    mask = 1 << start
    while bin(mask).count("1") < size:
        near = _sg_adjacent(mask) & allowed
        if not near:
            break
        mask |= 1 << rng.choice([cell for cell in range(25) if near >> cell & 1])
    return mask


def _sg_card(rng: random.Random) -> tuple[int, int, int]:
    """Random walls, an entrance in the top row, and a connected marked set from it."""
    density = rng.random() * 0.45
    entrance = rng.randrange(5)
    walls = sum(1 << cell for cell in range(25) if rng.random() < density) & ~(1 << entrance)
    marked = 0
    if rng.random() < 0.8:
        marked = _sg_grow(rng, entrance, SG_FULL & ~walls, rng.randint(1, 16))
    return walls, marked, entrance


def _sg_shape(rng: random.Random) -> int:
    """A random polyomino of 1-9 cells anywhere on the card."""
    return _sg_grow(rng, rng.randrange(25), SG_FULL, rng.randint(1, 9))


sg_cards = seeds.map(_sg_card)
sg_shapes = seeds.map(_sg_shape)


@settings(max_examples=1500, **SETTINGS)
@given(sg_cards)
def test_sg_cards_agree(card: tuple[int, int, int]) -> None:
    walls, marked, entrance = card
    for shape in SHAPES.values():
        _, _, found = agree("sg_placements", walls, marked, entrance, shape)
        needed = _sg_adjacent(marked) if marked else 1 << entrance
        assert all(not mask & (walls | marked) and mask & needed for mask in found)
    agree("sg_single_cells", walls, marked, entrance)
    agree("sg_reachable", walls, entrance)


@settings(max_examples=500, **SETTINGS)
@given(sg_cards, sg_shapes)
def test_sg_random_shapes_agree(card: tuple[int, int, int], shape: int) -> None:
    walls, marked, entrance = card
    _, _, orientations = agree("sg_orientations", shape)
    _, _, found = agree("sg_placements", walls, marked, entrance, shape)
    assert 1 <= len(orientations) <= contract.SG_MAX_ORIENTATIONS
    assert len(found) <= contract.SG_MAX_PLACEMENTS


any_mask = st.one_of(
    st.integers(0, SG_FULL),
    st.integers(0, 2**32 - 1),
    st.sampled_from([-1, 2**25 - 1, 2**25, 2**31, 2**32 - 1, 2**32, 2**64, -(2**100)]),
    st.integers(),
    st.booleans(),
    st.none(),
    st.floats(allow_nan=False),
    st.text(max_size=2),
)
any_cell = st.one_of(
    st.integers(0, 4),
    st.integers(-3, 30),
    st.sampled_from([-(2**31), -(2**31) - 1, 2**31 - 1, 2**31, 2**63]),
    st.integers(),
    st.booleans(),
    st.none(),
    st.floats(allow_nan=False),
)
any_shape = st.one_of(st.sampled_from(list(SHAPES.values())), st.integers(0, 2**12), sg_shapes, any_mask)


@settings(max_examples=1500, **SETTINGS)
@given(any_mask, any_mask, any_cell, any_shape)
def test_sg_any_arguments_agree(walls: Any, marked: Any, entrance: Any, shape: Any) -> None:
    agree("sg_orientations", shape)
    agree("sg_placements", walls, marked, entrance, shape)
    agree("sg_single_cells", walls, marked, entrance)
    agree("sg_reachable", walls, entrance)


def _sg_seat(rng: random.Random) -> list[int]:
    """A seat's cards for ``sg_markings``: 0-8 random cards with random bases, flat."""
    fields: list[int] = []
    for _ in range(rng.randint(0, contract.SG_MAX_CARDS)):
        walls, marked, entrance = _sg_card(rng)
        fields += (walls, marked, entrance, rng.randint(0, contract.SG_MAX_BASE), rng.randrange(1000))
    return fields


sg_seats = seeds.map(_sg_seat)


sg_tables = st.one_of(st.just(()), st.sampled_from(list(SHAPE_TABLE.values())))


@settings(max_examples=500, **SETTINGS)
@given(sg_seats, sg_tables)
def test_sg_markings_agree(cards: list[int], table: tuple[int, ...]) -> None:
    _, _, found = agree("sg_markings", cards, table)
    assert found == sorted(found) and len(found) <= contract.SG_MAX_MARKINGS


@settings(max_examples=300, **SETTINGS)
@given(sg_cards, st.sampled_from(list(SHAPES)))
def test_sg_markings_are_the_placements_ids_and_single_cells(card: tuple[int, int, int], name: str) -> None:
    """With a shape's table, a card's markings are its placements' ids and its single cells."""
    walls, marked, entrance = card
    found = core.sg_markings([walls, marked, entrance, 0, 1000], SHAPE_TABLE[name])
    ids = [
        SHAPE_TABLE[name].index(mask) for mask in core.sg_placements(walls, marked, entrance, SHAPES[name])
    ]
    singles = core.sg_single_cells(walls, marked, entrance)
    assert found == ids + [1000 + cell for cell in range(25) if singles >> cell & 1]


any_field = st.one_of(
    st.integers(0, 30), st.integers(0, SG_FULL), any_mask, st.sampled_from([contract.SG_MAX_BASE + 1, 2**24])
)
any_table = st.one_of(
    sg_tables,
    st.lists(any_mask, max_size=5).map(tuple),
    st.lists(st.integers(1, SG_FULL), max_size=contract.SG_MAX_PLACEMENTS + 2),
    any_mask,
)


@settings(max_examples=1000, **SETTINGS)
@given(st.one_of(sg_seats, st.lists(any_field, max_size=4 * contract.SG_CARD_FIELDS), any_mask), any_table)
def test_sg_markings_any_arguments_agree(cards: Any, table: Any) -> None:
    agree("sg_markings", cards, table)


@settings(max_examples=1000, **SETTINGS)
@given(st.one_of(sg_seats, st.lists(any_field, max_size=4 * contract.SG_CARD_FIELDS), any_mask), any_table)
def test_sg_markings_plain_is_sg_markings_for_ints(cards: Any, table: Any) -> None:
    """sg_markings_plain skips the test of each item's type only: for anything but bools
    its result or error is sg_markings'. Bools in ``cards`` it takes as the ints 0 and 1
    (as the C core reads them): its result is then sg_markings' for those ints, or an
    error where that is one."""
    plain = outcome(core, "sg_markings_plain", cards, table)
    if type(cards) is list and bool in map(type, cards):
        ints = [int(item) if type(item) is bool else item for item in cards]
        as_ints = outcome(core, "sg_markings", ints, table)
        assert plain == as_ints or plain[0] == as_ints[0] == "error"
    else:
        assert plain == outcome(core, "sg_markings", cards, table)


def _sg_seats(rng: random.Random) -> tuple[list[int], list[int]]:
    """Several seats' cards for ``sg_markings_seats``: 0-8 seats of :func:`_sg_seat`, flat,
    and how many cards each has."""
    seats = [_sg_seat(rng) for _ in range(rng.randint(0, contract.SG_MAX_SEATS))]
    return [field for seat in seats for field in seat], [
        len(seat) // contract.SG_CARD_FIELDS for seat in seats
    ]


@settings(max_examples=300, **SETTINGS)
@given(seeds.map(_sg_seats), sg_tables)
def test_sg_markings_seats_agree(seats: tuple[list[int], list[int]], table: tuple[int, ...]) -> None:
    """Each seat's markings are sg_markings' of its cards alone, from the C core in one call."""
    cards, sizes = seats
    _, _, found = agree("sg_markings_seats", cards, sizes, table)
    at = 0
    for size, markings in zip(sizes, found, strict=True):
        end = at + size * contract.SG_CARD_FIELDS
        assert markings == core.sg_markings(cards[at:end], table)
        at = end


any_sizes = st.one_of(
    st.lists(st.integers(-1, contract.SG_MAX_CARDS + 1), max_size=contract.SG_MAX_SEATS + 1),
    st.lists(st.integers(0, 2), max_size=4),
    any_mask,
)


@settings(max_examples=1000, **SETTINGS)
@given(
    st.one_of(sg_seats, st.lists(any_field, max_size=4 * contract.SG_CARD_FIELDS), any_mask),
    any_sizes,
    any_table,
)
def test_sg_markings_seats_any_arguments_agree(cards: Any, sizes: Any, table: Any) -> None:
    """Any arguments: the same result or error (the core reads a bool as 0 or 1, as
    sg_markings_plain does, where the reference refuses it: those are left out)."""
    for items in (cards, sizes):
        assume(not (type(items) is list and bool in map(type, items)))
    agree("sg_markings_seats", cards, sizes, table)


# --- the random generator: C (pyramido.geometry.rng) and reference draw the same -------------------

#: One call on a generator: ("next",), ("below", bound), ("shuffle", length), ("choice", length).
RNG_CALLS = st.one_of(
    st.tuples(st.just("next")),
    st.tuples(st.just("below"), st.one_of(st.integers(1, 2**32), st.integers(1, 100))),
    st.tuples(st.just("shuffle"), st.integers(0, 120)),
    st.tuples(st.just("choice"), st.integers(1, 50)),
    st.tuples(st.just("draw"), st.lists(st.integers(0, 5), max_size=8), st.integers(0, 12)),
)
#: Bounds and seeds either generator refuses, with the same error.
BAD_ARGUMENTS = st.one_of(
    st.integers(-(2**70), 0), st.integers(2**32 + 1, 2**70), st.booleans(), st.floats(), st.none(), st.text()
)


def _draw(rng: Any, call: tuple[Any, ...]) -> object:
    kind, *argument = call
    if kind == "next":
        return rng.next_u32()
    if kind == "below":
        return rng.below(argument[0])
    if kind == "draw":
        counts, count = argument
        bag = list(counts)
        return rng.draw(bag, count), bag
    items = list(range(argument[0]))
    if kind == "choice":
        return rng.choice(items)
    rng.shuffle(items)
    return items


@settings(max_examples=300, **SETTINGS)
@given(seed=st.integers(0, 2**64 - 1), calls=st.lists(RNG_CALLS, max_size=40))
def test_rng_draws_as_the_reference(seed: int, calls: list[tuple[Any, ...]]) -> None:
    from pyramido.geometry.rng import Rng

    ours, theirs = Rng(seed), reference.Rng(seed)
    for call in calls:
        assert _draw(ours, call) == _draw(theirs, call), call
        assert ours.state == theirs.state
    twin = ours.copy()
    assert [twin.next_u32() for _ in range(5)] == [ours.next_u32() for _ in range(5)]
    assert Rng.at(ours.state).next_u32() == ours.copy().next_u32()


@settings(max_examples=200, **SETTINGS)
@given(value=BAD_ARGUMENTS)
def test_rng_refuses_what_the_reference_refuses(value: Any) -> None:
    from pyramido.geometry.rng import Rng

    def failure(make: Callable[[], object]) -> str | None:
        try:
            make()
        except ValueError as error:
            return str(error)
        return None

    for builder in (Rng, reference.Rng):
        assert failure(lambda builder=builder: builder(value)) == failure(lambda: reference.Rng(value))
    ours, theirs = Rng(1), reference.Rng(1)
    assert failure(lambda: ours.below(value)) == failure(lambda: theirs.below(value))
    assert failure(lambda: ours.draw([1, 2], value)) == failure(lambda: theirs.draw([1, 2], value))
    for counts in ([value], [3, value], [value, 2**32 - 1]):
        bag, same = list(counts), list(counts)
        assert failure(lambda bag=bag: ours.draw(bag, 2)) == failure(lambda same=same: theirs.draw(same, 2))
        assert bag == same  # left as the reference leaves it: untouched when refused
    assert ours.state == theirs.state  # a refused draw draws nothing


def test_rng_refuses_a_choice_among_nothing_as_the_reference() -> None:
    """``choice([])`` is the reference's refusal of a bound of 0, and draws nothing (the C
    path catches the empty list only after the C call has refused it)."""
    from pyramido.geometry.rng import Rng

    ours, theirs = Rng(5), reference.Rng(5)
    with pytest.raises(ValueError) as expected:
        theirs.choice([])
    with pytest.raises(ValueError) as found:
        ours.choice([])
    assert str(found.value) == str(expected.value) == "bound must be in [1, 2**32], got 0"
    assert ours.state == theirs.state


# --- the cells of chosen areas ------------------------------------------------------------


@settings(max_examples=300, **SETTINGS)
@given(reachable_boards, st.booleans(), st.lists(st.integers(0, 40), max_size=8))
def test_area_cells_agree_on_real_labellings(board: bytes, linked: bool, wanted: list[int]) -> None:
    """The cells of areas of a real labelling (some wanted twice, some absent), as C and the
    reference read them, and as a view lists each area's cells."""
    from pyramido.engine.views import PyramidView

    labels = core.label_areas(board, linked=linked).labels
    found = agree("area_cells", labels, wanted)
    view = PyramidView(board, 1, ("a", "b", "c", "d", "e", "f", "g"), linked)
    assert found[2] == [[cy * 18 + cx for cx, cy in view.cells_of(label)] for label in wanted]


AREA_LABELS = st.one_of(
    st.integers(0, NO_AREA), st.sampled_from([-1, NO_AREA + 1, 2**40, True, 1.0, None, "1"])
)


def _labelling(rng: random.Random, length: int = 324) -> list[int]:
    """Labels below a random top at a random density, NO_AREA elsewhere (drawn from a
    seed: 324 draws of hypothesis's own took most of the test's time)."""
    top, density = rng.randint(0, 12), rng.random()
    return [rng.randint(0, top) if rng.random() < density else NO_AREA for _ in range(length)]


def _spoilt(rng: random.Random, length: int, entries: dict[int, Any]) -> list[Any]:
    """A labelling of any length with a few entries of any value put in."""
    labels: list[Any] = _labelling(rng, length)
    for index, value in entries.items():
        labels[index % length] = value
    return labels


SPOILS = st.dictionaries(st.integers(0, 325), AREA_LABELS, max_size=3)


@settings(max_examples=600, **SETTINGS)
@given(
    st.one_of(
        seeds.map(lambda rng: array.array("H", _labelling(rng))),
        st.builds(_spoilt, seeds, st.integers(322, 326), SPOILS),
        st.sampled_from([None, b"", "labels", 5]),
    ),
    st.one_of(
        st.lists(st.integers(0, 14), max_size=6),
        st.lists(st.integers(0, 14) | AREA_LABELS, max_size=6),
        st.tuples(st.integers(0, 14)),
        seeds.map(lambda rng: [rng.randint(0, 3) for _ in range(rng.randint(323, 330))]),
        st.sampled_from([None, 3, "0"]),
    ),
)
def test_area_cells_agree_on_any_arguments(labels: Any, wanted: Any) -> None:
    agree("area_cells", labels, wanted)

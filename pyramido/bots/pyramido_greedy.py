"""Greedy play for Pyramido: value a position as its stage score if the stage ended now.

The value of a pyramid is the score of its marked areas with the Mino bonus, plus half the
best area still open to each marker in hand (where a later mark could go), minus a penalty
when the stage's empty spaces can no longer all be filled by dominoes (that costs cover
cards, or the game). Each action is valued by the position it leads to.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import core
from ..board import NO_AREA, block_byte, block_cells, block_index, placement_blocks, rotate_icons

if TYPE_CHECKING:
    from ..engine import Game
    from ..games.pyramido import Seat
    from ..pyramid import Domino

UNTILEABLE_PENALTY = 12.0
OPEN_MARKER_WEIGHT = 0.5
COVER_MIN_GAIN = 3.0
COVERS_KEPT = 1  # cards kept back for a cover-card fill


def choose(game: Game, player: int, kind: str, legal: list[int]) -> int:
    """The best of ``legal`` (two or more actions) for a decision of ``kind``."""
    seat = game.state.seats[player]
    space = game.space
    if kind == "take":
        best = max(
            legal,
            key=lambda i: _best_placement(game, seat, game.state.quarry[space.action(i).values[0]])[1],
        )
        return best
    if kind == "place":
        placement, _ = _best_placement(game, seat, game.state.turn.domino)
        return space.kind("place").offset + placement
    if kind == "mark":
        return max(legal, key=lambda i: _value_after_mark(game, seat, space.action(i).values[0]))
    if kind == "cover":
        return _choose_cover(game, seat, legal)
    if kind == "refill":
        return legal[0]
    if kind == "split":
        return max(legal, key=lambda i: len(game.state.piles[space.action(i).values[0]]))
    if kind == "fill":
        return max(legal, key=lambda i: _value_after_fill(game, seat, space.action(i).values))
    return legal[0]


def _best_placement(game: Game, seat: Seat, domino: Domino | None) -> tuple[int, float]:
    """The placement of ``domino`` with the best value (with the best mark it allows)."""
    assert domino is not None
    pyramid = seat.pyramid
    best, best_value = -1, float("-inf")
    markable = _markable_colours(game, seat)
    for placement in pyramid.placements():
        board = bytearray(pyramid.board)
        spaces = placement_blocks(placement)
        rot = placement & 3
        marks: list[tuple[int, tuple[int, int]] | None] = [None]
        for (x, y), block in zip(spaces, (domino.a, domino.b), strict=True):
            board[block_index(pyramid.stage, x, y)] = block_byte(
                block.colour + 1, rotate_icons(block.icons, rot)
            )
            if block.icons and block.colour in markable:
                marks.append((block.colour, (x, y)))
        if any(marks):
            marks = [m for m in marks if m is not None]  # marking is mandatory
        value = max(_value(game, seat, board, mark) for mark in marks)
        if not core.can_tile(board, pyramid.stage):
            value -= UNTILEABLE_PENALTY
        if value > best_value:
            best, best_value = placement, value
    return best, best_value


def _markable_colours(game: Game, seat: Seat) -> set[int]:
    colours = game.ruleset.data["colours"]
    return {colours.index(c) for c in game.ruleset.params["markers"]} - set(seat.markers)


def _value(
    game: Game, seat: Seat, board: bytes | bytearray, extra_mark: tuple[int, tuple[int, int]] | None
) -> float:
    """Stage score if it ended now, plus the open chances of the markers still in hand."""
    stage = seat.pyramid.stage
    areas = core.label_areas(board)
    markers = dict(seat.markers)
    if extra_mark is not None:
        markers[extra_mark[0]] = extra_mark[1]
    marked = set()
    for x, y in markers.values():
        cx, cy = block_cells(stage, x, y)[0]
        label = areas.labels[cy * 18 + cx]
        if label != NO_AREA:
            marked.add(label)
    sizes = [areas.icons[label] for label in marked]
    score = float(sum(sizes) + (min(sizes) if sizes else 0))
    best_open: dict[int, int] = {}
    open_colours = _markable_colours(game, seat) - set(markers)
    for label, colour in enumerate(areas.colours):
        if colour - 1 in open_colours and label not in marked:
            best_open[colour] = max(best_open.get(colour, 0), areas.icons[label])
    return score + OPEN_MARKER_WEIGHT * sum(best_open.values())


def _value_after_mark(game: Game, seat: Seat, block_no: int) -> float:
    x, y = game.state.turn.spaces[block_no]
    block = seat.pyramid.block(x, y)
    assert block is not None
    return _value(game, seat, seat.pyramid.board, (block.colour, (x, y)))


def _choose_cover(game: Game, seat: Seat, legal: list[int]) -> int:
    keep = game.space.index("keep_covers")
    if len(seat.covers_left) <= COVERS_KEPT:
        return keep
    base = _value(game, seat, seat.pyramid.board, None)
    best, best_value = keep, base + COVER_MIN_GAIN
    for index in legal:
        if index == keep:
            continue
        block_no, colour, quadrant = game.space.action(index).values
        x, y = game.state.turn.spaces[block_no]
        board = bytearray(seat.pyramid.board)
        board[block_index(seat.pyramid.stage, x, y)] = block_byte(colour + 1, 1 << quadrant)
        mark = (colour, (x, y)) if colour in _markable_colours(game, seat) else None
        value = _value(game, seat, board, mark)
        if value > best_value:
            best, best_value = index, value
    return best


def _value_after_fill(game: Game, seat: Seat, values: tuple[int, ...]) -> float:
    colour, quadrant = values
    x, y = seat.pyramid.empty_spaces()[0]
    board = bytearray(seat.pyramid.board)
    board[block_index(seat.pyramid.stage, x, y)] = block_byte(colour + 1, 1 << quadrant)
    return _value(game, seat, board, None)


__all__ = ["choose"]

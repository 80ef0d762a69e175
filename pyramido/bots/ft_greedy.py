"""Greedy play for Forgotten Treasures: big areas in the colours of the gems you hold.

While building, a position is worth, per colour, its largest area counted twice when the
player holds a gem that can activate it (a coloured gem, or two mythical gems), plus a
tenth of every visible icon. A space is worth the best placement of its domino with the
gem taken there. At scoring the bot plays the exact :func:`best_activation`, valuing kept
gems a little, one spend per decision; it discards the gems whose colour has the smallest
area, mythical gems last.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import core
from ..board import block_byte, block_index, placement_blocks, rotate_icons
from ..games.forgotten_treasures import PAYMENTS
from ..games.ft_activation import best_activation

if TYPE_CHECKING:
    from ..engine import Game
    from ..games.forgotten_treasures import Seat
    from ..pyramid import Domino

KEEP_VALUE = (0.5, 1.2)  # a kept coloured / mythical gem, against 1 point now
ACTIVE_WEIGHT = 2.0
ICON_WEIGHT = 0.1


def choose(game: Game, player: int, kind: str, legal: list[int]) -> int:
    """The best of ``legal`` (two or more actions) for a decision of ``kind``."""
    seat: Seat = game.state.seats[player]
    space = game.space
    if kind == "take":
        return max(legal, key=lambda i: _take_value(game, seat, space.action(i).values))
    if kind == "place":
        return space.kind("place").offset + _best_placement(seat, game.state.turn.domino, seat.gems)[0]
    if kind == "split":
        return max(legal, key=lambda i: len(game.state.piles[space.action(i).values[0]]))
    if kind == "scoring":
        return _scoring_choice(game, seat, legal)
    if kind == "reveal":  # the unknown domino matters less than the gems it opens to choice
        return max(legal, key=lambda i: (_gem_area_value(game, seat, space.action(i).values[0]), -i))
    return legal[0]


def _gem_area_value(game: Game, seat: Seat, pile: int) -> int:
    """Mythical gems and gems of colours already held are the useful ones."""
    return sum(
        2 if gem == len(seat.gems) - 1 else int(seat.gems[gem] > 0) for gem in game.state.gem_areas[pile]
    )


def _take_value(game: Game, seat: Seat, values: tuple[int, ...]) -> float:
    pile, gem = values
    gems = list(seat.gems)
    if gem < len(gems):
        gems[gem] += 1
    return _best_placement(seat, game.state.piles[pile][-1], gems)[1]


def _best_placement(seat: Seat, domino: Domino | None, gems: list[int]) -> tuple[int, float]:
    assert domino is not None
    pyramid = seat.pyramid
    best, best_value = -1, float("-inf")
    for placement in pyramid.placements():
        board = bytearray(pyramid.board)
        rot = placement & 3
        for (x, y), block in zip(placement_blocks(placement), (domino.a, domino.b), strict=True):
            board[block_index(pyramid.stage, x, y)] = block_byte(
                block.colour + 1, rotate_icons(block.icons, rot)
            )
        value = _value(board, gems)
        if value > best_value:
            best, best_value = placement, value
    return best, best_value


def _value(board: bytes | bytearray, gems: list[int]) -> float:
    areas = core.label_areas(board)
    largest: dict[int, int] = {}
    for colour, icons in zip(areas.colours, areas.icons, strict=True):
        largest[colour - 1] = max(largest.get(colour - 1, 0), icons)
    mythical_pairs = gems[-1] // 2
    value = ICON_WEIGHT * sum(areas.icons)
    for colour, icons in largest.items():
        active = gems[colour] > 0 or mythical_pairs > 0
        value += icons * (ACTIVE_WEIGHT if active else 1.0)
    return value


def _scoring_choice(game: Game, seat: Seat, legal: list[int]) -> int:
    scoring = seat.scoring
    assert scoring is not None
    space = game.space
    if scoring.points is not None:  # discarding: the gem of the colour with the smallest area
        largest = [0] * len(seat.gems)
        for colour, icons in scoring.areas:
            largest[colour] = max(largest[colour], icons)
        largest[-1] = 10**6
        return min(legal, key=lambda i: (largest[space.action(i).values[0]], i))
    used = {s.area for s in scoring.spends}
    open_areas = [(c, n) if a not in used else (c, 0) for a, (c, n) in enumerate(scoring.areas)]
    plan = best_activation(open_areas, seat.gems[:-1], seat.gems[-1], keep_value=KEEP_VALUE)
    for spend in plan.spends:
        if spend.area not in used and open_areas[spend.area][1] > 0:
            payment = PAYMENTS.index((spend.coloured, spend.mythical, spend.double))
            return space.index("activate", spend.area, payment)
    return space.index("end_activation")

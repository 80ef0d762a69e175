"""Greedy play for Pyramido: value a position as its stage score if the stage ended now,
scored by the ruleset's own hooks (``game.score``), so that the bot follows house rules.

The value of a position is that score, plus half the best area still open to each marker
in hand (where a later mark could go), minus a penalty when the stage's empty spaces can no
longer all be filled by dominoes (that costs cover cards, or the game). Each legal action
is valued by the position it leads to; an action the bot does not know (a house rule's)
is valued as the position as it is.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from .. import core
from ..board import block_byte, block_index, placement_blocks, rotate_icons
from ..games.pyramido.views import PyramidoPosition, PyramidoSeat, PyramidoTable
from ..views import PyramidView

if TYPE_CHECKING:
    from ..actions import Action
    from ..engine import Game
    from ..pyramid import Domino

UNTILEABLE_PENALTY = 12.0
OPEN_MARKER_WEIGHT = 0.5
COVER_MIN_GAIN = 3.0
COVERS_KEPT = 1  # cards kept back for a cover-card fill


class PyramidoGreedyBot:
    """The best-looking action now; deterministic (the seed is accepted and unused)."""

    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        del seed
        # the values of the placements valued when taking a domino, kept for placing it:
        # the position they are for (board and markers) is part of the key
        self._placed: dict[tuple[object, ...], float] = {}

    def choose(self, game: Game, player: int) -> int:
        legal = game.legal_indices(player)
        if len(legal) == 1:
            return legal[0]
        if game.decision is not None and game.decision.kind == "take":
            self._placed.clear()  # one turn's worth at most
        valuer = _Valuer(game, player, self._placed)
        return max(legal, key=lambda index: (valuer.value(game.space.action(index)), -index))


class _Valuer:
    """Values the actions of one decision, from the seat's typed view."""

    def __init__(self, game: Game, player: int, placed: dict[tuple[object, ...], float]) -> None:
        self.game, self.player, self.placed = game, player, placed
        self.seat: PyramidoSeat = game.seat(player)
        self.table: PyramidoTable = game.table()
        self.colours = game.ruleset.colours

    def value(self, action: Action) -> float:
        kind, values, pyramid = action.kind, action.values, self.seat.pyramid
        if kind == "take":
            return self._best_placement(self.table.quarry[values[0]])
        if kind == "place":
            return self._placed(self.table.in_hand, values)
        if kind == "mark":
            x, y = self.seat.new_domino[values[0]]
            block = pyramid.block(pyramid.stage, x, y)
            assert block is not None
            return self._value(pyramid.board, {**self.seat.markers, block.colour: (x, y)})
        if kind == "cover":
            return self._covered(values)
        if kind == "keep_covers":
            return self._value(pyramid.board, self.seat.markers) + COVER_MIN_GAIN
        if kind == "split":
            return self.table.pile_sizes[values[0]]
        if kind == "fill":
            x, y = self.table.to_fill[0]
            return self._value(_with_block(pyramid, x, y, values[0], 1 << values[1]), self.seat.markers)
        if kind == "refill":
            return -values[0]
        return self._value(pyramid.board, self.seat.markers)

    def _best_placement(self, domino: Domino | None) -> float:
        assert domino is not None
        offset = self.game.space.kind("place").offset
        placements = self.game.rules.placements(self.game, self.player)
        return max(
            (self._placed(domino, self.game.space.action(offset + p).values) for p in placements), default=0.0
        )

    def _placed(self, domino: Domino | None, values: tuple[int, ...]) -> float:
        """The position after placing ``domino`` at ``(y, x, rot)``, with the best mark it
        allows (marking is mandatory if the rules say so)."""
        assert domino is not None
        pyramid = self.seat.pyramid
        key = (domino, values, pyramid.board, tuple(sorted(self.seat.markers.items())))
        known = self.placed.get(key)
        if known is None:
            known = self.placed[key] = self._place_and_value(domino, values)
        return known

    def _place_and_value(self, domino: Domino, values: tuple[int, ...]) -> float:
        pyramid = self.seat.pyramid
        y, x, rot = values
        board = bytearray(pyramid.board)
        marks: list[tuple[str, tuple[int, int]] | None] = []
        for (bx, by), block in zip(
            placement_blocks((y * 9 + x) * 4 + rot), (domino.a, domino.b), strict=True
        ):
            board[block_index(pyramid.stage - 1, bx, by)] = block_byte(
                block.colour + 1, rotate_icons(block.icons, rot)
            )
            colour = self.colours[block.colour]
            if block.icons and colour in self.seat.markers_in_hand:
                marks.append((colour, (bx, by)))
        if not marks or not self.game.rules.marking_required(self.game, self.player):
            marks.append(None)
        frozen = bytes(board)
        best = max(
            self._value(frozen, self.seat.markers if m is None else {**self.seat.markers, m[0]: m[1]})
            for m in marks
        )
        return best if core.can_tile(frozen, pyramid.stage - 1) else best - UNTILEABLE_PENALTY

    def _covered(self, values: tuple[int, ...]) -> float:
        if len(self.seat.cover_cards) <= COVERS_KEPT:
            return float("-inf")
        block_no, colour, quadrant = values
        x, y = self.seat.new_domino[block_no]
        board = _with_block(self.seat.pyramid, x, y, colour, 1 << quadrant)
        name = self.colours[colour]
        markers = dict(self.seat.markers)
        if name in self.seat.markers_in_hand:
            markers[name] = (x, y)
        return self._value(board, markers)

    def _value(self, board: bytes, markers: Mapping[str, tuple[int, int]]) -> float:
        """Stage score if it ended now (the ruleset's scoring), plus the open chances of the
        markers still in hand."""
        pyramid = PyramidView(
            board, self.seat.pyramid.stage, self.seat.pyramid.colours, self.seat.pyramid.linked
        )
        score = float(self.game.score(self.player, PyramidoPosition(pyramid, markers)).total)
        marked = {
            area.label
            for area in (pyramid.area_at(_first_cell(pyramid.stage, *xy)) for xy in markers.values())
            if area
        }
        open_colours = set(self.seat.markers_in_hand) - set(markers)
        best_open: dict[str, int] = {}
        for area in pyramid.areas:
            if area.colour in open_colours and area.label not in marked:
                best_open[area.colour] = max(best_open.get(area.colour, 0), area.icons)
        return score + OPEN_MARKER_WEIGHT * sum(best_open.values())


def _with_block(pyramid: PyramidView, x: int, y: int, colour: int, icons: int) -> bytes:
    board = bytearray(pyramid.board)
    board[block_index(pyramid.stage - 1, x, y)] = block_byte(colour + 1, icons)
    return bytes(board)


def _first_cell(stage: int, x: int, y: int) -> tuple[int, int]:
    return (2 * x + stage - 1, 2 * y + stage - 1)

"""The tensor of a Pyramido seat (docs/rules.md, Pyramido): the shared pyramid slots, plus
the quarry, the piles (their sizes and the dominoes on top), each seat's jewel markers
and remaining cover cards, and whether a seat has completed its stage or is out."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from ...adapters.tensors.layout import DTYPE, STAGES, Context, Planes, Slot
from ...geometry.board import SIDE
from ..pyramids.tensors import LAYER, PyramidFamily, PyramidTracker

if TYPE_CHECKING:
    from ...engine.game import Game
    from ..pyramids.pyramid import Domino
    from .state import State


class PyramidoEncoder(PyramidFamily):
    def __init__(self, context: Context) -> None:
        super().__init__(context)
        first = context.first
        self.quarry = len(first["quarry"])
        self.piles = len(first["piles"])
        self.markers: list[str] = list(context.ruleset.params["markers"])
        self.cover_cards: list[list[str]] = first["players"][0]["cover_cards"]
        printed = context.ruleset.params["cover_cards"]
        #: by the ruleset's cover card index: the colours to write for each card dealt
        self.card_colours = [
            [(at, self.colours.index(colour)) for at, card in enumerate(self.cover_cards) if card == face
             for colour in card]
            for face in printed
        ]  # fmt: skip

    def slots(self) -> list[Slot]:
        n = self.num_players
        return [
            *super().slots(),
            self.domino_slot("quarry", self.quarry, "by quarry slot: the domino there"),
            self.domino_slot("piles.top", self.piles, "by pile: the domino on top, face up"),
            Slot("piles.size", (self.piles,), 0, self.dominoes, "by pile: how many dominoes it holds"),
            Slot("seats.markers", (n, len(self.markers), STAGES, SIDE, SIDE), 0, 1,
                 f"by seat slot, marker colour ({', '.join(self.markers)}), stage, y, x: 1 where the "
                 "seat's jewel marker of that colour lies"),
            Slot("seats.cover_cards", (n, len(self.cover_cards), len(self.colours)), 0, 1,
                 "by seat slot, cover card (in the order dealt): its two colours if the seat still "
                 "holds it, else 0"),
            Slot("seats.flags", (n, 2), 0, 1, "by seat slot: stage complete, out of the game"),
        ]  # fmt: skip

    def fill(self, observation: dict[str, Any], order: list[int], planes: Planes) -> None:
        super().fill(observation, order, planes)
        for row, domino in zip(planes["quarry"], observation["quarry"], strict=True):
            self.write_domino(row, domino)
        for at, pile in enumerate(observation["piles"]):
            self.write_domino(planes["piles.top"][at], pile["top"])
            planes["piles.size"][at] = pile["size"]
        players = observation["players"]
        for slot, seat in enumerate(order):
            view = players[seat]
            for colour, where in view["markers"].items():
                planes["seats.markers"][slot, self.markers.index(colour), where["stage"] - 1,
                                        where["y"], where["x"]] = 1  # fmt: skip
            for at, card in enumerate(self.cover_cards):
                if card in view["cover_cards"]:
                    for colour in card:
                        planes["seats.cover_cards"][slot, at, self.colours.index(colour)] = 1
            planes["seats.flags"][slot] = (view["stage_complete"], view["out"])

    def tracker(self, viewer: int, order: list[int], planes: Planes) -> PyramidoTracker:
        return PyramidoTracker(self, order, planes)

    def scores(self, game: Game) -> list[int]:
        """Each seat's score so far (public: every stage is scored in the open)."""
        state: State = game.state  # asked at every step: a typed local, not state_of's call
        return [sum(seat.stage_scores) for seat in state.seats]

    def out(self, game: Game) -> list[bool]:
        state: State = game.state  # asked after every decision, as above
        return [seat.out_at_stage is not None for seat in state.seats]


class PyramidoTracker(PyramidTracker):
    """A Pyramido seat's tensor, step by step, read from the game's state: only what its
    observation shows (the piles' tops and sizes, not the order below)."""

    family: PyramidoEncoder

    def __init__(self, family: PyramidoEncoder, order: list[int], planes: Planes) -> None:
        n = len(order)
        self.cards = family.card_colours
        self.marker_at = {c: family.markers.index(name) for c, name in enumerate(family.colours)
                          if name in family.markers}  # fmt: skip
        self.quarry_at = [planes.at("quarry", at) for at in range(family.quarry)]
        self.tops_at = [planes.at("piles.top", at) for at in range(family.piles)]
        self.sizes_at = planes.at("piles.size")
        self.markers_at = [planes.at("seats.markers", slot) for slot in range(n)]
        self.cards_at = [planes.at("seats.cover_cards", slot) for slot in range(n)]
        self.cards_size = planes["seats.cover_cards"][0].size
        self.flags_at = [planes.at("seats.flags", slot) for slot in range(n)]
        self.zeros = np.zeros(self.cards_size, DTYPE).data
        super().__init__(family, order, planes)  # which restarts: every field above is set

    def restart(self) -> None:
        super().restart()
        n, family = len(self.order), self.family
        self._quarry: list[Domino | None] = [None] * family.quarry
        self._piles: list[list[Domino]] = [[] for _ in range(family.piles)]
        self._markers: list[dict[int, tuple[int, int]]] = [{}] * n
        self._marked = [0] * n  # the stage the markers were written on
        self._left: list[list[int] | None] = [None] * n
        self._flags = [(False, False)] * n

    def update(self, game: Game) -> int:
        """Each part compared with what was written, the cheapest comparison first: the
        piles as lists of dominoes (identical objects unless one moved), a seat's board
        as bytes; only what differs is written."""
        state: State = game.state  # at every step: a typed local, not state_of's call
        if state.start_player != self._start:
            self.start_player(state.start_player)
        turn = state.turn
        hand = turn.domino if turn.domino and not turn.spaces else None
        if hand is not self._hand:
            self.in_hand(hand)
        quarry = state.quarry
        if quarry != self._quarry:  # the same dominoes (by identity) unless one moved
            known = self._quarry
            for at, domino in enumerate(quarry):
                if domino is not known[at]:
                    self.write_domino(self.quarry_at[at], domino)
            self._quarry = list(quarry)
        piles = state.piles
        if piles != self._piles:
            self._write_piles(piles)
        seats, scores, markers, marked = state.seats, self._scores, self._markers, self._marked
        boards = self._boards
        for slot, seat in enumerate(self.order):
            view = seats[seat]
            pyramid = view.pyramid
            if pyramid.board != boards[slot] or len(view.covers) != self._covers[slot]:
                self.pyramid(slot, pyramid, view.covers)
            if view.markers != markers[slot] or pyramid.stage != marked[slot]:
                self._write_markers(slot, pyramid.stage, view.markers)
            if view.stage_scores != scores[slot]:
                self.scores(slot, view.stage_scores)
            if view.covers_left != self._left[slot]:
                self._write_cover_cards(slot, view.covers_left)
            flags = (view.done, view.out_at_stage is not None)
            if flags != self._flags[slot]:
                self.values[self.flags_at[slot]], self.values[self.flags_at[slot] + 1] = flags
                self._flags[slot] = flags
        return state.stage + 1

    def _write_piles(self, piles: list[list[Domino]]) -> None:
        """The piles' tops and sizes, where they changed (the order below is not shown)."""
        values, known = self.values, self._piles
        for at, pile in enumerate(piles):
            before = known[at]
            if len(pile) != len(before):
                values[self.sizes_at + at] = len(pile)
            top = pile[-1] if pile else None
            if top is not (before[-1] if before else None):
                self.write_domino(self.tops_at[at], top)
        self._piles = [list(pile) for pile in piles]

    def _write_markers(self, slot: int, stage: int, markers: dict[int, tuple[int, int]]) -> None:
        """The jewel markers of a seat (by colour index), all on its current stage: the
        ones written before cleared, the new ones set."""
        at, values = self.markers_at[slot], self.values
        for colour, (x, y) in self._markers[slot].items():
            values[at + (self.marker_at[colour] * STAGES + self._marked[slot]) * LAYER + y * SIDE + x] = 0
        for colour, (x, y) in markers.items():
            values[at + (self.marker_at[colour] * STAGES + stage) * LAYER + y * SIDE + x] = 1
        self._markers[slot], self._marked[slot] = dict(markers), stage

    def _write_cover_cards(self, slot: int, left: list[int]) -> None:
        at, values, colours = self.cards_at[slot], self.values, len(self.family.colours)
        values[at : at + self.cards_size] = self.zeros[: self.cards_size]
        for card in left:
            for dealt, colour in self.cards[card]:
                values[at + dealt * colours + colour] = 1
        self._left[slot] = list(left)

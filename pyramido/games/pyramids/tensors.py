"""What Pyramido and Forgotten Treasures share: pyramids of four stages on a 9x9 lattice
of block spaces, dominoes of two blocks, stage scores. :class:`PyramidFamily` lays out
and fills those slots; each game's encoder adds its own. The slots keep the lattice's
size whatever the ruleset's pyramid (``pyramid_base``, ``pyramid_stages``): a smaller one
leaves the planes of the spaces and stages it lacks at 0."""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING, Any

import numpy as np

from ...adapters.tensors.layout import DTYPE, STAGES, Context, Planes, Slot, Vector
from ...geometry.board import BOARD_SIZE, QUADRANTS, SIDE
from ...geometry.core import BoardPlanes

if TYPE_CHECKING:
    from .pyramid import Domino, Pyramid

#: The highest score a slot declares (scores are counted, not scaled).
MAX_SCORE = 1000
MAX_ICONS = len(QUADRANTS)


class PyramidFamily:
    """The slots every pyramid game has: seat slots are ordered from the viewer."""

    def __init__(self, context: Context) -> None:
        self.colours: list[str] = context.ruleset.colours
        self.num_players = context.num_players
        self.dominoes = len(context.ruleset.components["dominoes"])
        self._rows: dict[int, memoryview] = {}

    # --- the layout ---------------------------------------------------------------------------

    def block_features(self) -> str:
        colours = ", ".join(self.colours)
        return f"present, face up, colour one-hot ({colours}), icon in TL/TR/BL/BR, at least 1/2/3/4 icons"

    def domino_width(self) -> int:
        """The values of a block of a domino: :meth:`block_features`. The icon count is
        four flags (at least 1, 2, 3, 4), not a number: every value of a slot is a 0 or a 1,
        like its neighbours, so no scaling of the slot favours some over others."""
        return 2 + len(self.colours) + 2 * MAX_ICONS

    def domino_slot(self, name: str, count: int, what: str) -> Slot:
        """``count`` dominoes, each two blocks (A, B as printed) of :meth:`block_features`."""
        meaning = f"{what}; per block (A, B): {self.block_features()}"
        return Slot(name, (count, 2, self.domino_width()), 0, 1, meaning)

    def slots(self) -> list[Slot]:
        n, channels = self.num_players, ", ".join(self.colours)
        return [
            Slot("start_player", (n,), 0, 1, "one-hot by seat slot: the seat that starts the stage"),
            self.domino_slot("in_hand", 1, "the domino taken and not yet placed"),
            Slot("seats.pyramid", (n, STAGES, 2 + len(self.colours) + MAX_ICONS, SIDE, SIDE), 0, 1,
                 f"by seat slot, stage, channel, y, x of the stage's block space: occupied, colour "
                 f"one-hot ({channels}), icon in TL/TR/BL/BR, printed by a cover card (not a domino)"),
            Slot("seats.stage_scores", (n, STAGES), 0, MAX_SCORE, "by seat slot: each stage's score so far"),
            Slot("seats.score", (n,), 0, MAX_SCORE, "by seat slot: the score so far"),
        ]  # fmt: skip

    # --- the values ---------------------------------------------------------------------------

    def fill(self, observation: dict[str, Any], order: list[int], planes: Planes) -> None:
        planes["start_player"][order.index(observation["start_player"])] = 1
        self.write_domino(planes["in_hand"][0], observation["in_hand"])
        players = observation["players"]
        for slot, seat in enumerate(order):
            view = players[seat]
            self.write_pyramid(planes["seats.pyramid"][slot], view["pyramid"])
            scores = view["stage_scores"]
            planes["seats.stage_scores"][slot, : len(scores)] = scores
            planes["seats.score"][slot] = view["score"]

    def write_domino(self, row: Vector, domino: dict[str, Any] | None) -> None:
        """A domino's JSON into ``row`` (2 blocks x features): a face-down one (Forgotten
        Treasures' ``{"face": "back", "a": [colour, icons], ...}``) shows its colours and
        icon counts only; ``None`` leaves zeros."""
        if domino is None:
            return
        face_up = domino.get("face", "front") == "front"
        for block, side in zip(row, ("a", "b"), strict=True):
            colour, *rest = domino[side]
            block[0] = 1
            block[1] = face_up
            block[2 + self.colours.index(colour)] = 1
            icons = 2 + len(self.colours)
            if face_up:
                for quadrant in rest:
                    block[icons + QUADRANTS.index(quadrant)] = 1
            count = len(rest) if face_up else rest[0]
            block[icons + MAX_ICONS : icons + MAX_ICONS + count] = 1

    def write_pyramid(self, planes: Vector, pyramid: list[list[dict[str, Any]]]) -> None:
        """A seat's pyramid (a list of placed blocks per stage) into its stage planes."""
        icons = 1 + len(self.colours)
        for stage, blocks in zip(planes, pyramid, strict=True):
            for block in blocks:
                x, y = block["x"], block["y"]
                stage[0, y, x] = 1
                stage[1 + self.colours.index(block["colour"]), y, x] = 1
                for quadrant in block["icons"]:
                    stage[icons + QUADRANTS.index(quadrant), y, x] = 1
                if block["cover"]:
                    stage[-1, y, x] = 1

    # --- step by step (:class:`PyramidTracker`) -------------------------------------------------

    def domino_values(self, domino: Domino | None, face_up: bool = True) -> memoryview:
        """The values of ``domino`` (:meth:`write_domino` of its JSON, face up or its back
        only; ``None``: zeros), flat, made once."""
        key = -1 if domino is None else domino.id if face_up else -2 - domino.id
        row = self._rows.get(key)
        if row is None:
            array = np.zeros((2, self.domino_width()), DTYPE)
            if domino is not None:
                self.write_domino(array, self.shown_json(domino, face_up))
            row = self._rows[key] = array.ravel().data
        return row

    def shown_json(self, domino: Domino, face_up: bool) -> dict[str, Any]:
        """What the observation shows of ``domino``: its front (a game with face-down
        dominoes, Forgotten Treasures, shows their backs)."""
        return domino.to_json(self.colours)


#: The stride of a channel in a stage's planes (channel, y, x): a layer of block spaces.
LAYER = SIDE * SIDE


class PyramidTracker:
    """The slots of :class:`PyramidFamily` kept up to date for one viewer (a game's own
    tracker adds its slots), value by value through :attr:`Planes.values`. Every method
    compares what it is given with what it last wrote, and writes the difference: a seat's
    pyramid only at the block spaces whose board byte changed (found by xor of the boards
    read by :class:`~pyramido.geometry.core.BoardPlanes`, in C: a step changes one or
    two), a domino from its values made once."""

    def __init__(self, family: PyramidFamily, order: list[int], planes: Planes) -> None:
        self.family, self.order, self.values, n = family, order, planes.values, len(order)
        self.channels = planes["seats.pyramid"].shape[2]
        colours = len(family.colours)
        #: each seat slot's stage planes (but the cover cards' channel), written in C
        self.stage_planes = [
            BoardPlanes(planes["seats.pyramid"][slot], colours, self.channels) for slot in range(n)
        ]
        self.start_at, self.hand_at = planes.at("start_player"), planes.at("in_hand")
        self.domino_size = planes["in_hand"][0].size
        self.pyramid_at = [planes.at("seats.pyramid", slot) for slot in range(n)]
        self.scores_at = [planes.at("seats.stage_scores", slot) for slot in range(n)]
        self.score_at = [planes.at("seats.score", slot) for slot in range(n)]
        self.restart()

    def restart(self) -> None:
        """Forget what was written: the planes are all 0 again (for a new game: cheaper
        than a new tracker)."""
        n = len(self.order)
        self._boards = [bytes(BOARD_SIZE)] * n  # each seat's board as last written (empty)
        self._covers = [0] * n
        self._scores: list[list[int]] = [[] for _ in range(n)]
        self._start = -1
        self._hand: Domino | None = None

    def start_player(self, seat: int) -> None:
        if seat != self._start:
            if self._start >= 0:
                self.values[self.start_at + self.order.index(self._start)] = 0
            self.values[self.start_at + self.order.index(seat)] = 1
            self._start = seat

    def in_hand(self, domino: Domino | None) -> None:
        if domino is not self._hand:
            self.write_domino(self.hand_at, domino)
            self._hand = domino

    def write_domino(self, at: int, domino: Domino | None, face_up: bool = True) -> None:
        """The domino's values (or zeros) from position ``at``, face up or its back only."""
        self.values[at : at + self.domino_size] = self.family.domino_values(domino, face_up)

    def write_changes(self, at: int, now: list[int], before: list[int]) -> None:
        """``now`` from position ``at``, where it differs from ``before`` (as long)."""
        values = self.values
        for i, value in enumerate(now):
            if value != before[i]:
                values[at + i] = value

    def pyramid(self, slot: int, pyramid: Pyramid, covers: Collection[tuple[int, int, int]]) -> None:
        """Seat slot ``slot``'s pyramid, whose cover cards lie on ``covers`` (``(stage, x,
        y)``; a cover card never moves, so the collection only grows)."""
        board, before = pyramid.board, self._boards[slot]
        if board != before:  # a comparison of bytes: the usual answer, cheaply
            now = bytes(board)
            self.stage_planes[slot].write(now, before)  # the changed blocks, found in C
            self._boards[slot] = now
        if len(covers) != self._covers[slot]:
            start, cover = self.pyramid_at[slot], (self.channels - 1) * LAYER
            for stage, x, y in covers:
                self.values[start + stage * self.channels * LAYER + cover + y * SIDE + x] = 1
            self._covers[slot] = len(covers)

    def scores(self, slot: int, stage_scores: list[int]) -> None:
        if stage_scores != self._scores[slot]:
            at = self.scores_at[slot]
            for stage in range(STAGES):
                self.values[at + stage] = stage_scores[stage] if stage < len(stage_scores) else 0
            self.values[self.score_at[slot]] = sum(stage_scores)
            self._scores[slot] = list(stage_scores)

"""What Pyramido and Forgotten Treasures share: pyramids of four stages on a 9x9 lattice
of block spaces, dominoes of two blocks, stage scores. :class:`PyramidFamily` lays out
and fills those slots; each game's encoder adds its own."""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING, Any

import numpy as np

from ...adapters.tensors.layout import STAGES, Context, Planes, Slot, Vector
from ...geometry.board import QUADRANTS, SIDE

if TYPE_CHECKING:
    from .pyramid import Domino, Pyramid

#: The highest score a slot declares (scores are counted, not scaled).
MAX_SCORE = 1000.0
MAX_ICONS = len(QUADRANTS)


class PyramidFamily:
    """The slots every pyramid game has: seat slots are ordered from the viewer."""

    def __init__(self, context: Context) -> None:
        self.colours: list[str] = context.ruleset.colours
        self.num_players = context.num_players
        self.dominoes = len(context.ruleset.components["dominoes"])
        self.block_values = self._block_values()
        self._rows: dict[int, Vector] = {}

    # --- the layout ---------------------------------------------------------------------------

    def block_features(self) -> str:
        return f"present, face up, colour one-hot ({', '.join(self.colours)}), icon in TL/TR/BL/BR, icons/4"

    def domino_slot(self, name: str, count: int, what: str) -> Slot:
        """``count`` dominoes, each two blocks (A, B as printed) of :meth:`block_features`."""
        width = 2 + len(self.colours) + MAX_ICONS + 1
        return Slot(name, (count, 2, width), 0, 1, f"{what}; per block (A, B): {self.block_features()}")

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
                block[-1] = len(rest) / MAX_ICONS
            else:
                block[-1] = rest[0] / MAX_ICONS

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

    def _block_values(self) -> Vector:
        """Every board byte's values in the stage planes but the last (occupied, colour,
        icons): what :meth:`write_pyramid` writes for a block, by byte (0 for an empty space)."""
        values = np.zeros((256, 1 + len(self.colours) + MAX_ICONS), np.float32)
        for byte in range(1, 256):
            colour = (byte & 7) - 1
            if 0 <= colour < len(self.colours):
                values[byte, 0] = values[byte, 1 + colour] = 1
                for bit in range(MAX_ICONS):
                    values[byte, 1 + len(self.colours) + bit] = byte >> (4 + bit) & 1
        return values

    def domino_row(self, domino: Domino) -> Vector:
        """The values of a face-up ``domino`` (:meth:`write_domino` of its JSON), made once."""
        row = self._rows.get(domino.id)
        if row is None:
            row = np.zeros((2, 2 + len(self.colours) + MAX_ICONS + 1), np.float32)
            self.write_domino(row, domino.to_json(self.colours))
            self._rows[domino.id] = row
        return row


class PyramidTracker:
    """The slots of :class:`PyramidFamily` kept up to date for one viewer (a game's own
    tracker adds its slots). Every method compares what it is given with what it last
    wrote, and writes the difference: a seat's pyramid only at the block spaces whose
    board byte changed (found by xor of the boards read as integers: a step changes one or
    two), a domino from its row made once."""

    def __init__(self, family: PyramidFamily, order: list[int], planes: Planes) -> None:
        self.family, self.order, n = family, order, len(order)
        pyramid = planes["seats.pyramid"]
        self.pyramids = pyramid.reshape(*pyramid.shape[:3], SIDE * SIDE)  # a view: channels by space
        self.start_plane, self.hand_row = planes["start_player"], planes["in_hand"][0]
        self.stage_scores, self.score = planes["seats.stage_scores"], planes["seats.score"]
        self._boards = [0] * n  # each seat's board as last written, an integer (empty: 0)
        self._covers = [0] * n
        self._scores: list[list[int]] = [[] for _ in range(n)]
        self._start = -1
        self._hand: Domino | None = None

    def start_player(self, seat: int) -> None:
        if seat != self._start:
            self.start_plane[:] = 0
            self.start_plane[self.order.index(seat)] = 1
            self._start = seat

    def in_hand(self, domino: Domino | None) -> None:
        if domino is not self._hand:
            self.write_domino(self.hand_row, domino)
            self._hand = domino

    def write_domino(self, row: Vector, domino: Domino | None) -> None:
        if domino is None:
            row[:] = 0
        else:
            row[:] = self.family.domino_row(domino)

    def pyramid(self, slot: int, pyramid: Pyramid, covers: Collection[tuple[int, int, int]]) -> None:
        """Seat slot ``slot``'s pyramid, whose cover cards lie on ``covers`` (``(stage, x,
        y)``; a cover card never moves, so the collection only grows)."""
        board = pyramid.board
        now = int.from_bytes(board, "little")
        changed = now ^ self._boards[slot]
        if changed:
            planes, values = self.pyramids[slot], self.family.block_values
            while changed:
                byte = ((changed & -changed).bit_length() - 1) >> 3  # the lowest changed byte
                stage, space = divmod(byte, SIDE * SIDE)
                planes[stage, :-1, space] = values[board[byte]]
                changed &= ~(0xFF << (byte << 3))
            self._boards[slot] = now
        if len(covers) != self._covers[slot]:
            planes = self.pyramids[slot]
            for stage, x, y in covers:
                planes[stage, -1, y * SIDE + x] = 1
            self._covers[slot] = len(covers)

    def scores(self, slot: int, stage_scores: list[int]) -> None:
        if stage_scores != self._scores[slot]:
            row = self.stage_scores[slot]
            row[:] = 0
            row[: len(stage_scores)] = stage_scores
            self.score[slot] = sum(stage_scores)
            self._scores[slot] = list(stage_scores)

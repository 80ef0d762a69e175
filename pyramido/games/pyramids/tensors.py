"""What Pyramido and Forgotten Treasures share: pyramids of four stages on a 9x9 lattice
of block spaces, dominoes of two blocks, stage scores. :class:`PyramidFamily` lays out
and fills those slots; each game's encoder adds its own."""

from __future__ import annotations

from typing import Any

from ...adapters.tensors.layout import STAGES, Context, Planes, Slot, Vector
from ...geometry.board import QUADRANTS, SIDE

#: The highest score a slot declares (scores are counted, not scaled).
MAX_SCORE = 1000.0
MAX_ICONS = len(QUADRANTS)


class PyramidFamily:
    """The slots every pyramid game has: seat slots are ordered from the viewer."""

    def __init__(self, context: Context) -> None:
        self.colours: list[str] = context.ruleset.colours
        self.num_players = context.num_players
        self.dominoes = len(context.ruleset.components["dominoes"])

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

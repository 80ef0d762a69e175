"""The tensor of a Pyramido seat (docs/rules.md, Pyramido): the shared pyramid slots, plus
the quarry, the piles (their sizes and the dominoes on top), each seat's jewel markers
and remaining cover cards, and whether a seat has completed its stage or is out."""

from __future__ import annotations

from typing import Any

from ...adapters.tensors.layout import STAGES, Context, Planes, Slot
from ...geometry.board import SIDE
from ..pyramids.tensors import PyramidFamily


class PyramidoEncoder(PyramidFamily):
    def __init__(self, context: Context) -> None:
        super().__init__(context)
        first = context.first
        self.quarry = len(first["quarry"])
        self.piles = len(first["piles"])
        self.markers: list[str] = list(context.ruleset.params["markers"])
        self.cover_cards: list[list[str]] = first["players"][0]["cover_cards"]

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

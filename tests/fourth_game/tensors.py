"""The tensor of a Two Steps seat: after the common slots (stage, decision), the market,
the bag's size, the tile in hand, each seat's rows and stage scores, seats ordered from
the viewer. A tile is a one-hot colour and its number."""

from __future__ import annotations

from typing import Any

from pyramido.adapters.tensors.layout import Context, Planes, Slot, Vector

from .state import STAGES

MAX_SCORE = 1000


class TwoStepsEncoder:
    def __init__(self, context: Context) -> None:
        ruleset = context.ruleset
        self.colours: list[str] = list(ruleset.colours)
        self.num_players = context.num_players
        self.market = len(context.first["market"])
        self.row = len(context.first["players"][0]["rows"][0])
        tiles = ruleset.components["tiles"]
        self.tiles = len(tiles)
        self.top = max(t["number"] for t in tiles)

    def slots(self) -> list[Slot]:
        n, width = self.num_players, len(self.colours) + 1
        tile = f"colour one-hot ({', '.join(self.colours)}), number (1-{self.top}); all 0: none"
        return [
            Slot("market", (self.market, width), 0, self.top, f"by market slot: the tile there: {tile}"),
            Slot("bag.size", (1,), 0, self.tiles, "tiles left in the bag"),
            Slot("in_hand", (width,), 0, self.top, f"the tile taken and not yet placed: {tile}"),
            Slot("seats.rows", (n, STAGES, self.row, width), 0, self.top,
                 f"by seat slot, stage, space: the tile there: {tile}"),
            Slot("seats.stage_scores", (n, STAGES), 0, MAX_SCORE, "by seat slot: each stage's score so far"),
        ]  # fmt: skip

    def fill(self, observation: dict[str, Any], order: list[int], planes: Planes) -> None:
        for at, shown in enumerate(observation["market"]):
            self._tile(planes["market"][at], shown)
        planes["bag.size"][0] = observation["bag_size"]
        self._tile(planes["in_hand"], observation["in_hand"])
        players = observation["players"]
        for slot, seat in enumerate(order):
            view = players[seat]
            for stage, row in enumerate(view["rows"]):
                for space, shown in enumerate(row):
                    self._tile(planes["seats.rows"][slot, stage, space], shown)
            scores = view["stage_scores"]
            planes["seats.stage_scores"][slot, : len(scores)] = scores

    def _tile(self, cell: Vector, shown: dict[str, Any] | None) -> None:
        if shown is not None:
            cell[self.colours.index(shown["colour"])] = 1
            cell[-1] = shown["number"]

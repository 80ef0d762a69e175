"""The tensor of a Forgotten Treasures seat (docs/rules.md, Forgotten Treasures): the
shared pyramid slots, plus the five exploration spaces (pile size, the domino on top,
face up or its back only, the gems there), the bag's size and the discards, each seat's
gems, the viewer's own stage scoring while it activates areas, and the Legend in solo."""

from __future__ import annotations

from typing import Any

from ...adapters.tensors.layout import STAGES, Context, Planes, Slot
from ..pyramids.tensors import MAX_SCORE, PyramidFamily

MODES = ("multiplayer", "legend", "the-legend")


class TreasuresEncoder(PyramidFamily):
    def __init__(self, context: Context) -> None:
        super().__init__(context)
        first = context.first
        self.spaces = len(first["spaces"])
        self.gems: list[str] = list(first["discards"])
        gems = context.ruleset.params["gems"]
        self.all_gems = sum(gems["coloured_per_colour"]) + gems["mythical"]
        kinds = {kind["kind"]: kind for kind in context.ruleset.space.describe()}
        self.areas = next(f["size"] for f in kinds["activate"]["fields"] if f["name"] == "area")

    def slots(self) -> list[Slot]:
        n, gems = self.num_players, ", ".join(self.gems)
        return [
            *super().slots(),
            Slot("mode", (len(MODES),), 0, 1, f"one-hot: {', '.join(MODES)}"),
            self.domino_slot("spaces.top", self.spaces, "by exploration space: the domino on top "
                             "of its pile (face down: colours and icon counts only)"),
            Slot("spaces.pile_size", (self.spaces,), 0, self.dominoes, "by space: dominoes in its pile"),
            Slot("spaces.gems", (self.spaces, len(self.gems)), 0, self.all_gems,
                 f"by space, gem ({gems}): how many lie there"),
            Slot("bag_size", (1,), 0, self.all_gems, "gems in the bag"),
            Slot("discards", (len(self.gems),), 0, self.all_gems, f"by gem ({gems}): discarded"),
            Slot("seats.gems", (n, len(self.gems)), 0, self.all_gems, f"by seat slot, gem ({gems}): held"),
            Slot("seats.flags", (n, 2), 0, 1, "by seat slot: stage complete, scoring shown (its own only)"),
            Slot("scoring.areas", (self.areas, 2 + len(self.colours)), 0, 1,
                 f"the viewer's stage scoring, by area index (the activate action's): present, activated, "
                 f"colour one-hot ({', '.join(self.colours)})"),
            Slot("scoring.values", (self.areas, 3), 0, MAX_SCORE,
                 "by area index: icons, points, points if doubled"),
            self.domino_slot("legend.top", 1, "solo: the Legend's domino on top of his pile"),
            Slot("legend.counts", (2 + len(self.gems) + STAGES,), 0, MAX_SCORE,
                 f"solo: the Legend's pile size, score, gems ({gems}), stage scores"),
        ]  # fmt: skip

    def fill(self, observation: dict[str, Any], order: list[int], planes: Planes) -> None:
        super().fill(observation, order, planes)
        planes["mode"][MODES.index(observation["mode"])] = 1
        for at, space in enumerate(observation["spaces"]):
            self.write_domino(planes["spaces.top"][at], space["top"])
            planes["spaces.pile_size"][at] = space["pile_size"]
            for gem in space["gems"]:
                planes["spaces.gems"][at, self.gems.index(gem)] += 1
        planes["bag_size"][0] = observation["bag_size"]
        planes["discards"][:] = [observation["discards"][gem] for gem in self.gems]
        players = observation["players"]
        for slot, seat in enumerate(order):
            view = players[seat]
            planes["seats.gems"][slot] = [view["gems"][gem] for gem in self.gems]
            planes["seats.flags"][slot] = (view["stage_complete"], view["scoring"] is not None)
        self.write_scoring(players[order[0]]["scoring"], planes)
        legend = observation["legend"]
        if legend is not None:
            self.write_domino(planes["legend.top"][0], legend["top"])
            scores = legend["stage_scores"]
            planes["legend.counts"][: 2 + len(self.gems) + len(scores)] = [
                legend["pile_size"],
                legend["score"],
                *(legend["gems"][gem] for gem in self.gems),
                *scores,
            ]

    def write_scoring(self, scoring: dict[str, Any] | None, planes: Planes) -> None:
        """The viewer's own stage scoring: the areas it may activate, which it has."""
        if scoring is None:
            return
        areas, values = planes["scoring.areas"], planes["scoring.values"]
        for area in scoring["areas"]:
            at = area["area"]
            areas[at, 0] = 1
            areas[at, 2 + self.colours.index(area["colour"])] = 1
            values[at] = (area["icons"], area["points"], area["points_doubled"])
        for activation in scoring["activated"]:
            areas[activation["area"], 1] = 1

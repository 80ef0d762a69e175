"""The tensor of a Forgotten Treasures seat (docs/rules.md, Forgotten Treasures): the
shared pyramid slots, plus the five exploration spaces (pile size, the domino on top,
face up or its back only, the gems there), the bag's size and the discards, each seat's
gems, the viewer's own stage scoring while it activates areas, and the Legend in solo."""

from __future__ import annotations

from array import array
from typing import TYPE_CHECKING, Any

from ...adapters.tensors.layout import FORMAT, STAGES, Context, Planes, Slot
from ..pyramids.tensors import MAX_SCORE, PyramidFamily, PyramidTracker
from .components import back_of
from .hooks import rules_of
from .observation import IN_HAND
from .state import Scoring

if TYPE_CHECKING:
    from ...engine.game import Game
    from ..pyramids.pyramid import Domino
    from .state import State

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
        self.write_areas(
            planes,
            [(area["area"], area["colour"], area["icons"], area["points"], area["points_doubled"])
             for area in scoring["areas"]],
        )  # fmt: skip
        self.write_activated(planes, [activation["area"] for activation in scoring["activated"]])

    def write_areas(self, planes: Planes, areas: list[tuple[int, str, int, int, int]]) -> None:
        """The scoring's areas: ``(label, colour, icons, points, points doubled)`` each."""
        present, values = planes["scoring.areas"], planes["scoring.values"]
        for label, colour, icons, points, doubled in areas:
            present[label, 0] = 1
            present[label, 2 + self.colours.index(colour)] = 1
            values[label] = (icons, points, doubled)

    def write_activated(self, planes: Planes, labels: list[int]) -> None:
        """Which areas are activated (only ``labels``)."""
        activated = planes["scoring.areas"][:, 1]
        activated.fill(0)
        activated[labels] = 1

    def shown_json(self, domino: Domino, face_up: bool) -> dict[str, Any]:
        front = domino.to_json(self.colours)
        return front if face_up else {"face": "back", **back_of(front)}

    def tracker(self, viewer: int, order: list[int], planes: Planes) -> TreasuresTracker:
        return TreasuresTracker(self, order, planes)

    def scores(self, game: Game) -> list[int]:
        """Each seat's score so far (public: every stage is scored in the open)."""
        state: State = game.state  # asked at every step: a typed local, not state_of's call
        return [sum(seat.stage_scores) for seat in state.seats]

    def out(self, game: Game) -> list[bool]:
        """Nobody is out in Forgotten Treasures."""
        return [False] * game.num_players


class TreasuresTracker(PyramidTracker):
    """A Forgotten Treasures seat's tensor, step by step, read from the game's state: only
    what its observation shows (a face-down top's back, the others' gems as they were
    before their secret activations, its own scoring alone)."""

    family: TreasuresEncoder

    def __init__(self, family: TreasuresEncoder, order: list[int], planes: Planes) -> None:
        n = len(order)
        self.viewer = order[0]
        self.mode_at = planes.at("mode")
        self.tops_at = [planes.at("spaces.top", at) for at in range(family.spaces)]
        self.sizes_at = planes.at("spaces.pile_size")
        self.space_gems_at = [planes.at("spaces.gems", at) for at in range(family.spaces)]
        self.bag_at = planes.at("bag_size")
        self.discards_at = planes.at("discards")
        self.gems_at = [planes.at("seats.gems", slot) for slot in range(n)]
        self.flags_at = [planes.at("seats.flags", slot) for slot in range(n)]
        self.scoring_planes = planes["scoring.areas"], planes["scoring.values"]
        self.planes = planes
        self.legend_top_at = planes.at("legend.top")
        self.legend_counts = planes["legend.counts"]
        self.kinds = len(family.gems)
        super().__init__(family, order, planes)  # which restarts: every field above is set

    def restart(self) -> None:
        super().restart()
        n, spaces = len(self.order), self.family.spaces
        self._mode = ""
        self._tops: list[Domino | None] = [None] * spaces
        self._face_up = [True] * spaces
        self._sizes = [0] * spaces
        self._space_gems: list[list[int]] = [[] for _ in range(spaces)]
        self._bag = 0
        self._discards = [0] * self.kinds
        self._gems = [[0] * self.kinds for _ in range(n)]
        self._flags = [(False, False)] * n
        self._scoring: Scoring | None = None
        self._activated = 0  # activations written
        self._legend: tuple[Domino | None, int, list[int], list[int]] = (None, 0, [], [])

    def update(self, game: Game) -> int:
        state: State = game.state  # at every step: a typed local, not state_of's call
        values = self.values
        if state.mode != self._mode:
            self._mode = state.mode
            values[self.mode_at + MODES.index(state.mode)] = 1
        if state.start_player != self._start:
            self.start_player(state.start_player)
        decision = game.decision
        hand = state.turn.domino if decision is not None and decision.kind in IN_HAND else None
        if hand is not self._hand:
            self.in_hand(hand)
        piles = state.piles
        tops = [pile[-1] if pile else None for pile in piles]
        if tops != self._tops or state.face_up != self._face_up:  # dominoes: by identity first
            for at, top in enumerate(tops):
                face_up = state.face_up[at]
                if top is not self._tops[at] or face_up != self._face_up[at]:
                    self.write_domino(self.tops_at[at], top, face_up)
            self._tops, self._face_up = tops, list(state.face_up)
        sizes = list(map(len, piles))
        if sizes != self._sizes:
            self.write_changes(self.sizes_at, sizes, self._sizes)
            self._sizes = sizes
        if state.gem_areas != self._space_gems:
            for at, gems in enumerate(state.gem_areas):
                if gems != self._space_gems[at]:
                    counts = [0] * self.kinds
                    for gem in gems:
                        counts[gem] += 1
                    self.values[self.space_gems_at[at] : self.space_gems_at[at] + self.kinds] = array(
                        FORMAT, counts
                    )
            self._space_gems = [list(gems) for gems in state.gem_areas]
        bag = sum(state.bag)
        if bag != self._bag:
            values[self.bag_at] = self._bag = bag
        if state.discards != self._discards:
            self.write_changes(self.discards_at, state.discards, self._discards)
            self._discards = list(state.discards)
        viewer, seats = self.viewer, state.seats
        for slot, seat in enumerate(self.order):
            view = seats[seat]
            if view.pyramid.board != self._boards[slot]:
                self.pyramid(slot, view.pyramid, ())
            if view.stage_scores != self._scores[slot]:
                self.scores(slot, view.stage_scores)
            scoring = view.scoring
            gems = view.gems if scoring is None or seat == viewer else scoring.gems_before
            if gems != self._gems[slot]:
                self.write_changes(self.gems_at[slot], gems, self._gems[slot])
                self._gems[slot] = list(gems)
            flags = (view.done, scoring is not None and seat == viewer)
            if flags != self._flags[slot]:
                values[self.flags_at[slot]], values[self.flags_at[slot] + 1] = flags
                self._flags[slot] = flags
        self._update_scoring(game, seats[viewer].scoring)
        if state.legend is not None:
            self._update_legend(state.legend.pile, state.legend.gems, state.legend.stage_scores)
        return state.stage + 1

    def _update_scoring(self, game: Game, scoring: Scoring | None) -> None:
        """The viewer's own scoring: its areas written when it starts (or zeros when it
        ends), which are activated when that changes."""
        if scoring is not self._scoring:
            for plane in self.scoring_planes:
                plane.fill(0)
            if scoring is not None:
                value = rules_of(game).area_value
                self.family.write_areas(
                    self.planes,
                    [(area.label, area.colour, area.icons, value(game, self.viewer, area, False),
                      value(game, self.viewer, area, True)) for area in scoring.pyramid.areas],
                )  # fmt: skip
            self._scoring, self._activated = scoring, 0
        if scoring is not None and len(scoring.activations) != self._activated:
            self.family.write_activated(self.planes, [spend.area for spend in scoring.activations])
            self._activated = len(scoring.activations)

    def _update_legend(self, pile: list[Domino], gems: list[int], stage_scores: list[int]) -> None:
        top = pile[-1]
        if top is not self._legend[0]:
            self.write_domino(self.legend_top_at, top)
        now = (top, len(pile), gems, stage_scores)
        if now[1:] != self._legend[1:]:
            counts = [len(pile), sum(stage_scores), *gems, *stage_scores]
            self.legend_counts.fill(0)
            self.legend_counts[: len(counts)] = counts
        self._legend = (top, len(pile), list(gems), list(stage_scores))

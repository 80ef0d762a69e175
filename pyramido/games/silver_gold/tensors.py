"""The tensor of a Silver & Gold Pyramids seat (docs/rules.md, Silver & Gold): the
expedition card revealed, the deck's size, the colour bonuses left, the cards on offer,
the viewer's hand, and each seat's pyramid cards (walls, entrance, tomb, symbols and the
cells marked, on the 5x5 grid), score card and hand size. While everybody marks at once,
the others' cards are as the observation shows them: as they were before."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from ...adapters.tensors.layout import DTYPE, Context, Planes, Slot, Vector
from .observation import as_others_see, card_json, round_shown
from .shapes import SHAPE_TABLE
from .views import SYMBOLS, ScoreCard, cells_of

if TYPE_CHECKING:
    from ...engine.game import Game
    from .state import State

SIDE = 5
#: The channels of a card's 5x5 grid.
CELL_CHANNELS = ("wall", "entrance", "tomb", *SYMBOLS, "marked")
SHAPES = tuple(SHAPE_TABLE)


def score_card_values(rounds: int) -> tuple[str, ...]:
    """The score card's values, in slot order: the torches ticked in each of the ``rounds``."""
    torches = (f"torch {round_ + 1}" for round_ in range(rounds))
    return ("red", "green", *torches, "skulls", "bonus points", "cards completed", "crosses owed")


MAX_COUNT = 100
#: The decisions every seat takes at once: the others' cards are shown as they were before.
SIMULTANEOUS = ("keep", "mark")


def score_card_row(
    red: int, green: int, torches: list[int], skulls: int, bonus_points: int, completed: int, crosses: int
) -> list[int]:
    """The ``seats.score_card`` values, in :func:`score_card_values`' order (one order for
    the observation's JSON and the tracker's state)."""
    return [red, green, *torches, skulls, bonus_points, completed, crosses]


class SilverGoldEncoder:
    def __init__(self, context: Context) -> None:
        ruleset, first = context.ruleset, context.first
        self.num_players = context.num_players
        self.colours: list[str] = ruleset.colours
        self.kept = len(first["players"][0]["cards"])
        self.hand = len(first["players"][0]["hand"])
        kinds = {kind["kind"]: kind for kind in ruleset.space.describe()}
        self.offer = kinds["replace"]["fields"][0]["size"] - 1  # "deck", then each offer slot
        self.bonuses = len(ruleset.params["colour_bonuses"])
        self.max_bonus = max(ruleset.params["colour_bonuses"])
        self.deck = len(ruleset.components["pyramid_cards"])
        self.expeditions = len(ruleset.components["expedition_cards"])
        self.score_card = score_card_values(ruleset.params["rounds"])
        self._cards: dict[int | None, tuple[memoryview, memoryview]] = {}

    def card_slots(self, name: str, shape: tuple[int, ...], what: str) -> list[Slot]:
        """A group of cards: ``name.card`` (present, colour) and ``name.cells`` (5x5 grids)."""
        return [
            Slot(f"{name}.card", (*shape, 1 + len(self.colours)), 0, 1,
                 f"{what}: present, colour one-hot ({', '.join(self.colours)})"),
            Slot(f"{name}.cells", (*shape, len(CELL_CHANNELS), SIDE, SIDE), 0, 1,
                 f"{what}, by channel ({', '.join(CELL_CHANNELS)}), y, x: 1 where the card has it"),
        ]  # fmt: skip

    def slots(self) -> list[Slot]:
        n = self.num_players
        return [
            Slot("expedition.shape", (len(SHAPES),), 0, 1,
                 f"one-hot: the expedition card's shape ({', '.join(SHAPES)}), 0 before it is revealed"),
            Slot("expedition.used", (1,), 0, self.expeditions, "expedition cards used this round"),
            Slot("deck_size", (1,), 0, self.deck, "pyramid cards in the deck"),
            Slot("bonuses_left", (len(self.colours), self.bonuses), 0, self.max_bonus,
                 f"by colour ({', '.join(self.colours)}), bonus: its points if still to take, else 0"),
            *self.card_slots("offer", (self.offer,), "by offer slot: the card there"),
            *self.card_slots("hand", (self.hand,), "the viewer's own hand, in order"),
            Slot("seats.hand_size", (n,), 0, self.hand, "by seat slot: cards in hand"),
            *self.card_slots("seats", (n, self.kept), "by seat slot, card slot: the card in play"),
            Slot("seats.score_card", (n, len(self.score_card)), 0, MAX_COUNT,
                 f"by seat slot: {', '.join(self.score_card)}"),
        ]  # fmt: skip

    def fill(self, observation: dict[str, Any], order: list[int], planes: Planes) -> None:
        cards = observation["cards"]
        expedition = observation["expedition"]
        if expedition["shape"] is not None:
            planes["expedition.shape"][SHAPES.index(expedition["shape"])] = 1
        planes["expedition.used"][0] = expedition["used_this_round"]
        planes["deck_size"][0] = observation["deck_size"]
        for row, colour in zip(planes["bonuses_left"], self.colours, strict=True):
            left = observation["bonuses_left"][colour]
            row[: len(left)] = left
        for at, number in enumerate(observation["offer"]):
            self.write_card(planes["offer.card"][at], planes["offer.cells"][at], cards, number, [])
        players = observation["players"]
        for at, number in enumerate(players[order[0]]["hand"]):
            self.write_card(planes["hand.card"][at], planes["hand.cells"][at], cards, number, [])
        for slot, seat in enumerate(order):
            view = players[seat]
            hand = view["hand"]
            planes["seats.hand_size"][slot] = hand if isinstance(hand, int) else len(hand)
            for at, card in enumerate(view["cards"]):
                if card is not None:
                    self.write_card(planes["seats.card"][slot, at], planes["seats.cells"][slot, at],
                                    cards, card["number"], card["marked"])  # fmt: skip
            score = view["score_card"]
            planes["seats.score_card"][slot] = score_card_row(
                score["red"], score["green"], score["torches"], score["skulls"],
                sum(bonus["points"] for bonus in score["bonuses"]), len(score["completed"]),
                view["crosses_owed"],
            )  # fmt: skip

    def write_card(self, card: Vector, cells: Vector, shown: dict[str, Any], number: int | None,
                   marked: list[int]) -> None:  # fmt: skip
        """Card ``number`` (as the observation's ``cards`` shows it) and its marked cells."""
        if number is None:
            return
        data = shown[str(number)]
        card[0] = 1
        card[1 + self.colours.index(data["colour"])] = 1
        grid = cells.reshape(len(CELL_CHANNELS), SIDE * SIDE)
        grid[0, data["walls"]] = 1
        grid[1, data["entrance"]] = 1
        grid[2, data["tomb"]] = 1
        for name, where in data["symbols"].items():
            grid[CELL_CHANNELS.index(name), where] = 1
        grid[-1, marked] = 1

    def tracker(self, viewer: int, order: list[int], planes: Planes) -> SilverGoldTracker:
        return SilverGoldTracker(self, order, planes)

    def scores(self, game: Game) -> list[int]:
        """No public score before the end (the whole game is scored then)."""
        return [0] * game.num_players

    def out(self, game: Game) -> list[bool]:
        """Nobody is out in Silver & Gold."""
        return [False] * game.num_players

    def card_values(self, number: int | None, card: Any) -> tuple[memoryview, memoryview]:
        """The ``.card`` and ``.cells`` values of card ``number`` (its ``CardView``
        ``card``), nothing marked (``None``: zeros), flat, made once."""
        rows = self._cards.get(number)
        if rows is None:
            values = np.zeros(1 + len(self.colours), DTYPE)
            cells = np.zeros(len(CELL_CHANNELS) * SIDE * SIDE, DTYPE)
            if number is not None:
                self.write_card(values, cells, {str(number): card_json(card)}, number, [])
            rows = self._cards[number] = values.data, cells.data
        return rows


#: Where the marked cells' channel starts in a card's cells.
MARKED = (len(CELL_CHANNELS) - 1) * SIDE * SIDE


class SilverGoldTracker:
    """A Silver & Gold seat's tensor, step by step, read from the game's state: what its
    observation shows (its own hand alone; while every seat keeps or marks at once, the
    others' cards, marks and score cards as they were before). A card is written again
    only where its number or its marked cells changed."""

    def __init__(self, family: SilverGoldEncoder, order: list[int], planes: Planes) -> None:
        self.family, self.order, self.viewer = family, order, order[0]
        self.values = planes.values
        self.shape_at, self.used_at = planes.at("expedition.shape"), planes.at("expedition.used")
        self.deck_at = planes.at("deck_size")
        self.bonuses = planes["bonuses_left"]
        self.card_size = planes["offer.card"][0].size
        n, kept = len(order), family.kept
        #: every card position: its ``.card`` and ``.cells`` positions, offer, hand, seats
        self.offer_at = [
            (planes.at("offer.card", at), planes.at("offer.cells", at)) for at in range(family.offer)
        ]
        self.hand_at = [
            (planes.at("hand.card", at), planes.at("hand.cells", at)) for at in range(family.hand)
        ]
        self.seats_at = [
            [(planes.at("seats.card", slot, at), planes.at("seats.cells", slot, at)) for at in range(kept)]
            for slot in range(n)
        ]
        self.hand_size_at = planes.at("seats.hand_size")
        self.score_at = [planes.at("seats.score_card", slot) for slot in range(n)]
        self.score_size = len(family.score_card)
        self.restart()

    def restart(self) -> None:
        """Forget what was written: the planes are all 0 again."""
        n = len(self.order)
        self._shape: str | None = None
        self._used = self._deck = -1
        self._bonuses: dict[str, list[int]] = {}
        #: by card position: the card number and marked cells written there
        self._offer: list[tuple[int | None, int]] = [(None, 0)] * self.family.offer
        self._hand: list[tuple[int | None, int]] = [(None, 0)] * self.family.hand
        self._seats: list[list[tuple[int | None, int]]] = [[(None, 0)] * self.family.kept for _ in range(n)]
        self._hand_sizes = [0] * n
        self._scores: list[tuple[ScoreCard | None, int]] = [(None, 0)] * n

    def update(self, game: Game) -> int:
        state: State = game.state  # at every step: a typed local, not state_of's call
        values = self.values
        if state.revealed != self._shape:
            if self._shape is not None:
                values[self.shape_at + SHAPES.index(self._shape)] = 0
            if state.revealed is not None:
                values[self.shape_at + SHAPES.index(state.revealed)] = 1
            self._shape = state.revealed
        if state.used != self._used:
            values[self.used_at] = self._used = state.used
        if len(state.deck) != self._deck:
            values[self.deck_at] = self._deck = len(state.deck)
        if state.bonuses != self._bonuses:
            self.bonuses.fill(0)
            for row, colour in zip(self.bonuses, self.family.colours, strict=True):
                left = state.bonuses[colour]
                row[: len(left)] = left
            self._bonuses = {colour: list(left) for colour, left in state.bonuses.items()}
        cards, seats = state.cards, state.seats
        for at, number in enumerate(state.offer):
            self._card(self.offer_at[at], self._offer, at, cards, number, 0)
        hand = seats[self.viewer].hand
        for at in range(self.family.hand):
            self._card(self.hand_at[at], self._hand, at, cards, hand[at] if at < len(hand) else None, 0)
        decision = game.decision
        hidden = decision.kind if decision is not None and decision.kind in SIMULTANEOUS else None
        for slot, player in enumerate(self.order):
            seat = seats[player]
            shown: Sequence[int | None]
            if hidden is None or player == self.viewer:
                shown, marks, score, crosses = seat.cards, seat.marks, seat.score, seat.crosses
            else:
                shown, marks, score, crosses = as_others_see(state, hidden, player)
            written, where = self._seats[slot], self.seats_at[slot]
            for at, number in enumerate(shown):
                self._card(where[at], written, at, cards, number, 0 if number is None else marks[number])
            if len(seat.hand) != self._hand_sizes[slot]:
                values[self.hand_size_at + slot] = self._hand_sizes[slot] = len(seat.hand)
            if score is not self._scores[slot][0] or crosses != self._scores[slot][1]:
                row = score_card_row(
                    score.red, score.green, list(score.torches), score.skulls,
                    sum(bonus.points for bonus in score.bonuses), len(score.completed), crosses,
                )  # fmt: skip
                at = self.score_at[slot]
                values[at : at + self.score_size] = np.array(row, DTYPE).data
                self._scores[slot] = (score, crosses)
        return round_shown(game)

    def _card(
        self,
        where: tuple[int, int],
        written: list[tuple[int | None, int]],
        at: int,
        cards: dict[int, Any],
        number: int | None,
        marked: int,
    ) -> None:
        """Card ``number`` with its ``marked`` cells (a mask) at the card position
        ``where``, unless ``written[at]`` says it is there already."""
        if written[at] == (number, marked):
            return
        card_at, cells_at = where
        values = self.values
        if written[at][0] != number:
            card, cells = self.family.card_values(number, None if number is None else cards[number])
            values[card_at : card_at + self.card_size] = card
            values[cells_at : cells_at + len(cells)] = cells
        else:
            for cell in cells_of(written[at][1]):
                values[cells_at + MARKED + cell] = 0
        for cell in cells_of(marked):
            values[cells_at + MARKED + cell] = 1
        written[at] = (number, marked)

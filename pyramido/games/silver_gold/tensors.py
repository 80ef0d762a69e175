"""The tensor of a Silver & Gold Pyramids seat (docs/rules.md, Silver & Gold): the
expedition card revealed, the deck's size, the colour bonuses left, the cards on offer,
the viewer's hand, and each seat's pyramid cards (walls, entrance, tomb, symbols and the
cells marked, on the 5x5 grid), score card and hand size. While everybody marks at once,
the others' cards are as the observation shows them: as they were before."""

from __future__ import annotations

from typing import Any

from ...adapters.tensors.layout import Context, Planes, Slot, Vector
from .shapes import SHAPE_TABLE
from .views import SYMBOLS

SIDE = 5
#: The channels of a card's 5x5 grid.
CELL_CHANNELS = ("wall", "entrance", "tomb", *SYMBOLS, "marked")
SHAPES = tuple(SHAPE_TABLE)


def score_card_values(rounds: int) -> tuple[str, ...]:
    """The score card's values, in slot order: the torches ticked in each of the ``rounds``."""
    torches = (f"torch {round_ + 1}" for round_ in range(rounds))
    return ("red", "green", *torches, "skulls", "bonus points", "cards completed", "crosses owed")


MAX_COUNT = 100.0


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
            planes["seats.score_card"][slot] = [
                score["red"], score["green"], *score["torches"], score["skulls"],
                sum(bonus["points"] for bonus in score["bonuses"]), len(score["completed"]),
                view["crosses_owed"],
            ]  # fmt: skip

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

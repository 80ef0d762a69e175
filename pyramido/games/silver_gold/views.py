"""Silver & Gold's typed views: what plugins and bots read of a seat and of the table, what
the end scoring scores, and the values the phase hooks return.

Cells are 0-24 (cell ``(x, y)`` is ``y * 5 + x``) and a set of cells is a 25-bit mask, as
in the C core; colours are names (``"green"``); a card's place in front of a player is its
slot (0 to ``keep - 1``), the ``card`` field of the actions. Every view is frozen: a bot
imagines a score card by making a new one (``dataclasses.replace``), never by changing the
game's.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from ...lazy import PickledWithoutCache, cached

CELLS = 25
#: The symbols a pyramid card prints, in the order their effects act within one marking
#: (``symbol_order`` may swap skulls and potions); the tomb comes last.
SYMBOLS = ("red", "green", "torch", "skull", "potion", "cross")
GRID_CHARS = {".": None, "E": None, "T": None, "#": "wall", "r": "red", "g": "green", "t": "torch",
              "s": "skull", "p": "potion", "x": "cross"}  # fmt: skip


def cells_of(mask: int) -> list[int]:
    """The cells of ``mask``, ascending (one step per cell set: masks are mostly sparse)."""
    cells: list[int] = []
    while mask:
        lowest = mask & -mask
        cells.append(lowest.bit_length() - 1)
        mask ^= lowest
    return cells


@dataclass(frozen=True)
class CardView(PickledWithoutCache):
    """A pyramid card as printed: its number, colour, and walls, entrance, tomb and each
    symbol's cells. Every card is public (the ruleset prints them all); only where each
    card lies in the deck is secret."""

    number: int
    colour: str
    walls: int
    entrance: int
    tomb: int
    symbols: Mapping[str, int]  # symbol name -> cells (every name of SYMBOLS)

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> CardView:
        """The card of a ruleset's ``pyramid_cards`` entry (its 5 rows of 5 characters:
        ``E`` entrance, ``T`` tomb, ``#`` wall, ``r g t s p x`` symbols, ``.`` room)."""
        masks = dict.fromkeys(("wall", *SYMBOLS), 0)
        entrance = tomb = -1
        for y, row in enumerate(data["rows"]):
            for x, char in enumerate(row):
                cell = y * 5 + x
                if char == "E":
                    entrance = cell
                elif char == "T":
                    tomb = cell
                elif (kind := GRID_CHARS[char]) is not None:
                    masks[kind] |= 1 << cell
        walls = masks.pop("wall")
        return cls(int(data["number"]), data["colour"], walls, entrance, tomb, masks)

    def symbols_on(self, cells: int) -> dict[str, int]:
        """How many of each symbol ``cells`` cover, in the order of :data:`SYMBOLS`, zero
        counts left out (a game asks at every marking: most cover none, and a card prints
        few of the symbols, so the cells are first tested against all of them at once; a loop,
        as a comprehension is a call of its own)."""
        printed = self._printed
        found: dict[str, int] = {}
        if cells & printed[0]:
            for name, mask in printed[1]:
                if cells & mask:
                    found[name] = (cells & mask).bit_count()
        return found

    @cached
    def _printed(self) -> tuple[int, tuple[tuple[str, int], ...]]:
        """The cells of every symbol printed, and each symbol printed with its cells."""
        printed = tuple((name, mask) for name, mask in self.symbols.items() if mask)
        return sum(mask for _, mask in printed), printed


@dataclass(frozen=True)
class CardInPlay:
    """A pyramid card in front of a player: the card, its ``marked`` cells, and whether a
    marking of the current expedition card reached its tomb (``completed``: it is set
    aside once everybody has marked)."""

    card: CardView
    marked: int
    completed: bool


@dataclass(frozen=True)
class Bonus:
    """A colour bonus claimed: its colour, points, and the card whose completion claimed it."""

    colour: str
    points: int
    card: int

    def to_json(self) -> dict[str, Any]:
        return {"colour": self.colour, "points": self.points, "card": self.card}


@dataclass(frozen=True)
class ScoreCard:
    """A player's score card, what ``pyramido_score_stage`` scores (the seat's ``position``):
    gems ticked by colour, the torches ticked in each round (up to ``torches_per_round``,
    printed: one box a round), the skulls ticked (skulls are
    ticked from the first box of the track on and erased from the last ticked, so the
    ticked ones are always the first ``skulls`` boxes), the colour bonuses claimed and the
    completed cards' numbers in the order they were completed."""

    red: int = 0
    green: int = 0
    torches: tuple[int, ...] = (0,) * 4
    skulls: int = 0
    bonuses: tuple[Bonus, ...] = ()
    completed: tuple[int, ...] = ()


@dataclass(frozen=True)
class Ticks:
    """What symbols do to a score card (``pyramido_symbol_effect``): gems to tick by colour,
    torches to tick in this round's boxes (``torches_per_round`` of them: those beyond
    tick nothing; negative: that many are erased), skulls to tick
    (negative: that many of the worst ticked are erased), single marks owed (crosses), and
    whether the card is complete. The game applies them with the score card's caps
    (``gem_cap``, the boxes of the card)."""

    red: int = 0
    green: int = 0
    torches: int = 0
    skulls: int = 0
    crosses: int = 0
    completes: bool = False


class DrawKeep(NamedTuple):
    """Pyramid cards each player draws at setup, and keeps: the cards in front of a player
    (``pyramido_draw_keep``)."""

    draw: int
    keep: int


class Marking(NamedTuple):
    """A marking a player may make (``pyramido_mark_options``): on the card in slot
    ``card``, the ``cells`` (a mask) of the revealed shape (``how`` ``"shape"``), or one
    single cell (``"cell"``, or ``"cross"`` for a cross's extra mark). ``how`` is the
    action kind that makes it."""

    card: int
    how: str
    cells: int


class Completion(NamedTuple):
    """A card completed in the marking just revealed: by ``player``, its number and colour
    (``pyramido_bonus_claims``)."""

    player: int
    card: int
    colour: str


@dataclass(frozen=True)
class SilverGoldSeat:
    """One seat of a Silver & Gold game (``game.seat(player)``), as that player sees it.

    ``cards``: the pyramid cards in front of the player by slot (``None``: set aside and not
    replaced); ``hand``: the cards drawn at setup, until the keep; ``score_card`` (the
    ``position`` the end scoring scores); ``crosses``: single marks still owed by crosses;
    ``marked``: the marking of the current expedition card is made (crosses may follow);
    ``done``: nothing more to mark for it.
    """

    player: int
    cards: tuple[CardInPlay | None, ...]
    hand: tuple[CardView, ...]
    score_card: ScoreCard
    crosses: int
    marked: bool
    done: bool

    @property
    def position(self) -> ScoreCard:
        return self.score_card


@dataclass(frozen=True)
class SilverGoldTable:
    """What lies on the table (``game.table()``), public facts only: the round (1-4), the
    expedition card revealed (its shape, ``None`` before the first) and how many of the
    round's are used, the offer by slot (``None``: empty), the deck's size, the colour
    bonuses still to claim by colour (best first), and every card by number (every card is
    printed in the ruleset; where the unseen ones lie is not told)."""

    round: int
    shape: str | None
    expeditions_used: int
    offer: tuple[CardView | None, ...]
    deck_size: int
    bonuses_left: Mapping[str, tuple[int, ...]]
    cards: Mapping[int, CardView] = field(repr=False)

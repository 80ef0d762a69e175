"""The lines of a Silver & Gold final score, by ``id``, each with its detail keys (every
line also holds ``id``, ``what`` and ``points``:
:class:`~pyramido.games.events.ScoreLineJson`).

``pyramido_score_stage`` scores a player's score card after the last round with these six
lines, always, in this order, then the lines of ``pyramido_extra_score_lines``. The
``final_score`` events list them.
"""

from typing import Literal, TypedDict


class Torches(TypedDict):
    """The torch boxes ticked, each worth ``torch_points``."""

    id: Literal["torches"]
    count: int


class BonusJson(TypedDict):
    """A colour bonus claimed: its colour, points, and the card whose completion claimed
    it."""

    colour: str
    points: int
    card: int


class ColourBonuses(TypedDict):
    """The colour bonuses claimed, in the order they were."""

    id: Literal["colour_bonuses"]
    bonuses: list[BonusJson]


class GemPairs(TypedDict):
    """The gems ticked by colour; each red and green pair is worth ``gem_pair_points``."""

    id: Literal["gem_pairs"]
    red: int
    green: int


class SingleGems(TypedDict):
    """The gems left over from the pairs, 1 point each."""

    id: Literal["single_gems"]
    count: int


class WorstSkull(TypedDict):
    """The worst skull ticked: worth the value of its box on the ``skull_track`` (0 with
    none ticked)."""

    id: Literal["worst_skull"]
    ticked: int
    """How many skulls are ticked (the worst is the last of them)."""


class CompletedCards(TypedDict):
    """The completed cards' numbers, in the order they were completed, each worth
    ``card_points``."""

    id: Literal["completed_cards"]
    cards: list[int]


#: Every line of a Silver & Gold final score, in the order they come.
SCORE_LINES = (Torches, ColourBonuses, GemPairs, SingleGems, WorstSkull, CompletedCards)

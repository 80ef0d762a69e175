"""The pyramid cards: read from the ruleset, checked, and the shortest way to a tomb.

A card is a 5x5 grid, cell ``(x, y)`` is bit ``y * 5 + x`` of a 25-bit mask; the shapes'
placements and the single cells a player may mark come from the C core
(:func:`pyramido.geometry.core.sg_placements`, :func:`pyramido.geometry.core.sg_single_cells`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...geometry import core
from .views import CELLS, CardView

if TYPE_CHECKING:
    from ...engine.ruleset import Ruleset

FULL = (1 << CELLS) - 1
_LEFT_COLUMN = sum(1 << (5 * row) for row in range(5))
_RIGHT_COLUMN = _LEFT_COLUMN << 4


def spread(cells: int) -> int:
    """``cells`` and every cell beside one of them (side by side, on the card)."""
    return FULL & (
        cells | cells << 5 | cells >> 5 | (cells & ~_RIGHT_COLUMN) << 1 | (cells & ~_LEFT_COLUMN) >> 1
    )


def steps_to(blocked: int, sources: int, goal: int) -> int | None:
    """Cells to mark from ``sources`` (not counted) to reach ``goal``, moving side by side
    around ``blocked`` cells; ``None`` if it cannot be reached. A bit-parallel BFS."""
    seen, steps = sources, 0
    while not seen >> goal & 1:
        grown = spread(seen) & ~blocked
        if grown == seen:
            return None
        seen, steps = grown, steps + 1
    return steps


def load_cards(ruleset: Ruleset) -> dict[int, CardView]:
    return {c["number"]: CardView.from_data(c) for c in ruleset.components["pyramid_cards"]}


def ruleset_cards(ruleset: Ruleset) -> dict[int, CardView]:
    """The ruleset's cards, read once and shared by every game of it (each game's state
    holds its own dict of them; a card never changes): a game's setup asked them anew."""
    return ruleset.derived("silver_gold.cards", load_cards)


def check_cards(cards: dict[int, CardView]) -> list[str]:
    """Every card: the entrance in the top row, the tomb in the bottom row and reachable."""
    problems = []
    for number, card in sorted(cards.items()):
        if not 0 <= card.entrance < 5:
            problems.append(f"card {number}: the entrance must be in the top row")
        elif not 20 <= card.tomb < 25:
            problems.append(f"card {number}: the tomb must be in the bottom row")
        elif not core.sg_reachable(card.walls, card.entrance) >> card.tomb & 1:
            problems.append(f"card {number}: the tomb cannot be reached from the entrance")
    return problems

"""The gems: drawn at random from the bag, which takes back the discards when empty
(docs/rules.md §3.2, step 2), and named as the table shows them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .state import State
from .views import gem_kinds

if TYPE_CHECKING:
    from ...engine import Game


def gem_names(game: Game, gems: list[int]) -> list[str]:
    kinds = gem_kinds(game.ruleset.colours)
    return [kinds[g] for g in gems]


def draw(game: Game, count: int) -> list[int]:
    """Draw ``count`` gems at random from the bag; an empty bag takes back the discards
    first; with both empty, drawing stops."""
    state: State = game.state
    below = game.rng.below
    drawn: list[int] = []
    for _ in range(count):
        total = sum(state.bag)
        if not total:
            if not any(state.discards):
                break
            state.bag, state.discards = state.discards, [0] * len(state.discards)
            total = sum(state.bag)
            game.emit({"type": "bag_refilled_from_discards", "gems": total})
        bag = state.bag
        pick = below(total)
        kind = 0
        while pick >= bag[kind]:
            pick -= bag[kind]
            kind += 1
        bag[kind] -= 1
        drawn.append(kind)
    return drawn

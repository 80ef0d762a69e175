"""The gems: drawn at random from the bag, which takes back the discards when empty
(docs/rules.md §3.2, step 2), and named as the table shows them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .state import State

if TYPE_CHECKING:
    from ...engine.game import Game


def gem_names(game: Game, gems: list[int]) -> list[str]:
    state: State = game.state  # at most turns: the attribute, not the accessor's call
    kinds = state.kinds
    return [kinds[g] for g in gems]


def draw(game: Game, count: int) -> list[int]:
    """Draw ``count`` gems at random from the bag (one gem kind's count each, one C call for
    them all: :meth:`~pyramido.geometry.rng.Rng.draw`); an empty bag takes back the discards first;
    with both empty, drawing stops."""
    state: State = game.state
    drawn = game.rng.draw(state.bag, count)
    if len(drawn) < count and any(state.discards):
        state.bag, state.discards = state.discards, [0] * len(state.discards)
        game.emit({"type": "bag_refilled_from_discards", "gems": sum(state.bag)})
        drawn += game.rng.draw(state.bag, count - len(drawn))
    return drawn

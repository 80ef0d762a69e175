"""The fast path both pyramid games share (:mod:`pyramido.engine.fast_paths`): the action
indices of the placements ``pyramido_placements`` allows, listed by the C core while the
printed rule alone answers the hook. Each game's plugin registers it with its own paths."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine.fast_paths import FastPath
from .hooks import rules_of

if TYPE_CHECKING:
    from ...engine.game import Game
    from .state import PyramidState


def _printed_place_indices(game: Game, player: int, state: PyramidState | None) -> list[int]:
    """The C core adds the place kind's offset as it lists the placements, in the one call
    the pyramid keeps until its board changes."""
    if state is None:
        state = game.state  # at every turn: the attribute, not state_of's call
    return state.seats[player].pyramid.placement_indices(game.space.offsets["place"])


def _place_indices(game: Game, player: int, state: PyramidState | None) -> list[int]:
    first: int = game.space.offsets["place"]
    return [first + placement for placement in rules_of(game).placements(game, player)]


#: The fast paths of both pyramid games, by name.
SHARED = {
    "place_indices": FastPath(("pyramido_placements",), _printed_place_indices, _place_indices),
}

"""Forgotten Treasures' fast paths (:mod:`pyramido.engine.fast_paths`), registered by its
plugin: bound once per ruleset, to the printed form while this plugin alone answers the
hooks each stands for, to the general form (which asks the hooks) otherwise."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ...engine.fast_paths import FastPath
from ...engine.hookspecs import hookimpl
from ..pyramids.fast_paths import SHARED
from ..shared import SCORED_ALONE
from .exploration import every_area, printed_replenish_areas
from .stage_end import activated_areas, printed_activated_areas
from .state import state_of
from .takes import printed_take_legal, take_legal

if TYPE_CHECKING:
    from ...engine.game import Game


def _printed_reveal_legal(game: Game, player: int) -> list[int]:
    """The printed rule's piles are piles of the table, ascending: their actions follow
    from the kind's first one."""
    offset, state = game.space.offsets["reveal"], game.state  # at every turn: not state_of's call
    return [offset + pile for pile in state.turn.reveal_piles]


def _reveal_legal(game: Game, player: int) -> list[int]:
    """Another plugin's piles, each looked up (and so checked)."""
    return sorted([game.space.index("reveal", pile) for pile in state_of(game).turn.reveal_piles])


PATHS = {
    **SHARED,
    "take_legal": FastPath(("pyramido_take_spaces", "pyramido_gem_choices"), printed_take_legal, take_legal),
    "replenish_areas": FastPath(("pyramido_replenish_gems",), printed_replenish_areas, every_area),
    "reveal_legal": FastPath(("pyramido_reveal_options",), _printed_reveal_legal, _reveal_legal),
    "activated_areas": FastPath(("pyramido_area_value",), printed_activated_areas, activated_areas),
    "scored_alone": SCORED_ALONE,
}


@hookimpl
def pyramido_register_fast_paths(register: Callable[..., None]) -> None:
    for name, path in PATHS.items():
        register(name, path)

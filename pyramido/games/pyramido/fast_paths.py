"""Pyramido's fast paths (:mod:`pyramido.engine.fast_paths`), registered by its plugin:
bound once per ruleset, to the printed form while this plugin alone answers the hooks each
stands for, to the general form (which asks the hooks) otherwise."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ...engine.fast_paths import FastPath
from ...engine.hookspecs import hookimpl
from ..pyramids.fast_paths import SHARED
from .hooks import rules_of
from .state import state_of
from .tables import cover_index, cover_indices

if TYPE_CHECKING:
    from ...engine.game import Game
    from ...engine.views import Breakdown
    from .views import PyramidoPosition


def _printed_cover_legal(game: Game, player: int) -> list[int]:
    """The printed options' indices, made with them once per ruleset (:mod:`.tables`)."""
    state = state_of(game)
    return cover_indices(game.ruleset, state.turn.marked_block, state.seats[player].covers_left)


def _cover_legal(game: Game, player: int) -> list[int]:
    cover_at = cover_index(game.ruleset)
    options = state_of(game).turn.cover_options
    return sorted([*[cover_at[option] for option in options], game.space.index("keep_covers")])


def _printed_weights(game: Game) -> tuple[int, int]:
    per_icon: int = game.ruleset.params["points_per_icon"]
    return per_icon, per_icon if game.ruleset.params["mino_bonus"] == "smallest_marked_area" else 0


def _no_weights(game: Game) -> None:
    return None


def _extra_points(game: Game, player: int, position: PyramidoPosition, breakdown: Breakdown) -> int:
    """The points of the lines ``pyramido_extra_score_lines`` adds to a stage's score."""
    lines = rules_of(game).extra_score_lines(game, player, position, breakdown)
    return sum([line.points for added in lines for line in added])


PATHS = {
    **SHARED,
    "cover_legal": FastPath(("pyramido_cover_options",), _printed_cover_legal, _cover_legal),
    "stage_weights": FastPath(
        ("pyramido_score_stage", "pyramido_area_points", "pyramido_mino_bonus"), _printed_weights, _no_weights
    ),
    "extra_points": FastPath(("pyramido_extra_score_lines",), None, _extra_points),
}


@hookimpl
def pyramido_register_fast_paths(register: Callable[..., None]) -> None:
    for name, path in PATHS.items():
        register(name, path)

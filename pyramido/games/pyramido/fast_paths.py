"""Pyramido's fast paths (:mod:`pyramido.engine.fast_paths`), registered by its plugin:
bound once per ruleset, to the printed form while this plugin alone answers the hooks each
stands for, to the general form (which asks the hooks) otherwise."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ...engine.fast_paths import FastPath
from ...engine.hookspecs import hookimpl
from ..pyramids.fast_paths import SHARED
from .hooks import paths_of, rules_of
from .state import state_of
from .tables import cover_index, cover_indices

if TYPE_CHECKING:
    from ...engine.game import Game
    from ...engine.views import Area, Breakdown
    from .hooks import PyramidoPaths
    from .state import State
    from .views import PyramidoPosition


def _printed_cover_legal(game: Game, player: int) -> list[int]:
    """The printed options' indices, made with them once per ruleset (:mod:`.tables`)."""
    state: State = game.state  # at every turn: the attribute, not state_of's call
    return cover_indices(game.ruleset, state.turn.marked_block, state.seats[player].covers_left)


def _cover_legal(game: Game, player: int) -> list[int]:
    cover_at = cover_index(game.ruleset)
    options = state_of(game).turn.cover_options
    return sorted([*[cover_at[option] for option in options], game.space.index("keep_covers")])


def _linear_weights(game: Game) -> tuple[int, int, int] | None:
    """The stage score as a linear function of the marked areas' icons while each of its
    parts is (``area_weight``, ``mino_weights``): a house rule's Mino bonus may be one
    too, its own fast path telling so."""
    paths: PyramidoPaths = game.rules.paths  # at every valuation: not paths_of's call
    per_icon, mino = paths.area_weight(game), paths.mino_weights(game)
    if per_icon is None or mino is None:
        return None
    return per_icon, *mino


def _printed_area_weight(game: Game) -> int:
    per_icon: int = game.ruleset.params["points_per_icon"]
    return per_icon


def _printed_mino_weights(game: Game) -> tuple[int, int]:
    smallest = game.ruleset.params["mino_bonus"] == "smallest_marked_area"
    return (_printed_area_weight(game) if smallest else 0), 0


def _no_weights(game: Game) -> None:
    return None


def _marked_points(
    game: Game, player: int, marked: tuple[Area, ...], markers: tuple[tuple[str, ...], ...]
) -> int:
    """The points of a stage's lines before the extra ones, from its marked areas (the
    lines of :func:`.stage_end.stage_lines`): this plugin's ``pyramido_score_stage``
    scores no more of a position than that. Each part the printed way while this plugin
    answers its hook (``area_weight``, ``mino_weights``), else by asking the hook."""
    paths, rules = paths_of(game), rules_of(game)
    per_icon = paths.area_weight(game)
    if per_icon is None:
        points = sum(
            [rules.area_points(game, player, area, held) for area, held in zip(marked, markers, strict=True)]
        )
    else:
        points = per_icon * sum([area.icons for area in marked])
    mino = paths.mino_weights(game)
    if mino is None:
        return points + sum([line.points for line in rules.mino_bonus(game, player, marked)])
    icons = [area.icons for area in marked]
    return points + mino[0] * min(icons, default=0) + mino[1] * max(icons, default=0)


def _extra_points(game: Game, player: int, position: PyramidoPosition, breakdown: Breakdown) -> int:
    """The points of the lines ``pyramido_extra_score_lines`` adds to a stage's score."""
    lines = rules_of(game).extra_score_lines(game, player, position, breakdown)
    return sum([line.points for added in lines for line in added])


PATHS = {
    **SHARED,
    "cover_legal": FastPath(("pyramido_cover_options",), _printed_cover_legal, _cover_legal),
    "stage_weights": FastPath(("pyramido_score_stage",), _linear_weights, _no_weights),
    "extra_points": FastPath(("pyramido_extra_score_lines",), None, _extra_points),
    "marked_points": FastPath(("pyramido_score_stage",), _marked_points, None),
    "area_weight": FastPath(("pyramido_area_points",), _printed_area_weight, _no_weights),
    "mino_weights": FastPath(("pyramido_mino_bonus",), _printed_mino_weights, _no_weights),
}


@hookimpl
def pyramido_register_fast_paths(register: Callable[..., None]) -> None:
    for name, path in PATHS.items():
        register(name, path)

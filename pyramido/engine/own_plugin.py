"""The engine's own hook implementations, registered first in every ruleset (as
``engine``): the turn protocol hands an action to the rule step of the current decision.
(The bots that play every game are a plugin of their own: :mod:`pyramido.bots.plugin`.)"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from .fast_paths import FastPath
from .hookspecs import hookimpl
from .plugin_info import ANY_GAME, PluginInfo

if TYPE_CHECKING:
    from .actions import Action
    from .game import Game

NAME = "engine"


@hookimpl
def pyramido_plugin_info() -> PluginInfo:
    return PluginInfo(NAME, (ANY_GAME,), "The engine's defaults: rule steps carry out a turn.")


@hookimpl
def pyramido_apply(game: Game, player: int, action: Action) -> bool:
    assert game.decision is not None
    game.rules.steps.by_kind[game.decision.kind].apply(game, player, action)
    return True


@hookimpl
def pyramido_register_fast_paths(register: Callable[..., None]) -> None:
    """``steps_apply``: while this plugin alone carries out actions, a step calls the
    decision's rule step itself, as :func:`pyramido_apply` would (a call the less on every
    step of every game)."""
    register("steps_apply", FastPath(("pyramido_apply",), True, False))

"""The engine's own hook implementations, registered first in every ruleset (as
``engine``): the turn protocol hands an action to the rule step of the current decision,
and the random and search bots play every game."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from .hookspecs import hookimpl
from .plugin_info import ANY_GAME, PluginInfo

if TYPE_CHECKING:
    from .actions import Action
    from .engine import Game

NAME = "engine"


@hookimpl
def pyramido_plugin_info() -> PluginInfo:
    return PluginInfo(
        NAME, (ANY_GAME,), "The engine's defaults: rule steps carry out a turn; the random bot."
    )


@hookimpl
def pyramido_apply(game: Game, player: int, action: Action) -> bool:
    assert game.decision is not None
    game.rules.steps.by_kind[game.decision.kind].apply(game, player, action)
    return True


@hookimpl
def pyramido_register_bots(register: Callable[..., None]) -> None:
    from .bots.mcts import MctsBot
    from .bots.random_bot import RandomBot

    register("random", RandomBot, "a uniformly random legal action: a baseline, and the fastest")
    register(
        "mcts",
        MctsBot,
        "information-set Monte-Carlo tree search with greedy play-outs: mcts:N simulations a decision "
        "(64), or mcts:Ts seconds",
    )

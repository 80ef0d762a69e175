"""The bots that play every game, as a plugin of their own (``bots``), registered after the
engine's own in every ruleset: the engine finds it by name, as it finds the games, so that
the engine does not import the bots that play it."""

from __future__ import annotations

from collections.abc import Callable

from ..engine.hookspecs import hookimpl
from ..engine.plugin_info import ANY_GAME, PluginInfo

NAME = "bots"


@hookimpl
def pyramido_plugin_info() -> PluginInfo:
    return PluginInfo(NAME, (ANY_GAME,), "The bots of every game: random, and the search bot mcts.")


@hookimpl
def pyramido_register_bots(register: Callable[..., None]) -> None:
    from .mcts import MctsBot
    from .random_bot import RandomBot

    register("random", RandomBot, "a uniformly random legal action: a baseline, and the fastest")
    register(
        "mcts",
        MctsBot,
        "information-set Monte-Carlo tree search with greedy play-outs: mcts:N simulations a decision "
        "(64), or mcts:Ts seconds",
    )

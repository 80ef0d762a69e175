"""Pyramido's front ends, registered through hooks so that the CLI and the renderer hold no
game of their own: its greedy bot, its terminal look and what a person may type instead of
a choice's number. (Imported when asked: a game played headless never loads the renderer.)"""

from __future__ import annotations

from collections.abc import Callable

from ...engine.hookspecs import hookimpl
from .state import GAME


@hookimpl
def pyramido_register_bots(register: Callable[..., None]) -> None:
    from .bot import PyramidoGreedyBot

    register("greedy", PyramidoGreedyBot, "the best-looking action now, valued by the ruleset's own scoring")


@hookimpl
def pyramido_register_looks(register: Callable[..., None]) -> None:
    from .look import LOOK

    register(GAME, LOOK)


@hookimpl
def pyramido_register_shorthands(register: Callable[..., None]) -> None:
    from .look import SHORTHAND

    register(GAME, SHORTHAND)


@hookimpl
def pyramido_register_scenes(register: Callable[..., None]) -> None:
    from .picture import SCENE

    register(GAME, SCENE)


@hookimpl
def pyramido_register_encoders(register: Callable[..., None]) -> None:
    from .tensors import PyramidoEncoder

    register(GAME, PyramidoEncoder)

"""Two Steps' front ends, registered through the declaration hooks so that the command
line, the engine protocol, the web page and the RL adapters play it without naming it:
its greedy bot, its terminal look, its SVG scene and its tensor encoder."""

from __future__ import annotations

from collections.abc import Callable

from pyramido.plugin import hookimpl

from .state import GAME


@hookimpl
def pyramido_register_bots(register: Callable[..., None]) -> None:
    from .bot import TwoStepsGreedyBot

    register("greedy", TwoStepsGreedyBot, "the tile and space the game's own scoring likes best now")


@hookimpl
def pyramido_register_looks(register: Callable[..., None]) -> None:
    from .look import LOOK  # imported when asked: a headless game never loads rich

    register(GAME, LOOK)


@hookimpl
def pyramido_register_scenes(register: Callable[..., None]) -> None:
    from .picture import SCENE

    register(GAME, SCENE)


@hookimpl
def pyramido_register_encoders(register: Callable[..., None]) -> None:
    from .tensors import TwoStepsEncoder  # numpy: loaded only by the adapters

    register(GAME, TwoStepsEncoder)

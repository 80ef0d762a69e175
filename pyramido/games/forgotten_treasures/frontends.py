"""Forgotten Treasures' front ends, registered through hooks so that the CLI and the
renderer hold no game of their own: its greedy bot, its terminal look and what a player
may type."""

from __future__ import annotations

from collections.abc import Callable

from ...engine.hookspecs import hookimpl
from .state import GAME


@hookimpl
def pyramido_register_bots(register: Callable[..., None]) -> None:
    from .bot import TreasuresGreedyBot

    register("greedy", TreasuresGreedyBot, "the best-looking action now, valued by the ruleset's own scoring")


@hookimpl
def pyramido_register_looks(register: Callable[..., None]) -> None:
    from .look import LOOK

    register(GAME, LOOK)


@hookimpl
def pyramido_register_shorthands(register: Callable[..., None]) -> None:
    from .look import register_shorthands

    register_shorthands(register)


@hookimpl
def pyramido_register_scenes(register: Callable[..., None]) -> None:
    from .picture import SCENE

    register(GAME, SCENE)


@hookimpl
def pyramido_register_encoders(register: Callable[..., None]) -> None:
    from .tensors import TreasuresEncoder

    register(GAME, TreasuresEncoder)

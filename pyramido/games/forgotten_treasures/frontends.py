"""Forgotten Treasures' front ends, registered through hooks so that the CLI and the
renderer hold no game of their own: its greedy bot, its terminal look and what a player
may type."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from ...engine.hookspecs import hookimpl
from .state import GAME, SOLO_MODES

#: The options of a game (``pyramido_register_options``): solo, one player against the
#: Legend (docs/rules.md §3.5).
OPTIONS: Final = {
    "type": "object",
    "properties": {
        "solo": {
            "title": "Solo mode",
            "description": "one player against the Legend: Become A Legend, or Become THE Legend",
            "enum": list(SOLO_MODES),
            "x-players": {"min": 1, "max": 1},
        }
    },
    "additionalProperties": False,
}


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
def pyramido_register_options(register: Callable[..., None]) -> None:
    register(GAME, OPTIONS)


@hookimpl
def pyramido_register_encoders(register: Callable[..., None]) -> None:
    from .tensors import TreasuresEncoder

    register(GAME, TreasuresEncoder)

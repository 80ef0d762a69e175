"""Helpers that set up exact Pyramido situations for rule tests (like a MockRandom).

A test starts a real game, then arranges the quarry, piles and pyramids as it needs
through the plugin's plain state objects; everything after that goes through the engine.
"""

from __future__ import annotations

from typing import Any

from pyramido.engine.game import Game
from pyramido.games.pyramido.state import Seat, State
from pyramido.games.pyramids.pyramid import Block, Domino
from pyramido.geometry.board import block_byte, block_index, icon_mask

COLOURS = ["brown", "blue", "yellow", "turquoise", "red", "green"]


def colour(name: str) -> int:
    return COLOURS.index(name)


def domino(tile: int, a: str, a_icons: str, b: str, b_icons: str) -> Domino:
    """``domino(7, "red", "TL", "blue", "")``: block A red with an icon TL, B blue without."""
    return Domino(
        tile, Block(colour(a), icon_mask(a_icons.split())), Block(colour(b), icon_mask(b_icons.split()))
    )


def new_game(players: int = 2, seed: int = 1, ruleset: Any = "pyramido") -> Game:
    return Game(ruleset, players, seed)


def state(game: Game) -> State:
    found: State = game.state
    return found


def seat(game: Game, player: int) -> Seat:
    return state(game).seats[player]


def put(game: Game, player: int, stage: int, x: int, y: int, name: str, icons: str = "") -> None:
    """Lay one block directly (stage 0-based) on a player's board."""
    board = seat(game, player).pyramid.board
    board[block_index(stage, x, y)] = block_byte(colour(name) + 1, icon_mask(icons.split()))


def fill_stage(game: Game, player: int, stage: int, name: str = "yellow") -> None:
    """Fill a stage's whole box (stage 1: the 5x4 box at 2..6, 2..5) with icon-less blocks."""
    x0, y0 = 2, 2
    width, height = 5 - stage, 4 - stage
    for y in range(y0, y0 + height):
        for x in range(x0, x0 + width):
            put(game, player, stage, x, y, name)


def action(game: Game, kind: str, *values: int) -> int:
    return game.space.index(kind, *values)


def snapshot(game: Game) -> tuple[Any, ...]:
    """Everything a refused action must leave unchanged."""
    return (
        repr(game.state),
        [bytes(s.pyramid.board) for s in state(game).seats],
        game.decision,
        len(game.steps),
        game.rng.state,
    )


def take(game: Game, tile: Domino, slot: int = 0) -> None:
    """Put ``tile`` in quarry ``slot`` and take it."""
    state(game).quarry[slot] = tile
    game._legal.clear()
    game.apply({"kind": "take", "slot": slot})


def rule(
    games: tuple[str, ...] = ("pyramido",), parameters: dict[str, Any] | None = None, **hooks: Any
) -> Any:
    """A plugin object made of hook functions (marked here unless already marked), declared
    for ``games`` with ``parameters``: what a house rule is, without a file."""
    from types import SimpleNamespace

    from pyramido.plugin import PluginInfo, hookimpl

    def info() -> PluginInfo:
        return PluginInfo("test-rule", games, "a rule made by a test", parameters or {})

    marked = {name: f if hasattr(f, "pyramido_impl") else hookimpl(f) for name, f in hooks.items()}
    return SimpleNamespace(pyramido_plugin_info=hookimpl(info), **marked)


def ruled_by(*plugins: Any, ruleset: str = "pyramido", players: int = 2, seed: int = 1) -> Game:
    """A game of ``ruleset`` with ``plugins`` registered on top."""
    from pyramido import load_ruleset

    return Game(load_ruleset(ruleset, list(plugins)), players, seed)

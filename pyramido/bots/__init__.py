"""Bots: anything with ``choose(game, player) -> action index``.

A bot draws its own randomness from its own :class:`~pyramido.rng.Rng`, never from the
game's, so the same seeds give the same game whoever plays it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from .greedy import GreedyBot
from .random_bot import RandomBot

if TYPE_CHECKING:
    from ..engine import Game


class Bot(Protocol):
    name: str

    def choose(self, game: Game, player: int) -> int:
        """Return the index of a legal action of ``player`` in ``game.decision``."""
        ...  # pragma: no cover


BOTS: dict[str, Callable[[int], Bot]] = {"random": RandomBot, "greedy": GreedyBot}


def make_bot(name: str, seed: int = 0) -> Bot:
    try:
        return BOTS[name](seed)
    except KeyError:
        raise ValueError(f"unknown bot {name!r}; bots are {', '.join(BOTS)}") from None


def play_out(game: Game, bots: list[Bot]) -> None:
    """Let ``bots[p]`` decide for seat ``p`` until the game is over (every decider in turn)."""
    while game.decision is not None:
        for player in game.decision.players:
            game.apply_index(bots[player].choose(game, player), player)


__all__ = ["BOTS", "Bot", "GreedyBot", "RandomBot", "make_bot", "play_out"]

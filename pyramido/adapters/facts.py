"""What the rewards read of a game at every step: each seat's public score, and whether it
is out of the game. Making the spectator's JSON observation for two numbers would cost
more than the engine's step, so a game's encoder may read them from its state
(:class:`~.tensors.layout.PublicFacts`, every printed game's does); otherwise they are read from
the observation."""

from __future__ import annotations

from collections.abc import Callable

from ..engine.game import Game
from .tensors import TensorEncoder
from .tensors.layout import PublicFacts


class Facts:
    """The public scores and the seats out of the games of ``tensors``' ruleset."""

    def __init__(self, tensors: TensorEncoder) -> None:
        family = tensors.family
        self._fast: PublicFacts | None = (
            family if tensors.tracks and isinstance(family, PublicFacts) else None
        )
        first = tensors.context.first["players"]
        #: whether seats of this game can be out at all (its observation says so per seat)
        self.has_elimination = bool(first) and "out" in first[0]

    def scores(self, game: Game) -> list[int]:
        """Each seat's score as everybody sees it now (the final ranking's once over; 0
        where the game shows none)."""
        if game.is_over:
            final = {row.player: row.score for row in game.ranking()}
            return [final[seat] for seat in range(game.num_players)]
        if self._fast is not None:
            return self._fast.scores(game)
        return [view.get("score", 0) for view in game.observation(None)["players"]]

    def out(self, game: Game) -> list[bool]:
        """Whether each seat is out of the game (eliminated)."""
        if not self.has_elimination:
            return [False] * game.num_players
        if self._fast is not None:
            return self._fast.out(game)
        return [bool(view.get("out")) for view in game.observation(None)["players"]]

    def out_reader(self) -> Callable[[Game], list[bool]]:
        """:meth:`out` itself, or the encoder's own where it reads the state: what the
        rewards call after every step, a call the less."""
        return self._fast.out if self._fast is not None and self.has_elimination else self.out

"""The hooks of the pyramid games as they call them, typed (see :mod:`pyramido.games.hooks`):
the shared hooks and those of :mod:`.hookspecs`, which Pyramido and Forgotten Treasures
both have."""

from __future__ import annotations

from operator import attrgetter
from typing import TYPE_CHECKING, Protocol

from ..hooks import SharedHooks

if TYPE_CHECKING:
    from ...engine.game import Game
    from ...engine.ruleset import Ruleset


class PyramidHooks(SharedHooks, Protocol):
    """The hooks of :mod:`pyramido.games.pyramids.hookspecs` (documented there), with the
    shared ones."""

    def placements(self, game: Game, player: int) -> list[int]: ...
    def split_sources(self, game: Game, player: int | str, emptied: int) -> list[int]: ...


if TYPE_CHECKING:

    def rules_of(game: Game | Ruleset) -> PyramidHooks:
        """The hooks of a pyramid game's (or ruleset's) rules, typed."""

else:
    rules_of = attrgetter("rules")  # the same, as one call to C (a Python call costs more)

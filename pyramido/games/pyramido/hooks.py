"""Pyramido's hooks as the game calls them, typed (see :mod:`pyramido.games.hooks`):
``rules_of(game).markable_blocks(game, player)``."""

from __future__ import annotations

from operator import attrgetter
from typing import TYPE_CHECKING, Protocol

from ..pyramids.hooks import PyramidHooks

if TYPE_CHECKING:
    from ...engine.game import Game
    from ...engine.ruleset import Ruleset
    from ...engine.views import Area, ScoreLine
    from .views import CoverOption


class PyramidoHooks(PyramidHooks, Protocol):
    """The hooks of :mod:`pyramido.games.pyramido.hookspecs` (documented there), with the
    shared ones and the pyramid games'."""

    def markable_blocks(self, game: Game, player: int) -> list[int]: ...
    def marking_required(self, game: Game, player: int) -> bool: ...
    def cover_options(self, game: Game, player: int) -> list[CoverOption]: ...
    def refill_piles(self, game: Game, player: int, slot: int) -> list[int]: ...
    def fill_spaces(self, game: Game, player: int) -> list[tuple[int, int]]: ...
    def eliminated(self, game: Game, player: int, spaces: int) -> bool: ...
    def area_points(self, game: Game, player: int, area: Area, markers: tuple[str, ...]) -> int: ...
    def mino_bonus(self, game: Game, player: int, marked: tuple[Area, ...]) -> list[ScoreLine]: ...


if TYPE_CHECKING:

    def rules_of(game: Game | Ruleset) -> PyramidoHooks:
        """The hooks of a Pyramido game's (or ruleset's) rules, typed."""

else:
    rules_of = attrgetter("rules")  # the same, as one call to C (a Python call costs more)

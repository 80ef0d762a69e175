"""Silver & Gold's hooks as the game calls them, typed (see :mod:`pyramido.games.hooks`):
``rules_of(game).mark_options(game, player, shape)``."""

from __future__ import annotations

from operator import attrgetter
from typing import TYPE_CHECKING, Protocol

from ..hooks import SharedHooks

if TYPE_CHECKING:
    from ...engine.game import Game
    from ...engine.ruleset import Ruleset
    from .views import Completion, DrawKeep, Marking, ScoreCard, Ticks


class SilverGoldHooks(SharedHooks, Protocol):
    """The hooks of :mod:`pyramido.games.silver_gold.hookspecs` (documented there), with the
    shared ones."""

    def draw_keep(self, ruleset: Ruleset) -> DrawKeep: ...
    def mark_options(self, game: Game, player: int, shape: str | None) -> list[Marking]: ...
    def symbol_effect(
        self, game: Game, player: int, symbol: str, count: int, score_card: ScoreCard
    ) -> Ticks: ...
    def offer_refill(self, game: Game, player: int, finished: bool) -> list[int]: ...
    def bonus_claims(self, game: Game, completed: tuple[Completion, ...]) -> list[Completion]: ...


if TYPE_CHECKING:

    def rules_of(game: Game | Ruleset) -> SilverGoldHooks:
        """The hooks of a Silver & Gold game's (or ruleset's) rules, typed."""

else:
    rules_of = attrgetter("rules")  # the same, as one call to C (a Python call costs more)

"""Silver & Gold's hooks as the game calls them, typed (see :mod:`pyramido.games.hooks`):
``rules_of(game).mark_options(game, player, shape)``."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol

from ..hooks import SharedHooks

if TYPE_CHECKING:
    from ...engine.game import Game
    from ...engine.ruleset import Ruleset
    from .state import State
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


class SilverGoldPaths(Protocol):
    """Silver & Gold's fast paths (:mod:`.fast_paths`) as its ruleset binds them."""

    def markings(self, game: Game, state: State, player: int, shape: str | None) -> list[int]:
        """The actions of the markings ``pyramido_mark_options`` offers ``player`` (of
        ``shape``, or single marks for ``None``), ascending."""
        ...

    def revealed_markings(self, game: Game, state: State, players: Sequence[int]) -> list[list[int]]:
        """Each of ``players``' markings of the revealed card (``pyramido_mark_options``),
        the printed rule's in one call of the C core."""
        ...

    #: What ``pyramido_symbol_effect`` answers for ``count`` of ``symbol`` marked at once,
    #: as ``(game, player, symbol, count, acted_on)``, ``acted_on`` making the score card it
    #: acts on for a hook that reads it; ``None`` for the printed effects, which read none
    #: (:func:`~.phases.printed_ticks`).
    symbol_ticks: Callable[[Game, int, str, int, Callable[[], ScoreCard]], Ticks] | None

    #: Whether a score card's score is a function of the card and the ruleset's values
    #: alone (this plugin alone scores: ``pyramido_score_stage``,
    #: ``pyramido_extra_score_lines``), so that a bot may keep the scores it worked out.
    scored_alone: bool


if TYPE_CHECKING:

    def rules_of(game: Game | Ruleset) -> SilverGoldHooks:
        """The hooks of a Silver & Gold game's (or ruleset's) rules, typed."""

else:
    from ..accessors import rules_of as rules_of  # the same at run time: a plain read


if TYPE_CHECKING:

    def paths_of(game: Game) -> SilverGoldPaths:
        """The fast paths of a Silver & Gold game's ruleset, typed."""

else:
    from ..accessors import paths_of as paths_of  # the same at run time: a plain read

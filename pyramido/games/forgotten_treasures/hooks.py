"""Forgotten Treasures' hooks as the game calls them, typed (see
:mod:`pyramido.games.hooks`): ``rules_of(game).area_value(game, player, area, doubled)``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

from ..pyramids.hooks import PyramidHooks, PyramidPaths

if TYPE_CHECKING:
    from ...engine.game import Game
    from ...engine.ruleset import Ruleset
    from ...engine.views import Area, PyramidView, ScoreLine
    from ..pyramids.pyramid import Domino
    from .state import State
    from .views import LegendPick


class ForgottenTreasuresHooks(PyramidHooks, Protocol):
    """The hooks of :mod:`pyramido.games.forgotten_treasures.hookspecs` (documented there),
    with the shared ones and the pyramid games'."""

    def take_spaces(self, game: Game, player: int) -> list[int]: ...
    def gem_choices(self, game: Game, player: int, space: int) -> list[str | tuple[str, ...] | None]: ...
    def replenish_gems(self, game: Game, space: int) -> int: ...
    def reveal_options(self, game: Game, player: int) -> list[int]: ...
    def payment_table(self, ruleset: Ruleset) -> list[tuple[int, int, bool]]: ...
    def area_value(self, game: Game, player: int, area: Area, doubled: bool) -> int: ...
    def inventory_limit(self, game: Game, player: int) -> int: ...
    def legend_wishes(self, game: Game, domino: Domino) -> list[str]: ...
    def legend_picks(self, game: Game, wishes: list[str]) -> list[LegendPick]: ...
    def legend_score(self, game: Game) -> list[ScoreLine]: ...


class ForgottenTreasuresPaths(PyramidPaths, Protocol):
    """Forgotten Treasures' fast paths (:mod:`.fast_paths`) as its ruleset binds them."""

    def take_legal(self, game: Game, player: int, state: State | None) -> list[int]:
        """The legal ``take`` actions, ascending: each ``(space, gem)`` that
        ``pyramido_take_spaces`` and ``pyramido_gem_choices`` allow."""
        ...

    def replenish_areas(self, game: Game, state: State) -> Sequence[int]:
        """The gem areas ``pyramido_replenish_gems`` is asked about after a turn, in space
        order (the printed rule's: the emptied ones alone)."""
        ...

    def reveal_legal(self, game: Game, player: int) -> list[int]:
        """The legal ``reveal`` actions: the piles ``pyramido_reveal_options`` offered as
        the step began, ascending."""
        ...

    def activated_areas(
        self, game: Game, player: int, pyramid: PyramidView, labels: Sequence[int], doubled: Sequence[bool]
    ) -> list[tuple[str, int, int]]:
        """The colour, icons and points (``pyramido_area_value``) of each area of ``labels``
        of ``pyramid`` activated (``doubled`` or not, in turn); raises for no such area."""
        ...

    #: Whether the game's plugin alone scores a stage (``pyramido_score_stage``,
    #: ``pyramido_extra_score_lines``): its score is then the sum of its activated areas'
    #: ``pyramido_area_value`` and the mythical gems left, which the exact
    #: :func:`~pyramido.games.forgotten_treasures.activation.best_activation` maximises
    #: without asking ``game.score``.
    scored_alone: bool


if TYPE_CHECKING:

    def rules_of(game: Game | Ruleset) -> ForgottenTreasuresHooks:
        """The hooks of a Forgotten Treasures game's (or ruleset's) rules, typed."""

else:
    from ..accessors import rules_of as rules_of  # the same at run time: a plain read


if TYPE_CHECKING:

    def paths_of(game: Game) -> ForgottenTreasuresPaths:
        """The fast paths of a Forgotten Treasures game's ruleset, typed."""

else:
    from ..accessors import paths_of as paths_of  # the same at run time: a plain read

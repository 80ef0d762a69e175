"""Pyramido's hooks as the game calls them, typed (see :mod:`pyramido.games.hooks`):
``rules_of(game).markable_blocks(game, player)``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from ..pyramids.hooks import PyramidHooks, PyramidPaths

if TYPE_CHECKING:
    from collections.abc import Callable

    from ...engine.game import Game
    from ...engine.ruleset import Ruleset
    from ...engine.views import Area, Breakdown, ScoreLine
    from .views import CoverOption, PyramidoPosition


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


class PyramidoPaths(PyramidPaths, Protocol):
    """Pyramido's fast paths as its ruleset binds them."""

    def cover_legal(self, game: Game, player: int) -> list[int]:
        """The legal actions of a cover decision: the options ``pyramido_cover_options``
        offered as the step began, and ``keep_covers``, ascending."""
        ...

    def stage_weights(self, game: Game) -> tuple[int, int, int] | None:
        """``(points per icon of a marked area, points per icon of the marked area with
        the fewest, points per icon of the one with the most)`` while a stage's score
        before extra lines is a linear function of the icons of the marked areas: this
        plugin's ``pyramido_score_stage``, with ``area_weight`` and ``mino_weights`` known
        (the game's hooks, or a house rule's Mino bonus with its fast form). A bot then
        values a hundred candidate positions in one call of the C core
        (:func:`pyramido.geometry.core.dominoes_values`). ``None`` otherwise: the hooks
        are asked. A function of the ruleset (the greedy bot asks once per ruleset), as
        are ``area_weight`` and ``mino_weights``."""
        ...

    def area_weight(self, game: Game) -> int | None:
        """The points per icon of a marked area while ``pyramido_area_points`` is this
        plugin's alone; ``None`` when a house rule scores the areas."""
        ...

    def mino_weights(self, game: Game) -> tuple[int, int] | None:
        """The Mino bonus as ``(points per icon of the marked area with the fewest, points
        per icon of the one with the most)`` (``(0, 0)`` for none) while the plugin that
        answers ``pyramido_mino_bonus`` registered this form: this one (the fewest), or a
        house rule (``pyramido-largest-mino``: the most); ``None`` when a house rule gives
        the bonus otherwise (the hook is asked)."""
        ...

    #: The points of a stage's lines before the extra ones from its marked areas alone,
    #: as ``(game, player, marked, markers)`` (the areas in label order, the colours of the
    #: markers in each): the lines ``pyramido_area_points`` and ``pyramido_mino_bonus``
    #: give, while ``pyramido_score_stage`` is this plugin's, which reads no more of a
    #: position; ``None`` when a house rule scores a stage (the hooks might read anything).
    marked_points: Callable[[Game, int, tuple[Area, ...], tuple[tuple[str, ...], ...]], int] | None

    #: The points of the lines ``pyramido_extra_score_lines`` adds to the score of
    #: ``position`` (whose lines before them are ``breakdown``), as ``(game, player,
    #: position, breakdown)``; ``None`` while no plugin adds lines (the printed rules).
    extra_points: Callable[[Game, int, PyramidoPosition, Breakdown], int] | None


if TYPE_CHECKING:

    def rules_of(game: Game | Ruleset) -> PyramidoHooks:
        """The hooks of a Pyramido game's (or ruleset's) rules, typed."""

else:
    from ..accessors import rules_of as rules_of  # the same at run time: a plain read


if TYPE_CHECKING:

    def paths_of(game: Game) -> PyramidoPaths:
        """The fast paths of a Pyramido game's ruleset (:mod:`pyramido.engine.fast_paths`), typed."""

else:
    from ..accessors import paths_of as paths_of  # the same at run time: a plain read

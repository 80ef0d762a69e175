"""The hooks of the pyramid games as they call them, typed (see :mod:`pyramido.games.hooks`):
the shared hooks and those of :mod:`.hookspecs`, which Pyramido and Forgotten Treasures
both have."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from ..hooks import SharedHooks

if TYPE_CHECKING:
    from ...engine.game import Game
    from ...engine.ruleset import Ruleset
    from .state import PyramidState


class PyramidHooks(SharedHooks, Protocol):
    """The hooks of :mod:`pyramido.games.pyramids.hookspecs` (documented there), with the
    shared ones."""

    def placements(self, game: Game, player: int) -> list[int]: ...
    def split_sources(self, game: Game, player: int | str, emptied: int) -> list[int]: ...


class PyramidPaths(Protocol):
    """The fast path both pyramid games register
    (:data:`pyramido.games.pyramids.fast_paths.SHARED`), as their rulesets bind it."""

    def place_indices(self, game: Game, player: int, state: PyramidState | None) -> list[int]:
        """The indices of the ``place`` actions of the placements ``pyramido_placements``
        answers for ``player``: the legal actions of a place decision, and whether a domino
        fits at all. ``state``: the game's, as the caller read it (or ``None``)."""
        ...


if TYPE_CHECKING:

    def rules_of(game: Game | Ruleset) -> PyramidHooks:
        """The hooks of a pyramid game's (or ruleset's) rules, typed."""

else:
    from ..accessors import rules_of as rules_of  # the same at run time: a plain read


if TYPE_CHECKING:

    def paths_of(game: Game) -> PyramidPaths:
        """The fast paths of a pyramid game's ruleset (:mod:`pyramido.engine.fast_paths`),
        typed."""

else:
    from ..accessors import paths_of as paths_of  # the same at run time: a plain read

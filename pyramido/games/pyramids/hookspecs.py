"""Phase hooks of the pyramid that Pyramido and Forgotten Treasures both build.

Added to the plugin manager by both games' plugins (``GameInfo.hookspecs``); their default
implementations are in :mod:`pyramido.games.pyramids.phases`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine.hookspecs import hookspec

if TYPE_CHECKING:
    from ...engine.game import Game


@hookspec(firstresult=True)
def pyramido_placements(game: Game, player: int) -> list[int] | None:
    """Every legal placement of a domino in ``player``'s current stage, ascending.

    A placement is the C core's integer ``((y * 9) + x) * 4 + rot`` (:mod:`pyramido.geometry.board`).
    Called for the ``place`` decision, and at the start of a turn to know whether any
    domino still fits (an empty answer: no room). The default asks the C core: stage 1
    grows by full block sides inside a 5x4 or 4x5 box, stages 2-4 lie on their lattice.
    """


@hookspec(firstresult=True)
def pyramido_split_sources(game: Game, player: int | str, emptied: int) -> list[int] | None:
    """The piles whose bottom half may refill the emptied pile ``emptied``.

    Called when a pile is emptied (by ``player``, or the Legend in solo Forgotten
    Treasures); an empty answer leaves the pile empty. The default: every other pile of 2
    dominoes or more.
    """

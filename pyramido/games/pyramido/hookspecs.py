"""Pyramido's phase hooks, in the order of a turn (docs/rules.md §2).

A turn is a sequence of rule steps (:mod:`pyramido.engine.steps`), each a decision:

1. ``take`` a quarry domino;
2. ``place`` it: ``pyramido_placements`` (:mod:`pyramido.games.pyramids.hookspecs`);
3. ``mark`` or ``no_mark``: ``pyramido_markable_blocks``, ``pyramido_marking_required``;
4. ``cover`` or ``keep_covers``: ``pyramido_cover_options``;
5. ``refill`` the slot: ``pyramido_refill_piles``; ``split`` a pile into an emptied one:
   ``pyramido_split_sources``.

At the start of a turn in which no domino fits: ``fill`` with cover cards
(``pyramido_fill_spaces``), or the player is out (``pyramido_eliminated``). When everybody's
stage is complete: ``pyramido_score_stage`` (``pyramido_area_points`` for each marked area,
``pyramido_mino_bonus``, ``pyramido_extra_score_lines``), then
``pyramido_next_start_player``; after stage 4, ``pyramido_ranking`` (``pyramido_tiebreaks``).

Added to the plugin manager by Pyramido's plugin (``GameInfo.hookspecs``); the defaults
are in :mod:`pyramido.games.pyramido.phases`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine.hookspecs import hookspec

if TYPE_CHECKING:
    from ...engine.game import Game
    from ...engine.views import Area, ScoreLine
    from .views import CoverOption


@hookspec(firstresult=True)
def pyramido_markable_blocks(game: Game, player: int) -> list[int] | None:
    """The blocks of the domino just placed (0: block A, 1: block B) that ``player`` may
    put a marker on. Called after every placement; an empty answer skips the ``mark``
    decision. The default: blocks with an icon whose colour's marker the player still
    holds."""


@hookspec(firstresult=True)
def pyramido_marking_required(game: Game, player: int) -> bool | None:
    """Whether ``player`` must mark when a block can be marked. Called when the ``mark``
    decision is asked; ``False`` adds the action ``no_mark``. The default: ``True`` (the
    rulebook says marking is mandatory when possible)."""


@hookspec(firstresult=True)
def pyramido_cover_options(game: Game, player: int) -> list[CoverOption] | None:
    """The cover cards ``player`` may put on the domino just placed: ``CoverOption(block,
    colour, quadrant)``s. Called after marking; an empty answer skips the ``cover``
    decision (``keep_covers`` is always offered beside the options). The default: any side
    of an unused card on the unmarked block, its icon in any quadrant where
    ``cover_card_icon`` is ``any``."""


@hookspec(firstresult=True)
def pyramido_refill_piles(game: Game, player: int, slot: int) -> list[int] | None:
    """The piles ``player`` may refill quarry ``slot`` from. Called after covering; an empty
    answer leaves the slot empty. The default: the non-empty piles beside the slot (``slot``
    and ``slot + 1``); with ``empty_slot: any_pile``, when both are empty, any non-empty
    pile."""


@hookspec(firstresult=True)
def pyramido_fill_spaces(game: Game, player: int) -> list[tuple[int, int]] | None:
    """The block spaces ``(x, y)`` of the current stage that the cover-card fill must cover,
    in the order they are filled. Called at the start of a turn in which no domino fits.
    The default: every empty space of the stage's box in row order (a stage-1 box still
    loose is the first or the last in row order that holds the blocks: ``loose_box``)."""


@hookspec(firstresult=True)
def pyramido_eliminated(game: Game, player: int, spaces: int) -> bool | None:
    """Whether ``player``, who must fill ``spaces`` empty spaces, is out of the game. Called
    at the start of a turn in which no domino fits. The default: out when the unused cover
    cards are fewer than the spaces (``lacking_covers: eliminated``); with
    ``lacking_covers: gaps`` nobody is out, and the spaces the cards cannot fill stay
    empty."""


@hookspec(firstresult=True)
def pyramido_area_points(game: Game, player: int, area: Area, markers: tuple[str, ...]) -> int | None:
    """The points of one marked ``area`` (holding the ``markers`` of those colours). Called
    by ``pyramido_score_stage`` for each marked area. The default: its icons times
    ``points_per_icon``."""


@hookspec(firstresult=True)
def pyramido_mino_bonus(game: Game, player: int, marked: tuple[Area, ...]) -> list[ScoreLine] | None:
    """The Mino bonus lines (id ``mino_bonus``) of a stage whose marked areas are
    ``marked``: an empty list for none. Called by ``pyramido_score_stage`` after the areas.
    The default: the icons of the smallest marked area again (``mino_bonus:
    smallest_marked_area``), or nothing (``none``)."""

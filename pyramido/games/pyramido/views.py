"""Pyramido's typed views: what plugins and bots read of a seat, and what a stage scores.

Colours are names (``"red"``), block spaces ``(x, y)`` of a stage's 9x9 lattice, stages
1-4, as in events and observations (docs/protocol.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import NamedTuple

from ...engine.views import PyramidView
from ..pyramids.pyramid import Domino


class CoverOption(NamedTuple):
    """A cover card the player may lay: on ``block`` (0: A, 1: B) of the domino just
    placed, showing ``colour``, its icon in ``quadrant`` (``TL``, ``TR``, ``BL``, ``BR``)."""

    block: int
    colour: str
    quadrant: str


@dataclass(frozen=True)
class PyramidoPosition:
    """What a stage scores: a pyramid and the markers on its current stage (colour ->
    block space), real or imagined by a bot.

    ``cover_cards``: the seat's unused cover cards, each as its sides' colours.
    ``final``: whether the game ends with this score: the last stage's, and every position
    a bot values (as the game would score it if it ended now). A line paid at the end of
    the game (for the cards left, say) is due when it is true.
    """

    pyramid: PyramidView
    markers: Mapping[str, tuple[int, int]]
    cover_cards: tuple[tuple[str, ...], ...] = ()
    final: bool = False


@dataclass(frozen=True)
class PyramidoSeat:
    """One seat of a Pyramido game (``game.seat(player)``).

    ``markers``: the markers placed in the current stage, colour -> block space;
    ``markers_in_hand``: the colours still to place; ``cover_cards``: the unused cards, each
    as its sides' colours; ``new_domino``: the block spaces (A, B) of the domino placed this
    turn, empty before the placement; ``out``: eliminated for want of cover cards;
    ``unfilled``: the block spaces left empty in the seat's finished stages (a stage
    complete with gaps: ``lacking_covers: gaps``, ``empty_quarry: stage_complete``,
    docs/rules.md §2.3), 0 while every finished stage is full; ``stages``: how many stages
    the pyramid has (``pyramid_stages``, 4 printed), the last scoring the game's end.
    """

    player: int
    pyramid: PyramidView
    markers: Mapping[str, tuple[int, int]]
    markers_in_hand: tuple[str, ...]
    cover_cards: tuple[tuple[str, ...], ...]
    new_domino: tuple[tuple[int, int], ...]
    stage_scores: tuple[int, ...]
    stage_complete: bool
    out: bool
    unfilled: int
    stages: int = 4

    @property
    def position(self) -> PyramidoPosition:
        final = self.pyramid.stage == self.stages
        return PyramidoPosition(self.pyramid, self.markers, self.cover_cards, final)


@dataclass(frozen=True)
class PyramidoTable:
    """What lies on the table (``game.table()``): the stage being played (1-4), the quarry
    by slot (``None``: empty), the size and top domino of each pile, the domino in hand of
    the player whose turn it is (until placed), the spaces of a cover-card fill still
    to cover, in order; the seat that started the stage (``pyramido_start_player``, then
    ``pyramido_next_start_player``) and the stage's turn order, every seat clockwise from
    it (a seat done or out is skipped when its turn comes; the order breaks a tie for the
    next start, docs/rules.md §2.5)."""

    stage: int
    quarry: tuple[Domino | None, ...]
    pile_sizes: tuple[int, ...]
    pile_tops: tuple[Domino | None, ...]
    in_hand: Domino | None
    to_fill: tuple[tuple[int, int], ...]
    start_player: int
    turn_order: tuple[int, ...]

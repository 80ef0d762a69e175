"""Forgotten Treasures' typed views: what plugins and bots read of a seat and of the table,
and what a stage scores.

Colours and gem kinds are names (``"red"``, ``"mythical"``), spaces and piles 0-based
indices (space i is pile i and the gem area before it), stages 1-4, as in events and
observations (docs/protocol.md). A domino is :class:`pyramido.games.pyramids.pyramid.Domino` (colours as
indices into the ruleset's ``colours``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations_with_replacement
from typing import NamedTuple

from ...engine.views import Area, PyramidView
from ..pyramids.pyramid import Domino
from .activation import Spend, payment_label

MYTHICAL = "mythical"
NO_GEM = "none"  # the take action's gem when the domino comes alone


def gem_kinds(colours: Sequence[str]) -> tuple[str, ...]:
    """The gem kinds, in the order gem counts are kept: one per colour, then mythical."""
    return (*colours, MYTHICAL)


#: The gems a take carries, as ``pyramido_gem_choices`` names them: a kind, several kinds
#: (a tuple, in kind order, a kind repeated for two gems of it), or ``None`` for none.
TakenGems = str | tuple[str, ...] | None


def take_gem_options(kinds: Sequence[str], per_take: int) -> tuple[TakenGems, ...]:
    """The gems the take action's ``gem`` field names, by value: one gem of each kind, the
    domino alone, then, when a take gives several (``gems_per_take``), every choice of 2 to
    ``per_take`` gems in kind order. The printed take's values come first, so that its
    actions are the same whatever the ruleset grants."""
    several = [gems for size in range(2, per_take + 1) for gems in combinations_with_replacement(kinds, size)]
    return (*kinds, None, *several)


def gems_label(gems: TakenGems) -> str:
    """The label of a take's ``gem`` value: a kind, ``none``, or kinds joined by ``+``."""
    if gems is None:
        return NO_GEM
    return gems if isinstance(gems, str) else "+".join(gems)


class Payment(NamedTuple):
    """A way to pay for an activated area: ``coloured`` gems of its colour and
    ``mythical`` gems; ``doubled``: the area scores as doubled (``pyramido_area_value``)."""

    coloured: int
    mythical: int
    doubled: bool

    @property
    def label(self) -> str:
        """``1C``, ``2M``, ``2C+2M``: the payment's name in the action ``activate``."""
        return payment_label(self)


class LegendPick(NamedTuple):
    """A gem the Legend takes: from the gem area of ``space``, of kind ``gem``."""

    space: int
    gem: str


@dataclass(frozen=True)
class ActivationPosition:
    """What a stage scores: a pyramid, the activations chosen on its areas (``Spend.area``
    is an area's label in ``pyramid.areas``) and the gems held before them, real or
    imagined by a bot; ``discarded``: the gems given up to the inventory limit (they score
    nothing)."""

    pyramid: PyramidView
    activations: tuple[Spend, ...]
    gems_before: Mapping[str, int]
    discarded: tuple[str, ...] = ()

    @property
    def areas(self) -> tuple[Area, ...]:
        return self.pyramid.areas


@dataclass(frozen=True)
class TreasuresSeat:
    """One seat of a Forgotten Treasures game (``game.seat(player)``).

    ``gems``: held now, by kind (while the stage is scored, after this seat's activations so
    far); ``scoring``: the seat is in the stage's scoring, ``activations_ended`` once it has
    ended its activations (then it discards down to the inventory limit); ``position``: what
    ``pyramido_score_stage`` scores (outside the scoring: no activation, the gems held);
    ``unfilled``: the block spaces left empty in the seat's finished stages (a stage
    complete with gaps when no domino fits, docs/rules.md §3.2), 0 while every finished
    stage is full.
    """

    player: int
    pyramid: PyramidView
    gems: Mapping[str, int]
    stage_scores: tuple[int, ...]
    stage_complete: bool
    scoring: bool
    activations_ended: bool
    position: ActivationPosition
    unfilled: int


@dataclass(frozen=True)
class TreasuresSpace:
    """A space of the exploration area: its pile's size, the top domino if face up, or its
    back (each block's colour and icon count) if face down, and the gems before it."""

    pile_size: int
    top: Domino | None
    back: tuple[tuple[str, int], tuple[str, int]] | None
    gems: tuple[str, ...]


@dataclass(frozen=True)
class LegendView:
    """The Legend's public facts (solo): his top domino (his wishes), his pile's size, his
    gems by kind and his stage scores."""

    top: Domino
    pile_size: int
    gems: Mapping[str, int]
    stage_scores: tuple[int, ...]


@dataclass(frozen=True)
class TreasuresTable:
    """What lies on the table (``game.table()``): the stage being played (1-4), the
    exploration area, the domino in hand of the player whose turn it is (taken, not yet
    placed), the bag's size, the discards beside it by kind, the mode (``multiplayer``,
    ``legend``, ``the-legend``), the Legend (``None`` unless solo), the seat that started
    the stage (``pyramido_start_player``, then ``pyramido_next_start_player``; solo: the
    player) and the stage's turn order, every seat clockwise from it (a seat done is
    skipped; the order breaks a tie for the next start, docs/rules.md §3.4)."""

    stage: int
    spaces: tuple[TreasuresSpace, ...]
    in_hand: Domino | None
    bag_size: int
    discards: Mapping[str, int]
    mode: str
    legend: LegendView | None
    start_player: int
    turn_order: tuple[int, ...]

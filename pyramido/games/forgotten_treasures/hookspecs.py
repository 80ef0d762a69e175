"""Forgotten Treasures' phase hooks, in the order of a turn and of a stage's scoring
(docs/rules.md §3).

A turn is a sequence of rule steps (:mod:`pyramido.engine.steps`), each a decision:

1. ``take`` a face-up space's domino and a gem from its gem area: ``pyramido_take_spaces``,
   ``pyramido_gem_choices``; ``split`` a pile into the emptied one:
   ``pyramido_split_sources`` (:mod:`pyramido.games.pyramids.hookspecs`);
2. the gem areas are replenished: ``pyramido_replenish_gems``;
3. ``reveal`` a face-down pile: ``pyramido_reveal_options``;
4. ``place`` the domino: ``pyramido_placements``.

In solo, the Legend plays after each of the player's turns: ``pyramido_legend_wishes``,
``pyramido_legend_picks``, then ``pyramido_split_sources`` and
``pyramido_replenish_gems`` as for a player.

When every stage is complete, the ``scoring`` decision: ``activate`` areas
(``pyramido_payment_table``, ``pyramido_area_value``), ``end_activation``, ``discard`` down
to ``pyramido_inventory_limit``. Then ``pyramido_score_stage`` (``pyramido_area_value``
for each activated area, ``pyramido_extra_score_lines``), the Legend's
``pyramido_legend_score``, and ``pyramido_next_start_player``; after stage 4,
``pyramido_ranking`` (``pyramido_tiebreaks``).

Added to the plugin manager by Forgotten Treasures' plugin (``GameInfo.hookspecs``); the
defaults are in :mod:`pyramido.games.forgotten_treasures.phases`. Where no other plugin
implements ``pyramido_take_spaces`` and ``pyramido_gem_choices``,
``pyramido_replenish_gems``, ``pyramido_reveal_options`` or ``pyramido_area_value``, the
game reads the default's answer from the state without calling it (its fast paths,
:mod:`pyramido.games.forgotten_treasures.fast_paths`; the same answer:
``tests/test_fast_paths.py``); a plugin implementing one is called as said here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine.hookspecs import hookspec

if TYPE_CHECKING:
    from ...engine.game import Game
    from ...engine.ruleset import Ruleset
    from ...engine.views import Area, ScoreLine
    from ..pyramids.pyramid import Domino
    from .views import LegendPick


@hookspec(firstresult=True)
def pyramido_take_spaces(game: Game, player: int) -> list[int] | None:
    """The spaces whose domino ``player`` may take, ascending. Called for the ``take``
    decision, and at the start of a turn to know whether there is a domino to take. The
    default: every space whose top domino is face up."""


@hookspec(firstresult=True)
def pyramido_gem_choices(game: Game, player: int, space: int) -> list[str | tuple[str, ...] | None] | None:
    """The gems ``player`` may take with the domino of ``space``: gem kinds (``"red"``,
    ``"mythical"``), each one gem of that kind from the space's gem area; a tuple of kinds
    for several gems at once (``("red", "red")``: two red gems), at most ``gems_per_take``
    of them (the action's gem ``red+red``); and ``None`` for the domino alone (the action's
    gem ``none``). An empty answer: the space cannot be chosen. Called for every space
    ``pyramido_take_spaces`` offers. The default: each kind in the gem area (with
    ``gems_per_take`` above 1, each choice of that many gems, or all the area holds); an
    empty gem area gives the domino alone (``empty_gem_area: domino_alone``) or cannot be
    chosen (``not_allowed``)."""


@hookspec(firstresult=True)
def pyramido_replenish_gems(game: Game, space: int) -> int | None:
    """How many gems to draw from the bag into the gem area of ``space`` now. Called for
    every space, in order, after each take (and its split) and after each turn of the
    Legend; 0 draws nothing. The default: ``gems_per_area`` into an empty gem area."""


@hookspec(firstresult=True)
def pyramido_reveal_options(game: Game, player: int) -> list[int] | None:
    """The piles whose face-down top ``player`` may turn face up, ascending. Called after
    the take (and the gems' replenishing); an empty answer skips the ``reveal`` decision.
    The default: every pile with a face-down top."""


@hookspec(firstresult=True)
def pyramido_payment_table(ruleset: Ruleset) -> list[tuple[int, int, bool]] | None:
    """The ways to pay for an activated area: ``(coloured, mythical, doubled)``, gems of the
    area's colour and mythical gems, and whether the area is doubled. Asked as the ruleset
    loads, to check it and to label the ``payment`` field of the action ``activate`` (``1C``,
    ``2C+2M``...), and never again: every game of the ruleset plays with that answer. The
    default: ``1C`` or ``2M``; doubled, ``3C``, ``2C+2M``, ``1C+4M`` or ``6M``."""


@hookspec(firstresult=True)
def pyramido_area_value(game: Game, player: int, area: Area, doubled: bool) -> int | None:
    """The points of ``area`` when ``player`` activates it (``doubled``: with a doubling
    payment). Called by ``pyramido_score_stage`` for each activated area, to explain an
    illegal activation, and by the greedy bot and the activation solver to value areas.
    The default: its visible icons, twice as many if doubled."""


@hookspec(firstresult=True)
def pyramido_inventory_limit(game: Game, player: int) -> int | None:
    """How many gems ``player`` may carry into the next stage: once this stage's
    activations are over, more are discarded, one ``discard`` decision each. Called while
    every stage but the last is scored (the limit applies "before beginning the next
    stage": after the last there is none, and the gems left break ties), and by the greedy
    bot, which values the gems it keeps up to it. The default: ``inventory_limit``."""


@hookspec(firstresult=True)
def pyramido_legend_wishes(game: Game, domino: Domino) -> list[str] | None:
    """The gem kinds the Legend wishes for while ``domino`` tops his pile, as a multiset
    (``["red", "red"]``: two red gems). Called at the start of each of his turns. The
    default: the colours of the domino's icons (not of its blocks)."""


@hookspec(firstresult=True)
def pyramido_legend_picks(game: Game, wishes: list[str]) -> list[LegendPick] | None:
    """The gems the Legend takes this turn, in order: ``LegendPick(space, gem)``s (or
    ``(space, gem)`` pairs); he takes the domino of the last one's space. An empty answer:
    the leftmost face-up domino and a random gem from the bag. Called on each of his turns,
    with his ``wishes``. The default: from the leftmost face-up space on, every gem that
    fills an open wish until 2 are filled; short of 2, mythical gems from the leftmost
    again until he took 2."""


@hookspec(firstresult=True)
def pyramido_legend_score(game: Game) -> list[ScoreLine] | None:
    """The Legend's score lines for the stage just ended (``game.table()``: his gems, the
    stage). Called after the players' scores; his coloured gems are then discarded. The
    default: each coloured gem scores the stage number (``legend_coloured``), each mythical
    gem ``legend.points_per_mythical`` (``legend_mythical``)."""

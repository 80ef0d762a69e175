"""Silver & Gold's phase hooks, in the order of a game (docs/rules.md §4).

1. Setup: every player draws cards and keeps some (``keep``): ``pyramido_draw_keep``, also
   asked as a ruleset loads (the action space has a ``card`` field per card kept).
2. For each expedition card, every player at once makes one marking (``shape``, ``cell``
   or ``pass``) and then the single marks crosses owe (``cross``):
   ``pyramido_mark_options``; each symbol marked acts: ``pyramido_symbol_effect``.
3. Once everybody has marked, completed cards are set aside and replaced (``replace``),
   the offer refilled as the rules say: ``pyramido_offer_refill``; the completed cards
   race for the colour bonuses: ``pyramido_bonus_claims``.
4. After the last round: ``pyramido_score_stage`` scores each score card
   (``pyramido_extra_score_lines``), ``pyramido_ranking`` ranks (``pyramido_tiebreaks``).

Added to the plugin manager by Silver & Gold's plugin (``GameInfo.hookspecs``); the
defaults are in :mod:`pyramido.games.silver_gold.phases`, the values they return in
:mod:`pyramido.games.silver_gold.views`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine.hookspecs import hookspec

if TYPE_CHECKING:
    from ...engine.game import Game
    from ...engine.ruleset import Ruleset
    from .views import Completion, DrawKeep, Marking, ScoreCard, Ticks


@hookspec(firstresult=True)
def pyramido_draw_keep(ruleset: Ruleset) -> DrawKeep | None:
    """How many pyramid cards each player draws at setup, and keeps: a ``DrawKeep(draw,
    keep)``. The cards kept are the cards in front of a player all game (each completed
    one is replaced). Asked as the ruleset loads (for the action space and the card
    counts the check proves) and at setup. The default: the ``draw`` and ``keep`` values."""


@hookspec(firstresult=True)
def pyramido_mark_options(game: Game, player: int, shape: str | None) -> list[Marking] | None:
    """The markings ``player`` may make now: ``Marking(card, how, cells)``s. With ``shape``
    (the revealed expedition card's), the marking of that card: placements of the shape
    (``how`` ``"shape"``) and single cells (``"cell"``); ``None`` when a cross owes a
    single mark (``"cross"``). An empty answer means nothing can be marked: the player
    passes, or loses the cross (``lost_cross``). The default: the shape in any of its 8
    orientations, or one cell, on a card in play: its first mark covers the entrance,
    later marks touch a marked cell, never a wall or a marked cell; with
    ``marks_after_tomb: false``, not on a card completed in this marking. The answer reads
    the player's own cards and the table, never another seat's cards: while everybody
    marks, the game keeps the other seats' lists when one marks (``independent_seats``)."""


@hookspec(firstresult=True)
def pyramido_symbol_effect(
    game: Game, player: int, symbol: str, count: int, score_card: ScoreCard
) -> Ticks | None:
    """What ``count`` symbols ``symbol`` (``red``, ``green``, ``torch``, ``skull``,
    ``potion``, ``cross``, ``tomb``) marked at once do to ``player``'s ``score_card`` (as
    it is before they act): a ``Ticks`` the game applies with the card's caps. Asked for
    each symbol of a marking in turn (skulls before potions, or after with
    ``symbol_order: potions_first``), and by bots on score cards they imagine. The
    default: a gem ticks its colour, a torch one of this round's ``torches_per_round``
    boxes (printed: one, so a second torch in a round ticks nothing), a skull the next skull, a
    potion erases the two worst ticked skulls, a cross owes a single mark, the tomb
    completes the card. While no other plugin implements it, the game reads the default's
    answer without calling the hook; a plugin implementing it is called as documented."""


@hookspec(firstresult=True)
def pyramido_offer_refill(game: Game, player: int, finished: bool) -> list[int] | None:
    """The offer slots (0 to ``offer_size`` - 1) to refill from the deck now, in order, after ``player``
    replaced a completed card; ``finished``: it was the player's last replacement of
    this expedition card. The deck running out stops the refill. The default: every empty
    slot once the player has finished ("solo alla fine della propria azione"), none
    before."""


@hookspec(firstresult=True)
def pyramido_bonus_claims(game: Game, completed: tuple[Completion, ...]) -> list[Completion] | None:
    """Which of the cards ``completed`` in the marking just revealed (ascending card
    number; already on their players' score cards) claim a colour bonus, in the order
    they claim: each takes the best bonus left of its colour, if any. The default: a
    card whose ordinal among its player's cards of its colour (counted in ascending card
    number among those completed at once) is in ``bonus_at``, by ascending card number."""

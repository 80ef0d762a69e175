"""Greedy play for Silver & Gold Pyramids: the marking that looks best now.

A marking is valued by the change it makes to the player's end score, found by the rules
the game is played with: its symbols act on a copy of the score card through
``pyramido_symbol_effect`` (:func:`pyramido.games.silver_gold.effects.symbols_effect`),
and the card it completes counts, scored by ``game.score`` (so a house rule's symbols and
score lines steer the bot); plus how much nearer it brings the card's tomb (fewer cells
still to mark) and the single marks its crosses owe. Cards are kept and taken by how
short their way from entrance to tomb is. The bot reads the game only through
``game.seat`` and ``game.table``.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from typing import TYPE_CHECKING

from .cards import steps_to
from .effects import symbols_effect
from .hooks import paths_of
from .keeping import keep_choices
from .shapes import placement_mask
from .views import CELLS, CardView, ScoreCard, SilverGoldSeat, SilverGoldTable

if TYPE_CHECKING:
    from ...engine.actions import Action
    from ...engine.game import Game

STEP = 2.0  # per cell nearer the tomb
CROSS = 1.5  # per single mark a cross owes
UNREACHABLE = 12  # steps counted for a card whose tomb is cut off
UNKNOWN_CARD = 6  # steps expected of the deck's unseen top card
KEPT_SCORES = 1 << 12  # score cards valued, kept at most


def _card_steps(card: CardView, marked: int) -> int:
    """Cells still to mark to reach the tomb (the entrance counted on a fresh card)."""
    return _steps_left(card.walls, card.entrance, card.tomb, marked)


@lru_cache(maxsize=1 << 12)
def _steps_left(walls: int, entrance: int, tomb: int, marked: int) -> int:
    """:func:`_card_steps` of a card's geometry: a search, asked again for the same marks
    at every decision of the card's owner."""
    steps = steps_to(walls | marked, marked or 1 << entrance, tomb)
    if steps is None:
        return UNREACHABLE
    return steps + (0 if marked else 1)


class _Valuer:
    """Values the actions of one decision, from the seat's and the table's typed views."""

    def __init__(self, game: Game, player: int, scores: dict[ScoreCard, int]) -> None:
        self.game, self.player = game, player
        self.seat: SilverGoldSeat = game.seat(player)
        self.table: SilverGoldTable = game.table()
        self._gains: dict[tuple[object, ...], tuple[int, int]] = {}
        self._scores = scores
        self._steps: dict[int, int] = {}  # slot -> cells still to mark on its card

    def keep(self, action: Action) -> float:
        hand = self.seat.hand
        kept = keep_choices(len(hand), len(self.seat.cards))[action.values[0]]
        return -sum(_card_steps(hand[position], 0) for position in kept)

    def replace(self, action: Action) -> float:
        (source,) = action.values
        card = self.table.offer[source - 1] if source else None
        return -(UNKNOWN_CARD if card is None else _card_steps(card, 0))

    def mark(self, action: Action) -> float:
        if action.kind == "pass":
            return 0.0
        slot, value = action.values
        in_play = self.seat.cards[slot]
        assert in_play is not None and self.table.shape is not None
        card, marked = in_play.card, in_play.marked
        cells = placement_mask(self.table.shape, value) if action.kind == "shape" else 1 << value
        found = card.symbols_on(cells)
        if cells >> card.tomb & 1:
            found["tomb"] = 1
        gain, crosses = self._gain(found, card.number) if found else (0, 0)
        before = self._steps.get(slot)
        if before is None:
            before = self._steps[slot] = _card_steps(card, marked)
        progress = STEP * (before - _card_steps(card, marked | cells))
        return gain + progress + CROSS * crosses - 0.1 * cells.bit_count() / CELLS

    def _gain(self, found: dict[str, int], number: int) -> tuple[int, int]:
        """The points symbols ``found`` on card ``number`` add to the end score, and the
        single marks they owe: once per set of symbols (and per card they complete)."""
        key = (*found.items(), number if "tomb" in found else None)
        gain = self._gains.get(key)
        if gain is None:
            score_card = self.seat.score_card
            effect = symbols_effect(self.game, self.player, score_card, found)
            after = effect.score_card
            if effect.completes:
                after = replace(after, completed=(*after.completed, number))
            gain = self._gains[key] = (self._score(after) - self._score(score_card), effect.crosses)
        return gain

    def _score(self, score_card: ScoreCard) -> int:
        """The end score of ``score_card`` by the ruleset's scoring, once per score card
        (markings that tick nothing, or the same, leave the same card)."""
        score = self._scores.get(score_card)
        if score is None:
            score = self._scores[score_card] = self.game.score(self.player, score_card).total
        return score


class SilverGoldGreedyBot:
    """The greedy bot of this game; deterministic (the seed is accepted and unused)."""

    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        del seed
        self._rules: object = None
        self._scores: dict[ScoreCard, int] = {}

    def _kept_scores(self, game: Game) -> dict[ScoreCard, int]:
        """The end scores of score cards valued so far: kept from decision to decision while
        the game's plugin alone scores (a score card's score is then a function of it and
        the ruleset), else new for each decision. Bounded: forgotten now and then."""
        if not paths_of(game).scored_alone:
            return {}
        if game.rules is not self._rules or len(self._scores) > KEPT_SCORES:
            self._rules, self._scores = game.rules, {}
        return self._scores

    def choose(self, game: Game, player: int) -> int:
        assert game.decision is not None
        legal = game.legal_indices(player)
        if len(legal) == 1:
            return legal[0]
        valuer = _Valuer(game, player, self._kept_scores(game))
        value = {"keep": valuer.keep, "replace": valuer.replace}.get(game.decision.kind, valuer.mark)
        return max(legal, key=lambda index: (value(game.space.action(index)), -index))

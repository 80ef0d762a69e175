"""What a marking does to a score card: each symbol marked acts through
``pyramido_symbol_effect``, in the ruleset's order, and the game applies the ``Ticks`` with
the score card's caps (docs/rules.md §4.3). The game marks with it, and the greedy bot
imagines markings with it, so both follow a house rule's symbols."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from .views import ScoreCard, Ticks

if TYPE_CHECKING:
    from collections.abc import Mapping

    from ...engine import Game

#: The order symbols act in within one marking, by ``symbol_order`` ([ruling]).
ORDERS = {
    "skulls_first": ("red", "green", "torch", "skull", "potion", "cross", "tomb"),
    "potions_first": ("red", "green", "torch", "potion", "skull", "cross", "tomb"),
}


class Effect(NamedTuple):
    """A marking's effect: the score card after it, the single marks it owes (crosses),
    and whether it completes the card."""

    score_card: ScoreCard
    crosses: int
    completes: bool


def symbols_effect(game: Game, player: int, score_card: ScoreCard, found: Mapping[str, int]) -> Effect:
    """The effect on ``score_card`` of the symbols ``found`` (name -> count, ``"tomb"``
    included) marked at once by ``player`` in the current round."""
    crosses, completes = 0, False
    if not found:  # most markings find nothing
        return Effect(score_card, crosses, completes)
    for symbol in ORDERS[game.ruleset.params["symbol_order"]]:
        count = found.get(symbol)
        if count:
            ticks: Ticks = game.rules.symbol_effect(game, player, symbol, count, score_card)
            score_card = ticked(game, score_card, ticks)
            crosses += ticks.crosses
            completes = completes or ticks.completes
    return Effect(score_card, crosses, completes)


def ticked(game: Game, score_card: ScoreCard, ticks: Ticks) -> ScoreCard:
    """``score_card`` with ``ticks`` applied within its boxes: gems up to ``gem_cap`` per
    colour, this round's torch box once, skulls along the ``skull_track``."""
    params, torches = game.ruleset.params, score_card.torches
    round_ = game.state.round
    if ticks.torches > 0 and not torches[round_]:
        torches = (*torches[:round_], True, *torches[round_ + 1 :])
    gem_cap, skull_boxes = params["gem_cap"], len(params["skull_track"])
    return ScoreCard(
        max(0, min(gem_cap, score_card.red + ticks.red)),
        max(0, min(gem_cap, score_card.green + ticks.green)),
        torches,
        max(0, min(skull_boxes, score_card.skulls + ticks.skulls)),
        score_card.bonuses,
        score_card.completed,
    )

"""What a marking does to a score card: each symbol marked acts through
``pyramido_symbol_effect``, in the ruleset's order, and the game applies the ``Ticks`` with
the score card's caps: gems up to ``gem_cap`` per colour, this round's torches up to
``torches_per_round``, skulls along the ``skull_track`` (docs/rules.md §4.3). The game
marks with it, and the greedy bot imagines markings with it, so both follow a house rule's
symbols."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any, NamedTuple

from ...engine.views import made, made_tuple
from .hooks import rules_of
from .phases import printed_ticks
from .views import ScoreCard, Ticks

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping

    from ...engine.game import Game
    from .hooks import SilverGoldPaths
    from .state import State

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


def score_card_with(score_card: ScoreCard, **changes: Any) -> ScoreCard:
    """``dataclasses.replace(score_card, **changes)`` for the game's own changes (a card
    completed, a bonus claimed), made as :func:`_ticked` makes score cards: ``replace``
    costs several times as much."""
    return made(ScoreCard, **{**score_card.__dict__, **changes})


def symbols_effect(game: Game, player: int, score_card: ScoreCard, found: Mapping[str, int]) -> Effect:
    """The effect on ``score_card`` of the symbols ``found`` (name -> count, ``"tomb"``
    included) marked at once by ``player`` in the current round.

    The boxes are ticked as plain numbers and the score card made once at the end: the
    printed effects do not read the score card, so the one a symbol acts on is made only
    for a hook that may (the fast path ``symbol_ticks``, ``None`` for the printed effects,
    read from their table: a frozen view costs more to make than the rest of a marking)."""
    if not found:  # most markings find nothing
        return made_tuple(Effect, (score_card, 0, False))
    state: State = game.state  # at every marking that finds a symbol: not state_of's call
    params, round_ = game.ruleset.params, state.round
    gem_cap, skull_boxes = params["gem_cap"], len(params["skull_track"])
    torch_boxes = params["torches_per_round"]
    paths: SilverGoldPaths = game.rules.paths
    symbol_ticks = paths.symbol_ticks
    red, green, skulls = score_card.red, score_card.green, score_card.skulls
    torch = score_card.torches[round_]
    crosses, completes = 0, False
    for symbol in ORDERS[params["symbol_order"]]:
        count = found.get(symbol)
        if count:
            if symbol_ticks is None:
                ticks: Ticks = printed_ticks(symbol, count)
            else:  # the score card acted on, made if read: a partial, as a closure's cells
                # would slow every read of the counts in this function
                acted_on = partial(_ticked, score_card, red, green, torch, skulls, round_)
                ticks = symbol_ticks(game, player, symbol, count, acted_on)
            # a symbol ticks few boxes: the others, already within their caps, are left
            if ticks.red:
                red = _within(red + ticks.red, gem_cap)
            if ticks.green:
                green = _within(green + ticks.green, gem_cap)
            if ticks.skulls:
                skulls = _within(skulls + ticks.skulls, skull_boxes)
            if ticks.torches:
                torch = _within(torch + ticks.torches, torch_boxes)
            crosses += ticks.crosses
            completes = completes or ticks.completes
    return made_tuple(Effect, (_ticked(score_card, red, green, torch, skulls, round_), crosses, completes))


def _within(count: int, boxes: int) -> int:
    """``count`` ticks kept within ``boxes`` (``min``/``max`` cost several times this)."""
    return 0 if count < 0 else boxes if count > boxes else count


def _ticked(score_card: ScoreCard, red: int, green: int, torch: int, skulls: int, round_: int) -> ScoreCard:
    """``score_card`` with these gems, this round's torches and skulls ticked: itself
    when they are its own, else made without the frozen dataclass's ``__init__``
    (:func:`~pyramido.engine.views.made`), which sets the fields one by one."""
    torches = score_card.torches
    if torch != torches[round_]:
        torches = (*torches[:round_], torch, *torches[round_ + 1 :])
    elif red == score_card.red and green == score_card.green and skulls == score_card.skulls:
        return score_card
    return made(
        ScoreCard,
        red=red,
        green=green,
        torches=torches,
        skulls=skulls,
        bonuses=score_card.bonuses,
        completed=score_card.completed,
    )


def symbol_ticks(
    game: Game, player: int, symbol: str, count: int, acted_on: Callable[[], ScoreCard]
) -> Ticks:
    """``pyramido_symbol_effect`` on the score card the symbol acts on, made for it."""
    return rules_of(game).symbol_effect(game, player, symbol, count, acted_on())

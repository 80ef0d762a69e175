"""Replacing completed cards, the ``replace`` step (docs/rules.md §4.4): the player whose
turn it is takes the top of the deck or a card of the offer for each completed card, in
ascending card number, and the offer is refilled as ``pyramido_offer_refill`` says."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine.steps import RuleStep
from .flow import next_replacement, replace_sources
from .hooks import rules_of
from .state import OFFER_SOURCES, State, state_of

if TYPE_CHECKING:
    from ...engine.actions import Action
    from ...engine.game import Game


def _replace_legal(game: Game, player: int) -> list[int]:
    """The sources' actions: the kind's first action and the source (its one field)."""
    first = game.space.offsets["replace"]
    legal = replace_sources(state_of(game))
    for i, source in enumerate(legal):
        legal[i] = first + source
    return legal


def _replace_explain(game: Game, player: int, action: Action) -> str:
    return f"{OFFER_SOURCES[action.values[0]]} has no card to take"


def _replace(game: Game, player: int, action: Action) -> None:
    state = state_of(game)
    number, _ = state.replacing.pop(0)
    (source,) = action.values
    new = state.deck.pop() if source == 0 else state.offer[source - 1]
    assert new is not None
    if source:
        state.offer[source - 1] = None
    seat = state.seats[player]
    seat.cards[seat.cards.index(None)] = new
    seat.marks[new] = 0
    game.emit({"type": "replace", "player": player, "completed": number, "source": OFFER_SOURCES[source],
               "card": new, "offer": list(state.offer)})  # fmt: skip
    finished = True  # no card of the player's is left to replace
    for _, other in state.replacing:  # a loop: a generator is a call at every item
        if other == player:
            finished = False
            break
    _refill_offer(game, state, player, finished=finished)
    next_replacement(game, state)


def _refill_offer(game: Game, state: State, player: int, finished: bool) -> None:
    """The empty slots ``pyramido_offer_refill`` names are refilled from the deck, while it
    lasts."""
    drawn = []
    for slot in rules_of(game).offer_refill(game, player, finished):
        if state.offer[slot] is None and state.deck:
            state.offer[slot] = state.deck.pop()
            drawn.append(slot)
    if drawn:
        game.emit({"type": "offer_refilled", "player": player, "slots": drawn, "offer": list(state.offer)})


REPLACE_STEP = RuleStep("replace", ("replace",), _replace_legal, _replace_explain, _replace)

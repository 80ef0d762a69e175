"""Replacing completed cards, the ``replace`` step (docs/rules.md §4.4): the player whose
turn it is takes the top of the deck or a card of the offer for each completed card, in
ascending card number, and the offer is refilled as ``pyramido_offer_refill`` says."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine.game import decision_of_one
from ...engine.turn_steps import AGAIN
from .hooks import rules_of
from .state import State, state_of
from .steps import RoundStep

if TYPE_CHECKING:
    from ...engine.actions import Action
    from ...engine.game import Game
    from ...engine.turn_steps import Outcome


class Replace(RoundStep):
    """One completed card at a time, in the order the marks' reveal set
    (``state.replacing``), by its owner; with an empty deck and offer, play goes on
    without."""

    decision, actions = "replace", ("replace",)

    def offer(self, game: Game, state: State, player: int) -> bool:
        while state.replacing:
            if replace_sources(state):
                return True
            state.replacing.pop(0)
        return False

    def ask(self, game: Game, state: State, player: int) -> None:
        _, owner = state.replacing[0]
        game.decision = decision_of_one(self.decision, owner, self.stage(state))

    def legal(self, game: Game, player: int) -> list[int]:
        """The sources' actions: the kind's first action and the source (its one field)."""
        first = game.space.offsets["replace"]
        legal = replace_sources(state_of(game))
        for i, source in enumerate(legal):
            legal[i] = first + source
        return legal

    def explain(self, game: Game, player: int, action: Action) -> str:
        return f"{_source_label(game, action.values[0])} has no card to take"

    def apply(self, game: Game, state: State, player: int, action: Action) -> Outcome:
        number, _ = state.replacing.pop(0)
        (source,) = action.values
        new = state.deck.pop() if source == 0 else state.offer[source - 1]
        assert new is not None
        if source:
            state.offer[source - 1] = None
        seat = state.seats[player]
        seat.cards[seat.cards.index(None)] = new
        seat.marks[new] = 0
        label = _source_label(game, source)
        game.emit({"type": "replace", "player": player, "completed": number, "source": label, "card": new,
                   "offer": list(state.offer)})  # fmt: skip
        finished = True  # no card of the player's is left to replace
        for _, other in state.replacing:  # a loop: a generator is a call at every item
            if other == player:
                finished = False
                break
        _refill_offer(game, state, player, finished=finished)
        return AGAIN


def _source_label(game: Game, source: int) -> str:
    """``deck``, ``offer 2``: the ``replace`` action's source as events and words name it."""
    return game.space.kind("replace").fields[0].labels[source]


def replace_sources(state: State) -> list[int]:
    """Where a replacement may come from: 0 the deck, 1 on the offer's slots."""
    return ([0] if state.deck else []) + [i + 1 for i, c in enumerate(state.offer) if c is not None]


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

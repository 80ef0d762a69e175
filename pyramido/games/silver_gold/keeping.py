"""Keeping pyramid cards, the ``keep`` step (docs/rules.md §4.1): every player at once keeps
some of the cards drawn; the others go back to the deck. Once everybody has kept, the cards
kept are shown, the deck is shuffled and the offer dealt (:func:`deal_offer`)."""

from __future__ import annotations

import itertools
from functools import cache
from typing import TYPE_CHECKING

from ...engine.game import decision_of
from ...engine.turn_steps import STAY
from .state import State, state_of
from .steps import RoundStep

if TYPE_CHECKING:
    from ...engine.actions import Action
    from ...engine.game import Game
    from ...engine.turn_steps import Outcome


@cache
def keep_choices(draw: int, keep: int) -> tuple[tuple[int, ...], ...]:
    """The ways to keep ``keep`` of ``draw`` cards, as positions in the hand, in the order
    of the ``keep`` action's ``pair`` field (labelled ``1+2``, ``1+3``...)."""
    return tuple(itertools.combinations(range(draw), keep))


class Keep(RoundStep):
    """Every seat at once, from its own hand (so one seat's choice changes no other's)."""

    decision, actions = "keep", ("keep",)
    together = independent_seats = True

    def legal(self, game: Game, player: int) -> list[int]:
        seat = state_of(game).seats[player]
        offset = game.space.offsets["keep"]
        return [offset + i for i in range(len(keep_choices(len(seat.hand), len(seat.cards))))]

    def explain(self, game: Game, player: int, action: Action) -> str:
        return "you have already kept your cards"  # every choice is legal while the player keeps

    def apply(self, game: Game, state: State, player: int, action: Action) -> Outcome | None:
        """The cards not kept go back to the deck; the others still keeping decide on."""
        seat = state.seats[player]
        kept = [seat.hand[i] for i in keep_choices(len(seat.hand), len(seat.cards))[action.values[0]]]
        returned = [c for c in seat.hand if c not in kept]
        seat.cards = list(kept)
        for card in kept:
            seat.marks[card] = 0
        seat.hand = []
        state.deck.extend(returned)
        game.emit({"type": "keep", "player": player, "cards": kept, "returned": returned}, seen_by=(player,))
        waiting = tuple(p for p, s in enumerate(state.seats) if s.hand)
        if not waiting:
            return None
        game.decision = decision_of(self.decision, waiting, self.stage(state))
        return STAY


def deal_offer(game: Game, state: State) -> None:
    """The cards kept are shown, the deck is shuffled and the offer dealt."""
    game.emit({"type": "cards_kept", "cards": [list(s.cards) for s in state.seats]})  # the reveal
    game.rng.shuffle(state.deck)
    state.offer = [state.deck.pop() if state.deck else None for _ in range(game.ruleset.params["offer_size"])]
    game.emit({"type": "deck_shuffled", "deck": list(state.deck)}, seen_by=())
    game.emit({"type": "offer", "offer": list(state.offer), "deck_size": len(state.deck)})

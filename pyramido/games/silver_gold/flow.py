"""The order of play in Silver & Gold (docs/rules.md §4.2-§4.6): rounds of expedition
cards; for each card everybody marks at once; then the completed cards are set aside and
replaced one player at a time, and claim their colour bonuses; after the last round, the
end scoring. The rule steps (:mod:`.setup`, :mod:`.turn`, :mod:`.replacing`) call these to
move on.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from ...engine.game import decision_of
from ...engine.views import made_tuple
from .effects import score_card_with
from .hooks import rules_of
from .state import State
from .views import Bonus, Completion

if TYPE_CHECKING:
    from ...engine.game import Game


# The steps of the game's flow take the state their caller read (a read is a call).


def start_round(game: Game, state: State) -> None:
    """Shuffle all the expedition cards; ``expeditions_per_round`` of them will be revealed."""
    state.expeditions = list(game.ruleset.components["expedition_cards"])
    game.rng.shuffle(state.expeditions)
    state.used = 0
    game.emit({"type": "round_start", "round": state.round + 1})
    game.emit(
        {"type": "expeditions_shuffled", "round": state.round + 1, "expeditions": list(state.expeditions)},
        seen_by=(),
    )
    _reveal(game, state)


def _reveal(game: Game, state: State) -> None:
    state.revealed = state.expeditions.pop()
    game.emit(
        {"type": "expedition", "round": state.round + 1, "card": state.used + 1, "shape": state.revealed}
    )
    for seat in state.seats:
        seat.marked = seat.done = False
        seat.completed_now = []
        seat.shown_score, seat.shown_crosses = seat.score, seat.crosses  # what the others see
    state.secret_marks = []
    state.revealed_indices = state.cross_indices = None
    # everybody marks at once: the decision waits for every seat, each leaving it once done
    game.decision = decision_of("mark", tuple(range(len(state.seats))), state.round + 1)


def mark_done(game: Game, state: State, player: int) -> None:
    """``player`` has nothing more to mark for the expedition card: the ``mark`` decision
    waits for the others still marking (its seats but ``player``: every seat joins it at
    the reveal and leaves it only here), or the marks are revealed."""
    decision = game.decision
    assert decision is not None
    if len(decision.players) == 1:
        _after_marking(game, state)
    else:
        game.decision = decision_of("mark", _without(decision.players, player), decision.stage)


@lru_cache(maxsize=256)
def _without(players: tuple[int, ...], player: int) -> tuple[int, ...]:
    return tuple(p for p in players if p != player)


def _after_marking(game: Game, state: State) -> None:
    """The markings are revealed; completed cards are set aside; their owners replace them
    one player at a time, the player holding the lowest-numbered completed card first,
    each replacing all of theirs."""
    game.emit(
        {
            "type": "marks_revealed",
            "round": state.round + 1,
            "card": state.used + 1,
            "marks": state.secret_marks,
        }
    )
    state.secret_marks = []
    completed = _completed_now(state)
    if completed:  # mostly none
        for player, number, colour in completed:
            seat = state.seats[player]
            seat.cards[seat.cards.index(number)] = None
            seat.score = score_card_with(seat.score, completed=(*seat.score.completed, number))
            game.emit({"type": "card_completed", "player": player, "card": number, "colour": colour})
        first_card: dict[int, int] = {}  # each player's lowest card completed
        for player, number, _ in completed:
            first_card.setdefault(player, number)
        order = []
        for player, number, _ in completed:
            order.append((first_card[player], number, player))
        order.sort()
        state.replacing = [(number, player) for _, number, player in order]
    next_replacement(game, state)


def _completed_now(state: State) -> tuple[Completion, ...]:
    """The cards completed in the marking just revealed, by ascending card number (mostly
    none: asked twice for every expedition card)."""
    for seat in state.seats:  # a loop: a comprehension is a call
        if seat.completed_now:
            break
    else:
        return ()
    found = []
    for player, seat in enumerate(state.seats):
        for number in seat.completed_now:
            found.append((number, player))
    found.sort()  # card numbers are unique
    completions = []
    for number, player in found:
        completions.append(made_tuple(Completion, (player, number, state.cards[number].colour)))
    return tuple(completions)


def replace_sources(state: State) -> list[int]:
    """Where a replacement may come from: 0 the deck, 1-4 the offer's slots."""
    return ([0] if state.deck else []) + [i + 1 for i, c in enumerate(state.offer) if c is not None]


def next_replacement(game: Game, state: State) -> None:
    """The next completed card to replace; with an empty deck and offer, play goes on
    without; once all are replaced, the colour bonuses."""
    while state.replacing:
        _, player = state.replacing[0]
        if replace_sources(state):
            game.decision = decision_of("replace", (player,), state.round + 1)
            return
        state.replacing.pop(0)
    _claim_bonuses(game, state)


def _claim_bonuses(game: Game, state: State) -> None:
    """The cards ``pyramido_bonus_claims`` names claim, in its order, the best bonus left
    of their colour (none once all are gone)."""
    completed = _completed_now(state)
    if completed:
        for claim in rules_of(game).bonus_claims(game, completed):
            left = state.bonuses[claim.colour]
            if left:
                bonus = Bonus(claim.colour, left.pop(0), claim.card)
                seat = state.seats[claim.player]
                seat.score = score_card_with(seat.score, bonuses=(*seat.score.bonuses, bonus))
                game.emit({"type": "bonus", "player": claim.player, **bonus.to_json()})
    _next_expedition(game, state)


def _next_expedition(game: Game, state: State) -> None:
    state.used += 1
    if state.used < game.ruleset.params["expeditions_per_round"]:
        _reveal(game, state)
        return
    game.emit({"type": "round_end", "round": state.round + 1})  # the unused cards are not revealed
    state.round += 1
    if state.round < game.ruleset.params["rounds"]:
        start_round(game, state)
        return
    scores = [game.score(p, seat.score) for p, seat in enumerate(state.seats)]  # no seat view made
    for p, breakdown in enumerate(scores):
        game.emit({"type": "final_score", "player": p, **breakdown.to_json()})
    state.final_totals = tuple(breakdown.total for breakdown in scores)  # the ranking's
    game.decision = None
    game.emit({"type": "game_over", "ranking": [row.to_json() for row in game.ranking()]})

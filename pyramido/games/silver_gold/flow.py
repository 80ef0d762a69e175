"""The order of play in Silver & Gold (docs/rules.md §4.1-§4.6), declared in the
rulebook's order: the opening (:data:`OPENING`: everybody keeps cards, the offer is dealt),
then rounds of expedition cards (:data:`EXPEDITION`: a card is revealed, everybody marks
at once, the marks are revealed and completed cards set aside, their owners replace them
one player at a time, the cards claim their colour bonuses); after the last round, the end
scoring. The steps are in :mod:`.keeping`, :mod:`.turn` and :mod:`.replacing`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine.hookspecs import hookimpl
from ...engine.turn_steps import Effect, TurnSteps
from ...engine.views import made_tuple
from .effects import score_card_with
from .hooks import rules_of
from .keeping import Keep, deal_offer
from .replacing import Replace
from .state import State
from .turn import Mark
from .views import Bonus, Completion

if TYPE_CHECKING:
    from ...engine.game import Game
    from ...engine.ruleset import Ruleset
    from ...engine.steps import RuleSteps


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
    EXPEDITION.start(game, state, 0)  # everybody marks at once: no seat's turn


def _first_round(game: Game, state: State, player: int) -> None:
    start_round(game, state)


def _reveal(game: Game, state: State) -> None:
    """The next expedition card is revealed: each seat marks anew, what it has shown so far
    being what the others see."""
    state.revealed = state.expeditions.pop()
    game.emit(
        {"type": "expedition", "round": state.round + 1, "card": state.used + 1, "shape": state.revealed}
    )
    for seat in state.seats:
        seat.marked = seat.done = False
        seat.completed_now = []
        seat.shown_score, seat.shown_crosses = seat.score, seat.crosses  # what the others see
    state.secret_marks = []


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


def _next_expedition(game: Game, state: State, player: int) -> None:
    """The next expedition card of the round; after the round's last, the next round, or
    the end scoring."""
    state.used += 1
    if state.used < game.ruleset.params["expeditions_per_round"]:
        EXPEDITION.start(game, state, 0)
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


#: The opening (§4.1): everybody keeps cards at once; the offer is dealt; the first round.
OPENING: TurnSteps[State] = TurnSteps(Keep(), Effect(deal_offer), then=_first_round)
#: An expedition card (§4.2-§4.5): revealed, marked by everybody at once, the marks revealed
#: and completed cards set aside, replaced, their colour bonuses claimed.
EXPEDITION: TurnSteps[State] = TurnSteps(
    Effect(_reveal), Mark(), Effect(_after_marking), Replace(), Effect(_claim_bonuses), then=_next_expedition
)


@hookimpl
def pyramido_rule_steps(ruleset: Ruleset, steps: RuleSteps) -> None:
    """A game's decisions, in the rulebook's order."""
    for step in (*OPENING.rule_steps(), *EXPEDITION.rule_steps()):
        steps.put(step)

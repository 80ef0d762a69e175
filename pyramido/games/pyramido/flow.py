"""The order of play in Pyramido: whose decision comes next, a turn's start (a domino to
take, or no room: the cover-card fill or elimination), a stage's end and the next stage
(docs/rules.md §2.2-§2.5). The steps of :mod:`.turn` and :mod:`.stage_end` call these to
move on; :mod:`.phases` holds the defaults of the phase hooks they ask.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..pyramids.phases import place_indices
from ..shared import advance_stage, clockwise_after, complete_stage, decide
from .hooks import rules_of
from .state import Turn, state_of

if TYPE_CHECKING:
    from ...engine.game import Game
    from ..pyramids.pyramid import Domino
    from .state import State


def domino_json(game: Game, domino: Domino | None) -> dict[str, Any] | None:
    return None if domino is None else domino.to_json(game.ruleset.colours)


def piles_json(game: Game, piles: list[list[Domino]]) -> list[dict[str, Any]]:
    """The piles as the table sees them: face up, but only their tops show (the order
    below is in the secret ``deal`` event)."""
    return [{"size": len(pile), "top": domino_json(game, pile[-1]) if pile else None} for pile in piles]


def begin_turn(game: Game, player: int) -> None:
    """A turn starts with a domino to take, unless none fits (docs/rules.md §2.3): then the
    player fills the stage with cover cards, or is out for want of them."""
    _begin_turn(game, state_of(game), player)


# The helpers of a turn's flow take the state their caller read (a read is a call).


def _begin_turn(game: Game, state: State, player: int) -> None:
    state.player = player
    state.turn = Turn()
    quarry_empty = not any(state.quarry)  # a domino is always true (count(None) would call == on each)
    if not quarry_empty and place_indices(game, player, state):
        decide(game, "take", player, state.stage)
        return
    if quarry_empty and game.ruleset.params["empty_quarry"] == "stage_complete":
        game.emit({"type": "no_domino_fits", "player": player, "stage": state.stage + 1, "empty_spaces": 0})
        complete_stage(game, state, player)
        next_turn(game, state, player)
        return
    rules = rules_of(game)
    spaces = rules.fill_spaces(game, player)
    game.emit(
        {"type": "no_domino_fits", "player": player, "stage": state.stage + 1, "empty_spaces": len(spaces)}
    )
    seat = state.seats[player]
    if rules.eliminated(game, player, len(spaces)):
        seat.out_at_stage = state.stage
        reason = f"{len(spaces)} empty spaces but {len(seat.covers_left)} cover card(s)"
        game.emit({"type": "eliminated", "player": player, "stage": state.stage + 1, "reason": reason})
        next_turn(game, state, player)
        return
    state.turn.fill = tuple(spaces[: len(seat.covers_left)])  # lacking cards, the rest stays empty
    ask_fill(game, state, player)


def ask_fill(game: Game, state: State, player: int) -> None:
    """The next space of the fill, or, once all are filled, the stage is complete."""
    if state.turn.fill:
        decide(game, "fill", player, state.stage)
    else:
        complete_stage(game, state, player)
        next_turn(game, state, player)


def end_turn(game: Game, state: State, player: int) -> None:
    if state.seats[player].pyramid.is_stage_full():
        complete_stage(game, state, player)
    next_turn(game, state, player)


def next_turn(game: Game, state: State, player: int) -> None:
    """Clockwise, skipping players whose stage is complete or who are out."""
    seats = state.seats
    for following in clockwise_after(player, game.num_players):
        seat = seats[following]
        if not seat.done and seat.out_at_stage is None:
            _begin_turn(game, state, following)
            return
    end_stage(game)


def end_stage(game: Game) -> None:
    """Everybody is done: score (``pyramido_score_stage``), markers go home, the next
    stage starts (``pyramido_next_start_player``) or the game ends."""
    state = state_of(game)
    scores: list[int | None] = [None] * game.num_players
    for p, seat in enumerate(state.seats):
        if seat.out_at_stage is not None:
            continue
        breakdown = game.score(p)
        seat.stage_scores.append(breakdown.total)
        scores[p] = breakdown.total
        game.emit({"type": "stage_scored", "player": p, "stage": state.stage + 1, **breakdown.to_json()})
        seat.markers.clear()
    advance_stage(game, scores, begin_turn)

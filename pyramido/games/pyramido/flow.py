"""The order of play in Pyramido (docs/rules.md §2.2-§2.5): a turn's steps, declared in the
rulebook's order (:data:`TURN`; the steps are in :mod:`.turn`), a turn's start (a domino to
take, or no room: the cover-card fill, :data:`FILL`, or elimination), whose turn is next, a
stage's end and the next stage. :mod:`.phases` holds the defaults of the phase hooks the
steps ask.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine.hookspecs import hookimpl
from ...engine.turn_steps import TurnSteps
from ..shared import advance_stage, clockwise_after, complete_stage
from .state import State, state_of
from .turn import Cover, Fill, Mark, Place, Refill, Split, Take

if TYPE_CHECKING:
    from ...engine.game import Game
    from ...engine.ruleset import Ruleset
    from ...engine.steps import RuleSteps
    from ..pyramids.pyramid import Domino
    from .hooks import PyramidoHooks, PyramidoPaths


def end_turn(game: Game, state: State, player: int) -> None:
    """A full stage box is complete; play passes on."""
    if state.seats[player].pyramid.is_stage_full():
        complete_stage(game, state, player)
    next_turn(game, state, player)


def _filled(game: Game, state: State, player: int) -> None:
    complete_stage(game, state, player)
    next_turn(game, state, player)


#: A turn (§2.2): take a domino, place it, mark a block, cover one, refill the quarry, split
#: a pile into an emptied one; each step after the placing only when it offers something.
TURN: TurnSteps[State] = TurnSteps(Take(), Place(), Mark(), Cover(), Refill(), Split(), then=end_turn)
#: No domino fits (§2.3): cover cards fill the stage's spaces one by one; it is complete.
FILL: TurnSteps[State] = TurnSteps(Fill(), then=_filled)


@hookimpl
def pyramido_rule_steps(ruleset: Ruleset, steps: RuleSteps) -> None:
    """A turn's decisions, in the rulebook's order, then the stage-end fill."""
    for step in (*TURN.rule_steps(), *FILL.rule_steps()):
        steps.put(step)


def domino_json(game: Game, domino: Domino | None) -> dict[str, Any] | None:
    return None if domino is None else domino.to_json(game.ruleset.colours)


def piles_json(game: Game, piles: list[list[Domino]]) -> list[dict[str, Any]]:
    """The piles as the table sees them: face up, but only their tops show (the order
    below is in the secret ``deal`` event)."""
    return [{"size": len(pile), "top": domino_json(game, pile[-1]) if pile else None} for pile in piles]


def begin_turn(game: Game, player: int) -> None:
    """A turn starts with a domino to take, unless none fits (docs/rules.md §2.3): then the
    player fills the stage with cover cards, or is out for want of them."""
    state: State = game.state  # at every turn: the attribute, not state_of's call
    _begin_turn(game, state, player)


# The helpers of a turn's flow take the state their caller read (a read is a call).


def _begin_turn(game: Game, state: State, player: int) -> None:
    state.player = player
    state.turn.begin()
    quarry_empty = not any(state.quarry)  # a domino is always true (count(None) would call == on each)
    paths: PyramidoPaths = game.rules.paths  # at every turn: the attribute, not paths_of's call
    if not quarry_empty and paths.place_indices(game, player, state):
        TURN.start(game, state, player)
        return
    if quarry_empty and game.ruleset.params["empty_quarry"] == "stage_complete":
        game.emit({"type": "no_domino_fits", "player": player, "stage": state.stage + 1, "empty_spaces": 0})
        _filled(game, state, player)
        return
    rules: PyramidoHooks = game.rules
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
    FILL.start(game, state, player)


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

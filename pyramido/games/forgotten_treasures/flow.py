"""The order of play in Forgotten Treasures (docs/rules.md §3.2-§3.5): a turn's steps,
declared in the rulebook's order (:data:`TURN`; the steps are in :mod:`.turn`), a turn's
start (a domino to take, or the turn is lost and the stage complete), the Legend's turns
between the player's, the stage's scoring (:data:`SCORING`, its step in :mod:`.scoring`)
and the next stage.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine.hookspecs import hookimpl
from ...engine.turn_steps import Effect, TurnSteps
from ..shared import advance_stage, clockwise_after, complete_stage
from .exploration import replenish
from .legend import legend_turn, score_legend, the_legend_draws
from .observation import activation_position
from .scoring import StageScoring
from .state import Scoring, State, state_of
from .turn import Place, Reveal, Split, Take

if TYPE_CHECKING:
    from ...engine.game import Game
    from ...engine.ruleset import Ruleset
    from ...engine.steps import RuleSteps
    from .hooks import ForgottenTreasuresPaths


def end_turn(game: Game, state: State, player: int) -> None:
    """Clockwise to the next player not done; solo: the Legend plays while the player is
    not done. When every stage is complete, the stage is scored."""
    if state.legend is not None:
        if state.seats[0].done:
            start_scoring(game)
            return
        legend_turn(game)
        _begin_turn(game, state, 0)
        return
    for following in clockwise_after(player, game.num_players):
        if not state.seats[following].done:
            _begin_turn(game, state, following)
            return
    start_scoring(game)


def _scored(game: Game, state: State, player: int) -> None:
    end_stage(game)


#: A turn (§3.2): take a domino and a gem, split a pile into the one emptied, the gem areas
#: are replenished, reveal a face-down pile, place the domino.
TURN: TurnSteps[State] = TurnSteps(Take(), Split(), Effect(replenish), Reveal(), Place(), then=end_turn)
#: The stage's end (§3.3): every seat activates areas and discards at once; then it is scored.
SCORING: TurnSteps[State] = TurnSteps(StageScoring(), then=_scored)


@hookimpl
def pyramido_rule_steps(ruleset: Ruleset, steps: RuleSteps) -> None:
    """A turn's decisions, in the rulebook's order, then the stage's scoring."""
    for step in (*TURN.rule_steps(), *SCORING.rule_steps()):
        steps.put(step)


def begin_turn(game: Game, player: int) -> None:
    """A turn starts by choosing a space (the options kept in the turn), unless no domino
    fits the stage, or none can be taken: then the turn is lost and the stage is complete,
    gaps and all."""
    state: State = game.state  # at every turn: the attribute, not state_of's call
    _begin_turn(game, state, player)


# The helpers of a turn's flow take the state their caller read (a read is a call).


def _begin_turn(game: Game, state: State, player: int) -> None:
    state.player = player
    paths: ForgottenTreasuresPaths = game.rules.paths  # at every turn: not paths_of's call
    if not paths.place_indices(game, player, state):
        game.emit({"type": "no_domino_fits", "player": player, "stage": state.stage + 1})
    elif legal := paths.take_legal(game, player, state):
        state.turn.begin(legal)
        TURN.start(game, state, player)
        return
    else:
        game.emit({"type": "no_domino_to_take", "player": player, "stage": state.stage + 1})
    state.turn.begin()
    complete_stage(game, state, player)
    end_turn(game, state, player)


def start_scoring(game: Game) -> None:
    """Every player scores at once: activations with gems, then discards down to the limit."""
    state = state_of(game)
    colours = game.ruleset.colours
    for seat in state.seats:
        seat.scoring = Scoring(gems_before=list(seat.gems), pyramid=seat.pyramid.view(colours))
    game.emit({"type": "scoring_start", "stage": state.stage + 1})
    SCORING.start(game, state, state.player)


def end_stage(game: Game) -> None:
    """Everybody's choices are revealed at once: each stage is scored
    (``pyramido_score_stage``), and only now do the gems spent and discarded reach the
    (public) discards beside the bag; then the Legend scores, and the next stage starts."""
    state = state_of(game)
    scores: list[int | None] = []
    for p, seat in enumerate(state.seats):
        scoring = seat.scoring
        assert scoring is not None
        _to_discards(state.discards, scoring)
        scored = game.score(p, activation_position(game, seat)).to_json()
        seat.stage_scores.append(scored["total"])
        scores.append(scored["total"])
        game.emit({"type": "stage_scored", "player": p, "stage": state.stage + 1, **scored})
        seat.scoring = None
    if state.legend is not None:
        score_legend(game)
    advance_stage(game, scores, begin_stage)


def _to_discards(discards: list[int], scoring: Scoring) -> None:
    area_colours = scoring.area_colours
    for spend in scoring.activations:
        discards[area_colours[spend.area]] += spend.coloured
        discards[-1] += spend.mythical
    for gem in scoring.discarded:
        discards[gem] += 1


def begin_stage(game: Game, player: int) -> None:
    """A stage starts with THE Legend's draw, then ``player``'s turn."""
    the_legend_draws(game)
    begin_turn(game, player)

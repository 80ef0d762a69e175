"""The order of play in Forgotten Treasures: whose decision comes next, a turn's start (a
domino to take, or the turn is lost and the stage complete), the Legend's turns between
the player's, the stage's scoring and the next stage (docs/rules.md §3.2-§3.5). The steps
of :mod:`.turn` and :mod:`.scoring` call these to move on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import decision_of, decision_of_one
from ..pyramids.phases import place_indices
from ..shared import advance_stage, clockwise_after
from .legend import legend_turn, score_legend, the_legend_draws
from .observation import activation_position
from .state import Scoring, State
from .takes import take_legal

if TYPE_CHECKING:
    from ...engine import Game


def decide(game: Game, kind: str, *players: int) -> None:
    game.decision = decision_of(kind, players, game.state.stage + 1)


def decide_one(game: Game, kind: str, player: int) -> None:
    """:func:`decide` for one seat: what every step of a turn comes to, looked up without
    making the one-seat tuple."""
    game.decision = decision_of_one(kind, player, game.state.stage + 1)


def begin_turn(game: Game, player: int) -> None:
    """A turn starts by choosing a space (the options kept in the turn), unless no domino
    fits the stage, or none can be taken: then the turn is lost and the stage is complete,
    gaps and all."""
    state: State = game.state
    state.player = player
    if not place_indices(game, player):
        game.emit({"type": "no_domino_fits", "player": player, "stage": state.stage + 1})
    elif legal := take_legal(game, player):
        state.turn.begin(legal)
        decide_one(game, "take", player)
        return
    else:
        game.emit({"type": "no_domino_to_take", "player": player, "stage": state.stage + 1})
    state.turn.begin()
    complete_stage(game, player)
    end_turn(game, player)


def complete_stage(game: Game, player: int) -> None:
    game.state.seats[player].done = True
    game.emit({"type": "stage_complete", "player": player, "stage": game.state.stage + 1})


def end_turn(game: Game, player: int) -> None:
    """Clockwise to the next player not done; solo: the Legend plays while the player is
    not done. When every stage is complete, the stage is scored."""
    state: State = game.state
    if state.legend is not None:
        if state.seats[0].done:
            start_scoring(game)
            return
        legend_turn(game)
        begin_turn(game, 0)
        return
    for following in clockwise_after(player, game.num_players):
        if not state.seats[following].done:
            begin_turn(game, following)
            return
    start_scoring(game)


def start_scoring(game: Game) -> None:
    """Every player scores at once: activations with gems, then discards down to the limit."""
    state: State = game.state
    colours = game.ruleset.colours
    for seat in state.seats:
        seat.scoring = Scoring(gems_before=list(seat.gems), pyramid=seat.pyramid.view(colours))
    game.emit({"type": "scoring_start", "stage": state.stage + 1})
    decide(game, "scoring", *range(game.num_players))


def end_stage(game: Game) -> None:
    """Everybody's choices are revealed at once: each stage is scored
    (``pyramido_score_stage``), and only now do the gems spent and discarded reach the
    (public) discards beside the bag; then the Legend scores, and the next stage starts."""
    state: State = game.state
    scores: list[int | None] = []
    for p, seat in enumerate(state.seats):
        scoring = seat.scoring
        assert scoring is not None
        _to_discards(game, scoring)
        scored = game.score(p, activation_position(game, seat)).to_json()
        seat.stage_scores.append(scored["total"])
        scores.append(scored["total"])
        game.emit({"type": "stage_scored", "player": p, "stage": state.stage + 1, **scored})
        seat.scoring = None
    if state.legend is not None:
        score_legend(game)
    advance_stage(game, scores, begin_stage)


def _to_discards(game: Game, scoring: Scoring) -> None:
    discards, area_colours = game.state.discards, scoring.area_colours
    for spend in scoring.activations:
        discards[area_colours[spend.area]] += spend.coloured
        discards[-1] += spend.mythical
    for gem in scoring.discarded:
        discards[gem] += 1


def begin_stage(game: Game, player: int) -> None:
    """A stage starts with THE Legend's draw, then ``player``'s turn."""
    the_legend_draws(game)
    begin_turn(game, player)

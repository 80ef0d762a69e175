"""The Legend, the automaton of the solo game (docs/rules.md §3.5): his turn after each of
the player's, his scoring after each stage, and THE Legend's draw at a stage's start. What
he wishes, takes and scores are phase hooks (``pyramido_legend_wishes``,
``pyramido_legend_picks``, ``pyramido_legend_score``); which pile he splits is the ruling
``legend_split``."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ...engine.views import Breakdown
from ...errors import brief
from .exploration import flip, replenish, split_into, take_top
from .gems import draw, gem_names
from .hooks import rules_of
from .state import LEGEND, Legend, State, state_of
from .views import LegendPick

if TYPE_CHECKING:
    from ...engine.game import Game

#: [ruling: legend_split] The pile he splits into one he emptied, as the best by this key
#: of (pile sizes, pile): the largest, the leftmost of equals; or the leftmost; or the smallest.
SPLIT_CHOICES: dict[str, Callable[[list[int], int], tuple[int, ...]]] = {
    "largest": lambda sizes, pile: (sizes[pile], -pile),
    "leftmost": lambda sizes, pile: (-pile,),
    "smallest": lambda sizes, pile: (-sizes[pile], -pile),
}


def _legend(state: State) -> Legend:
    assert state.legend is not None, "only a solo game has the Legend"
    return state.legend


def legend_turn(game: Game) -> None:
    """He takes the gems ``pyramido_legend_picks`` names (his wishes first) and the domino
    of the last one's space, whose next domino is turned face up; with no gem, the leftmost
    face-up domino and a random gem from the bag. Then the gem areas are replenished."""
    state = state_of(game)
    legend = _legend(state)
    spaces = [space for space, pile in enumerate(state.piles) if pile and state.face_up[space]]
    if not spaces:
        game.emit({"type": "legend_turn", "gems": [], "pile": None, "tile": None})
        return
    rules = rules_of(game)
    wishes = rules.legend_wishes(game, legend.pile[-1])
    picks = [LegendPick(*pick) for pick in rules.legend_picks(game, wishes)]
    kinds = state.kinds
    for pick in picks:
        kind = kinds.index(pick.gem) if pick.gem in kinds else -1
        if kind not in state.gem_areas[pick.space]:
            raise ValueError(f"pyramido_legend_picks: space {pick.space + 1} holds no {brief(pick.gem)} gem")
        state.gem_areas[pick.space].remove(kind)
        legend.gems[kind] += 1
    space = picks[-1].space if picks else spaces[0]
    domino = take_top(state, space)
    legend.pile.append(domino)
    event: dict[str, Any] = {
        "type": "legend_turn",
        "gems": [{"space": pick.space, "gem": pick.gem} for pick in picks],
        "pile": space,
        "tile": domino.id,
    }
    if not picks:
        drawn = draw(game, 1)
        for gem in drawn:
            legend.gems[gem] += 1
        event["drawn"] = gem_names(game, drawn)
    game.emit(event)
    if not state.piles[space]:
        sources = rules.split_sources(game, LEGEND, space)
        if sources:
            sizes = [len(pile) for pile in state.piles]
            choice = SPLIT_CHOICES[game.ruleset.params["legend_split"]]
            split_into(game, state, LEGEND, max(sources, key=lambda pile: choice(sizes, pile)), space)
    if state.piles[space]:
        flip(game, state, space, LEGEND)
    replenish(game, state)


def score_legend(game: Game) -> None:
    """His stage score (``pyramido_legend_score``); then his coloured gems are discarded,
    his mythical gems stay (and score again)."""
    state = state_of(game)
    legend = _legend(state)
    breakdown = Breakdown(tuple(rules_of(game).legend_score(game)))
    legend.stage_scores.append(breakdown.total)
    game.emit({"type": "stage_scored", "player": LEGEND, "stage": state.stage + 1, **breakdown.to_json()})
    for gem in range(len(legend.gems) - 1):
        state.discards[gem] += legend.gems[gem]
        legend.gems[gem] = 0


def the_legend_draws(game: Game) -> None:
    """At a stage's start THE Legend, holding ``the_legend_mythical_threshold`` mythical
    gems or more, draws ``the_legend_draws`` random gems from the bag (printed: one)."""
    state = state_of(game)
    threshold = game.ruleset.params["legend"]["the_legend_mythical_threshold"]
    legend = state.legend
    if legend is None or state.mode != "the-legend" or legend.gems[-1] < threshold:
        return
    drawn = draw(game, game.ruleset.params["the_legend_draws"])
    for gem in drawn:
        legend.gems[gem] += 1
    game.emit(
        {"type": "legend_draws", "reason": f"{threshold}+ mythical gems", "gems": gem_names(game, drawn)}
    )

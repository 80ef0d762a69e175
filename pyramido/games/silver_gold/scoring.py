"""The end of a Silver & Gold game (docs/rules.md §4.6): scoring a score card
(``pyramido_score_stage``: torches, colour bonuses, gems, the worst skull, completed cards,
then extra lines), and the ranking with its tie-break."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine.hookspecs import hookimpl
from ...engine.views import Breakdown, RankingRow, ScoreLine
from ..shared import rank
from .hooks import rules_of
from .state import state_of
from .views import ScoreCard

if TYPE_CHECKING:
    from ...engine.game import Game


@hookimpl
def pyramido_score_stage(game: Game, player: int, position: ScoreCard) -> Breakdown:
    """Torches, colour bonuses, gem pairs and singles, the worst skull ticked, completed
    cards (unfinished cards score nothing), then ``pyramido_extra_score_lines``."""
    params = game.ruleset.params
    score = position
    pairs = min(score.red, score.green)
    singles = score.red + score.green - 2 * pairs
    single_points = params["single_gem_points"] * singles
    torches = sum(score.torches)
    worst = params["skull_track"][score.skulls - 1] if score.skulls else 0
    bonuses = sum(b.points for b in score.bonuses)
    gems = {"red": score.red, "green": score.green}
    breakdown = Breakdown(
        (
            ScoreLine("torches", "torches", params["torch_points"] * torches, {"count": torches}),
            ScoreLine(
                "colour_bonuses", "colour bonuses", bonuses, {"bonuses": [b.to_json() for b in score.bonuses]}
            ),
            ScoreLine("gem_pairs", "gem pairs", params["gem_pair_points"] * pairs, gems),
            ScoreLine("single_gems", "single gems", single_points, {"count": singles}),
            ScoreLine("worst_skull", "worst skull", worst, {"ticked": score.skulls}),
            ScoreLine(
                "completed_cards",
                "completed cards",
                params["card_points"] * len(score.completed),
                {"cards": list(score.completed)},
            ),
        )
    )
    for extra in rules_of(game).extra_score_lines(game, player, position, breakdown):
        breakdown = breakdown.with_lines(*extra)
    return breakdown


@hookimpl
def pyramido_tiebreaks(game: Game, player: int) -> list[int]:
    """The lowest-numbered completed card wins a tie: its number, negated (higher values
    win); nothing for a player who completed none, who loses the tie."""
    completed = state_of(game).seats[player].score.completed
    return [-min(completed)] if completed else []


@hookimpl
def pyramido_ranking(game: Game) -> list[RankingRow]:
    """Most points, then ``pyramido_tiebreaks``; a player lacking a tie-break value ranks
    below the players who have one. The points are the end scoring's (the state keeps its
    totals: a finished game's score cards no longer change), else scored now."""
    state = state_of(game)
    keys: dict[Any, tuple[Any, ...]] = {}
    rows: dict[Any, RankingRow] = {}
    tiebreaks = rules_of(game).tiebreaks
    for p in range(len(state.seats)):
        total = state.final_totals[p] if state.final_totals else game.score(p).total
        tiebreak = tuple(tiebreaks(game, p))
        keys[p] = (-total, *((0, -value) for value in tiebreak), (1,))
        rows[p] = RankingRow(p, 0, total, tiebreak)
    return rank(keys, rows)

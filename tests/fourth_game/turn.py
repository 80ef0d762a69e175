"""A turn of Two Steps, one rule step per decision: ``take`` a face-up tile from the market
(its slot is refilled from the bag at once, face up), then ``place`` it in an empty space of
your row. Then the order of play, the end of a stage (scoring) and of the game (ranking)."""

from __future__ import annotations

from typing import Any

from pyramido import Action, Decision, Game, Ruleset
from pyramido.plugin import Breakdown, RankingRow, RuleStep, RuleSteps, ScoreLine, hookimpl

from .state import STAGES, State, TwoStepsPosition, climbs, tile_json

# --- take ------------------------------------------------------------------------------------


def _take_explain(game: Game, player: int, action: Action) -> str:
    return f"market slot {action.values[0] + 1} is empty"


def _take(game: Game, player: int, action: Action) -> None:
    state: State = game.state
    (slot,) = action.values
    tile = state.market[slot]
    assert tile is not None
    state.in_hand = tile
    game.emit({"type": "take", "player": player, "slot": slot, "tile": tile.id})
    refill = state.bag.pop() if state.bag else None
    state.market[slot] = refill
    if refill is None:
        game.emit({"type": "slot_stays_empty", "slot": slot})
    else:
        game.emit({"type": "refill", "slot": slot, "tile": refill.id, "shown": tile_json(refill)})
    game.decision = Decision.of_one("place", player, state.stage + 1)


# --- place -----------------------------------------------------------------------------------


def _place_explain(game: Game, player: int, action: Action) -> str:
    return f"space {action.values[0] + 1} of your row already holds a tile"


def _place(game: Game, player: int, action: Action) -> None:
    state: State = game.state
    (space,) = action.values
    tile, state.in_hand = state.in_hand, None
    assert tile is not None
    state.seats[player].rows[state.stage][space] = tile
    game.emit({"type": "place", "player": player, "stage": state.stage + 1, "space": space, "tile": tile.id})
    if all(all(seat.rows[state.stage]) for seat in state.seats):
        end_stage(game)
    else:
        next_turn(game, (player + 1) % game.num_players)


def next_turn(game: Game, player: int) -> None:
    state: State = game.state
    state.player = player
    game.decision = Decision.of_one("take", player, state.stage + 1)


@hookimpl
def pyramido_rule_steps(ruleset: Ruleset, steps: RuleSteps) -> None:
    take, place = ruleset.space.offsets["take"], ruleset.space.offsets["place"]

    def take_legal(game: Game, player: int) -> list[int]:
        return [take + slot for slot, tile in enumerate(game.state.market) if tile is not None]

    def place_legal(game: Game, player: int) -> list[int]:
        state: State = game.state
        row = state.seats[player].rows[state.stage]
        return [place + space for space, tile in enumerate(row) if tile is None]

    steps.put(RuleStep("take", ("take",), take_legal, _take_explain, _take))
    steps.put(RuleStep("place", ("place",), place_legal, _place_explain, _place))


# --- a stage's end -------------------------------------------------------------------------


def end_stage(game: Game) -> None:
    """Every row is full: each seat scores its row (``pyramido_score_stage``); the next
    stage starts (``pyramido_next_start_player``), or the game ends."""
    state: State = game.state
    scores: list[int | None] = []
    for player, seat in enumerate(state.seats):
        breakdown = game.score(player)
        seat.stage_scores.append(breakdown.total)
        scores.append(breakdown.total)
        game.emit({"type": "stage_scored", "player": player, "stage": state.stage + 1, **breakdown.to_json()})
    if state.stage + 1 == STAGES:
        game.decision = None
        game.emit({"type": "game_over", "ranking": [row.to_json() for row in game.ranking()]})
        return
    start = game.rules.next_start_player(game, scores)
    state.stage += 1
    state.start_player = start
    game.emit({"type": "stage_start", "stage": state.stage + 1, "start_player": start})
    next_turn(game, start)


@hookimpl
def pyramido_score_stage(game: Game, player: int, position: TwoStepsPosition) -> Breakdown:
    """The numbers of the stage's colour in the row, the step bonus for a full row going
    strictly up, then ``pyramido_extra_score_lines``."""
    params = game.ruleset.params
    colour = params["stage_colours"][position.stage - 1]
    numbers = [tile.number for tile in position.row if tile is not None and tile.colour == colour]
    lines = [ScoreLine("colour", f"{colour} tiles", sum(numbers), {"colour": colour, "numbers": numbers})]
    if all(position.row) and climbs(position.row) and params["step_bonus"]:
        row = [tile.number for tile in position.row if tile is not None]
        lines.append(ScoreLine("steps", "a row of steps", params["step_bonus"], {"numbers": row}))
    breakdown = Breakdown(tuple(lines))
    for extra in game.rules.extra_score_lines(game, player, position, breakdown):
        breakdown = breakdown.with_lines(*extra)
    return breakdown


@hookimpl
def pyramido_next_start_player(game: Game, stage_scores: list[int | None]) -> int:
    """The lowest score of the stage starts the next; ties go to the lowest seat."""
    return min(range(len(stage_scores)), key=lambda p: (stage_scores[p] or 0, p))


# --- the end ---------------------------------------------------------------------------------


@hookimpl
def pyramido_ranking(game: Game) -> list[RankingRow]:
    """Most points, then ``pyramido_tiebreaks`` (higher first); a tie on all shares a rank."""
    keys: dict[int, tuple[int, ...]] = {}
    rows: dict[int, RankingRow] = {}
    for player, seat in enumerate(game.state.seats):
        total, tiebreak = sum(seat.stage_scores), tuple(game.rules.tiebreaks(game, player))
        keys[player] = (-total, *(-value for value in tiebreak))
        rows[player] = RankingRow(player, 0, total, tiebreak)
    order = sorted(keys, key=lambda p: (keys[p], p))
    ranking: list[RankingRow] = []
    for at, player in enumerate(order):
        tied = at > 0 and keys[order[at - 1]] == keys[player]
        row = rows[player]
        ranking.append(RankingRow(player, ranking[-1].rank if tied else at + 1, row.score, row.tiebreak))
    return ranking


@hookimpl
def pyramido_tiebreaks(game: Game, player: int) -> list[int]:
    """The sum of the numbers on all of a player's tiles."""
    rows: Any = game.seat(player).rows
    return [sum(tile.number for row in rows for tile in row if tile is not None)]

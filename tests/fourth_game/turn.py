"""A turn of Two Steps, declared as its two steps (:data:`TURN`): ``take`` a face-up tile
from the market (its slot is refilled from the bag at once, face up), then ``place`` it in
an empty space of your row. Then the order of play, the end of a stage (scoring) and of the
game (ranking)."""

from __future__ import annotations

from typing import Any

from pyramido import Action, Game, Ruleset
from pyramido.plugin import Breakdown, RankingRow, RuleSteps, ScoreLine, Step, TurnSteps, hookimpl

from .state import STAGES, State, TwoStepsPosition, climbs, tile_json


class TwoStepsStep(Step[State]):
    """A step of Two Steps: its decision is in the state's stage."""

    def stage(self, state: State) -> int:
        return state.stage + 1


class Take(TwoStepsStep):
    """A face-up tile of the market; its slot is refilled from the bag at once."""

    decision, actions = "take", ("take",)

    def legal(self, game: Game, player: int) -> list[int]:
        first = game.space.offsets["take"]
        return [first + slot for slot, tile in enumerate(game.state.market) if tile is not None]

    def explain(self, game: Game, player: int, action: Action) -> str:
        return f"market slot {action.values[0] + 1} is empty"

    def apply(self, game: Game, state: State, player: int, action: Action) -> None:
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


class Place(TwoStepsStep):
    """The tile taken, in an empty space of the player's row of the stage."""

    decision, actions = "place", ("place",)

    def legal(self, game: Game, player: int) -> list[int]:
        state: State = game.state
        first = game.space.offsets["place"]
        row = state.seats[player].rows[state.stage]
        return [first + space for space, tile in enumerate(row) if tile is None]

    def explain(self, game: Game, player: int, action: Action) -> str:
        return f"space {action.values[0] + 1} of your row already holds a tile"

    def apply(self, game: Game, state: State, player: int, action: Action) -> None:
        (space,) = action.values
        tile, state.in_hand = state.in_hand, None
        assert tile is not None
        state.seats[player].rows[state.stage][space] = tile
        game.emit(
            {"type": "place", "player": player, "stage": state.stage + 1, "space": space, "tile": tile.id}
        )


def end_turn(game: Game, state: State, player: int) -> None:
    """Every row full: the stage ends; else the next seat's turn."""
    if all(all(seat.rows[state.stage]) for seat in state.seats):
        end_stage(game)
    else:
        begin_turn(game, state, (player + 1) % game.num_players)


#: A turn: take a tile, place it.
TURN: TurnSteps[State] = TurnSteps(Take(), Place(), then=end_turn)


def begin_turn(game: Game, state: State, player: int) -> None:
    state.player = player
    TURN.start(game, state, player)


@hookimpl
def pyramido_rule_steps(ruleset: Ruleset, steps: RuleSteps) -> None:
    for step in TURN.rule_steps():
        steps.put(step)


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
    begin_turn(game, state, start)


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

"""Two Steps' greedy bot: the tile and the space whose row the game's own scoring
(``game.score`` on an imagined position, house rules included) likes best now, half the
step bonus for a row that can still climb. It reads the game through its public views
only, and breaks ties by the lowest action index, so that it needs no randomness."""

from __future__ import annotations

from pyramido import Game

from .state import Row, Tile, TwoStepsPosition, climbs


class TwoStepsGreedyBot:
    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed  # unused: the bot is deterministic

    def choose(self, game: Game, player: int) -> int:
        seat = game.seat(player)
        row: Row = seat.rows[seat.stage - 1]
        space = game.space
        best, chosen = float("-inf"), -1
        for action in game.legal_actions(player):
            if action.kind == "take":
                tile = game.table().market[space.value(action, "slot")]
                value = max(self._value(game, player, seat.stage, row, tile, s) for s in _empty(row))
            else:
                value = self._value(game, player, seat.stage, row, seat.in_hand, space.value(action, "space"))
            if value > best:
                best, chosen = value, action.index
        return chosen

    def _value(self, game: Game, player: int, stage: int, row: Row, tile: Tile, at: int) -> float:
        imagined = (*row[:at], tile, *row[at + 1 :])
        points = float(game.score(player, TwoStepsPosition(stage, imagined)).total)
        if not all(imagined) and climbs(imagined):
            points += game.ruleset.params["step_bonus"] / 2
        return points


def _empty(row: Row) -> list[int]:
    return [at for at, tile in enumerate(row) if tile is None]

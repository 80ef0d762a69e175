"""Helpers that set up exact Forgotten Treasures situations for rule and hook tests.

A test starts a real game (of any Forgotten Treasures ruleset, house rules included), then
arranges the piles, gem areas, pyramids and the Legend as it needs through the plugin's
plain state objects; everything after that goes through the engine.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from pyramido.engine.game import Game
from pyramido.games.forgotten_treasures.activation import Spend
from pyramido.games.forgotten_treasures.flow import start_scoring
from pyramido.games.forgotten_treasures.legend import legend_turn
from pyramido.games.forgotten_treasures.state import Legend, State, Turn
from pyramido.games.forgotten_treasures.takes import take_legal
from pyramido.games.pyramids.pyramid import Block, Domino
from pyramido.geometry.board import block_byte, block_index, icon_mask

COLOURS = ["orange", "blue", "purple", "green", "red"]
ORANGE, BLUE, PURPLE, GREEN, RED, MYTHICAL = range(6)


def new_game(
    players: int = 2, seed: int = 1, solo: str | None = None, ruleset: Any = "forgotten-treasures"
) -> Game:
    return Game(ruleset, players, seed, {"solo": solo} if solo else None)


def state(game: Game) -> State:
    found: State = game.state
    return found


def domino(tile: int, a: str, a_icons: str, b: str, b_icons: str) -> Domino:
    """``domino(7, "red", "TL", "blue", "")``: block A red with an icon TL, B blue without."""
    return Domino(
        tile,
        Block(COLOURS.index(a), icon_mask(a_icons.split())),
        Block(COLOURS.index(b), icon_mask(b_icons.split())),
    )


def snapshot(game: Game) -> str:
    return repr(game.state) + repr([bytes(s.pyramid.board) for s in state(game).seats]) + repr(game.decision)


def refresh(game: Game) -> None:
    """Offer the decision again after the state was arranged by hand: the engine forgets the
    legal actions it listed, a take decision asks the phase hooks for its options again."""
    game._legal.clear()
    if game.decision is not None and game.decision.kind == "take":
        state(game).turn = Turn(take_legal=take_legal(game, game.decision.player))


def put(game: Game, player: int, x: int, y: int, colour: int, icons: str) -> None:
    """A stage-1 block at (x, y) of ``colour`` with icons (``"TL BR"``)."""
    board = state(game).seats[player].pyramid.board
    board[block_index(0, x, y)] = block_byte(colour + 1, icon_mask(icons.split()))


def to_scoring(game: Game, inventories: list[list[int]]) -> None:
    """Jump to the stage-1 scoring with given boards (the rest of the 5x4 box filled with
    icon-less blue blocks) and given gems (per kind, mythical last)."""
    s = state(game)
    for seat in s.seats:
        for y in range(2, 6):
            for x in range(2, 7):
                if not seat.pyramid.board[block_index(0, x, y)]:
                    seat.pyramid.board[block_index(0, x, y)] = block_byte(BLUE + 1, 0)
    for seat, gems in zip(s.seats, inventories, strict=True):
        seat.gems = list(gems)
        seat.done = True
    start_scoring(game)
    refresh(game)


def area(game: Game, player: int, x: int, y: int) -> int:
    """The label of the area holding the top-left cell of stage-1 block (x, y)."""
    found = game.seat(player).position.pyramid.area_at((2 * x, 2 * y))
    assert found is not None
    return found.label  # type: ignore[no-any-return]


def rulebook_stage1(game: Game) -> None:
    """Areas of 2, 3, 3, 4 and 5 icons (separate colours and places), as in the rulebook."""
    layout = [
        (2, 2, ORANGE, "TL TR"),
        (4, 2, BLUE, "TL TR BL"),
        (6, 3, PURPLE, "TL TR BL"),
        (2, 4, GREEN, "TL TR BL BR"),
        (4, 4, RED, "TL TR BL BR"),
        (5, 4, RED, "TL"),
    ]
    for x, y, colour, icons in layout:
        put(game, 0, x, y, colour, icons)


def stage_scored(game: Game, player: int | str) -> dict[str, Any]:
    """The ``stage_scored`` event of ``player`` in the last step."""
    return next(e for e in game.steps[-1]["events"] if e["type"] == "stage_scored" and e["player"] == player)


def solo(mode: str = "legend", wishes: Domino | None = None, ruleset: Any = "forgotten-treasures") -> Game:
    """A solo game whose Legend has ``wishes`` on top, with spaces 1, 3 and 5 face up."""
    game = new_game(1, seed=3, solo=mode, ruleset=ruleset)
    s = state(game)
    assert s.legend is not None
    if wishes is not None:
        s.legend.pile = [wishes]
    s.face_up = [True, False, True, False, True]
    return game


def play_legend_turn(game: Game) -> dict[str, Any]:
    """Let the Legend play one turn; its ``legend_turn`` event."""
    game._events = []
    legend_turn(game)
    return next(e for e in game._events if e["type"] == "legend_turn")


def legend(game: Game) -> Legend:
    found = state(game).legend
    assert found is not None
    return found


def legal_spend_lists(
    areas: list[tuple[int, int]],
    coloured: list[int],
    mythical: int,
    payments: list[tuple[int, int, bool]],
    area: int = 0,
) -> Iterator[list[Spend]]:
    """Brute force: every legal list of spends on ``areas`` (``(colour, icons)``), area by
    area, within the gems held (``coloured`` per colour, ``mythical``), by ``payments``."""
    if area == len(areas):
        yield []
        return
    yield from legal_spend_lists(areas, coloured, mythical, payments, area + 1)
    colour = areas[area][0]
    for paid, myth, double in payments:
        if paid <= coloured[colour] and myth <= mythical:
            left = [count - paid * (c == colour) for c, count in enumerate(coloured)]
            for rest in legal_spend_lists(areas, left, mythical - myth, payments, area + 1):
                yield [Spend(area, paid, myth, double), *rest]

"""Hand-made Silver & Gold situations for the tests: cards drawn as pictures (5 rows of 5:
``E`` entrance, ``T`` tomb, ``#`` wall, ``r g t s p x`` symbols, ``.`` room), put in front
of a player, an expedition card revealed by hand, a score card written on."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from pyramido import Game, Ruleset
from pyramido.games.silver_gold import Card, State
from pyramido.games.silver_gold.shapes import placement_id

COLOURS = ["green", "orange", "purple"]
OPEN = [".E...", ".....", ".....", ".....", "..T.."]


def new_game(players: int = 2, seed: int = 1, ruleset: Ruleset | str = "silver-gold-pyramids") -> Game:
    return Game(ruleset, players, seed)


def state(game: Game) -> State:
    found: State = game.state
    return found


def card(number: int, rows: list[str], colour: str = "green") -> Card:
    return Card.from_data({"number": number, "colour": colour, "rows": rows})


def set_score(game: Game, player: int, **changes: Any) -> None:
    """Write on a player's score card (a frozen view: the seat gets a new one)."""
    seat = state(game).seats[player]
    seat.score = replace(seat.score, **changes)


def kept(game: Game) -> Game:
    """Everybody keeps their first two cards; the first expedition card is revealed."""
    for player in range(game.num_players):
        game.apply({"kind": "keep", "pair": "1+2"}, player=player)
    return game


def give(game: Game, player: int, slot: int, new: Card, marks: int = 0) -> None:
    """Put a hand-made card in front of a player (numbers 101+ avoid the real ones)."""
    s = state(game)
    s.cards[new.number] = new
    seat = s.seats[player]
    seat.cards[slot] = new.number
    seat.marks[new.number] = marks
    forget_legal(game)


def reveal(game: Game, shape: str) -> None:
    state(game).revealed = shape
    forget_legal(game)


def forget_legal(game: Game) -> None:
    """After a hand-made change: the legal actions the engine keeps are listed again."""
    game._legal.clear()


def cells(*points: tuple[int, int]) -> int:
    return sum(1 << (y * 5 + x) for x, y in points)


def shape_action(shape: str, slot: int, *points: tuple[int, int]) -> dict[str, Any]:
    return {"kind": "shape", "card": slot, "placement": placement_id(shape, cells(*points))}

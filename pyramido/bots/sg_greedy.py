"""Greedy play for Silver & Gold Pyramids: the marking that looks best now.

A marking is valued by what it ticks at once (a completed card, gems counted as pairs,
this round's torch, skulls against potions, crosses) and by how much nearer it brings the
card's tomb (fewer cells still to mark). Cards are kept and taken by how short their way
from entrance to tomb is.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..games.silver_gold import CELLS, KEEP_PAIRS, Card, Seat, State, steps_to
from ..shapes import placement_mask

if TYPE_CHECKING:
    from ..engine import Game

COMPLETE = 14.0
STEP = 2.0  # per cell nearer the tomb
TORCH = 5.0
SKULL = -3.0
POTION = 2.0  # per ticked skull it erases
CROSS = 1.5
UNREACHABLE = 12  # steps counted for a card whose tomb is cut off
UNKNOWN_CARD = 6  # steps expected of the deck's unseen top card


def choose(game: Game, player: int, kind: str, legal: list[int]) -> int:
    """The best of ``legal`` (two or more actions) for a decision of ``kind``."""
    state: State = game.state
    seat = state.seats[player]
    if kind == "keep":
        return max(
            legal, key=lambda i: -sum(_card_steps(state.cards[seat.hand[c]], 0) for c in KEEP_PAIRS[i])
        )
    if kind == "replace":
        return max(legal, key=lambda i: -_source_steps(state, game.space.action(i).values[0]))
    return max(legal, key=lambda i: (_marking_value(game, seat, i), -i))


def _card_steps(card: Card, marked: int) -> int:
    steps = steps_to(card.walls | marked, marked or 1 << card.entrance, card.tomb)
    if steps is None:
        return UNREACHABLE
    return steps + (0 if marked else 1)


def _source_steps(state: State, source: int) -> int:
    if source == 0:
        return UNKNOWN_CARD
    number = state.offer[source - 1]
    assert number is not None
    return _card_steps(state.cards[number], 0)


def _marking_value(game: Game, seat: Seat, index: int) -> float:
    state: State = game.state
    action = game.space.action(index)
    if action.kind == "pass":
        return 0.0
    slot = action.values[0]
    number = seat.cards[slot]
    assert number is not None
    card = state.cards[number]
    if action.kind == "shape":
        assert state.revealed is not None
        cells = placement_mask(state.revealed, action.values[1])
    else:
        cells = 1 << action.values[1]
    marked = seat.marks[number]
    if cells >> card.tomb & 1:
        return COMPLETE + len(bin(cells)) * 0.01
    score = seat.score
    found = {name: bin(cells & mask).count("1") for name, mask in card.symbols.items()}
    value = STEP * (_card_steps(card, marked) - _card_steps(card, marked | cells))
    value += min(found["red"], max(0, score.green - score.red) + found["red"]) * 2 + found["red"]
    value += min(found["green"], max(0, score.red - score.green) + found["green"]) * 2 + found["green"]
    value += TORCH if found["torch"] and not score.torches[state.round] else 0.0
    value += SKULL * found["skull"] + POTION * min(2 * found["potion"], sum(score.skulls) + found["skull"])
    value += CROSS * found["cross"]
    return value - 0.1 * bin(cells).count("1") / CELLS

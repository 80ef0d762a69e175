"""The printed rules at each of Silver & Gold's phase hooks (:mod:`.hookspecs`), with the
project's rulings as ruleset values (docs/rules.md §4)."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from ...engine.hookspecs import hookimpl
from ...geometry import core
from .shapes import SHAPES
from .state import Seat, state_of
from .views import Completion, DrawKeep, Marking, ScoreCard, Ticks, cells_of

if TYPE_CHECKING:
    from ...engine.game import Game
    from ...engine.ruleset import Ruleset


@hookimpl
def pyramido_draw_keep(ruleset: Ruleset) -> DrawKeep:
    return DrawKeep(ruleset.params["draw"], ruleset.params["keep"])


#: One card in play as the printed marking rule reads it: its walls, entrance and cells
#: marked; ``None`` for a slot nothing may be marked on (empty, or closed).
CardState = tuple[int, int, int] | None


def closed_cards(game: Game, seat: Seat) -> list[int] | tuple[()]:
    """The cards in front of ``seat`` it may not mark now: [ruling: marks_after_tomb] a
    card completed in this marking is still marked, or not."""
    return () if game.ruleset.params["marks_after_tomb"] else seat.completed_now


def card_states(game: Game, player: int) -> tuple[CardState, ...]:
    """The cards ``player`` may mark now by slot (``None``: empty, or closed), as the
    values :func:`_card_markings` keeps its answers by."""
    state = state_of(game)
    seat = state.seats[player]
    closed = closed_cards(game, seat)
    found: list[CardState] = []
    for number in seat.cards:
        if number is None or number in closed:
            found.append(None)
        else:
            card = state.cards[number]
            found.append((card.walls, card.entrance, seat.marks[number]))
    return tuple(found)


@hookimpl
def pyramido_mark_options(game: Game, player: int, shape: str | None) -> list[Marking]:
    """The shape's placements and the single cells the C core finds on each card in play."""
    options: list[Marking] = []
    for slot, card in enumerate(card_states(game, player)):
        if card is not None:
            options += _card_markings(slot, *card, shape)
    return options


def card_cells(walls: int, entrance: int, marked: int, shape: str | None) -> tuple[list[int], int]:
    """What the printed rule lets one card take, as the C core finds it: the placements of
    ``shape`` (none without a shape), and the cells a single mark may go on (a mask)."""
    placements = [] if shape is None else core.sg_placements(walls, marked, entrance, SHAPES[shape])
    return placements, core.sg_single_cells(walls, marked, entrance)


@lru_cache(maxsize=1 << 14)
def _card_markings(
    slot: int, walls: int, entrance: int, marked: int, shape: str | None
) -> tuple[Marking, ...]:
    """The markings of one card in ``slot`` (a pure function of its arguments, asked again
    by every seat at every decision: kept, and the same objects handed out each time):
    with a ``shape``, its placements and single cells (``cell``), else the single marks a
    cross owes (``cross``)."""
    placements, cells = card_cells(walls, entrance, marked, shape)
    single = "cell" if shape is not None else "cross"
    return (
        *(Marking(slot, "shape", mask) for mask in placements),
        *(Marking(slot, single, 1 << cell) for cell in cells_of(cells)),
    )


#: What one symbol does, before the score card's caps (docs/rules.md §4.3).
EFFECTS = {
    "red": lambda count: Ticks(red=count),
    "green": lambda count: Ticks(green=count),
    "torch": lambda count: Ticks(torches=count),  # this round's boxes: torches_per_round
    "skull": lambda count: Ticks(skulls=count),
    "potion": lambda count: Ticks(skulls=-2 * count),  # the two worst ticked skulls each
    "cross": lambda count: Ticks(crosses=count),
    "tomb": lambda count: Ticks(completes=True),
}


@hookimpl
def pyramido_symbol_effect(game: Game, player: int, symbol: str, count: int, score_card: ScoreCard) -> Ticks:
    return printed_ticks(symbol, count)


@lru_cache(maxsize=64)
def printed_ticks(symbol: str, count: int) -> Ticks:
    """:data:`EFFECTS` of ``count`` symbols, made once (Ticks are immutable; the same few
    come back at every marking): the printed hook's answer, which the game reads here when
    that hook alone answers (:func:`~.effects.symbols_effect`)."""
    return EFFECTS[symbol](count)


@hookimpl
def pyramido_offer_refill(game: Game, player: int, finished: bool) -> list[int]:
    """ "Solo alla fine della propria azione": every empty slot, once the player has
    replaced all of their completed cards."""
    return [slot for slot, number in enumerate(state_of(game).offer) if number is None] if finished else []


@hookimpl
def pyramido_bonus_claims(game: Game, completed: tuple[Completion, ...]) -> list[Completion]:
    """Each completed card has its own ordinal in its colour, counted in ascending card
    number among one player's cards completed at once; those at a ``bonus_at`` ordinal
    claim, by ascending card number. (Counted by loops, each player's colour once: asked
    whenever a card is completed.)"""
    state = state_of(game)
    cards, bonus_at = state.cards, game.ruleset.params["bonus_at"]
    now = [c.card for c in completed]
    counts: dict[tuple[int, str], int] = {}  # (player, colour) -> cards of it so far
    claims = []
    for completion in completed:
        player, _, colour = completion
        count = counts.get((player, colour))
        if count is None:  # the player's cards of this colour completed before
            count = 0
            for number in state.seats[player].score.completed:
                if number not in now and cards[number].colour == colour:
                    count += 1
        count += 1
        counts[player, colour] = count
        if count in bonus_at:
            claims.append(completion)
    return claims

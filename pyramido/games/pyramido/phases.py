"""The printed rules at each of Pyramido's phase hooks (:mod:`.hookspecs`), with the
project's rulings as ruleset values (docs/rules.md §2)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine.hookspecs import hookimpl
from ...engine.views import Area, ScoreLine
from ...geometry.board import SIDE, colour_of, icons_of
from .state import State
from .tables import cover_options, marker_colours
from .views import CoverOption

if TYPE_CHECKING:
    from ...engine.game import Game


@hookimpl
def pyramido_markable_blocks(game: Game, player: int) -> list[int]:
    """Blocks of the new domino with an icon whose marker the player still holds."""
    state: State = game.state  # at every turn: the attribute, not the accessor's call
    seat = state.seats[player]
    in_hand = marker_colours(game.ruleset).difference(seat.markers)
    board, layer = seat.pyramid.board, seat.pyramid.stage * SIDE
    # a block's byte at (layer + y) * SIDE + x, as pyramido.geometry.board lays a board out: asked
    # after every domino laid, so read in place rather than through block_index
    return [
        b
        for b, (x, y) in enumerate(state.turn.spaces)
        if _ICON_COLOUR[board[(layer + y) * SIDE + x]] in in_hand
    ]


#: The colour index of every board byte that shows an icon (-1 for a block without one and
#: for an empty space): what marking reads of a block, one lookup.
_ICON_COLOUR = tuple(colour_of(byte) - 1 if icons_of(byte) else -1 for byte in range(256))


@hookimpl
def pyramido_marking_required(game: Game, player: int) -> bool:
    return True


@hookimpl
def pyramido_cover_options(game: Game, player: int) -> list[CoverOption]:
    """Any side of an unused card, on a block of the new domino that is not marked (one
    always is not), its icon where ``cover_card_icon`` lets it go."""
    state: State = game.state
    return cover_options(game.ruleset, state.turn.marked_block, state.seats[player].covers_left)


@hookimpl
def pyramido_refill_piles(game: Game, player: int, slot: int) -> list[int]:
    """The non-empty piles beside the slot; [ruling: empty_slot] with both empty, none
    (``stays_empty``) or any non-empty pile (``any_pile``)."""
    state: State = game.state
    piles = state.piles
    beside = [p for p in (slot, slot + 1) if piles[p]]
    if beside or game.ruleset.params["empty_slot"] == "stays_empty":
        return beside
    return [p for p, pile in enumerate(piles) if pile]


@hookimpl
def pyramido_fill_spaces(game: Game, player: int) -> list[tuple[int, int]]:
    """Every empty space of the stage's box, in row order ([ruling: loose_box] for a stage-1
    box still loose: the first or last box in row order that holds the blocks)."""
    last = game.ruleset.params["loose_box"] == "last_in_row_order"
    state: State = game.state
    return state.seats[player].pyramid.empty_spaces(last_box=last)


@hookimpl
def pyramido_eliminated(game: Game, player: int, spaces: int) -> bool:
    """[ruling: lacking_covers] Lacking the cards, the player is out (``eliminated``); or
    fills what the cards can and keeps the gaps (``gaps``)."""
    state: State = game.state
    lacking = len(state.seats[player].covers_left) < spaces
    return lacking and game.ruleset.params["lacking_covers"] == "eliminated"


@hookimpl
def pyramido_area_points(game: Game, player: int, area: Area, markers: tuple[str, ...]) -> int:
    per_icon: int = game.ruleset.params["points_per_icon"]
    return area.icons * per_icon


@hookimpl
def pyramido_mino_bonus(game: Game, player: int, marked: tuple[Area, ...]) -> list[ScoreLine]:
    """The smallest marked area's icons again (``mino_bonus: smallest_marked_area``)."""
    if game.ruleset.params["mino_bonus"] != "smallest_marked_area" or not marked:
        return []
    smallest = min(marked, key=lambda area: area.icons)
    points = smallest.icons * game.ruleset.params["points_per_icon"]
    return [
        ScoreLine("mino_bonus", "Mino bonus", points, {"colour": smallest.colour, "icons": smallest.icons})
    ]

"""A Pyramido turn, one rule step per decision (docs/rules.md §2.2): ``take`` a quarry
domino, ``place`` it, ``mark`` it (or ``no_mark``), ``cover`` it (or ``keep_covers``),
``refill`` the quarry and ``split`` a pile into an emptied one. Each step's legal
actions come from the phase hooks (:mod:`.hookspecs`), so a house rule changes one point
of the turn without touching the others.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine.hookspecs import hookimpl
from ...engine.steps import Legal, RuleStep, RuleSteps
from ..pyramids.phases import place_indices
from ..shared import decide, explain_place, lay_domino, split_pile
from .flow import end_turn
from .hooks import rules_of
from .phases import pyramido_cover_options
from .stage_end import FILL_STEP, use_cover_card
from .state import BLOCKS, State, state_of
from .tables import cover_index, cover_indices, marker_colours
from .views import CoverOption

if TYPE_CHECKING:
    from ...engine.actions import Action, ActionSpace
    from ...engine.game import Game
    from ...engine.ruleset import Ruleset
    from .hooks import PyramidoHooks


# --- take ------------------------------------------------------------------------------------


def _take_explain(game: Game, player: int, action: Action) -> str:
    return f"quarry slot {action.values[0] + 1} is empty"


def _take(game: Game, player: int, action: Action) -> None:
    state = state_of(game)
    (slot,) = action.values
    domino = state.quarry[slot]
    assert domino is not None
    state.quarry[slot] = None
    state.turn.slot, state.turn.domino = slot, domino  # on the turn begin_turn started
    game.emit({"type": "take", "player": player, "slot": slot, "tile": domino.id})
    decide(game, "place", player, state.stage)


# --- place -----------------------------------------------------------------------------------


def _place(game: Game, player: int, action: Action) -> None:
    """Rotated freely; the geometry is the C core's."""
    state = state_of(game)
    domino = state.turn.domino
    assert domino is not None
    state.turn.spaces = lay_domino(game, player, state.seats[player], domino, action.values)
    _offer_mark(game, state, player)


# --- mark ------------------------------------------------------------------------------------


def _offer_mark(game: Game, state: State, player: int) -> None:
    turn = state.turn
    turn.markable = rules_of(game).markable_blocks(game, player)
    if turn.markable:
        decide(game, "mark", player, state.stage)
    else:
        _offer_cover(game, state, player)


def _mark_explain(game: Game, player: int, action: Action) -> str:
    if action.kind == "no_mark":
        return "marking is mandatory when a block can be marked"
    state = state_of(game)
    block = state.seats[player].pyramid.block(*state.turn.spaces[action.values[0]])
    name = BLOCKS[action.values[0]]
    if block is None or not block.icons:
        return f"block {name} has no jewel icon to mark"
    colour = game.ruleset.colours[block.colour]
    if game.ruleset.colours.index(colour) in state.seats[player].markers:
        return f"your {colour} marker is already placed (markers stay until the stage is scored)"
    return f"block {name} cannot be marked now"


def _mark(game: Game, player: int, action: Action) -> None:
    state = state_of(game)
    if action.kind == "no_mark":
        game.emit({"type": "no_mark", "player": player})
        _offer_cover(game, state, player)
        return
    (block_no,) = action.values
    seat = state.seats[player]
    x, y = state.turn.spaces[block_no]
    block = seat.pyramid.block(x, y)
    assert block is not None
    seat.markers[block.colour] = (x, y)
    state.turn.marked_block = block_no
    game.emit(
        {
            "type": "mark",
            "player": player,
            "block": BLOCKS[block_no],
            "colour": game.ruleset.colours[block.colour],
            "stage": seat.pyramid.stage + 1,
            "x": x,
            "y": y,
        }
    )
    _offer_cover(game, state, player)


# --- cover -----------------------------------------------------------------------------------


def _offer_cover(game: Game, state: State, player: int) -> None:
    turn = state.turn
    turn.cover_options = rules_of(game).cover_options(game, player)
    if turn.cover_options:
        decide(game, "cover", player, state.stage)
    else:
        _offer_refill(game, state, player)


def _cover_explain(game: Game, player: int, action: Action) -> str:
    state = state_of(game)
    block_no, colour, _ = action.values
    if block_no == state.turn.marked_block:
        return f"block {BLOCKS[block_no]} is marked: cover cards go on unmarked blocks only"
    name = game.ruleset.colours[colour]
    cards = game.ruleset.params["cover_cards"]
    if not any(name in cards[i] for i in state.seats[player].covers_left):
        return f"you have no unused cover card with a {name} side"
    return "a cover card's icon stays where it is printed"


def _cover(game: Game, player: int, action: Action) -> None:
    state = state_of(game)
    if action.kind == "keep_covers":
        _offer_refill(game, state, player)
        return
    block_no, colour, quadrant = action.values
    seat = state.seats[player]
    x, y = state.turn.spaces[block_no]
    use_cover_card(game, player, {"type": "cover", "block": BLOCKS[block_no]}, (x, y), colour, quadrant)
    if colour in marker_colours(game.ruleset) and colour not in seat.markers:  # the rulebook: *must*
        seat.markers[colour] = (x, y)
        mark = {"type": "mark", "player": player, "block": "cover", "colour": game.ruleset.colours[colour]}
        game.emit({**mark, "stage": seat.pyramid.stage + 1, "x": x, "y": y})
    _offer_refill(game, state, player)


# --- refill and split ------------------------------------------------------------------------


def _offer_refill(game: Game, state: State, player: int) -> None:
    state.turn.refill_piles = rules_of(game).refill_piles(game, player, state.turn.slot)
    if state.turn.refill_piles:
        decide(game, "refill", player, state.stage)
    else:
        game.emit({"type": "slot_stays_empty", "slot": state.turn.slot})  # [ruling: slot stays empty]
        end_turn(game, state, player)


def _refill_explain(game: Game, player: int, action: Action) -> str:
    slot = state_of(game).turn.slot
    return f"pile {action.values[0] + 1} is not beside quarry slot {slot + 1} or is empty"


def _refill(game: Game, player: int, action: Action) -> None:
    state = state_of(game)
    (pile,) = action.values
    domino = state.piles[pile].pop()
    state.quarry[state.turn.slot] = domino
    game.emit({"type": "refill", "player": player, "slot": state.turn.slot, "pile": pile, "tile": domino.id})
    if state.piles[pile]:
        end_turn(game, state, player)
        return
    state.turn.emptied_pile = pile
    state.turn.split_sources = rules_of(game).split_sources(game, player, pile)
    if state.turn.split_sources:
        decide(game, "split", player, state.stage)
    else:
        end_turn(game, state, player)


def _split_explain(game: Game, player: int, action: Action) -> str:
    return f"pile {action.values[0] + 1} has fewer than 2 dominoes and cannot be split"


def _split(game: Game, player: int, action: Action) -> None:
    """There are always 4 piles: the bottom half of another pile refills an emptied one."""
    state = state_of(game)
    (source,) = action.values
    moved = split_pile(state.piles, source, state.turn.emptied_pile)
    game.emit(
        {"type": "split", "player": player, "from": source, "to": state.turn.emptied_pile, "count": moved}
    )
    end_turn(game, state, player)


# --- legal actions ---------------------------------------------------------------------------


def _legal_listers(
    space: ActionSpace, cover_at: dict[CoverOption, int], rules: PyramidoHooks
) -> dict[str, Legal]:
    """The legal actions of each step of a turn, as indices of ``space``: the offsets of the
    action kinds (and ``cover_at``, the index of each cover option) and the ruleset's hooks
    (``rules``, its games' ``game.rules``) are read here, once per ruleset, rather than on
    each of the hundred and fifty decisions of a game. Each
    lister reads what the phase hooks answered when the decision was offered (the turn's
    fields), or asks the hook itself (marking required); the placements are the shared
    :func:`~pyramido.games.pyramids.phases.place_indices`."""
    take, mark, refill, split = (space.offsets[kind] for kind in ("take", "mark", "refill", "split"))
    no_mark, keep_covers = space.index("no_mark"), space.index("keep_covers")

    def take_legal(game: Game, player: int) -> list[int]:
        return [take + i for i, d in enumerate(state_of(game).quarry) if d is not None]

    def mark_legal(game: Game, player: int) -> list[int]:
        legal = [mark + b for b in state_of(game).turn.markable]
        if not rules.marking_required(game, player):
            legal.append(no_mark)
        return legal

    def cover_legal(game: Game, player: int) -> list[int]:
        state = state_of(game)
        if rules.cover_options is pyramido_cover_options:  # the printed options: indices made with them
            return cover_indices(game.ruleset, state.turn.marked_block, state.seats[player].covers_left)
        return sorted([*[cover_at[o] for o in state.turn.cover_options], keep_covers])

    def refill_legal(game: Game, player: int) -> list[int]:
        return sorted([refill + p for p in state_of(game).turn.refill_piles])

    def split_legal(game: Game, player: int) -> list[int]:
        return sorted([split + p for p in state_of(game).turn.split_sources])

    return {
        "take": take_legal,
        "place": place_indices,
        "mark": mark_legal,
        "cover": cover_legal,
        "refill": refill_legal,
        "split": split_legal,
    }


@hookimpl
def pyramido_rule_steps(ruleset: Ruleset, steps: RuleSteps) -> None:
    """A turn's decisions, in the rulebook's order, then the stage-end fill."""
    legal = _legal_listers(ruleset.space, cover_index(ruleset), rules_of(ruleset))
    for step in (
        RuleStep("take", ("take",), legal["take"], _take_explain, _take),
        RuleStep("place", ("place",), legal["place"], explain_place, _place),
        RuleStep("mark", ("mark", "no_mark"), legal["mark"], _mark_explain, _mark),
        RuleStep("cover", ("cover", "keep_covers"), legal["cover"], _cover_explain, _cover),
        RuleStep("refill", ("refill",), legal["refill"], _refill_explain, _refill),
        RuleStep("split", ("split",), legal["split"], _split_explain, _split),
        FILL_STEP,
    ):
        steps.put(step)

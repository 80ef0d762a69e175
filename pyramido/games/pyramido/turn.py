"""The steps of a Pyramido turn (docs/rules.md §2.2), each with its parts side by side:
``take`` a quarry domino, ``place`` it, ``mark`` it (or ``no_mark``), ``cover`` it (or
``keep_covers``), ``refill`` the quarry and ``split`` a pile into an emptied one; and the
cover-card ``fill`` of a stage no domino fits (§2.3). Whether a step is asked, and its
legal actions, come from the phase hooks (:mod:`.hookspecs`), so a house rule changes one
point of the turn without touching the others. :mod:`.flow` declares their order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine.turn_steps import AGAIN
from ...geometry.board import QUADRANTS
from ..pyramids.steps import PlaceStep, PyramidStep
from ..shared import block_cells_json, lay_domino, split_pile
from .hooks import PyramidoHooks
from .state import BLOCKS, State, state_of
from .tables import card_sides, icon_quadrants, marker_colours

if TYPE_CHECKING:
    from ...engine.actions import Action
    from ...engine.game import Game
    from ...engine.turn_steps import Outcome
    from .hooks import PyramidoPaths


class Take(PyramidStep[State]):
    """Any domino of the quarry."""

    decision, actions = "take", ("take",)

    def legal(self, game: Game, player: int) -> list[int]:
        first = game.space.offsets["take"]
        state: State = game.state  # at every turn: the attribute, not the accessor's call
        return [first + i for i, domino in enumerate(state.quarry) if domino is not None]

    def explain(self, game: Game, player: int, action: Action) -> str:
        return f"quarry slot {action.values[0] + 1} is empty"

    def apply(self, game: Game, state: State, player: int, action: Action) -> None:
        (slot,) = action.values
        domino = state.quarry[slot]
        assert domino is not None
        state.quarry[slot] = None
        state.turn.slot, state.turn.domino = slot, domino  # on the turn begin_turn started
        game.emit({"type": "take", "player": player, "slot": slot, "tile": domino.id})


class Place(PlaceStep[State]):
    """Rotated freely; the geometry is the C core's."""

    def apply(self, game: Game, state: State, player: int, action: Action) -> None:
        domino = state.turn.domino
        assert domino is not None
        state.turn.spaces = lay_domino(game, player, state.seats[player], domino, action.values)


class Mark(PyramidStep[State]):
    """A marker on a jewel block of the domino just placed, asked when
    ``pyramido_markable_blocks`` names one; ``no_mark`` unless ``pyramido_marking_required``."""

    decision, actions = "mark", ("mark", "no_mark")

    def offer(self, game: Game, state: State, player: int) -> bool:
        rules: PyramidoHooks = game.rules  # at every turn: the attribute, not rules_of's call
        state.turn.markable = rules.markable_blocks(game, player)
        return bool(state.turn.markable)

    def legal(self, game: Game, player: int) -> list[int]:
        space = game.space
        first = space.offsets["mark"]
        state: State = game.state
        rules: PyramidoHooks = game.rules
        legal = [first + block for block in state.turn.markable]
        if not rules.marking_required(game, player):
            legal.append(space.offsets["no_mark"])  # a kind without fields: one action
        return legal

    def explain(self, game: Game, player: int, action: Action) -> str:
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

    def apply(self, game: Game, state: State, player: int, action: Action) -> None:
        if action.kind == "no_mark":
            game.emit({"type": "no_mark", "player": player})
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


class Cover(PyramidStep[State]):
    """A cover card on an unmarked block of the domino just placed, asked when
    ``pyramido_cover_options`` offers one; or ``keep_covers``."""

    decision, actions = "cover", ("cover", "keep_covers")

    def offer(self, game: Game, state: State, player: int) -> bool:
        rules: PyramidoHooks = game.rules
        state.turn.cover_options = rules.cover_options(game, player)
        return bool(state.turn.cover_options)

    def legal(self, game: Game, player: int) -> list[int]:
        paths: PyramidoPaths = game.rules.paths  # at every turn: the attribute, not paths_of's call
        return paths.cover_legal(game, player)

    def explain(self, game: Game, player: int, action: Action) -> str:
        state = state_of(game)
        block_no, colour, _ = action.values
        if block_no == state.turn.marked_block:
            return f"block {BLOCKS[block_no]} is marked: cover cards go on unmarked blocks only"
        name = game.ruleset.colours[colour]
        cards = game.ruleset.params["cover_cards"]
        if not any(name in cards[i] for i in state.seats[player].covers_left):
            return f"you have no unused cover card with a {name} side"
        return "a cover card's icon stays where it is printed"

    def apply(self, game: Game, state: State, player: int, action: Action) -> None:
        if action.kind == "keep_covers":
            return
        block_no, colour, quadrant = action.values
        seat = state.seats[player]
        x, y = state.turn.spaces[block_no]
        use_cover_card(
            game, state, player, {"type": "cover", "block": BLOCKS[block_no]}, (x, y), colour, quadrant
        )
        if colour in marker_colours(game.ruleset) and colour not in seat.markers:  # the rulebook: *must*
            seat.markers[colour] = (x, y)
            mark = {
                "type": "mark",
                "player": player,
                "block": "cover",
                "colour": game.ruleset.colours[colour],
            }
            game.emit({**mark, "stage": seat.pyramid.stage + 1, "x": x, "y": y})


class Refill(PyramidStep[State]):
    """The quarry slot emptied, from a pile ``pyramido_refill_piles`` names; with none, the
    slot stays empty ([ruling: slot stays empty])."""

    decision, actions = "refill", ("refill",)

    def offer(self, game: Game, state: State, player: int) -> bool:
        rules: PyramidoHooks = game.rules
        state.turn.refill_piles = rules.refill_piles(game, player, state.turn.slot)
        if not state.turn.refill_piles:
            game.emit({"type": "slot_stays_empty", "slot": state.turn.slot})
        return bool(state.turn.refill_piles)

    def legal(self, game: Game, player: int) -> list[int]:
        first = game.space.offsets["refill"]
        state: State = game.state
        return sorted([first + pile for pile in state.turn.refill_piles])

    def explain(self, game: Game, player: int, action: Action) -> str:
        slot = state_of(game).turn.slot
        return f"pile {action.values[0] + 1} is not beside quarry slot {slot + 1} or is empty"

    def apply(self, game: Game, state: State, player: int, action: Action) -> None:
        (pile,) = action.values
        domino = state.piles[pile].pop()
        state.quarry[state.turn.slot] = domino
        game.emit(
            {"type": "refill", "player": player, "slot": state.turn.slot, "pile": pile, "tile": domino.id}
        )
        if not state.piles[pile]:
            state.turn.emptied_pile = pile


class Split(PyramidStep[State]):
    """There are always 4 piles: the bottom half of a pile ``pyramido_split_sources``
    names refills one the refill emptied."""

    decision, actions = "split", ("split",)

    def offer(self, game: Game, state: State, player: int) -> bool:
        if state.turn.emptied_pile < 0:
            return False
        rules: PyramidoHooks = game.rules
        state.turn.split_sources = rules.split_sources(game, player, state.turn.emptied_pile)
        return bool(state.turn.split_sources)

    def legal(self, game: Game, player: int) -> list[int]:
        first = game.space.offsets["split"]
        state: State = game.state
        return sorted([first + pile for pile in state.turn.split_sources])

    def explain(self, game: Game, player: int, action: Action) -> str:
        return f"pile {action.values[0] + 1} has fewer than 2 dominoes and cannot be split"

    def apply(self, game: Game, state: State, player: int, action: Action) -> None:
        (source,) = action.values
        moved = split_pile(state.piles, source, state.turn.emptied_pile)
        game.emit(
            {"type": "split", "player": player, "from": source, "to": state.turn.emptied_pile, "count": moved}
        )


class Fill(PyramidStep[State]):
    """Cover cards, any side, fill the spaces ``pyramido_fill_spaces`` named, unmarked, one
    space a decision while some are left."""

    decision, actions = "fill", ("fill",)

    def offer(self, game: Game, state: State, player: int) -> bool:
        return bool(state.turn.fill)

    def legal(self, game: Game, player: int) -> list[int]:
        sides = card_sides(game.ruleset, state_of(game).seats[player].covers_left)
        return sorted(game.space.index("fill", c, q) for c in sides for q in icon_quadrants(game.ruleset))

    def explain(self, game: Game, player: int, action: Action) -> str:
        colour = action.values[0]
        if colour not in card_sides(game.ruleset, state_of(game).seats[player].covers_left):
            return f"you have no unused cover card with a {game.ruleset.colours[colour]} side"
        return "a cover card's icon stays where it is printed"

    def apply(self, game: Game, state: State, player: int, action: Action) -> Outcome:
        colour, quadrant = action.values
        space, *rest = state.turn.fill
        state.turn.fill = tuple(rest)
        use_cover_card(game, state, player, {"type": "fill"}, space, colour, quadrant)
        return AGAIN


def use_cover_card(
    game: Game,
    state: State,
    player: int,
    event: dict[str, Any],
    space: tuple[int, int],
    colour: int,
    quadrant: int,
) -> None:
    """Spend the first unused card with a side of ``colour`` and lay it on ``space`` of the
    current stage, its icon in ``quadrant``; emit ``event`` (``cover`` or ``fill``) with it."""
    seat = state.seats[player]
    name = game.ruleset.colours[colour]
    cards = game.ruleset.params["cover_cards"]
    card = next(i for i in seat.covers_left if name in cards[i])
    seat.covers_left.remove(card)
    x, y = space
    seat.pyramid.put_block(x, y, colour, 1 << quadrant)
    seat.covers.add((seat.pyramid.stage, x, y))
    game.emit(
        {
            **event,
            "player": player,
            "card": card,
            "stage": seat.pyramid.stage + 1,
            "x": x,
            "y": y,
            "colour": name,
            "icons": [QUADRANTS[quadrant]],
            "cells": block_cells_json(seat.pyramid.stage, x, y),
        }
    )

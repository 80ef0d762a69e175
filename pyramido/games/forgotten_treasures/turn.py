"""A Forgotten Treasures turn, one rule step per decision (docs/rules.md §3.2): ``take`` a
space's domino and a gem, ``split`` a pile into the emptied one, (the gem areas are
replenished,) ``reveal`` a face-down pile, ``place`` the domino. Each step's legal actions
come from the phase hooks (:mod:`.hookspecs`), so a house rule changes one point of the
turn without touching the others.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine.hookspecs import hookimpl
from ...engine.steps import RuleStep, RuleSteps
from ..pyramids.phases import place_indices
from ..shared import complete_stage, decide, explain_place, lay_domino
from .exploration import flip, replenish, split_into, take_top
from .flow import end_turn
from .gems import gem_names
from .hooks import rules_of
from .phases import pyramido_reveal_options
from .scoring import SCORING_STEP
from .state import State, state_of
from .views import NO_GEM

if TYPE_CHECKING:
    from ...engine.actions import Action
    from ...engine.game import Game
    from ...engine.ruleset import Ruleset


# --- take ------------------------------------------------------------------------------------


def _take_legal(game: Game, player: int) -> list[int]:
    """The take's actions, listed as the turn started (a new list: a house rule wrapping
    this step may change it)."""
    return list(state_of(game).turn.take_legal)


def _take_explain(game: Game, player: int, action: Action) -> str:
    state = state_of(game)
    space, gem_index = action.values
    name = f"space {space + 1}"
    if not state.piles[space] or not state.face_up[space]:
        return f"{name} has no face-up domino: only face-up spaces can be chosen"
    if space not in rules_of(game).take_spaces(game, player):
        return f"this ruleset's take rule (pyramido_take_spaces) does not offer {name}"
    gem = game.space.kind("take").fields[1].labels[gem_index]
    held = gem_names(game, state.gem_areas[space])
    if not held and not rules_of(game).gem_choices(game, player, space):
        return f"the gem area of {name} is empty: its domino cannot be chosen (empty_gem_area: not_allowed)"
    if gem == NO_GEM and held:
        return f"the gem area of {name} has gems: take one of them"
    if gem != NO_GEM and gem not in held:
        return f"the gem area of {name} holds no {gem} gem"
    offer = "the domino alone" if gem == NO_GEM else f"a {gem} gem"
    return f"this ruleset's gem rule (pyramido_gem_choices) does not offer {offer} at {name}"


def _take(game: Game, player: int, action: Action) -> None:
    """Step 1: the face-up domino of a space, and the gem of the player's choice from its
    gem area; an emptied pile is refilled by a split."""
    state = state_of(game)
    space, gem = action.values
    domino = take_top(state, space)
    turn = state.turn  # the turn begin_turn started: its take is done
    turn.domino, turn.space, turn.take_legal = domino, space, ()
    event = {"type": "take", "player": player, "pile": space, "tile": domino.id}
    seat = state.seats[player]
    if gem < len(seat.gems):
        state.gem_areas[space].remove(gem)
        seat.gems[gem] += 1
        event["gem"] = state.kinds[gem]
    game.emit(event)
    if not state.piles[space] and rules_of(game).split_sources(game, player, space):
        decide(game, "split", player, state.stage)
    else:
        _replenish_and_reveal(game, player, state)


# --- split -----------------------------------------------------------------------------------


def _split_legal(game: Game, player: int) -> list[int]:
    sources = rules_of(game).split_sources(game, player, state_of(game).turn.space)
    return sorted(game.space.index("split", pile) for pile in sources)


def _split_explain(game: Game, player: int, action: Action) -> str:
    return f"pile {action.values[0] + 1} has fewer than 2 dominoes and cannot be split"


def _split(game: Game, player: int, action: Action) -> None:
    """The bottom half of another pile refills the emptied one, face down."""
    state = state_of(game)
    split_into(game, state, player, action.values[0], state.turn.space)
    _replenish_and_reveal(game, player, state)


# --- replenish and reveal --------------------------------------------------------------------


def _replenish_and_reveal(game: Game, player: int, state: State | None = None) -> None:
    """Step 2: the gem areas are replenished; step 3: reveal a face-down pile, if any
    (``state``: the game's, as the calling step read it)."""
    if state is None:
        state = state_of(game)
    replenish(game, state)
    piles = rules_of(game).reveal_options(game, player)
    if piles:
        state.turn.reveal_piles = piles
        decide(game, "reveal", player, state.stage)
    else:
        decide(game, "place", player, state.stage)


def _reveal_legal(game: Game, player: int) -> list[int]:
    """The piles ``pyramido_reveal_options`` offered as the step began: the printed rule's
    are piles of the table, ascending, so their actions follow from the kind's first one;
    another plugin's are each looked up (and checked). (Which function answers is read from
    ``game.rules`` itself: no call to type, and no call to the accessor.)"""
    piles = state_of(game).turn.reveal_piles
    if game.rules.reveal_options is pyramido_reveal_options:
        offset = game.space.offsets["reveal"]
        return [offset + pile for pile in piles]
    return sorted([game.space.index("reveal", pile) for pile in piles])


def _reveal_explain(game: Game, player: int, action: Action) -> str:
    return f"pile {action.values[0] + 1} has no face-down domino on top to reveal"


def _reveal(game: Game, player: int, action: Action) -> None:
    state = state_of(game)
    flip(game, state, action.values[0], player)
    decide(game, "place", player, state.stage)


# --- place -----------------------------------------------------------------------------------


def _place(game: Game, player: int, action: Action) -> None:
    """Step 4: place the domino (the shared geometry); a full stage box is complete."""
    state = state_of(game)
    seat = state.seats[player]
    assert state.turn.domino is not None
    lay_domino(game, player, seat, state.turn.domino, action.values)
    if seat.pyramid.is_stage_full():
        complete_stage(game, state, player)
    end_turn(game, state, player)


@hookimpl
def pyramido_rule_steps(ruleset: Ruleset, steps: RuleSteps) -> None:
    """A turn's decisions, in the rulebook's order, then the stage's scoring."""
    for step in (
        RuleStep("take", ("take",), _take_legal, _take_explain, _take),
        RuleStep("split", ("split",), _split_legal, _split_explain, _split),
        RuleStep("reveal", ("reveal",), _reveal_legal, _reveal_explain, _reveal),
        RuleStep("place", ("place",), place_indices, explain_place, _place),
        SCORING_STEP,
    ):
        steps.put(step)

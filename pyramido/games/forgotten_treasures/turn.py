"""The steps of a Forgotten Treasures turn (docs/rules.md §3.2), each with its parts side
by side: ``take`` a space's domino and a gem, ``split`` a pile into the emptied one, (the
gem areas are replenished,) ``reveal`` a face-down pile, ``place`` the domino. Whether a
step is asked, and its legal actions, come from the phase hooks (:mod:`.hookspecs`), so a
house rule changes one point of the turn without touching the others. :mod:`.flow`
declares their order.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from ..pyramids.steps import PlaceStep, PyramidStep
from ..shared import complete_stage, lay_domino
from .exploration import flip, split_into, take_top
from .gems import gem_names
from .hooks import ForgottenTreasuresHooks, rules_of
from .state import State, state_of
from .tables import taken_gems
from .views import gems_label

if TYPE_CHECKING:
    from ...engine.actions import Action
    from ...engine.game import Game
    from .hooks import ForgottenTreasuresPaths


class Take(PyramidStep[State]):
    """Step 1: the face-up domino of a space, and the gem of the player's choice from its
    gem area, or the gems when a rule grants several (``pyramido_take_spaces``,
    ``pyramido_gem_choices``, ``gems_per_take``)."""

    decision, actions = "take", ("take",)

    def legal(self, game: Game, player: int) -> list[int]:
        """The take's actions, listed as the turn started (a new list: a house rule wrapping
        this step may change it)."""
        state: State = game.state  # at every turn: the attribute, not the accessor's call
        return list(state.turn.take_legal)

    def explain(self, game: Game, player: int, action: Action) -> str:
        state = state_of(game)
        space, gem_index = action.values
        name = f"space {space + 1}"
        if not state.piles[space] or not state.face_up[space]:
            return f"{name} has no face-up domino: only face-up spaces can be chosen"
        if space not in rules_of(game).take_spaces(game, player):
            return f"this ruleset's take rule (pyramido_take_spaces) does not offer {name}"
        gems = taken_gems(game.ruleset)[gem_index]
        wanted = () if gems is None else (gems,) if isinstance(gems, str) else gems
        held = gem_names(game, state.gem_areas[space])
        if not held and not rules_of(game).gem_choices(game, player, space):
            return (
                f"the gem area of {name} is empty: its domino cannot be chosen (empty_gem_area: not_allowed)"
            )
        if not wanted and held:
            return f"the gem area of {name} has gems: take one of them"
        for kind, count in Counter(wanted).items():
            lying = held.count(kind)
            if lying < count:
                many = f"only {lying} {kind} gem{'s' * (lying > 1)}, not {count}"
                return f"the gem area of {name} holds {many if lying else f'no {kind} gem'}"
        offer = (
            "the domino alone"
            if not wanted
            else f"a {gems} gem"
            if len(wanted) == 1
            else f"the gems {gems_label(gems)}"
        )
        return f"this ruleset's gem rule (pyramido_gem_choices) does not offer {offer} at {name}"

    def apply(self, game: Game, state: State, player: int, action: Action) -> None:
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
        elif gem > len(seat.gems):  # several gems (gems_per_take): the value past "none"
            gems = taken_gems(game.ruleset)[gem]
            assert isinstance(gems, tuple)  # the values past "none" name several
            for kind in map(state.kinds.index, gems):
                state.gem_areas[space].remove(kind)
                seat.gems[kind] += 1
            event["gem"] = gems_label(gems)
        game.emit(event)


class Split(PyramidStep[State]):
    """The bottom half of a pile ``pyramido_split_sources`` names refills the pile the take
    emptied, face down."""

    decision, actions = "split", ("split",)

    def offer(self, game: Game, state: State, player: int) -> bool:
        space = state.turn.space
        return not state.piles[space] and bool(rules_of(game).split_sources(game, player, space))

    def legal(self, game: Game, player: int) -> list[int]:
        sources = rules_of(game).split_sources(game, player, state_of(game).turn.space)
        return sorted(game.space.index("split", pile) for pile in sources)

    def explain(self, game: Game, player: int, action: Action) -> str:
        return f"pile {action.values[0] + 1} has fewer than 2 dominoes and cannot be split"

    def apply(self, game: Game, state: State, player: int, action: Action) -> None:
        split_into(game, state, player, action.values[0], state.turn.space)


class Reveal(PyramidStep[State]):
    """Step 3: a face-down pile ``pyramido_reveal_options`` names is turned face up."""

    decision, actions = "reveal", ("reveal",)

    def offer(self, game: Game, state: State, player: int) -> bool:
        rules: ForgottenTreasuresHooks = game.rules  # at every turn: not rules_of's call
        piles = rules.reveal_options(game, player)
        if piles:
            state.turn.reveal_piles = piles
        return bool(piles)

    def legal(self, game: Game, player: int) -> list[int]:
        paths: ForgottenTreasuresPaths = game.rules.paths  # at every turn: not paths_of's call
        return paths.reveal_legal(game, player)

    def explain(self, game: Game, player: int, action: Action) -> str:
        return f"pile {action.values[0] + 1} has no face-down domino on top to reveal"

    def apply(self, game: Game, state: State, player: int, action: Action) -> None:
        flip(game, state, action.values[0], player)


class Place(PlaceStep[State]):
    """Step 4: place the domino (the shared geometry); a full stage box is complete."""

    def apply(self, game: Game, state: State, player: int, action: Action) -> None:
        seat = state.seats[player]
        assert state.turn.domino is not None
        lay_domino(game, player, seat, state.turn.domino, action.values)
        if seat.pyramid.is_stage_full():
            complete_stage(game, state, player)

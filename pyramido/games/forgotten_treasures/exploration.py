"""The exploration area, as players and the Legend change it: a space's top domino taken,
an emptied pile refilled by splitting another, a face-down top turned face up, the gem
areas replenished after every turn (docs/rules.md §3.2, step 2); and the spaces as the
table sees them (a face-down top shows its back only)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..shared import split_pile
from .components import back_of
from .gems import draw, gem_names
from .state import State, state_of

if TYPE_CHECKING:
    from ...engine.game import Game
    from ..pyramids.pyramid import Domino
    from .hooks import ForgottenTreasuresHooks, ForgottenTreasuresPaths


def take_top(state: State, pile: int) -> Domino:
    """The top domino of ``pile``; the next one lies face down."""
    domino = state.piles[pile].pop()
    state.face_up[pile] = False
    return domino


def split_into(game: Game, state: State, who: int | str, source: int, emptied: int) -> None:
    """The bottom half of ``source`` refills the emptied pile, face down."""
    moved = split_pile(state.piles, source, emptied)
    game.emit({"type": "split", "player": who, "from": source, "to": emptied, "count": moved})


def flip(game: Game, state: State, pile: int, who: int | str) -> None:
    """Turn the top of ``pile`` face up, for everybody to see."""
    state.face_up[pile] = True
    domino = state.piles[pile][-1].to_json(game.ruleset.colours)
    game.emit({"type": "reveal", "player": who, "pile": pile, "domino": domino})


def spaces_json(game: Game) -> list[dict[str, Any]]:
    """Each space's pile size, top (a face-down top shows its back only) and gems."""
    state = state_of(game)
    colours = game.ruleset.colours
    spaces = []
    for pile, face_up, gems in zip(state.piles, state.face_up, state.gem_areas, strict=True):
        top: dict[str, Any] | None = None
        if pile:
            front = pile[-1].to_json(colours)
            top = {"face": "front", **front} if face_up else {"face": "back", **back_of(front)}
        spaces.append({"pile_size": len(pile), "top": top, "gems": gem_names(game, sorted(gems))})
    return spaces


def replenish(game: Game, state: State) -> None:
    """Each gem area the fast path ``replenish_areas`` names gets the gems
    ``pyramido_replenish_gems`` says, in space order."""
    rules: ForgottenTreasuresHooks = game.rules  # at every turn: not rules_of's call
    paths: ForgottenTreasuresPaths = game.rules.paths
    replenish_gems = rules.replenish_gems
    for space in paths.replenish_areas(game, state):
        count = replenish_gems(game, space)
        if count:
            area = state.gem_areas[space]
            drawn = draw(game, count)
            area.extend(drawn)
            game.emit({"type": "replenish", "area": space, "gems": gem_names(game, drawn)})


def printed_replenish_areas(game: Game, state: State) -> list[int]:
    """The printed rule gives gems to an emptied area alone, so only those are asked: after
    most turns every area holds gems, and none is looked at one by one."""
    areas = state.gem_areas
    return [] if all(areas) else [space for space, area in enumerate(areas) if not area]


def every_area(game: Game, state: State) -> range:
    """A house rule may give gems to any area: each is asked."""
    return range(len(state.gem_areas))

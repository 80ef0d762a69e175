"""The exploration area, as players and the Legend change it: a space's top domino taken,
an emptied pile refilled by splitting another, a face-down top turned face up, the gem
areas replenished after every turn (docs/rules.md §3.2, step 2); and the spaces as the
table sees them (a face-down top shows its back only)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..shared import split_pile
from .components import back_of
from .gems import draw, gem_names
from .hooks import rules_of
from .phases import pyramido_replenish_gems
from .state import State, state_of

if TYPE_CHECKING:
    from ...engine.game import Game
    from ..pyramids.pyramid import Domino


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
    """Each gem area gets the gems ``pyramido_replenish_gems`` says, in space order. With
    the printed rule alone, an area still holding gems gets none: the hook is not asked of
    it, and after most turns every area holds gems, so none is looked at one by one (which
    function answers is read from ``game.rules`` itself; its typed hooks,
    :func:`.hooks.rules_of`, only when the hook is asked)."""
    printed = game.rules.replenish_gems is pyramido_replenish_gems
    if printed and all(state.gem_areas):
        return
    replenish_gems = rules_of(game).replenish_gems
    for space, area in enumerate(state.gem_areas):
        if printed and area:
            continue
        count = replenish_gems(game, space)
        if count:
            drawn = draw(game, count)
            area.extend(drawn)
            game.emit({"type": "replenish", "area": space, "gems": gem_names(game, drawn)})

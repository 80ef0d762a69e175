"""What the turn steps of both pyramid games share (:mod:`pyramido.engine.turn_steps`):
their decisions are in the state's stage, and placing the domino taken is listed and
explained alike."""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

from ...engine.game import decision_of_one
from ...engine.turn_steps import Step
from ..shared import explain_place
from .state import PyramidState

if TYPE_CHECKING:
    from ...engine.game import Decision, Game
    from .hooks import PyramidPaths

PS = TypeVar("PS", bound=PyramidState)  # a pyramid game's state


class PyramidStep(Step[PS]):
    """A step of a pyramid game's turn: its decision is in the state's stage."""

    def __init__(self) -> None:
        #: The step's decisions by stage (from 0) and seat, as :meth:`ask` made them: looked
        #: up without a call at nearly every step of a game.
        self.asked: dict[int, dict[int, Decision]] = {}

    def stage(self, state: PS) -> int:
        return state.stage + 1

    def ask(self, game: Game, state: PS, player: int) -> None:
        """``player`` decides (the stage read here: a call less on every step of a turn)."""
        try:
            game.decision = self.asked[state.stage][player]
        except KeyError:
            decision = decision_of_one(self.decision, player, state.stage + 1)
            game.decision = self.asked.setdefault(state.stage, {})[player] = decision


class PlaceStep(PyramidStep[PS]):
    """Placing the domino taken: the placements ``pyramido_placements`` allows, and the
    geometry's reason for one it does not. Each game says what the placing does
    (``apply``)."""

    decision, actions = "place", ("place",)

    def legal(self, game: Game, player: int) -> list[int]:
        paths: PyramidPaths = game.rules.paths  # at every turn: the attribute, not paths_of's call
        return paths.place_indices(game, player, None)

    explain = staticmethod(explain_place)

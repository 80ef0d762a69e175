"""What the steps of Silver & Gold share (:mod:`pyramido.engine.turn_steps`): their
decisions are in the round (the game has rounds of expedition cards, not stages)."""

from __future__ import annotations

from ...engine.turn_steps import Step
from .state import State


class RoundStep(Step[State]):
    """A step of Silver & Gold: its decision is in the state's round."""

    def stage(self, state: State) -> int:
        return state.round + 1

"""One game as the learning environments run it: the engine's game, its tensors, its
rewards and its spaces. The PettingZoo and Gymnasium environments are thin shells around
an :class:`Episode`, so that they play, observe and reward alike."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import numpy as np
from gymnasium import spaces

from ..engine.game import Game
from ..engine.ruleset import Ruleset
from ..engine.strict_json import is_int
from ..errors import ArgumentError, brief
from .facts import Facts
from .rewards import Rewards, check_elimination, check_kind
from .tensors import TensorEncoder, encoder
from .tensors.layout import DTYPE, Vector
from .tensors.live import LiveTensors

SEEDS = 1 << 63


def agent_name(seat: int) -> str:
    return f"player_{seat}"


class Rules:
    """What every episode of an environment shares: the ruleset, seats, game options,
    reward kind and elimination reward (:mod:`.rewards`), tensor encoder and spaces (made
    once: the libraries want the same space objects every time they ask)."""

    def __init__(
        self,
        ruleset: Ruleset | str | Path,
        num_players: int,
        options: Mapping[str, Any] | None,
        reward: str,
        elimination: float | None = -1.0,
    ) -> None:
        self.tensors: TensorEncoder = encoder(ruleset, num_players)
        self.ruleset = self.tensors.ruleset
        self.num_players = num_players
        self.options = dict(options or {})
        self.reward = reward
        check_kind(reward)
        self.elimination = check_elimination(elimination)
        self.facts = Facts(self.tensors)
        Game(self.ruleset, num_players, 0, self.options)  # bad game options fail now, not at a reset
        low, high = self.tensors.spec.bounds()
        self.tensor_space = spaces.Box(low, high, dtype=DTYPE)
        size = self.ruleset.space.size
        self.mask_space = spaces.Box(0, 1, (size,), dtype=np.int8)
        self.action_space = spaces.Discrete(size)

    def game_seed(self, seed: int | None, np_random: np.random.Generator) -> int:
        """The engine's seed of a new game: ``seed`` itself, or one drawn from ``np_random``."""
        if seed is None:
            return int(np_random.integers(0, SEEDS))
        if not is_int(seed) or not 0 <= seed < 1 << 64:
            raise ArgumentError(f"seed must be an integer in [0, 2**64), got {brief(seed)}")
        return seed

    def episode(self, seed: int, live: LiveTensors) -> Episode:
        """A new game of engine seed ``seed``, its tensors kept in ``live`` (the
        environment's, made once and reused by every episode)."""
        return Episode(self, Game(self.ruleset, self.num_players, seed, self.options), live)


class Episode:
    """One game of ``rules``: each seat's observation and the rewards of each step."""

    def __init__(self, rules: Rules, game: Game, live: LiveTensors) -> None:
        self.rules, self.game, self.live = rules, game, live
        live.start(game)
        self.rewards = Rewards(game, rules.reward, rules.facts, rules.elimination)

    def deciders(self) -> tuple[int, ...]:
        return () if self.game.decision is None else self.game.decision.players

    def ended(self, seat: int) -> bool:
        """Whether ``seat``'s part is over: the game's end, or its elimination."""
        return self.game.decision is None or self.rewards.ended[seat]

    def tensor(self, seat: int) -> Vector:
        """``seat``'s tensor now, a copy of its live one (a learner keeps observations)."""
        return self.live.tensor(seat).copy()

    def mask(self, seat: int) -> np.ndarray[Any, np.dtype[np.int8]]:
        """``seat``'s legal mask now: a view of its live one (read it before the next step)."""
        return self.live.mask(seat)

    def observation(self, seat: int) -> dict[str, np.ndarray[Any, Any]]:
        """A PettingZoo observation: the tensor and the legal mask."""
        return {"observation": self.tensor(seat), "action_mask": self.mask(seat)}

    def check(self, seat: int, action: object) -> int:
        """``action`` as the index of an action ``seat`` may take now; otherwise the
        engine's error (:class:`~pyramido.engine.game.IllegalActionError` naming the rule),
        and nothing changes."""
        index = int(action) if isinstance(action, np.integer) else action
        if not is_int(index):
            raise ArgumentError(f"an action is an action index (an int), not {brief(action)}")
        if index not in self.game.legal_indices(seat):
            self.game.apply(index, player=seat)  # refused: raises the engine's own error
        return index

    def play(self, seat: int, action: object) -> list[float]:
        """Carry out ``action`` (an index) for ``seat``; every seat's reward for it (an
        illegal action raises, see :meth:`check`)."""
        game = self.game
        if type(action) is not int or action not in game.legal_indices(seat):
            action = self.check(seat, action)  # a numpy int made plain, or the engine's error
        game.apply_index(action, seat)
        return self.rewards.step()

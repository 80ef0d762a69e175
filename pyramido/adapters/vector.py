"""N games in one call, for learners that batch (``pip install '.[rl]'``).

- :class:`PyramidoVectorEnv`, a ``gymnasium.vector.VectorEnv``: seat ``seat`` of N games
  against bots (:mod:`.versus`, as :class:`~.gymnasium.PyramidoEnv` one game), what
  ``gymnasium.make_vec("pyramido/<ruleset>-v0", num_envs=N,
  vectorization_mode="vector_entry_point")`` returns. Observations are one int16 array
  ``(N, size)``, ``info["action_mask"]`` one bool array ``(N, actions)`` (and
  :meth:`~PyramidoVectorEnv.action_masks`); rewards, terminations and truncations arrays
  ``(N,)``. A game that ended is reset at the next step (Gymnasium's next-step autoreset:
  that step's action is ignored, its reward is 0), its seed drawn from the game's own
  generator, which ``reset(seed=s)`` seeds with ``s + i`` (as ``SyncVectorEnv`` does).
- :class:`SelfPlayVectorEnv`: N games where every seat is the learner's, PettingZoo's AEC
  turns in batches: each step, the agent to act in each game (``info["agent"]``, the
  lowest seat still to choose) takes that game's action; every seat's observation and
  mask are arrays ``(N, num_players, ...)``, rewards and terminations ``(N,
  num_players)``. A game whose seats have all ended is reset at the next step.

Both keep every game's tensors in their batch arrays, updated step by step
(:mod:`.tensors.live`), and return copies of them (``copy=False``: the arrays themselves,
valid until the next step, as ``SyncVectorEnv(copy=False)``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from ..engine.ruleset import Ruleset
from ..engine.strict_json import is_int
from ..errors import ArgumentError, brief
from .episode import Episode, Rules
from .tensors.layout import DTYPE
from .tensors.live import LiveTensors
from .versus import Versus, seat_opponents

Array = np.ndarray[Any, Any]


def _check_count(num_envs: object) -> int:
    if not is_int(num_envs) or num_envs < 1:
        raise ArgumentError(f"num_envs is a number of games (an int >= 1), not {brief(num_envs)}")
    return num_envs


def _check_actions(actions: object, count: int) -> Array:
    array = np.asarray(actions)
    if array.shape != (count,) or array.dtype.kind not in "iu":
        raise ArgumentError(
            f"actions are one action index per game: an integer array of shape ({count},), "
            f"not {brief(actions)}"
        )
    return array


class PyramidoVectorEnv(VectorEnv[Array, Array, Array]):
    """Seat ``seat`` of ``num_envs`` games of ``ruleset`` against bots (see the module)."""

    metadata: dict[str, Any] = {  # noqa: RUF012 (Gymnasium's own class attribute)
        "render_modes": [],
        "autoreset_mode": AutoresetMode.NEXT_STEP,
    }

    def __init__(
        self,
        num_envs: int = 1,
        ruleset: Ruleset | str | Path = "pyramido",
        num_players: int = 2,
        opponents: str | Sequence[str] = "greedy",
        seat: int = 0,
        options: Mapping[str, Any] | None = None,
        reward: str = "rank",
        illegal_action: str = "end",
        illegal_reward: float = -1.0,
        elimination: float | None = -1.0,
        copy: bool = True,
    ) -> None:
        self.num_envs = _check_count(num_envs)
        self.rules = rules = Rules(ruleset, num_players, options, reward, elimination)
        bots = seat_opponents(rules, seat, opponents)
        size, actions = rules.tensors.spec.size, rules.ruleset.space.size
        self._observations = np.zeros((num_envs, size), DTYPE)
        self._masks = np.zeros((num_envs, actions), np.int8)
        spare = np.zeros((num_players, size), DTYPE)  # the other seats' rows: never read
        spare_masks = np.zeros((num_players, actions), np.int8)
        self.games = [
            Versus(
                rules,
                seat,
                bots,
                LiveTensors(
                    rules.tensors,
                    [self._observations[i] if s == seat else spare[s] for s in range(num_players)],
                    [self._masks[i] if s == seat else spare_masks[s] for s in range(num_players)],
                ),
                illegal_action,
                illegal_reward,
            )
            for i in range(num_envs)
        ]
        self.seat, self.copy = seat, copy
        self.single_observation_space = rules.tensor_space
        self.single_action_space = rules.action_space
        self.observation_space = batch_space(rules.tensor_space, num_envs)
        self.action_space = batch_space(rules.action_space, num_envs)
        self.render_mode = None
        self._generators = [seeding.np_random()[0] for _ in range(num_envs)]
        self._autoreset = [False] * num_envs

    def reset(
        self, *, seed: int | Sequence[int] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Array, dict[str, Any]]:
        """New games: game ``i`` of engine seed ``seed + i`` (or ``seed[i]``), else drawn
        from its generator (``options`` are not used)."""
        seeds = self._seeds(seed)
        for i, game in enumerate(self.games):
            if seeds[i] is not None:
                self._generators[i] = seeding.np_random(seeds[i])[0]
            game.reset(self.rules.game_seed(seeds[i], self._generators[i]))
        self._autoreset = [False] * self.num_envs
        return self._observe(), self._infos([{}] * self.num_envs)

    def _seeds(self, seed: int | Sequence[int] | None) -> list[int | None]:
        if seed is None:
            return [None] * self.num_envs
        if is_int(seed):
            return [seed + i for i in range(self.num_envs)]
        seeds: list[int | None] = (
            list(seed) if isinstance(seed, Sequence) and not isinstance(seed, str) else []
        )
        if len(seeds) != self.num_envs:
            raise ArgumentError(f"seed is an int or {self.num_envs} ints (one a game), not {brief(seed)}")
        return seeds

    def step(self, actions: Array) -> tuple[Array, Array, Array, Array, dict[str, Any]]:
        """Each game's action (an array of ``num_envs`` indices); a game that ended at the
        previous step is reset instead (its action ignored)."""
        chosen = _check_actions(actions, self.num_envs).tolist()
        rewards = [0.0] * self.num_envs
        extras: list[dict[str, Any]] = [{}] * self.num_envs
        terminated = [False] * self.num_envs
        # one pass, each game stepped and observed; Python lists, not numpy items
        for i, game in enumerate(self.games):
            if self._autoreset[i]:
                game.reset(self.rules.game_seed(None, self._generators[i]))
            else:
                rewards[i], extras[i] = game.step(chosen[i])
                terminated[i] = game.ended
            game.observe()
        self._autoreset = terminated
        truncated = np.zeros(self.num_envs, np.bool_)
        batch = np.array(rewards, np.float64), np.array(terminated, np.bool_), truncated
        return self._observations_out(), *batch, self._infos(extras)

    def _observe(self) -> Array:
        """Every game's tensor and mask brought up to date; the observations."""
        for game in self.games:
            game.observe()
        return self._observations_out()

    def _observations_out(self) -> Array:
        """The observations as handed out: a copy, unless ``copy=False``."""
        return self._observations.copy() if self.copy else self._observations

    def action_masks(self) -> np.ndarray[Any, np.dtype[np.bool_]]:
        """True for each action index each game's seat may take now (``(N, actions)``)."""
        for game in self.games:
            game.mask()
        return self._masks.astype(bool)

    def _infos(self, extras: list[dict[str, Any]]) -> dict[str, Any]:
        """``action_mask`` of every game (brought up to date by :meth:`_observe`), and what
        some games add (Gymnasium's layout: a key's values by game, and ``_key`` saying
        which games have it)."""
        infos: dict[str, Any] = {
            "action_mask": self._masks.astype(bool),
            "_action_mask": np.ones(self.num_envs, np.bool_),
        }
        for i, extra in enumerate(extras):
            if extra:
                infos = self._add_info(infos, extra, i)
        return infos

    def episodes(self) -> list[Episode | None]:
        """Each game being played (for inspection)."""
        return [game.episode for game in self.games]


class SelfPlayVectorEnv:
    """``num_envs`` games of ``ruleset`` where the learner plays every seat (see the
    module): ``reset(seed)`` and ``step(actions)`` return observation and mask arrays of
    every seat, ``info["agent"]`` the seat to act in each game (-1 in a game that ended)."""

    def __init__(
        self,
        num_envs: int = 1,
        ruleset: Ruleset | str | Path = "pyramido",
        num_players: int = 2,
        options: Mapping[str, Any] | None = None,
        reward: str = "rank",
        elimination: float | None = -1.0,
        copy: bool = True,
    ) -> None:
        self.num_envs = _check_count(num_envs)
        self.num_players = num_players
        self.rules = rules = Rules(ruleset, num_players, options, reward, elimination)
        size, actions = rules.tensors.spec.size, rules.ruleset.space.size
        self._observations = np.zeros((num_envs, num_players, size), DTYPE)
        self._masks = np.zeros((num_envs, num_players, actions), np.int8)
        self._live = [
            LiveTensors(rules.tensors, self._observations[i], self._masks[i]) for i in range(num_envs)
        ]
        self.episodes: list[Episode] = []
        self.copy = copy
        self.single_observation_space = spaces.Dict(
            {"observation": rules.tensor_space, "action_mask": rules.mask_space}
        )
        self.single_action_space = rules.action_space
        self._generators = [seeding.np_random()[0] for _ in range(num_envs)]
        self._autoreset = np.zeros(num_envs, np.bool_)

    def reset(self, *, seed: int | None = None) -> tuple[dict[str, Array], dict[str, Any]]:
        """New games: game ``i`` of engine seed ``seed + i``, else drawn from its generator."""
        if seed is not None and not is_int(seed):
            raise ArgumentError(f"seed is an int, not {brief(seed)}")
        if seed is not None:
            self._generators = [seeding.np_random(seed + i)[0] for i in range(self.num_envs)]
        self.episodes = [
            self.rules.episode(
                self.rules.game_seed(None if seed is None else seed + i, self._generators[i]), live
            )
            for i, live in enumerate(self._live)
        ]
        self._autoreset[:] = False
        return self._observe(), {"agent": self._agents()}

    def step(self, actions: Array) -> tuple[dict[str, Array], Array, Array, Array, dict[str, Any]]:
        """Each game's acting seat (``info["agent"]``) takes its action; a game that ended
        at the previous step is reset instead. Rewards and terminations are by game and
        seat; ``info["eliminated"]`` says which seats went out at this step."""
        actions = _check_actions(actions, self.num_envs)
        n = self.num_players
        rewards = np.zeros((self.num_envs, n), np.float64)
        terminated = np.zeros((self.num_envs, n), np.bool_)
        eliminated = np.zeros((self.num_envs, n), np.bool_)
        for i, episode in enumerate(self.episodes):
            if self._autoreset[i]:
                self.episodes[i] = self.rules.episode(
                    self.rules.game_seed(None, self._generators[i]), self._live[i]
                )
                continue
            rewards[i] = episode.play(episode.deciders()[0], int(actions[i]))
            terminated[i] = episode.rewards.ended
            eliminated[i, episode.rewards.eliminated] = True
        self._autoreset = np.asarray(terminated.all(axis=1))
        truncated = np.zeros((self.num_envs, n), np.bool_)
        infos = {"agent": self._agents(), "eliminated": eliminated}
        return self._observe(), rewards, terminated, truncated, infos

    def _agents(self) -> Array:
        return np.array([(e.deciders() or (-1,))[0] for e in self.episodes], np.int64)

    def _observe(self) -> dict[str, Array]:
        for live in self._live:
            for seat in range(self.num_players):
                live.tensor(seat)
                live.mask(seat)
        if self.copy:
            return {"observation": self._observations.copy(), "action_mask": self._masks.copy()}
        return {"observation": self._observations, "action_mask": self._masks}

"""The games as PettingZoo environments (``pip install '.[rl]'``): :func:`env` (AEC) and
:func:`parallel_env` (Parallel), for every ruleset and player count it allows.

- Agents are ``player_0`` .. ``player_{N-1}``, the seats. An agent's observation is a
  dict: ``observation``, its tensor (:mod:`pyramido.adapters.tensors`, an int16 ``Box``;
  a copy, kept up to date step by step by :mod:`~pyramido.adapters.tensors.live`), and
  ``action_mask``, 1 for each legal action index (an int8 ``Box``; all 0 when the agent
  is not deciding; a view of the environment's array, rewritten at the next step).
  Actions are the engine's indices: ``Discrete(game.space.size)``. No wrapper is stacked
  on the environments.
- AEC: the agent to act is the lowest seat of the decision still to choose. A decision
  several seats take at once (Forgotten Treasures' scoring, Silver & Gold's keep and mark)
  is one AEC turn per seat, in seat order; the engine keeps each choice hidden from the
  others until all have chosen, so the later seats do not see the earlier choices.
- Parallel: every step, each seat of the decision acts; the other agents' actions are
  ignored (their masks are all 0). A one-seat decision is then a step where one agent
  acts, so every game fits. The deciders' actions are all checked before any is carried
  out (a seat's legal choices in a simultaneous decision do not depend on the others').
- Rewards are :mod:`pyramido.adapters.rewards`, chosen by name (``reward="rank"``,
  ``"score_margin"``, ``"dense"`` or ``"score"``); the game ends every agent with
  ``terminated``; nothing truncates (every game ends). A seat out of the game (Pyramido's
  elimination) is terminated when it goes out, with ``infos[agent]["eliminated"]`` and
  the reward ``elimination`` (``None``: it waits for the end, skipped).
- An illegal action raises :class:`~pyramido.engine.game.IllegalActionError` and changes
  nothing. ``reset(seed=s)`` plays the engine's game of seed ``s`` (without a seed, one
  drawn from the environment's generator); ``reset``'s ``options`` are not used: the game
  options are the constructor's ``options``.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv, ParallelEnv

from ..engine.ruleset import Ruleset
from ..errors import ArgumentError
from .episode import Episode, Rules, agent_name
from .tensors.live import LiveTensors

Observation = dict[str, np.ndarray[Any, Any]]


class _Seats:
    """What both environments share: the rules, the agents and their spaces, the seeds."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": "pyramido_v0",
        "render_modes": [],
        "is_parallelizable": False,  # turns are not one per agent per cycle: use parallel_env()
    }

    def __init__(
        self,
        ruleset: Ruleset | str | Path = "pyramido",
        num_players: int = 2,
        options: Mapping[str, Any] | None = None,
        reward: str = "rank",
        elimination: float | None = -1.0,
    ) -> None:
        self.rules = Rules(ruleset, num_players, options, reward, elimination)
        self.possible_agents = [agent_name(seat) for seat in range(num_players)]
        self.seat_of = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self.render_mode = None
        self._np_random, _ = seeding.np_random()
        # one object per agent, the same every time (the libraries seed and compare them)
        self._observation_spaces = {
            agent: spaces.Dict({"observation": self.rules.tensor_space, "action_mask": self.rules.mask_space})
            for agent in self.possible_agents
        }
        size = self.rules.action_space.n
        self._action_spaces = {agent: spaces.Discrete(size) for agent in self.possible_agents}
        self._live = LiveTensors(self.rules.tensors)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_spaces[agent]

    def render(self) -> None:
        """Nothing to draw (``render_modes`` is empty): ``pyramido demo`` shows games."""

    def close(self) -> None:
        """Nothing to release."""

    def _new_episode(self, seed: int | None) -> Episode:
        if seed is not None:
            self._np_random, _ = seeding.np_random(seed)
        return self.rules.episode(self.rules.game_seed(seed, self._np_random), self._live)


class PyramidoAEC(_Seats, AECEnv[str, Observation, int]):  # type: ignore[misc]  # pettingzoo is untyped
    """The AEC environment (see the module's docstring)."""

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.episode = self._new_episode(seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = agent_name(self.episode.deciders()[0])

    def observe(self, agent: str) -> Observation:
        return self.episode.observation(self.seat_of[agent])

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        episode, names = self.episode, self.possible_agents
        rewards = episode.play(self.seat_of[agent], action)
        if len(self.agents) == len(names):  # nobody out yet: every seat's, in seat order
            self.rewards = dict(zip(names, rewards, strict=True))
        else:
            self.rewards = {name: rewards[self.seat_of[name]] for name in self.agents}
        deciders = episode.deciders()
        for seat in episode.rewards.eliminated:
            self.terminations[names[seat]] = True
            self.infos[names[seat]] = {"eliminated": True}
        if deciders:
            self.agent_selection = names[deciders[0]]
            if episode.rewards.eliminated:
                self._deads_step_first()  # the eliminated agents take their last step first
        else:
            self.terminations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()


class PyramidoParallel(_Seats, ParallelEnv[str, Observation, int]):  # type: ignore[misc]  # untyped
    """The Parallel environment (see the module's docstring)."""

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Observation], dict[str, dict[str, Any]]]:
        self.episode = self._new_episode(seed)
        self.agents = list(self.possible_agents)
        return self._observations(), {agent: {} for agent in self.agents}

    def _observations(self) -> dict[str, Observation]:
        return {agent: self.episode.observation(self.seat_of[agent]) for agent in self.agents}

    def step(self, actions: dict[str, int]) -> tuple[
        dict[str, Observation], dict[str, float], dict[str, bool], dict[str, bool], dict[str, dict[str, Any]]
    ]:  # fmt: skip
        """Each seat of the decision acts, in seat order; the others' actions are ignored.
        Every decider's action is checked first, so a bad one changes nothing."""
        deciders = self.episode.deciders()
        for seat in deciders:
            agent = agent_name(seat)
            if agent not in actions:
                given = ", ".join(sorted(actions)) or "none"
                raise ArgumentError(f"{agent} decides now: step() needs its action (actions of: {given})")
            self.episode.check(seat, actions[agent])
        totals = dict.fromkeys(self.agents, 0.0)
        infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        for seat in deciders:
            rewards = self.episode.play(seat, actions[agent_name(seat)])
            for name in self.agents:
                totals[name] += rewards[self.seat_of[name]]
            for out in self.episode.rewards.eliminated:
                infos[agent_name(out)]["eliminated"] = True
        observations = self._observations()
        done = {agent: self.episode.ended(self.seat_of[agent]) for agent in self.agents}
        truncated = dict.fromkeys(self.agents, False)
        self.agents = [agent for agent in self.agents if not done[agent]]
        return observations, totals, done, truncated, infos


def env(
    ruleset: Ruleset | str | Path = "pyramido",
    num_players: int = 2,
    options: Mapping[str, Any] | None = None,
    reward: str = "rank",
    elimination: float | None = -1.0,
) -> PyramidoAEC:
    """An AEC environment of ``ruleset`` for ``num_players`` seats."""
    return PyramidoAEC(ruleset, num_players, options, reward, elimination)


def parallel_env(
    ruleset: Ruleset | str | Path = "pyramido",
    num_players: int = 2,
    options: Mapping[str, Any] | None = None,
    reward: str = "rank",
    elimination: float | None = -1.0,
) -> PyramidoParallel:
    """A Parallel environment of ``ruleset`` for ``num_players`` seats."""
    return PyramidoParallel(ruleset, num_players, options, reward, elimination)

"""The games as Gymnasium environments (``pip install '.[rl]'``): one seat against bots.

Importing this module registers ``pyramido/<ruleset>-v0`` for every shipped ruleset
(games and house rules): ``gymnasium.make("pyramido/forgotten-treasures-v0",
num_players=3, opponents="greedy", seat=1)``.

- Observation: the seat's tensor (:mod:`pyramido.adapters.tensors`, a float32 ``Box``).
  Action: the engine's index, ``Discrete(game.space.size)``; :meth:`PyramidoEnv.action_masks`
  gives the legal ones (for maskable algorithms), as does ``info["action_mask"]``.
- The other seats are played by bots (``opponents``: one name for all, or one per other
  seat in seat order; the ruleset's own bots, ``greedy`` by default), seeded from the
  game's seed, so ``reset(seed=s)`` replays the same game for the same actions.
- Rewards are :mod:`pyramido.adapters.rewards` (``reward="rank"`` or ``"score"``): what
  the seat earned from its action and the bots' until its next decision.
- An illegal action (``check_env`` sends random ones) ends the episode: the game is left
  as it was, the reward is ``illegal_reward`` (-1 by default, a lone last place) and
  ``info["illegal_action"]`` holds the engine's reason; ``illegal_action="raise"``
  raises :class:`~pyramido.engine.game.IllegalActionError` instead.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import gymnasium
import numpy as np

from ..bots import Bot, make_bot
from ..engine.game import IllegalActionError
from ..engine.ruleset import Ruleset
from ..errors import ArgumentError, PyramidoError, brief
from ..resources import shipped_rulesets
from .episode import SEEDS, Episode, Rules
from .tensors.live import LiveTensors

Tensor = np.ndarray[Any, np.dtype[np.float32]]
ILLEGAL_ACTIONS = ("end", "raise")


class PyramidoEnv(gymnasium.Env[Tensor, np.int64]):
    """Seat ``seat`` of a game of ``ruleset`` for ``num_players``, the others bots."""

    metadata: dict[str, Any] = {"render_modes": []}  # noqa: RUF012 (Gymnasium's own class attribute)

    def __init__(
        self,
        ruleset: Ruleset | str | Path = "pyramido",
        num_players: int = 2,
        opponents: str | Sequence[str] = "greedy",
        seat: int = 0,
        options: Mapping[str, Any] | None = None,
        reward: str = "rank",
        illegal_action: str = "end",
        illegal_reward: float = -1.0,
        elimination: float | None = -1.0,
    ) -> None:
        self.rules = Rules(ruleset, num_players, options, reward, elimination)
        if seat not in range(num_players) or isinstance(seat, bool):
            raise ArgumentError(f"no seat {brief(seat)} in a {num_players}-player game")
        if illegal_action not in ILLEGAL_ACTIONS:
            raise ArgumentError(f"illegal_action is 'end' or 'raise', not {brief(illegal_action)}")
        names = [opponents] * (num_players - 1) if isinstance(opponents, str) else list(opponents)
        if len(names) != num_players - 1:
            raise ArgumentError(f"{num_players - 1} opponents for {num_players} players, not {len(names)}")
        for name in names:
            make_bot(name, 0, self.rules.ruleset)  # an unknown name fails now, naming the bots
        others = [other for other in range(num_players) if other != seat]
        self.opponents = dict(zip(others, names, strict=True))
        self.seat = seat
        self.illegal_action, self.illegal_reward = illegal_action, float(illegal_reward)
        self.observation_space = self.rules.tensor_space
        self.action_space = self.rules.action_space
        self.render_mode = None
        self.episode: Episode | None = None
        self.ended = True  # by the game's end or an illegal action, until the next reset
        self.bots: dict[int, Bot] = {}
        self._live = LiveTensors(self.rules.tensors)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Tensor, dict[str, Any]]:
        """A new game: of engine seed ``seed`` if given (``options`` are not used)."""
        super().reset(seed=seed)
        game_seed = self.rules.game_seed(seed, self.np_random)
        self.episode, self.ended = self.rules.episode(game_seed, self._live), False
        self.bots = {
            other: make_bot(name, (game_seed + 1 + other) % SEEDS, self.rules.ruleset)
            for other, name in self.opponents.items()
        }
        self._play_bots()  # before the seat's first decision nobody scores: no reward to give
        return self._observe(), self._info()

    def step(self, action: np.int64 | int) -> tuple[Tensor, float, bool, bool, dict[str, Any]]:
        episode = self._episode()
        try:
            rewards = episode.play(self.seat, action)
        except IllegalActionError as exc:
            if self.illegal_action == "raise":
                raise
            self.ended = True
            return self._observe(), self.illegal_reward, True, False, {"illegal_action": exc.rule}
        reward = rewards[self.seat] + sum(step[self.seat] for step in self._play_bots())
        self.ended = episode.ended(self.seat)
        return self._observe(), reward, self.ended, False, self._info()

    def _episode(self) -> Episode:
        if self.episode is None or self.ended:
            raise PyramidoError("the episode is over (or not begun): call reset()")
        return self.episode

    def _play_bots(self) -> list[list[float]]:
        """Let the bots decide until the seat does or its part ends (the game's end, or its
        elimination); each step's rewards."""
        episode = self._episode()
        steps = []
        while (deciders := episode.deciders()) and self.seat not in deciders and not episode.ended(self.seat):
            bot = deciders[0]
            steps.append(episode.play(bot, self.bots[bot].choose(episode.game, bot)))
        return steps

    def _observe(self) -> Tensor:
        assert self.episode is not None
        return self.episode.tensor(self.seat)

    def _info(self) -> dict[str, Any]:
        assert self.episode is not None
        if self.episode.rewards.out[self.seat]:
            return {"action_mask": self.action_masks(), "eliminated": True}
        return {"action_mask": self.action_masks()}

    def action_masks(self) -> np.ndarray[Any, np.dtype[np.bool_]]:
        """True for each action index the seat may take now (all False once ended)."""
        episode = self.episode
        if episode is None:
            raise PyramidoError("no episode yet: call reset()")
        if self.ended:
            return np.zeros(self.rules.ruleset.space.size, bool)
        return episode.mask(self.seat).astype(bool)


def register_all() -> None:
    """Register ``pyramido/<ruleset>-v0`` for every shipped ruleset (once)."""
    for ruleset in shipped_rulesets():
        env_id = f"pyramido/{ruleset}-v0"
        if env_id not in gymnasium.registry:
            gymnasium.register(env_id, entry_point=f"{__name__}:PyramidoEnv", kwargs={"ruleset": ruleset})


register_all()

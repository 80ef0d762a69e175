"""The games as Gymnasium environments (``pip install '.[rl]'``): one seat against bots.

Importing this module registers ``pyramido/<ruleset>-v0`` for every shipped ruleset
(games and house rules): ``gymnasium.make("pyramido/forgotten-treasures-v0",
num_players=3, opponents="greedy", seat=1)``.

- Observation: the seat's tensor (:mod:`pyramido.adapters.tensors`, an int16 ``Box``).
  Action: the engine's index, ``Discrete(game.space.size)``; :meth:`PyramidoEnv.action_masks`
  gives the legal ones (for maskable algorithms), as does ``info["action_mask"]``.
- The other seats are played by bots (``opponents``: one name for all, or one per other
  seat in seat order; the ruleset's own bots, ``greedy`` by default), seeded from the
  game's seed, so ``reset(seed=s)`` replays the same game for the same actions.
- Rewards are :mod:`pyramido.adapters.rewards`, chosen by name: what the seat earned
  from its action and the bots' until its next decision. The episode ends with the game,
  or when the seat is out (``info["eliminated"]``, the reward ``elimination``).
- ``gymnasium.make_vec(..., vectorization_mode="vector_entry_point")`` gives
  :class:`~pyramido.adapters.vector.PyramidoVectorEnv`, N games in one call.
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

from ..engine.ruleset import Ruleset
from ..resources import shipped_rulesets
from .episode import Episode, Rules
from .tensors.layout import Vector
from .tensors.live import LiveTensors
from .versus import Versus, seat_opponents


class PyramidoEnv(gymnasium.Env[Vector, np.int64]):
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
        self.versus = Versus(
            self.rules,
            seat,
            seat_opponents(self.rules, seat, opponents),
            LiveTensors(self.rules.tensors),
            illegal_action,
            illegal_reward,
        )
        self.seat = seat
        self.observation_space = self.rules.tensor_space
        self.action_space = self.rules.action_space
        self.render_mode = None

    @property
    def episode(self) -> Episode | None:
        """The game being played (``None`` before the first reset)."""
        return self.versus.episode

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Vector, dict[str, Any]]:
        """A new game: of engine seed ``seed`` if given (``options`` are not used)."""
        super().reset(seed=seed)
        self.versus.reset(self.rules.game_seed(seed, self.np_random))
        return self.versus.tensor().copy(), self._info({})

    def step(self, action: np.int64 | int) -> tuple[Vector, float, bool, bool, dict[str, Any]]:
        reward, extra = self.versus.step(action)
        return self.versus.tensor().copy(), reward, self.versus.ended, False, self._info(extra)

    def _info(self, extra: dict[str, Any]) -> dict[str, Any]:
        return {"action_mask": self.action_masks(), **extra}

    def action_masks(self) -> np.ndarray[Any, np.dtype[np.bool_]]:
        """True for each action index the seat may take now (all False once ended)."""
        return self.versus.mask().astype(bool)


def register_all() -> None:
    """Register ``pyramido/<ruleset>-v0`` for every shipped ruleset (once)."""
    for ruleset in shipped_rulesets():
        env_id = f"pyramido/{ruleset}-v0"
        if env_id not in gymnasium.registry:
            gymnasium.register(
                env_id,
                entry_point=f"{__name__}:PyramidoEnv",
                vector_entry_point=f"{__package__}.vector:PyramidoVectorEnv",
                kwargs={"ruleset": ruleset},
            )


register_all()

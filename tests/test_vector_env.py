"""The vector environments (pyramido.adapters.vector, docs/adapters.md "Vector
environments"): ``gymnasium.make_vec`` gives a ``VectorEnv`` that steps N games in one call
and behaves as Gymnasium's own ``SyncVectorEnv`` of the single environment, autoreset
included; the self-play form batches every seat of AEC games."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import data_equivalence
from gymnasium.vector import AutoresetMode, SyncVectorEnv, VectorEnv
from gymnasium.vector.utils import batch_space
from gymnasium.wrappers.vector import DictInfoToList, RecordEpisodeStatistics
from rl_games import GAMES

import pyramido.adapters.gymnasium  # noqa: F401  (registers the environments)
from pyramido.adapters.gymnasium import PyramidoEnv
from pyramido.adapters.pettingzoo import env as aec_env
from pyramido.adapters.tensors import DTYPE
from pyramido.adapters.vector import PyramidoVectorEnv, SelfPlayVectorEnv
from pyramido.errors import ArgumentError


def _random_actions(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A random legal action of each game (argmax of random keys over its legal ones)."""
    return np.argmax(np.where(masks, rng.random(masks.shape), -1), axis=1)


def test_make_vec_returns_pyramido_s_vector_env_with_batched_spaces() -> None:
    envs = gymnasium.make_vec("pyramido/pyramido-v0", num_envs=3, vectorization_mode="vector_entry_point")
    assert isinstance(envs, PyramidoVectorEnv) and isinstance(envs, VectorEnv)
    assert envs.metadata["autoreset_mode"] == AutoresetMode.NEXT_STEP
    assert envs.observation_space == batch_space(envs.single_observation_space, 3)
    assert envs.action_space == batch_space(envs.single_action_space, 3)
    observations, infos = envs.reset(seed=1)
    assert observations.shape == (3, envs.single_observation_space.shape[0]) and observations.dtype == DTYPE
    assert envs.observation_space.contains(observations)
    assert (
        infos["action_mask"].shape == (3, envs.single_action_space.n)
        and infos["action_mask"].any(axis=1).all()
    )
    assert (envs.action_masks() == infos["action_mask"]).all()


@pytest.mark.parametrize("ruleset", GAMES)
def test_the_vector_env_matches_gymnasium_s_sync_vector_env_through_autoresets(ruleset: str) -> None:
    """The same games, seeds, bots and actions as ``SyncVectorEnv`` of the single
    environment (Gymnasium's own vectoriser, the reference), step for step, through the
    episodes' ends and the next-step autoresets, with rewards, infos (elimination, and
    the illegal action's end, sent on purpose) and all."""
    kwargs = {"num_players": 2, "opponents": "random", "reward": "dense"}
    ours = gymnasium.make_vec(
        f"pyramido/{ruleset}-v0", num_envs=4, vectorization_mode="vector_entry_point", **kwargs
    )
    reference = SyncVectorEnv([lambda: PyramidoEnv(ruleset, **kwargs) for _ in range(4)])  # type: ignore[arg-type]
    assert data_equivalence(ours.reset(seed=5), reference.reset(seed=5))
    rng, ended = np.random.default_rng(0), 0
    for step in range(150):
        actions = _random_actions(ours.action_masks(), rng)
        if step == 7:
            actions[1] = int(np.flatnonzero(~ours.action_masks()[1])[0])  # illegal: ends game 1
        got, want = ours.step(actions), reference.step(actions)
        assert data_equivalence(got, want), f"step {step}"
        assert ours.observation_space.contains(got[0])
        ended += int(got[2].sum())
    assert ended >= 4  # episodes ended and were reset


def test_gymnasium_s_vector_wrappers_run_on_it() -> None:
    envs = RecordEpisodeStatistics(
        gymnasium.make_vec(
            "pyramido/silver-gold-pyramids-v0", num_envs=2, vectorization_mode="vector_entry_point",
            opponents="random",
        )
    )  # fmt: skip
    _, infos = envs.reset(seed=3)
    rng, finished = np.random.default_rng(1), 0
    while finished < 2:
        _, _, terminated, _, infos = envs.step(_random_actions(infos["action_mask"], rng))
        finished += int(terminated.sum())
    assert "episode" in infos
    listed = DictInfoToList(PyramidoVectorEnv(2, opponents="random"))
    _, info_list = listed.reset(seed=0)
    assert len(info_list) == 2 and info_list[0]["action_mask"].shape == (listed.single_action_space.n,)


def test_copy_false_hands_out_the_arrays_it_keeps() -> None:
    envs = PyramidoVectorEnv(2, opponents="random", copy=False)
    first, _ = envs.reset(seed=0)
    again, _, _, _, _ = envs.step(_random_actions(envs.action_masks(), np.random.default_rng(0)))
    assert again is first
    copied = PyramidoVectorEnv(2, opponents="random")
    first, _ = copied.reset(seed=0)
    again, _, _, _, _ = copied.step(_random_actions(copied.action_masks(), np.random.default_rng(0)))
    assert again is not first


def test_self_play_batches_every_seat_of_aec_games() -> None:
    """Each step each game's acting seat acts, as in the AEC environment of the same seed:
    the same observations and masks for every seat, the same rewards, then a new game."""
    n = 3
    games = SelfPlayVectorEnv(2, "forgotten-treasures", n, reward="score")
    observations, infos = games.reset(seed=4)
    assert observations["observation"].shape[:2] == (2, n) and observations["action_mask"].shape[:2] == (2, n)
    aec = aec_env("forgotten-treasures", n, reward="score")
    aec.reset(seed=4)
    rng = np.random.default_rng(2)
    for agent in aec.agent_iter():
        if aec.terminations[agent]:
            aec.step(None)
            continue
        seat = int(agent.removeprefix("player_"))
        assert infos["agent"][0] == seat
        for other in range(n):
            want = aec.observe(f"player_{other}")
            assert (observations["observation"][0, other] == want["observation"]).all()
            assert (observations["action_mask"][0, other] == want["action_mask"]).all()
        actions = _random_actions(observations["action_mask"][np.arange(2), infos["agent"]], rng)
        aec.step(int(actions[0]))
        observations, rewards, over, _, infos = games.step(actions)
        assert list(rewards[0]) == [aec.rewards.get(f"player_{s}", 0.0) for s in range(n)]
    assert over[0].all() and infos["agent"][0] == -1
    actions = _random_actions(observations["action_mask"][np.arange(2), infos["agent"]], rng)
    observations, _, over, _, infos = games.step(actions)  # game 0 starts again, its action ignored
    assert not over[0].any() and infos["agent"][0] == 0


def test_bad_vector_arguments_are_clear_errors() -> None:
    with pytest.raises(ArgumentError, match="num_envs is a number of games"):
        PyramidoVectorEnv(0)
    envs = PyramidoVectorEnv(2, opponents="random")
    envs.reset(seed=0)
    with pytest.raises(ArgumentError, match=r"an integer array of shape \(2,\)"):
        envs.step(np.zeros(3, np.int64))
    with pytest.raises(ArgumentError, match=r"an integer array of shape \(2,\)"):
        envs.step(np.zeros(2))
    with pytest.raises(ArgumentError, match="seed is an int or 2 ints"):
        envs.reset(seed=[1])

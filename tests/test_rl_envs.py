"""The PettingZoo and Gymnasium environments (pyramido.adapters.pettingzoo, .gymnasium;
docs/adapters.md), checked by each library's own tests, then for what those do not check:
hidden simultaneous choices, illegal actions, seeds, rewards."""

from __future__ import annotations

import re
from pathlib import Path

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, parallel_api_test, seed_test
from rl_games import GAMES

import pyramido.adapters.gymnasium
from pyramido.adapters.pettingzoo import env, parallel_env
from pyramido.adapters.rewards import rank_rewards
from pyramido.engine.game import Game, IllegalActionError
from pyramido.errors import ArgumentError, PyramidoError
from pyramido.resources import shipped_rulesets

ROOT = Path(__file__).resolve().parent.parent
LIBRARY_TABLES = [(ruleset, n) for ruleset in GAMES for n in (2, 4)] + [
    ("forgotten-treasures", 1),
    ("silver-gold-pyramids", 1),
]


@pytest.mark.filterwarnings("ignore:Observation")  # PettingZoo's advice for a Dict observation
@pytest.mark.parametrize(("ruleset", "num_players"), LIBRARY_TABLES)
def test_pettingzoo_own_tests_pass(ruleset: str, num_players: int) -> None:
    api_test(env(ruleset, num_players), num_cycles=60)
    seed_test(lambda: env(ruleset, num_players), num_cycles=60)
    parallel_api_test(parallel_env(ruleset, num_players), num_cycles=60)


@pytest.mark.parametrize("ruleset", GAMES)
def test_gymnasium_check_env_passes(ruleset: str) -> None:
    check_env(gymnasium.make(f"pyramido/{ruleset}-v0").unwrapped)


def test_every_shipped_ruleset_is_registered_with_gymnasium() -> None:
    assert {f"pyramido/{ruleset}-v0" for ruleset in shipped_rulesets()} <= set(gymnasium.registry)
    assert pyramido.adapters.gymnasium.PyramidoEnv.metadata["render_modes"] == []


def _play_aec(
    ruleset: str, num_players: int, seed: int, reward: str = "rank", elimination: float | None = None
) -> tuple[list[float], Game]:
    """A whole AEC game with masked random actions: each seat's total reward, the game."""
    aec = env(ruleset, num_players, reward=reward, elimination=elimination)
    aec.reset(seed=seed)
    for agent in aec.possible_agents:
        aec.action_space(agent).seed(seed)
    totals = dict.fromkeys(aec.possible_agents, 0.0)
    for agent in aec.agent_iter():
        observation, reward_now, terminated, _, _ = aec.last()
        totals[agent] += reward_now
        aec.step(None if terminated else aec.action_space(agent).sample(observation["action_mask"]))
    return list(totals.values()), aec.episode.game


@pytest.mark.parametrize("ruleset", GAMES)
def test_an_aec_game_ends_with_rank_rewards_or_the_final_scores(ruleset: str) -> None:
    ranks, game = _play_aec(ruleset, 3, seed=4)
    assert game.is_over and ranks == rank_rewards(game.ranking(), 3)
    assert sum(ranks) == pytest.approx(0) and all(-1 <= rank <= 1 for rank in ranks)
    assert _play_aec(ruleset, 3, seed=4)[0] == ranks
    scores, game = _play_aec(ruleset, 3, seed=4, reward="score")
    final = {row.player: row.score for row in game.ranking()}
    assert scores == [final[seat] for seat in range(3)]
    lost, game = _play_aec(ruleset, 3, seed=4, elimination=-1)  # an eliminated seat's return: -1
    assert lost == [-1.0 if row.out else ranks[row.player] for row in sorted(game.ranking(), key=_seat)]


def _seat(row: object) -> int:
    return row.player  # type: ignore[attr-defined, no-any-return]


def test_the_aec_turn_of_a_simultaneous_decision_hides_the_earlier_choices() -> None:
    """Silver & Gold's keep, 3 seats: whichever pair player_0 keeps, player_1 (whose
    AEC turn comes next) observes the same; player_0 decides no more."""
    seen = []
    for pick in (0, -1):
        aec = env("silver-gold-pyramids", 3)
        aec.reset(seed=2)
        assert aec.episode.game.decision is not None and aec.episode.game.decision.players == (0, 1, 2)
        assert aec.agent_selection == "player_0"
        aec.step(int(np.flatnonzero(aec.observe("player_0")["action_mask"])[pick]))
        assert aec.agent_selection == "player_1"
        assert not aec.observe("player_0")["action_mask"].any()
        seen.append(
            (
                aec.observe("player_1")["observation"].tobytes(),
                aec.observe("player_0")["observation"].tobytes(),
            )
        )
    assert seen[0][0] == seen[1][0] and seen[0][1] != seen[1][1]


def test_an_illegal_aec_action_raises_and_changes_nothing() -> None:
    aec = env("pyramido", 2)
    aec.reset(seed=1)
    before = aec.observe("player_0")["observation"].copy()
    illegal = int(np.flatnonzero(aec.observe("player_0")["action_mask"] == 0)[0])
    with pytest.raises(IllegalActionError):
        aec.step(illegal)
    assert aec.agent_selection == "player_0"
    assert aec.observe("player_0")["observation"].tobytes() == before.tobytes()


def test_a_parallel_step_takes_the_deciders_actions_and_ignores_the_others() -> None:
    par = parallel_env("pyramido", 2)
    observations, _ = par.reset(seed=3)
    assert not observations["player_1"]["action_mask"].any()
    take = int(np.flatnonzero(observations["player_0"]["action_mask"])[0])
    observations, rewards, done, _, _ = par.step({"player_0": take, "player_1": 0})
    assert rewards == {"player_0": 0.0, "player_1": 0.0} and not any(done.values())
    assert par.episode.game.steps[-1]["player"] == 0 and len(par.episode.game.steps) == 1
    with pytest.raises(ArgumentError, match="player_0 decides now"):
        par.step({"player_1": 0})


def test_bad_environment_arguments_are_clear_errors() -> None:
    with pytest.raises(ArgumentError, match="no tensor for 5 players"):
        env("pyramido", 5)
    with pytest.raises(ArgumentError, match="rewards are 'rank', 'score_margin', 'dense', 'score', not 'w"):
        parallel_env("pyramido", 2, reward="win")
    with pytest.raises(ArgumentError, match="has no bot 'genius'"):
        gymnasium.make("pyramido/pyramido-v0", opponents="genius")
    with pytest.raises(ArgumentError, match="2 opponents for 3 players, not 1"):
        gymnasium.make("pyramido/pyramido-v0", num_players=3, opponents=["random"])
    with pytest.raises(ArgumentError, match="no seat 2"):
        gymnasium.make("pyramido/pyramido-v0", seat=2)


def _play_gym(ruleset: str, seed: int, **kwargs: object) -> tuple[list[float], bytes]:
    """A whole Gymnasium episode with masked random actions: its rewards, its last tensor;
    then the episode refuses another step."""
    game = gymnasium.make(f"pyramido/{ruleset}-v0", **kwargs).unwrapped
    tensor, info = game.reset(seed=seed)
    game.action_space.seed(seed)
    rewards, done = [], False
    while not done:
        assert (info["action_mask"] == game.action_masks()).all()
        mask = game.action_masks().astype(np.int8)
        tensor, reward, done, _, info = game.step(game.action_space.sample(mask))
        rewards.append(reward)
    assert not game.action_masks().any()
    with pytest.raises(PyramidoError, match="call reset"):
        game.step(0)
    return rewards, tensor.tobytes()


@pytest.mark.parametrize("ruleset", GAMES)
def test_a_gymnasium_episode_against_bots_is_seeded_and_scored(ruleset: str) -> None:
    rewards, last = _play_gym(
        ruleset, 6, num_players=3, opponents=["greedy", "random"], seat=1, reward="score"
    )
    assert _play_gym(ruleset, 6, num_players=3, opponents=["greedy", "random"], seat=1, reward="score") == (
        rewards,
        last,
    )
    ranks, _ = _play_gym(ruleset, 6, num_players=2)
    assert set(ranks[:-1]) <= {0.0} and -1 <= ranks[-1] <= 1
    if ruleset != "pyramido":  # solo: the seat's own action ends the game
        solo, _ = _play_gym(ruleset, 6, num_players=1, reward="score")
        assert sum(solo) != 0


def test_an_illegal_gymnasium_action_ends_the_episode_or_raises() -> None:
    game = gymnasium.make("pyramido/pyramido-v0").unwrapped
    game.reset(seed=1)
    illegal = int(np.flatnonzero(~game.action_masks())[0])
    _, reward, terminated, truncated, info = game.step(illegal)
    assert (reward, terminated, truncated) == (-1.0, True, False) and info["illegal_action"]
    strict = gymnasium.make("pyramido/pyramido-v0", illegal_action="raise").unwrapped
    strict.reset(seed=1)
    with pytest.raises(IllegalActionError):
        strict.step(illegal)


def test_the_docs_examples_run() -> None:
    """Every Python example of docs/adapters.md's PettingZoo, Gymnasium, vector and tensor
    sections (the worked example's test runs its own)."""
    text = (ROOT / "docs" / "adapters.md").read_text()
    ours = [
        part
        for part in re.split(r"\n## ", text)
        if part.startswith(("PettingZoo", "Gymnasium", "Vector", "Observation"))
    ]
    examples = [code for part in ours for code in re.findall(r"```python\n(.*?)```", part, re.DOTALL)]
    assert len(examples) == 4
    for code in examples:
        exec(compile(code, "docs/adapters.md", "exec"), {})


def test_a_bad_parallel_action_changes_nothing() -> None:
    """In a simultaneous decision, a legal action of one seat and an illegal one of another:
    the step raises before carrying out either."""
    par = parallel_env("silver-gold-pyramids", 2)
    observations, _ = par.reset(seed=1)
    legal = int(np.flatnonzero(observations["player_0"]["action_mask"])[0])
    illegal = int(np.flatnonzero(observations["player_1"]["action_mask"] == 0)[0])
    with pytest.raises(IllegalActionError):
        par.step({"player_0": legal, "player_1": illegal})
    assert par.episode.game.steps == []
    with pytest.raises(ArgumentError, match="an action index"):
        par.step({"player_0": float(legal), "player_1": legal})


def test_an_eliminated_seat_s_episode_ends_when_it_goes_out() -> None:
    """Printed Pyramido, random seats (soon out): the AEC agent of a seat that goes out is
    terminated at once with ``eliminated`` in its info and a return of -1 while the others
    play on; the Gymnasium seat's episode ends there the same way."""
    aec = env("pyramido", 3)
    aec.reset(seed=2)
    for agent in aec.possible_agents:
        aec.action_space(agent).seed(2)
    ended: dict[str, tuple[float, dict[str, object], bool]] = {}
    for agent in aec.agent_iter():
        observation, reward, terminated, _, info = aec.last()
        if terminated:
            ended[agent] = (reward, info, aec.episode.game.is_over)
        aec.step(None if terminated else aec.action_space(agent).sample(observation["action_mask"]))
    out = [agent for agent, (_, info, _) in ended.items() if info.get("eliminated")]
    assert out and all(ended[agent][0] == -1.0 and not ended[agent][2] for agent in out[:1])
    gym = gymnasium.make("pyramido/pyramido-v0", opponents="random").unwrapped
    gym.action_space.seed(0)
    for seed in range(40):
        _, info = gym.reset(seed=seed)
        terminated, returns = False, 0.0
        while not terminated:
            _, reward, terminated, _, info = gym.step(
                gym.action_space.sample(info["action_mask"].astype(np.int8))
            )
            returns += reward
        if info.get("eliminated"):
            assert returns == -1.0
            break
    else:
        pytest.fail("no seat went out in 40 games")

"""A worked example that learns (docs/adapters.md, "A worked example"): a masked softmax
policy, linear in the small slots of the observation tensor, trained by REINFORCE on
:class:`~.vector.PyramidoVectorEnv` against the random bot, with numpy alone.

Printed Pyramido is a good first lesson: a seat that lays its cover cards early is out in
stage 1 for want of them (docs/rules.md), and random seats do, so a policy that learns
when to keep them outlasts the random bot. The tensor says what the decision is and how
many cards a seat holds, so a linear policy can learn it within a few hundred games.

``python -m pyramido.adapters.reinforce curve.svg`` trains for a few minutes and plots the
learning curve (matplotlib, the ``sim`` extra): the share of seeded games won against
the random bot, every ``--every`` episodes.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from .vector import PyramidoVectorEnv

Array = np.ndarray[Any, Any]


def _product(a: Array, b: Array) -> Array:
    """``a @ b`` by numpy's own loops (``einsum``), not BLAS: these products are small,
    and a multithreaded BLAS made each one take tens of milliseconds, not one, on a busy
    2-core machine."""
    product: Array = np.einsum("ij,jk->ik", a, b)
    return product


#: The slots the policy reads: those of at most this many values (the pyramids' and the
#: markers' planes are left out; a linear policy could make little of single spaces).
SMALL_SLOT = 128


class LinearPolicy:
    """``softmax(features @ weights)`` over the legal actions of ``envs``' games, the
    features being the tensor's small slots scaled by their bounds, and a constant; the
    weights start at 0 (the uniform choice of the random bot)."""

    def __init__(self, envs: PyramidoVectorEnv) -> None:
        spec, actions = envs.rules.tensors.spec, envs.rules.ruleset.space.size
        _, high = spec.bounds()
        picked = [np.arange(at, at + slot.size) for slot, at in spec.offsets() if slot.size <= SMALL_SLOT]
        self.columns = np.concatenate(picked)
        self.scale = 1.0 / np.maximum(high[self.columns], 1.0)
        self.weights = np.zeros((len(self.columns) + 1, actions))

    def features(self, observations: Array) -> Array:
        """The features of a batch of tensors ``(N, size)``: ``(N, F + 1)``."""
        picked = observations[:, self.columns] * self.scale
        return np.hstack([picked, np.ones((len(observations), 1))])

    def probabilities(self, features: Array, masks: Array) -> Array:
        """Each action's probability, 0 where the mask is (rows of a masked softmax; a
        row without a legal action, a game that ended, is all 0)."""
        legal = masks.astype(bool)
        logits = np.where(legal, _product(features, self.weights), -np.inf)
        top = logits.max(axis=1, keepdims=True)
        weights = np.where(legal, np.exp(logits - np.where(np.isfinite(top), top, 0.0)), 0.0)
        total = weights.sum(axis=1, keepdims=True)
        probabilities: Array = weights / np.where(total > 0, total, 1.0)
        return probabilities

    def act(self, observations: Array, masks: Array, rng: np.random.Generator) -> tuple[Array, Array, Array]:
        """A sampled action of each row; its features and probabilities (for learning)."""
        features = self.features(observations)
        probabilities = self.probabilities(features, masks)
        cumulative = probabilities.cumsum(axis=1)
        draws = rng.random((len(observations), 1))
        actions: Array = (cumulative < draws).sum(axis=1).clip(0, probabilities.shape[1] - 1)
        return actions, features, probabilities


@dataclass
class _Trajectory:
    """One game's decisions so far (features, probabilities, the action taken), and the
    rewards it earned."""

    steps: list[tuple[Array, Array, int]] = field(default_factory=list)
    returns: float = 0.0


def train(
    policy: LinearPolicy,
    envs: PyramidoVectorEnv,
    episodes: int,
    rng: np.random.Generator,
    learning_rate: float = 0.5,
    batch: int = 16,
) -> list[float]:
    """REINFORCE: play ``envs`` until ``episodes`` games have ended; every ``batch``
    ended games, move the weights along the gradient of the log probability of each
    action taken, weighted by its game's return less the mean return of the batch.
    Returns every ended game's return, in order."""
    observations, infos = envs.reset(seed=int(rng.integers(1 << 31)))
    running = [_Trajectory() for _ in range(envs.num_envs)]
    resetting = np.zeros(envs.num_envs, bool)  # ended at the last step: this step only resets
    ended: list[_Trajectory] = []
    returns: list[float] = []
    while len(returns) < episodes:
        actions, features, probabilities = policy.act(observations, infos["action_mask"], rng)
        for game in np.flatnonzero(~resetting):
            running[game].steps.append((features[game], probabilities[game], int(actions[game])))
        observations, rewards, terminated, truncated, infos = envs.step(actions)
        resetting = terminated | truncated
        for i, trajectory in enumerate(running):
            trajectory.returns += float(rewards[i])
            if resetting[i]:
                ended.append(trajectory)
                returns.append(trajectory.returns)
                running[i] = _Trajectory()
        if len(ended) >= batch:
            _learn(policy, ended, learning_rate)
            ended = []
    return returns[:episodes]


def _learn(policy: LinearPolicy, games: list[_Trajectory], learning_rate: float) -> None:
    """One REINFORCE step over ``games``: the gradient of log softmax of a linear policy
    is ``features x (one-hot(action) - probabilities)``."""
    baseline = float(np.mean([game.returns for game in games]))
    gradient = np.zeros_like(policy.weights)
    for game in games:
        if game.returns == baseline or not game.steps:
            continue
        features = np.array([step[0] for step in game.steps])
        direction = -np.array([step[1] for step in game.steps])
        direction[np.arange(len(game.steps)), [step[2] for step in game.steps]] += 1
        gradient += (game.returns - baseline) * _product(features.T, direction)
    policy.weights += learning_rate * gradient / len(games)


def win_rate(policy: LinearPolicy, envs: PyramidoVectorEnv, seed: int) -> float:
    """The share of ``envs.num_envs`` games (engine seeds ``seed``, ``seed + 1``...) that
    the policy wins against the bots, its actions drawn from a generator seeded with
    ``seed`` too: a tie counts half (with ``reward="rank"``, a return of +1 wins, 0 ties).
    An untrained policy (all weights 0) is the random bot."""
    rng = np.random.default_rng(seed)
    observations, infos = envs.reset(seed=seed)
    returns, done = np.zeros(envs.num_envs), np.zeros(envs.num_envs, bool)
    while not done.all():
        actions, _, _ = policy.act(observations, infos["action_mask"], rng)
        observations, rewards, terminated, truncated, infos = envs.step(actions)
        returns += np.where(done, 0.0, rewards)
        done |= terminated | truncated
    return float(np.mean((np.sign(returns) + 1) / 2))


def learning_curve(
    episodes: int, every: int, games: int = 200, seed: int = 0, num_envs: int = 16
) -> tuple[LinearPolicy, list[tuple[int, float]]]:
    """Train a policy on printed Pyramido against the random bot for ``episodes`` games,
    measuring its win rate over ``games`` seeded games before and every ``every``
    episodes: the policy and the curve, ``(episodes, win rate)``."""
    envs = PyramidoVectorEnv(num_envs, "pyramido", 2, opponents="random", reward="rank")
    judge = PyramidoVectorEnv(games, "pyramido", 2, opponents="random", reward="rank")
    policy = LinearPolicy(envs)
    rng = np.random.default_rng(seed)
    curve = [(0, win_rate(policy, judge, 10_000 + seed))]
    for done in range(every, episodes + 1, every):
        train(policy, envs, every, rng)
        curve.append((done, win_rate(policy, judge, 10_000 + seed)))
    return policy, curve


def main(argv: Sequence[str] | None = None) -> None:
    """Plot the learning curve to the file named (its format from its suffix)."""
    parser = argparse.ArgumentParser(prog="python -m pyramido.adapters.reinforce", description=__doc__)
    parser.add_argument("plot", help="the file to draw the curve in (.svg, .png, .pdf)")
    parser.add_argument("--episodes", type=int, default=2000, help="games to train for (default 2000)")
    parser.add_argument("--every", type=int, default=100, help="games between measures (default 100)")
    parser.add_argument("--games", type=int, default=200, help="seeded games of a measure (default 200)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot

    _, curve = learning_curve(args.episodes, args.every, args.games, args.seed)
    figure, axes = pyplot.subplots(figsize=(7, 4))
    axes.plot([x for x, _ in curve], [y for _, y in curve], marker="o")
    axes.axhline(curve[0][1], color="grey", linestyle="--", label="untrained: the random bot's own play")
    axes.set(xlabel="training games", ylabel=f"share of {args.games} seeded games won", ylim=(0, 1))
    axes.set_title("REINFORCE, a linear masked softmax vs the random bot, 2-player Pyramido", fontsize=10)
    axes.legend(loc="lower right")
    figure.tight_layout()
    figure.savefig(args.plot)
    print(f"{args.plot}: {', '.join(f'{x}: {y:.2f}' for x, y in curve)}")


if __name__ == "__main__":
    main()

"""The learning environments' figures of ``pyramido bench``, beside the engine's own:
issue 27's targets are ratios measured in one run.

* **AEC**: random masked play through the PettingZoo AEC environment (``env(...)``), steps
  per second, for each game at 2 players, and the same loop over PettingZoo's own
  ``connect_four_v3`` (the anchor: its ratio is the target's figure);
* **engine**: the same games through the engine's checked API alone (``legal_indices``, a
  random choice, ``apply``): what the environment adds is the difference;
* **vector**: ``make_vec("pyramido/pyramido-v0", num_envs=16)``, random legal actions
  against random bots, env steps per second, the batch copied (Gymnasium's default) and not.

One random choice serves every AEC loop: a uniform legal index from the mask
(:func:`_masked_choice`), so that the anchor and ours pay the same for it; the vector loop
draws a uniform legal index of each game from one number a game, in numpy. Each figure is
a take of ``budget_s`` seconds of this process's CPU time, not wall time: on the shared
2-core machine another process took half the core or more during some takes and not
others, which made wall-time ratios of the same code swing from 0.8 to 1.9; CPU time
does not count the others' work. The takes run in the bench's rounds (``_best_of_rounds``). Nothing
is measured when the ``rl`` extra is not installed; the anchor needs ``pygame`` too
(PettingZoo's classic games import it), which the ``test`` extra brings.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from ..engine.game import Game
from ..engine.ruleset import load_ruleset

#: The games of the AEC and engine figures (2 players each).
AEC_GAMES = ("pyramido", "forgotten-treasures", "silver-gold-pyramids")
#: PettingZoo's game the AEC figures are compared with.
ANCHOR = "connect_four_v3"
VECTOR_GAMES = 16

Take = Callable[[], float]


def _masked_choice(mask: Any, rng: random.Random) -> int:
    """A uniform random index where ``mask`` is 1."""
    legal = mask.nonzero()[0]
    return int(legal[int(rng.random() * len(legal))])


def _aec_take(make: Callable[[], Any], budget_s: float) -> Take:
    """Random masked play of an AEC environment, every ``step`` counted (a terminated
    agent's ``None`` step too, as PettingZoo's loop takes it), new games for ``budget_s``."""
    aec, rng = make(), random.Random(0)

    def take() -> float:
        steps, seed, start = 0, 0, time.process_time()
        while time.process_time() - start < budget_s:
            aec.reset(seed=seed)
            seed += 1
            for _agent in aec.agent_iter():
                observation, _, terminated, truncated, _ = aec.last()
                aec.step(None if terminated or truncated else _masked_choice(observation["action_mask"], rng))
                steps += 1
        return steps / (time.process_time() - start)

    return take


def _engine_take(ruleset_id: str, budget_s: float) -> Take:
    """The same games' decisions through the engine's checked API alone."""
    ruleset, rng = load_ruleset(ruleset_id), random.Random(0)

    def take() -> float:
        steps, seed, start = 0, 0, time.process_time()
        while time.process_time() - start < budget_s:
            game = Game(ruleset, 2, seed)
            seed += 1
            while (decision := game.decision) is not None:
                player = decision.players[0]
                legal = game.legal_indices(player)
                game.apply(legal[int(rng.random() * len(legal))], player)
                steps += 1
        return steps / (time.process_time() - start)

    return take


def _vector_env(copy: bool) -> Any:
    """The vector environment of the figures: ``VECTOR_GAMES`` Pyramido games against
    random bots, the batch copied or not."""
    import gymnasium

    return gymnasium.make_vec(
        "pyramido/pyramido-v0",
        num_envs=VECTOR_GAMES,
        vectorization_mode="vector_entry_point",
        opponents="random",
        copy=copy,
    )


def _masked_picks(masks: Any, rng: Any) -> Any:
    """Each game's uniform legal index from the masks ``(games, actions)``: its k-th legal
    index, k uniform below its count, one draw a game (as :func:`_masked_choice`). Read
    from the flat list of legal positions: numpy's reductions along a row (``sum``,
    ``cumsum``) cost this loop several times as much, about 4% of an env step."""
    import numpy as np

    games, actions = masks.shape
    draws = rng.random(games)
    legal = np.flatnonzero(masks)  # by game, then action
    if not len(legal):
        return np.zeros(games, np.int64)  # every game ended: the step resets them, reading none
    edges = np.searchsorted(legal, np.arange(0, games * actions + 1, actions))
    starts, counts = edges[:-1], edges[1:] - edges[:-1]
    picks = starts + (draws * counts).astype(np.int64)
    # a game with none (it ended: the step resets it, reading no action) gets another's
    return legal.take(picks, mode="clip") % actions


def _vector_steps(envs: Any, rng: Any, infos: dict[str, Any], count: int) -> dict[str, Any]:
    """``count`` steps of ``envs``, each game's action a uniform legal index
    (:func:`_masked_picks`); the infos of the last step (whose masks the next step's
    actions are drawn from)."""
    for _ in range(count):
        _, _, _, _, infos = envs.step(_masked_picks(infos["action_mask"], rng))
    return infos


def _vector_take(budget_s: float, copy: bool) -> Take:
    import numpy as np

    envs, rng = _vector_env(copy), np.random.default_rng(0)
    _, infos = envs.reset(seed=0)

    def take() -> float:
        nonlocal infos
        steps, start = 0, time.process_time()
        while time.process_time() - start < budget_s:
            infos = _vector_steps(envs, rng, infos, 1)
            steps += VECTOR_GAMES
        return steps / (time.process_time() - start)

    return take


#: The vector takes' work as ``pyramido bench --play`` names it: copied or not.
VECTOR_WORKLOADS = {"vector": True, "vector-nocopy": False}


def vector_player(workload: str) -> Callable[[int], int]:
    """The work of a vector take (a key of :data:`VECTOR_WORKLOADS`), untimed, for a
    profiler: each call resets the same environment with seed 0 and makes ``count`` steps
    of it, and returns the env steps made (a second call is the warm one). Raises
    ``ValueError`` when the ``rl`` extra is missing."""
    try:
        from ..adapters import gymnasium  # noqa: F401  (registers the environments)
    except ImportError as exc:
        raise ValueError(f"{workload} needs the rl extra: pip install '.[rl]' ({exc})") from None
    import numpy as np

    envs = _vector_env(VECTOR_WORKLOADS[workload])

    def play(count: int) -> int:
        _, infos = envs.reset(seed=0)
        _vector_steps(envs, np.random.default_rng(0), infos, count)
        return count * VECTOR_GAMES

    return play


def takes(budget_s: float) -> dict[str, Take]:
    """The takes of the figures (keys ``aec:GAME``, ``engine:GAME``, ``aec:connect_four_v3``,
    ``vector``, ``vector-nocopy``); none when the ``rl`` extra is missing."""
    try:
        from ..adapters import gymnasium  # noqa: F401  (registers the environments)
        from ..adapters.pettingzoo import env
    except ImportError:
        return {}
    found: dict[str, Take] = {}
    for game in AEC_GAMES:
        found[f"aec:{game}"] = _aec_take(partial(env, game, 2), budget_s)
        found[f"engine:{game}"] = _engine_take(game, budget_s)
    try:
        from pettingzoo.classic import connect_four_v3

        found[f"aec:{ANCHOR}"] = _aec_take(connect_four_v3.env, budget_s)
    except ImportError:  # pygame missing
        pass
    found["vector"] = _vector_take(budget_s, copy=True)
    found["vector-nocopy"] = _vector_take(budget_s, copy=False)
    return found


def figures(best: dict[str, float]) -> dict[str, Any] | None:
    """The figures from the best takes: steps/s by game, each AEC rate's ratio to the
    anchor's and to the engine's, and the vector rates (``None`` without the extra)."""
    if "vector" not in best:
        return None
    anchor = best.get(f"aec:{ANCHOR}")
    games = {}
    for game in AEC_GAMES:
        aec, engine = best[f"aec:{game}"], best[f"engine:{game}"]
        games[f"{game}-2p"] = {
            "aec_steps_per_second": round(aec),
            "engine_steps_per_second": round(engine),
            "aec_over_engine": round(aec / engine, 2),
            "aec_over_anchor": None if anchor is None else round(aec / anchor, 2),
        }
    return {
        "aec": games,
        "anchor": ANCHOR,
        "anchor_steps_per_second": None if anchor is None else round(anchor),
        "vector_games": VECTOR_GAMES,
        "vector_env_steps_per_second": round(best["vector"]),
        "vector_env_steps_per_second_nocopy": round(best["vector-nocopy"]),
    }

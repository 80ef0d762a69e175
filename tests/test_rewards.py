"""Rewards chosen by name (pyramido.adapters.rewards, docs/adapters.md "Rewards"): what
each kind's rewards add up to over whole games, elimination's own terminal reward, and
the public facts read from a game's state agreeing with its observation."""

from __future__ import annotations

import pytest
from rl_games import TABLES, random_game

from pyramido.adapters.facts import Facts
from pyramido.adapters.rewards import KINDS, Rewards, final_rewards, margins
from pyramido.adapters.tensors import encoder
from pyramido.engine.game import Game
from pyramido.engine.views import RankingRow
from pyramido.errors import ArgumentError


def _returns(ruleset: str, num_players: int, seed: int, kind: str, elimination: float | None) -> tuple[
    list[list[float]], Game, Rewards
]:  # fmt: skip
    """Every step's rewards of a random game, the game, its rewards."""
    games = random_game(ruleset, num_players, seed=seed)
    game = next(games)
    rewards = Rewards(game, kind, Facts(encoder(ruleset, num_players)), elimination)
    return [rewards.step() for game in games], game, rewards


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize(("ruleset", "num_players"), [(r, n) for r, n in TABLES if n in (1, 3)])
def test_each_kind_adds_up_to_its_final_value(ruleset: str, num_players: int, kind: str) -> None:
    """Without elimination's own reward: ``rank`` and ``score_margin`` are 0 until the end;
    ``dense`` and ``score`` follow the public score; all add up to the final ranking's
    value (rank reward, margin, or score)."""
    steps, game, _ = _returns(ruleset, num_players, 9, kind, None)
    totals = [sum(step[seat] for step in steps) for seat in range(num_players)]
    assert game.is_over and totals == final_rewards(game, kind)
    if kind in ("rank", "score_margin"):
        assert all(step == [0.0] * num_players for step in steps[:-1])
    if kind == "rank" and num_players > 1:
        assert sum(totals) == pytest.approx(0) and all(-1 <= t <= 1 for t in totals)


def test_dense_rewards_follow_the_score_and_correct_to_the_margin() -> None:
    steps, game, _ = _returns("pyramido-no-elimination", 2, 3, "dense", None)
    scored = [step for step in steps[:-1] if any(step)]
    assert scored, "stage scores come as dense rewards during the game"
    assert [sum(step[seat] for step in steps) for seat in (0, 1)] == margins(game.ranking(), 2)


def test_the_margin_is_against_the_best_other_row_still_in() -> None:
    rows = [RankingRow(1, 1, 30), RankingRow(2, 2, 25), RankingRow(0, 3, 40, out=True)]
    assert margins(rows, 3) == [40 - 30, 30 - 25, 25 - 30]
    assert margins([RankingRow(0, 1, 12)], 1) == [12.0]  # nobody else: the score itself


@pytest.mark.parametrize("kind", KINDS)
def test_elimination_ends_a_seat_s_rewards_at_its_own_value(kind: str) -> None:
    """Printed Pyramido, random seats: a seat that goes out gets, at that step, what brings
    its rewards to ``elimination``, and nothing after; the others get their kind's final
    value at the end."""
    for seed in range(20):
        steps, game, rewards = _returns("pyramido", 3, seed, kind, -5.0)
        if any(rewards.out) and not all(rewards.out):
            break
    final = final_rewards(game, kind)
    for seat in range(3):
        total = sum(step[seat] for step in steps)
        assert total == (-5.0 if rewards.out[seat] else final[seat])
    out = rewards.out.index(True)
    last = max(at for at, step in enumerate(steps) if step[out] != 0)
    assert last < len(steps) - 1 and game.ranking()[-1].out


def test_the_public_facts_read_from_pyramido_s_state_are_the_observation_s() -> None:
    facts = Facts(encoder("pyramido", 3))
    assert facts.has_elimination and not Facts(encoder("silver-gold-pyramids", 2)).has_elimination
    for game in random_game("pyramido", 3, seed=5, bot="greedy"):
        if game.is_over:
            break
        players = game.observation(None)["players"]
        assert facts.scores(game) == [view["score"] for view in players]
        assert facts.out(game) == [view["out"] for view in players]


def test_a_bad_kind_or_elimination_is_a_clear_error() -> None:
    game, facts = Game("pyramido", 2), Facts(encoder("pyramido", 2))
    with pytest.raises(
        ArgumentError, match="rewards are 'rank', 'score_margin', 'dense', 'score', not 'points'"
    ):
        Rewards(game, "points", facts)
    with pytest.raises(ArgumentError, match=r"elimination is a reward \(a number\) or None, not 'lose'"):
        Rewards(game, "rank", facts, "lose")  # type: ignore[arg-type]  # as untyped callers may pass

"""Bots: legal, deterministic, and the greedy bot clearly stronger than random."""

from __future__ import annotations

import statistics

import pytest

from pyramido import Game
from pyramido.bots import Bot, make_bot, play_out


@pytest.mark.parametrize(
    ("ruleset", "margin"), [("pyramido", 30), ("forgotten-treasures", 25), ("silver-gold-pyramids", 40)]
)
def test_greedy_scores_well_above_random_over_seeded_games(ruleset: str, margin: int) -> None:
    greedy_scores, random_scores = [], []
    for seed in range(12):
        game = Game(ruleset, 2, seed)
        greedy_seat = seed % 2  # alternate seats: no first-player advantage
        bots = [make_bot("greedy", seed), make_bot("random", seed)]
        if greedy_seat == 1:
            bots.reverse()
        play_out(game, bots)
        score = {r.player: r.score for r in game.ranking()}
        greedy_scores.append(score[greedy_seat])
        random_scores.append(score[1 - greedy_seat])
    assert statistics.mean(greedy_scores) > statistics.mean(random_scores) + margin
    assert sum(g > r for g, r in zip(greedy_scores, random_scores, strict=True)) >= 11


def test_greedy_against_greedy_scores_like_the_rulebook_tables() -> None:
    """Four greedy players score in the range of the rulebook's sheet (83-98)."""
    game = Game("pyramido", 4, 2)
    play_out(game, [make_bot("greedy", p) for p in range(4)])
    scores = [r.score for r in game.ranking()]
    assert 50 <= statistics.mean(scores) <= 110


@pytest.mark.parametrize("name", ["greedy", "random"])
@pytest.mark.parametrize(
    ("ruleset", "players", "options"),
    [
        ("pyramido", 3, {}),
        ("forgotten-treasures", 3, {}),
        ("forgotten-treasures", 1, {"solo": "the-legend"}),
        ("silver-gold-pyramids", 3, {}),
        ("silver-gold-pyramids", 1, {}),
    ],
)
def test_bots_only_choose_legal_actions(
    name: str, ruleset: str, players: int, options: dict[str, str]
) -> None:
    game = Game(ruleset, players, 4, options)
    bot = make_bot(name, 1)
    while not game.is_over:
        assert game.decision is not None
        for player in game.decision.players:
            choice = bot.choose(game, player)
            assert choice in game.legal_indices(player)
            game.apply(choice, player=player)


def test_unknown_bot_is_named() -> None:
    with pytest.raises(ValueError, match="unknown bot 'smart'; bots are greedy, mcts, random"):
        make_bot("smart")


def test_a_bot_made_by_name_keeps_no_ruleset_it_read_for_the_names() -> None:
    """Checking a bot's name reads every shipped ruleset, house rules and all: none of them
    stays loaded (each would be thousands of objects for the garbage collector)."""
    import gc

    from pyramido.bots import shipped_bot_names
    from pyramido.engine.actions import ActionSpace

    def spaces() -> int:
        gc.collect()
        return sum(type(thing) is ActionSpace for thing in gc.get_objects())

    shipped_bot_names.cache_clear()
    before = spaces()
    make_bot("random", 3)
    assert shipped_bot_names() == ("greedy", "mcts", "random")
    assert spaces() == before


def test_a_greedy_bot_reused_across_games_and_rulesets_plays_as_a_fresh_one() -> None:
    """What the Pyramido greedy bot keeps between decisions (the placement values of a
    turn, the marker sets of a game) never leaks into another game: one bot per seat for a
    game of each ruleset in turn plays every game as fresh bots do."""
    from pyramido import load_ruleset
    from pyramido.engine.record import dumps, make_record

    def record(ruleset: str, seed: int, bots: list[Bot]) -> str:
        game = Game(ruleset, 2, seed)
        play_out(game, bots)
        return dumps(make_record(game))

    reused = [make_bot("greedy", p, load_ruleset("pyramido")) for p in range(2)]
    for ruleset, seed in [("pyramido", 3), ("pyramido-largest-mino", 4), ("pyramido", 5)]:
        fresh = [make_bot("greedy", p, load_ruleset(ruleset)) for p in range(2)]
        assert record(ruleset, seed, reused) == record(ruleset, seed, fresh), (ruleset, seed)

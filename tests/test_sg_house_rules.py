"""The shipped Silver & Gold house rules (``rulesets/house-rules/sg-*.yaml``): each changes
what the game does, and every one plays whole games with each bot."""

from __future__ import annotations

import pytest
from sg_scenario import OPEN, card, cells, give, kept, new_game, reveal, set_score, shape_action, state

from pyramido import load_ruleset
from pyramido.bots import make_bot, play_out
from pyramido.resources import shipped_rulesets

HOUSE_RULES = sorted(rid for rid in shipped_rulesets() if rid.startswith("sg-"))
WALLED = ["#E###", "#####", "#####", "#####", "##T##"]  # nothing to mark once the entrance is


def test_the_shipped_house_rules() -> None:
    assert HOUSE_RULES == [
        "sg-draw-5-keep-2",
        "sg-keep-3-of-4",
        "sg-kept-crosses",
        "sg-potion-one-skull",
        "sg-skull-for-passing",
    ]


@pytest.mark.parametrize("bot", ["greedy", "random"])
@pytest.mark.parametrize("ruleset_id", HOUSE_RULES)
def test_fifty_seeded_games_play_to_the_end(ruleset_id: str, bot: str) -> None:
    ruleset = load_ruleset(ruleset_id)
    for seed in range(50):
        players = 1 + seed % 2  # solo and two players: more seats add no rule, only time
        game = new_game(players, seed, ruleset)
        play_out(game, [make_bot(bot, seed + p, ruleset) for p in range(players)])
        assert len(game.ranking()) == players


def test_potion_one_skull_erases_one_skull_not_two() -> None:
    for ruleset, left in (("silver-gold-pyramids", 1), ("sg-potion-one-skull", 2)):
        game = kept(new_game(ruleset=ruleset))
        give(game, 0, 0, card(101, [".Ep..", ".....", ".....", ".....", "..T.."]))
        set_score(game, 0, skulls=3)
        reveal(game, "domino")
        game.apply(shape_action("domino", 0, (1, 0), (2, 0)), player=0)
        assert state(game).seats[0].score.skulls == left


@pytest.mark.parametrize(("ruleset_id", "drawn", "choices", "in_play"), [
    ("silver-gold-pyramids", 4, 6, 2),
    ("sg-keep-3-of-4", 4, 4, 3),
    ("sg-draw-5-keep-2", 5, 10, 2),
])  # fmt: skip
def test_draw_and_keep(ruleset_id: str, drawn: int, choices: int, in_play: int) -> None:
    """Cards drawn, the ways to keep some, and the cards then in front of each player, who
    mark on any of them (the action space's ``card`` field follows the ruleset)."""
    game = new_game(2, 5, ruleset_id)
    assert [len(seat.hand) for seat in state(game).seats] == [drawn, drawn]
    assert len(game.legal_indices(0)) == choices
    for player in (0, 1):
        game.apply(game.legal_indices(player)[-1], player=player)
    assert [len(seat.cards) for seat in state(game).seats] == [in_play, in_play]
    assert len(state(game).deck) == 48 - 2 * in_play - 4
    marked_cards = {game.space.action(i).values[0] for i in game.legal_indices(0)}
    assert marked_cards == set(range(in_play))


def test_kept_crosses_wait_for_the_next_marking() -> None:
    """A cross that can go nowhere is lost as printed; kept, it is marked after the
    player's next marking (here on the card that replaced a walled one)."""
    for ruleset, owed in (("silver-gold-pyramids", 0), ("sg-kept-crosses", 1)):
        game = kept(new_game(ruleset=ruleset))
        give(game, 0, 0, card(101, ["#Ex##", "#####", "#####", "#####", "##T##"]))
        give(game, 0, 1, card(102, WALLED), marks=cells((1, 0)))
        reveal(game, "domino")
        game.apply(shape_action("domino", 0, (1, 0), (2, 0)), player=0)
        seat = state(game).seats[0]
        assert seat.done and seat.crosses == owed
    assert not [e for e in game.steps[-1]["events"] if e["type"] == "cross_lost"]
    assert game.observation(0)["players"][0]["crosses_owed"] == 1
    game.apply(game.legal_indices(1)[0], player=1)
    give(game, 0, 1, card(103, OPEN))
    reveal(game, "domino")
    game.apply(shape_action("domino", 1, (1, 0), (1, 1)), player=0)
    assert {game.space.action(i).kind for i in game.legal_indices(0)} == {"cross"}
    game.apply({"kind": "cross", "card": 1, "cell": 11}, player=0)  # (1, 2)
    assert state(game).seats[0].crosses == 0 and state(game).seats[0].done


def test_skull_for_passing() -> None:
    for ruleset, skulls in (("silver-gold-pyramids", 0), ("sg-skull-for-passing", 1)):
        game = kept(new_game(ruleset=ruleset))
        give(game, 0, 0, card(101, WALLED), marks=cells((1, 0)))
        give(game, 0, 1, card(102, WALLED), marks=cells((1, 0)))
        game.apply({"kind": "pass"}, player=0)
        assert state(game).seats[0].score.skulls == skulls

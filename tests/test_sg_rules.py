"""Every rule of Silver & Gold Pyramids (RULINGS section 4), each with a test."""

from __future__ import annotations

import json
from typing import Any

import pytest

from pyramido import Game, IllegalActionError, make_record, replay
from pyramido.bots import make_bot, play_out
from pyramido.games.silver_gold import Card, State
from pyramido.shapes import SHAPE_TABLE, placement_id

COLOURS = ["green", "orange", "purple"]
OPEN = [".E...", ".....", ".....", ".....", "..T.."]


def new_game(players: int = 2, seed: int = 1) -> Game:
    return Game("silver-gold-pyramids", players, seed)


def state(game: Game) -> State:
    found: State = game.state
    return found


def card(number: int, rows: list[str], colour: str = "green") -> Card:
    return Card.from_data({"number": number, "colour": colour, "rows": rows}, COLOURS)


def kept(game: Game) -> Game:
    """Everybody keeps their first two cards; the first expedition card is revealed."""
    for player in range(game.num_players):
        game.apply({"kind": "keep", "pair": "1+2"}, player=player)
    return game


def give(game: Game, player: int, slot: int, new: Card, marks: int = 0) -> None:
    """Put a hand-made card in front of a player (numbers 101+ avoid the real ones)."""
    s = state(game)
    s.cards[new.number] = new
    seat = s.seats[player]
    seat.cards[slot] = new.number
    seat.marks[new.number] = marks
    game._legal.clear()


def reveal(game: Game, shape: str) -> None:
    state(game).revealed = shape
    game._legal.clear()


def cells(*points: tuple[int, int]) -> int:
    return sum(1 << (y * 5 + x) for x, y in points)


def shape_action(shape: str, slot: int, *points: tuple[int, int]) -> dict[str, Any]:
    return {"kind": "shape", "card": slot, "placement": placement_id(shape, cells(*points))}


def snapshot(game: Game) -> str:
    return repr(game.state) + repr(game.decision)


# --- setup ------------------------------------------------------------------------------


def test_each_player_keeps_two_of_four_and_returns_two_to_the_deck() -> None:
    game = new_game(3)
    s = state(game)
    assert game.decision is not None and game.decision.kind == "keep" and game.decision.players == (0, 1, 2)
    hand = list(s.seats[0].hand)
    assert len(hand) == 4 and len(s.deck) == 48 - 12
    assert game.observation(1)["players"][0]["hand"] == 4  # others' draws are hidden
    game.apply({"kind": "keep", "pair": "2+4"}, player=0)
    assert s.seats[0].cards == [hand[1], hand[3]]
    assert game.decision.players == (1, 2)  # type: ignore[union-attr]
    game.apply({"kind": "keep", "pair": "1+2"}, player=1)
    game.apply({"kind": "keep", "pair": "1+2"}, player=2)
    assert len(s.deck) + 4 == 48 - 6 and all(c is not None for c in s.offer)
    assert hand[0] in s.deck + s.offer and hand[2] in s.deck + s.offer
    assert game.decision.kind == "mark" and s.revealed in SHAPE_TABLE  # type: ignore[union-attr]


def test_a_round_uses_7_of_the_8_expedition_cards_then_reshuffles_all_8() -> None:
    game = kept(new_game(2))
    play_out(game, [make_bot("random", 1), make_bot("random", 2)])
    events = [e for s in game.steps for e in s["events"]]
    rounds = [e for e in events if e["type"] == "round_start"]
    assert len(rounds) == 4 and all(
        sorted(r["expeditions"]) == sorted(rounds[0]["expeditions"]) for r in rounds
    )
    for number in range(1, 5):
        shown = [e for e in events if e["type"] == "expedition" and e["round"] == number]
        assert len(shown) == 7
    assert all(len(e["unused"]) == 1 for e in events if e["type"] == "round_end")


# --- marking --------------------------------------------------------------------------------


def test_the_first_mark_on_a_card_covers_the_entrance() -> None:
    game = kept(new_game())
    give(game, 0, 0, card(101, OPEN))
    reveal(game, "straight3")
    before = snapshot(game)
    with pytest.raises(IllegalActionError, match="must cover its entrance"):
        game.apply(shape_action("straight3", 0, (2, 0), (3, 0), (4, 0)), player=0)
    with pytest.raises(IllegalActionError, match="must cover its entrance"):
        game.apply({"kind": "cell", "card": 0, "cell": 2}, player=0)
    assert snapshot(game) == before
    game.apply(shape_action("straight3", 0, (1, 0), (1, 1), (1, 2)), player=0)
    assert state(game).seats[0].marks[101] == cells((1, 0), (1, 1), (1, 2))


def test_later_marks_touch_a_marked_cell_and_avoid_walls_and_marked_cells() -> None:
    game = kept(new_game())
    rows = [".E...", ".#...", ".....", ".....", "..T.."]
    give(game, 0, 0, card(101, rows), marks=cells((1, 0)))
    reveal(game, "domino")
    with pytest.raises(IllegalActionError, match="walls cannot be marked"):
        game.apply(shape_action("domino", 0, (1, 1), (1, 2)), player=0)
    with pytest.raises(IllegalActionError, match="only once"):
        game.apply(shape_action("domino", 0, (0, 0), (1, 0)), player=0)
    with pytest.raises(IllegalActionError, match="touch"):
        game.apply(shape_action("domino", 0, (3, 3), (4, 3)), player=0)
    with pytest.raises(IllegalActionError, match="touch"):
        game.apply({"kind": "cell", "card": 0, "cell": 12}, player=0)
    game.apply(shape_action("domino", 0, (2, 0), (2, 1)), player=0)


def test_the_shape_must_be_the_revealed_one_in_any_orientation() -> None:
    game = kept(new_game())
    give(game, 0, 0, card(101, OPEN))
    reveal(game, "domino")
    with pytest.raises(IllegalActionError, match="shows a domino: placement 50 is not one of its"):
        game.apply({"kind": "shape", "card": 0, "placement": 50}, player=0)
    reveal(game, "l4")
    legal = {game.space.action(i).values for i in game.legal_indices(0)}
    vertical = placement_id("l4", cells((1, 0), (1, 1), (1, 2), (2, 2)))
    mirrored = placement_id("l4", cells((1, 0), (1, 1), (1, 2), (0, 2)))
    assert (0, vertical) in legal and (0, mirrored) in legal


def test_doing_nothing_is_not_allowed_but_a_player_with_nothing_to_mark_passes() -> None:
    game = kept(new_game())
    assert game.space.index("pass") not in game.legal_indices(0)
    with pytest.raises(IllegalActionError, match="must be shape or cell or pass"):
        game.apply({"kind": "replace", "source": "deck"}, player=0)
    walled = ["#E###", "#####", "#####", "#####", "##T##"]
    give(game, 0, 0, card(101, walled), marks=cells((1, 0)))
    give(game, 0, 1, card(102, walled), marks=cells((1, 0)))
    assert game.legal_indices(0) == [game.space.index("pass")]


def test_choices_stay_hidden_until_everybody_has_marked() -> None:
    game = kept(new_game())
    give(game, 0, 0, card(101, OPEN))
    from pyramido.games.silver_gold import _snapshot

    _snapshot(game)
    reveal(game, "domino")
    game.apply(shape_action("domino", 0, (1, 0), (1, 1)), player=0)
    assert game.observation(1)["players"][0]["cards"][0]["marked"] == []
    assert game.observation(0)["players"][0]["cards"][0]["marked"] == [1, 6]


# --- symbols ----------------------------------------------------------------------------------


def test_a_cross_gives_one_more_single_mark_and_crosses_chain() -> None:
    game = kept(new_game())
    give(game, 0, 0, card(101, [".Ex..", "..x..", ".....", ".....", "..T.."]))
    reveal(game, "domino")
    game.apply(shape_action("domino", 0, (1, 0), (2, 0)), player=0)  # the entrance and a cross
    assert game.decision is not None and 0 in game.decision.players
    assert {game.space.action(i).kind for i in game.legal_indices(0)} == {"cross"}
    game.apply({"kind": "cross", "card": 0, "cell": 7}, player=0)  # (2, 1): another cross
    assert state(game).seats[0].crosses == 1
    game.apply({"kind": "cross", "card": 0, "cell": 12}, player=0)
    assert state(game).seats[0].crosses == 0 and state(game).seats[0].done


def test_gems_are_capped_at_ten_per_colour() -> None:
    game = kept(new_game())
    give(game, 0, 0, card(101, [".Er..", "..g..", ".....", ".....", "..T.."]))
    state(game).seats[0].score.red = 10
    reveal(game, "l3")
    game.apply(shape_action("l3", 0, (1, 0), (2, 0), (2, 1)), player=0)
    score = state(game).seats[0].score
    assert score.red == 10 and score.green == 1


def test_one_torch_per_round() -> None:
    game = kept(new_game())
    give(game, 0, 0, card(101, [".Et..", "..t..", ".....", ".....", "..T.."]))
    reveal(game, "l3")
    game.apply(shape_action("l3", 0, (1, 0), (2, 0), (2, 1)), player=0)  # two torches at once
    assert state(game).seats[0].score.torches == [True, False, False, False]
    mark = next(e for e in game.steps[-1]["events"] if e["type"] == "mark")
    assert mark["symbols"]["torch"] == 2 and mark["torch_ticked"]


def test_skulls_tick_in_order_and_a_potion_erases_the_two_worst_after_them() -> None:
    game = kept(new_game())
    give(game, 0, 0, card(101, [".Es..", "..sp.", ".....", ".....", "..T.."]))
    score = state(game).seats[0].score
    score.skulls = [True, True, True] + [False] * 7
    reveal(game, "t4")
    game.apply(shape_action("t4", 0, (1, 0), (2, 0), (3, 0), (2, 1)), player=0)  # 2 skulls, no potion
    assert score.skulls == [True] * 5 + [False] * 5
    give(game, 1, 0, card(102, [".Es..", "..p..", ".....", ".....", "..T.."]))
    state(game).seats[1].score.skulls = [True] + [False] * 9
    game.apply(shape_action("t4", 0, (1, 0), (2, 0), (3, 0), (2, 1)), player=1)  # skull then potion
    assert state(game).seats[1].score.skulls == [False] * 10


def test_skulls_are_capped_at_ten() -> None:
    game = kept(new_game())
    give(game, 0, 0, card(101, [".Es..", ".....", ".....", ".....", "..T.."]))
    state(game).seats[0].score.skulls = [True] * 10
    reveal(game, "domino")
    game.apply(shape_action("domino", 0, (1, 0), (2, 0)), player=0)
    assert state(game).seats[0].score.skulls == [True] * 10


# --- completed cards and bonuses ----------------------------------------------------------------


def test_a_completed_card_is_set_aside_and_replaced_from_the_deck_or_the_offer() -> None:
    game = kept(new_game())
    s = state(game)
    give(game, 0, 0, card(101, OPEN), marks=cells((1, 0), (1, 1), (1, 2), (1, 3)))
    reveal(game, "domino")
    game.apply(shape_action("domino", 0, (1, 4), (2, 4)), player=0)
    game.apply(game.legal_indices(1)[0], player=1)
    assert game.decision is not None and game.decision.kind == "replace" and game.decision.players == (0,)
    assert s.seats[0].score.completed == [101] and s.seats[0].cards[0] is None
    offered = s.offer[2]
    deck_top = s.deck[-1]
    game.apply({"kind": "replace", "source": "offer 3"})
    assert s.seats[0].cards[0] == offered
    assert s.offer[2] == deck_top  # the offer is refilled to 4


def test_replacement_from_an_empty_offer_slot_is_refused_and_empty_deck_means_no_refill() -> None:
    game = kept(new_game())
    s = state(game)
    give(game, 0, 0, card(101, OPEN), marks=cells((1, 0), (1, 1), (1, 2), (1, 3)))
    s.deck, s.offer = [], [None, 7, None, None]
    reveal(game, "domino")
    game.apply(shape_action("domino", 0, (1, 4), (2, 4)), player=0)
    game.apply(game.legal_indices(1)[0], player=1)
    before = snapshot(game)
    with pytest.raises(IllegalActionError, match="offer 1 has no card"):
        game.apply({"kind": "replace", "source": "offer 1"})
    with pytest.raises(IllegalActionError, match="deck has no card"):
        game.apply({"kind": "replace", "source": "deck"})
    assert snapshot(game) == before
    game.apply({"kind": "replace", "source": "offer 2"})
    assert s.offer == [None, None, None, None] and s.seats[0].cards[0] == 7


def test_replacements_go_by_ascending_card_number() -> None:
    game = kept(new_game())
    near = [(1, 0), (1, 1), (1, 2), (1, 3)]
    give(game, 0, 0, card(130, OPEN), marks=cells(*near))
    give(game, 1, 0, card(120, OPEN), marks=cells(*near))
    reveal(game, "domino")
    game.apply(shape_action("domino", 0, (1, 4), (2, 4)), player=0)
    game.apply(shape_action("domino", 0, (1, 4), (2, 4)), player=1)
    assert game.decision is not None and game.decision.players == (1,)  # card 120 first
    game.apply({"kind": "replace", "source": "deck"})
    assert game.decision.players == (0,)  # type: ignore[union-attr]


def _complete(game: Game, player: int, number: int, colour: str) -> None:
    give(game, player, 0, card(number, OPEN, colour), marks=cells((1, 0), (1, 1), (1, 2), (1, 3)))


def test_colour_bonuses_10_6_3_at_the_2nd_4th_6th_card_and_simultaneous_claims_by_number() -> None:
    """The rulebook's example: Sara completes her 2nd purple (card 33), Teo his 4th purple
    (card 15) in the same step, after somebody took the purple 10: Teo gets 6, Sara 3."""
    game = kept(new_game(3))
    s = state(game)
    purple = COLOURS.index("purple")
    s.bonuses[purple] = [6, 3]
    s.seats[0].score.completed = [5]  # Sara: one purple before
    s.seats[1].score.completed = [8, 11, 14]  # Teo: three purple before
    s.cards[33] = card(33, OPEN, "purple")
    s.cards[15] = card(15, OPEN, "purple")
    for number in (5, 8, 11, 14):
        s.cards[number] = card(number, OPEN, "purple")
    for player, number in ((0, 33), (1, 15)):
        s.seats[player].cards[0] = number
        s.seats[player].marks[number] = cells((1, 0), (1, 1), (1, 2), (1, 3))
    game._legal.clear()
    reveal(game, "domino")
    game.apply(shape_action("domino", 0, (1, 4), (2, 4)), player=0)
    game.apply(shape_action("domino", 0, (1, 4), (2, 4)), player=1)
    game.apply(game.legal_indices(2)[0], player=2)
    while game.decision is not None and game.decision.kind == "replace":
        game.apply(game.legal_indices()[0])
    assert s.seats[1].score.bonuses == [{"colour": "purple", "points": 6, "card": 15}]
    assert s.seats[0].score.bonuses == [{"colour": "purple", "points": 3, "card": 33}]
    assert s.bonuses[purple] == []


def test_the_first_bonus_of_a_colour_is_ten_and_odd_counts_claim_nothing() -> None:
    game = kept(new_game())
    s = state(game)
    s.seats[0].score.completed = [1]  # card 1 is green (colours in turn)
    _complete(game, 0, 101, "green")
    _complete(game, 1, 102, "green")  # player 1's first green
    reveal(game, "domino")
    game.apply(shape_action("domino", 0, (1, 4), (2, 4)), player=0)
    game.apply(shape_action("domino", 0, (1, 4), (2, 4)), player=1)
    while game.decision is not None and game.decision.kind == "replace":
        game.apply(game.legal_indices()[0])
    assert s.seats[0].score.bonuses == [{"colour": "green", "points": 10, "card": 101}]
    assert s.seats[1].score.bonuses == []


# --- end ------------------------------------------------------------------------------------


def test_rulebook_final_score_example_is_111() -> None:
    """7 cards, 2 torches, bonuses 10 + 6 + 3, 6 red and 3 green gems, 3 ticked skulls."""
    game = new_game()
    score = state(game).seats[0].score
    score.completed = [1, 2, 3, 4, 5, 6, 7]
    score.torches = [True, False, False, True]
    score.bonuses = [
        {"colour": "orange", "points": 10},
        {"colour": "green", "points": 6},
        {"colour": "green", "points": 3},
    ]
    score.red, score.green = 6, 3
    score.skulls = [True, True, True] + [False] * 7
    result = game.rules.score_stage(game, 0)
    assert [line["points"] for line in result["lines"]] == [10, 19, 15, 3, -6, 70]
    assert result["total"] == 111


def test_a_tie_goes_to_the_lowest_numbered_completed_card() -> None:
    game = new_game()
    s = state(game)
    s.seats[0].score.completed = [30, 12]
    s.seats[1].score.completed = [9, 40]
    game.decision = None
    assert [r["player"] for r in game.ranking()] == [1, 0]
    assert [r["rank"] for r in game.ranking()] == [1, 2]


@pytest.mark.parametrize("players", [1, 2, 4])
def test_whole_games_end_after_four_rounds_and_replay(players: int) -> None:
    game = new_game(players, seed=players)
    play_out(game, [make_bot("greedy", p) for p in range(players)])
    finals = [e for s in game.steps for e in s["events"] if e["type"] == "final_score"]
    assert len(finals) == players
    replay(json.loads(json.dumps(make_record(game))))


def test_cards_take_several_expedition_cards_each() -> None:
    """The provisional cards are hard enough: the greedy bot needs well over 2 expedition
    cards per completed card (a game has 28)."""
    completed = []
    for seed in range(4):
        game = new_game(2, seed)
        play_out(game, [make_bot("greedy", 0), make_bot("greedy", 1)])
        completed += [len(s.score.completed) for s in state(game).seats]
    assert 28 / (sum(completed) / len(completed)) > 2.5


def test_completed_cards_stay_visible_and_marks_are_revealed_together() -> None:
    game = kept(new_game())
    give(game, 0, 0, card(101, OPEN), marks=cells((1, 0), (1, 1), (1, 2), (1, 3)))
    reveal(game, "domino")
    game.apply(shape_action("domino", 0, (1, 4), (2, 4)), player=0)
    game.apply(game.legal_indices(1)[0], player=1)
    events = [e["type"] for e in game.steps[-1]["events"]]
    assert events[events.index("marks_revealed") + 1] == "card_completed"
    observation = game.observation(1)
    assert "101" in observation["cards"] and observation["players"][0]["score_card"]["completed"] == [101]


def test_a_simultaneous_decision_needs_the_player_named() -> None:
    game = new_game(2)
    with pytest.raises(IllegalActionError, match=r"players \[0, 1\] decide 'keep' at once: say which"):
        game.apply({"kind": "keep", "pair": "1+2"})
    game.apply({"kind": "keep", "pair": "1+2"}, player=1)
    with pytest.raises(IllegalActionError, match="not player 1's decision"):
        game.apply({"kind": "keep", "pair": "1+2"}, player=1)


def test_a_player_who_can_mark_nothing_passes() -> None:
    game = kept(new_game())
    walled = ["#E###", "#####", "#####", "#####", "##T##"]
    give(game, 0, 0, card(101, walled), marks=cells((1, 0)))
    give(game, 0, 1, card(102, walled), marks=cells((1, 0)))
    game.apply({"kind": "pass"}, player=0)
    assert state(game).seats[0].done and game.steps[-1]["events"][-1]["type"] == "pass"


def test_a_cross_with_nowhere_to_go_is_lost() -> None:
    game = kept(new_game())
    give(game, 0, 0, card(101, ["#Ex##", "#####", "#####", "#####", "##T##"]))
    give(game, 0, 1, card(102, ["#E###", "#####", "#####", "#####", "##T##"]), marks=cells((1, 0)))
    reveal(game, "domino")
    game.apply(shape_action("domino", 0, (1, 0), (2, 0)), player=0)
    assert state(game).seats[0].crosses == 0 and state(game).seats[0].done
    assert {"type": "cross_lost", "player": 0, "count": 1} in game.steps[-1]["events"]


def test_with_no_card_in_deck_or_offer_a_completed_card_is_not_replaced() -> None:
    game = kept(new_game())
    s = state(game)
    give(game, 0, 0, card(101, OPEN), marks=cells((1, 0), (1, 1), (1, 2), (1, 3)))
    s.deck, s.offer = [], [None] * 4
    reveal(game, "domino")
    game.apply(shape_action("domino", 0, (1, 4), (2, 4)), player=0)
    game.apply(game.legal_indices(1)[0], player=1)
    assert s.seats[0].cards[0] is None and game.decision is not None and game.decision.kind == "mark"
    with pytest.raises(IllegalActionError, match="no pyramid card in slot 1"):
        game.apply({"kind": "cell", "card": 0, "cell": 1}, player=0)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda cards: cards[1].update(number=1), "card numbers must be unique"),
        (
            lambda cards: cards[0].update(rows=["..E..", ".....", ".....", ".....", "....."]),
            "one T in the bottom",
        ),
        (
            lambda cards: cards[0].update(rows=["..E..", "#####", ".....", ".....", "..T.."]),
            "cannot be reached",
        ),
        (lambda cards: cards[0].update(colour="blue"), "'blue' is not in colours"),
    ],
)
def test_malformed_pyramid_cards_are_reported(tmp_path: Any, change: Any, message: str) -> None:
    import yaml

    from pyramido import RulesetError, load_ruleset

    cards = [dict(c) for c in load_ruleset("silver-gold-pyramids").components["pyramid_cards"]]
    change(cards)
    path = tmp_path / "cards.yaml"
    path.write_text(
        yaml.safe_dump({"extends": "silver-gold-pyramids", "id": "x", "components": {"pyramid_cards": cards}})
    )
    with pytest.raises(RulesetError, match=message):
        load_ruleset(path)


def test_an_unknown_expedition_shape_is_reported(tmp_path: Any) -> None:
    import yaml

    from pyramido import RulesetError, load_ruleset

    path = tmp_path / "shapes.yaml"
    overlay = {
        "extends": "silver-gold-pyramids",
        "id": "x",
        "components": {"expedition_cards": ["domino", "z5"]},
    }
    path.write_text(yaml.safe_dump(overlay))
    with pytest.raises(RulesetError, match=r"expedition_cards\[1\]: unknown shape 'z5'"):
        load_ruleset(path)

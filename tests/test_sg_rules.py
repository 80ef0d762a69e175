"""Every rule of Silver & Gold Pyramids (docs/rules.md §4), each with a test."""

from __future__ import annotations

import itertools
import json
from typing import Any

import pytest
from sg_scenario import (
    COLOURS,
    OPEN,
    card,
    cells,
    give,
    kept,
    new_game,
    reveal,
    set_score,
    shape_action,
    state,
)

from pyramido import Game, IllegalActionError, make_record, replay
from pyramido.bots import make_bot, play_out
from pyramido.games.silver_gold.shapes import SHAPE_TABLE, placement_id
from pyramido.games.silver_gold.views import Bonus, ScoreCard


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
    rounds = [e for e in events if e["type"] == "expeditions_shuffled"]
    assert len(rounds) == 4 and all(
        sorted(r["expeditions"]) == sorted(rounds[0]["expeditions"]) for r in rounds
    )
    assert all(r["seen_by"] == [] for r in rounds)  # nobody sees the order, nor the 8th card
    for number in range(1, 5):
        shown = [e for e in events if e["type"] == "expedition" and e["round"] == number]
        assert len(shown) == 7
        assert [e["shape"] for e in shown] == rounds[number - 1]["expeditions"][:0:-1]


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
    with pytest.raises(IllegalActionError, match="must be shape or cell or cross or pass"):
        game.apply({"kind": "replace", "source": "deck"}, player=0)
    walled = ["#E###", "#####", "#####", "#####", "##T##"]
    give(game, 0, 0, card(101, walled), marks=cells((1, 0)))
    give(game, 0, 1, card(102, walled), marks=cells((1, 0)))
    assert game.legal_indices(0) == [game.space.index("pass")]


def test_choices_stay_hidden_until_everybody_has_marked() -> None:
    game = kept(new_game())
    give(game, 0, 0, card(101, OPEN))
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
    set_score(game, 0, red=10)
    reveal(game, "l3")
    game.apply(shape_action("l3", 0, (1, 0), (2, 0), (2, 1)), player=0)
    score = state(game).seats[0].score
    assert score.red == 10 and score.green == 1


def test_one_torch_per_round() -> None:
    game = kept(new_game())
    give(game, 0, 0, card(101, [".Et..", "..t..", ".....", ".....", "..T.."]))
    reveal(game, "l3")
    game.apply(shape_action("l3", 0, (1, 0), (2, 0), (2, 1)), player=0)  # two torches at once
    assert state(game).seats[0].score.torches == (True, False, False, False)
    mark = next(e for e in game.steps[-1]["events"] if e["type"] == "mark")
    assert mark["symbols"]["torch"] == 2 and mark["torch_ticked"]


def test_skulls_tick_in_order_and_a_potion_erases_the_two_worst_after_them() -> None:
    game = kept(new_game())
    give(game, 0, 0, card(101, [".Es..", "..sp.", ".....", ".....", "..T.."]))
    set_score(game, 0, skulls=3)
    reveal(game, "t4")
    game.apply(shape_action("t4", 0, (1, 0), (2, 0), (3, 0), (2, 1)), player=0)  # 2 skulls, no potion
    assert state(game).seats[0].score.skulls == 5
    give(game, 1, 0, card(102, [".Es..", "..p..", ".....", ".....", "..T.."]))
    set_score(game, 1, skulls=1)
    game.apply(shape_action("t4", 0, (1, 0), (2, 0), (3, 0), (2, 1)), player=1)  # skull then potion
    assert state(game).seats[1].score.skulls == 0


def test_skulls_are_capped_at_ten() -> None:
    game = kept(new_game())
    give(game, 0, 0, card(101, [".Es..", ".....", ".....", ".....", "..T.."]))
    set_score(game, 0, skulls=10)
    reveal(game, "domino")
    game.apply(shape_action("domino", 0, (1, 0), (2, 0)), player=0)
    assert state(game).seats[0].score.skulls == 10


# --- completed cards and bonuses ----------------------------------------------------------------


def test_a_completed_card_is_set_aside_and_replaced_from_the_deck_or_the_offer() -> None:
    game = kept(new_game())
    s = state(game)
    give(game, 0, 0, card(101, OPEN), marks=cells((1, 0), (1, 1), (1, 2), (1, 3)))
    reveal(game, "domino")
    game.apply(shape_action("domino", 0, (1, 4), (2, 4)), player=0)
    game.apply(game.legal_indices(1)[0], player=1)
    assert game.decision is not None and game.decision.kind == "replace" and game.decision.players == (0,)
    assert s.seats[0].score.completed == (101,) and s.seats[0].cards[0] is None
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
    s.bonuses["purple"] = [6, 3]
    set_score(game, 0, completed=(5,))  # Sara: one purple before
    set_score(game, 1, completed=(8, 11, 14))  # Teo: three purple before
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
    assert s.seats[1].score.bonuses == (Bonus("purple", 6, 15),)
    assert s.seats[0].score.bonuses == (Bonus("purple", 3, 33),)
    assert s.bonuses["purple"] == []


def test_the_first_bonus_of_a_colour_is_ten_and_odd_counts_claim_nothing() -> None:
    game = kept(new_game())
    s = state(game)
    set_score(game, 0, completed=(1,))  # card 1 is green (colours in turn)
    _complete(game, 0, 101, "green")
    _complete(game, 1, 102, "green")  # player 1's first green
    reveal(game, "domino")
    game.apply(shape_action("domino", 0, (1, 4), (2, 4)), player=0)
    game.apply(shape_action("domino", 0, (1, 4), (2, 4)), player=1)
    while game.decision is not None and game.decision.kind == "replace":
        game.apply(game.legal_indices()[0])
    assert s.seats[0].score.bonuses == (Bonus("green", 10, 101),)
    assert s.seats[1].score.bonuses == ()


def _two_at_once(game: Game, player: int, first: int, second: int, colour: str) -> None:
    """Cards ``first`` (slot 1) and ``second`` (slot 2), both one step from their tomb:
    the domino completes ``first`` and marks a cross, which completes ``second``."""
    near = cells((1, 0), (1, 1), (1, 2), (1, 3))
    give(game, player, 0, card(first, [".E...", ".....", ".....", ".....", ".xT.."], colour), marks=near)
    give(game, player, 1, card(second, OPEN, colour), marks=near | cells((1, 4)))


def _complete_two_at_once(game: Game, player: int) -> None:
    game.apply(shape_action("domino", 0, (1, 4), (2, 4)), player=player)
    game.apply({"kind": "cross", "card": 1, "cell": 22}, player=player)


def _replace_all(game: Game) -> list[tuple[int, list[int | None]]]:
    """Every replacement of the step, taken from the deck: (player, the offer seen)."""
    seen = []
    while game.decision is not None and game.decision.kind == "replace":
        seen.append((game.decision.player, list(state(game).offer)))
        game.apply({"kind": "replace", "source": "deck"})
    return seen


@pytest.mark.parametrize(("before", "claimer"), [(0, 102), (1, 101), (2, 102), (3, 101)])
def test_two_cards_of_a_colour_completed_at_once_claim_one_bonus_by_their_own_ordinals(
    before: int, claimer: int
) -> None:
    """Cards 101 and 102 complete at once, counted in that order: 0 -> 2 claims for the
    2nd (102), 1 -> 3 for the 2nd (101), 2 -> 4 for the 4th (102), 3 -> 5 for the 4th
    (101); always exactly one bonus, never two, never none."""
    game = kept(new_game())
    s = state(game)
    earlier = [20 + 3 * i for i in range(before)]
    set_score(game, 0, completed=tuple(earlier))
    for number in earlier:
        s.cards[number] = card(number, OPEN, "green")
    s.bonuses["green"] = [10, 6, 3]
    _two_at_once(game, 0, 101, 102, "green")
    reveal(game, "domino")
    _complete_two_at_once(game, 0)
    game.apply(game.legal_indices(1)[0], player=1)
    _replace_all(game)
    assert s.seats[0].score.bonuses == (Bonus("green", 10, claimer),)
    assert [e["card"] for s_ in game.steps for e in s_["events"] if e["type"] == "bonus"] == [claimer]


def test_claims_of_two_players_in_one_expedition_go_by_card_number() -> None:
    """Player 1's 2nd green is card 103, player 0's 2nd green card 104: player 1 claims 10."""
    game = kept(new_game())
    s = state(game)
    _two_at_once(game, 0, 101, 104, "green")
    _two_at_once(game, 1, 102, 103, "green")
    reveal(game, "domino")
    _complete_two_at_once(game, 0)
    _complete_two_at_once(game, 1)
    _replace_all(game)
    assert s.seats[1].score.bonuses == (Bonus("green", 10, 103),)
    assert s.seats[0].score.bonuses == (Bonus("green", 6, 104),)


def test_a_player_replacing_two_cards_sees_the_same_offer_for_both_picks() -> None:
    """ "Solo alla fine della propria azione": the offer is refilled once the player has
    replaced every completed card, not after each."""
    game = kept(new_game())
    s = state(game)
    _two_at_once(game, 0, 101, 102, "green")
    reveal(game, "domino")
    _complete_two_at_once(game, 0)
    game.apply(game.legal_indices(1)[0], player=1)
    offer = list(s.offer)
    game.apply({"kind": "replace", "source": "offer 2"})
    assert s.offer == [offer[0], None, offer[2], offer[3]]  # not refilled yet
    assert game.decision is not None and game.decision.kind == "replace"
    with pytest.raises(IllegalActionError, match="offer 2 has no card"):
        game.apply({"kind": "replace", "source": "offer 2"})
    deck_top = s.deck[-1]
    game.apply({"kind": "replace", "source": "offer 3"})
    assert s.offer == [offer[0], deck_top, s.offer[2], offer[3]] and s.offer[2] is not None
    refilled = [e for e in game.steps[-1]["events"] if e["type"] == "offer_refilled"]
    assert [e["slots"] for e in refilled] == [[1, 2]]


def test_players_replace_in_the_order_of_their_lowest_completed_card() -> None:
    """Player 0 completes 130 and 105, player 1 completes 120: player 0 (105 is the lowest)
    replaces both of his cards first, then player 1."""
    game = kept(new_game())
    _two_at_once(game, 0, 130, 105, "orange")
    give(game, 1, 0, card(120, OPEN), marks=cells((1, 0), (1, 1), (1, 2), (1, 3)))
    reveal(game, "domino")
    _complete_two_at_once(game, 0)
    game.apply(shape_action("domino", 0, (1, 4), (2, 4)), player=1)
    assert [player for player, _ in _replace_all(game)] == [0, 0, 1]
    replaced = [e["completed"] for s_ in game.steps for e in s_["events"] if e["type"] == "replace"]
    assert replaced == [105, 130, 120]


def _recheck_claims_and_refills(record: dict[str, Any]) -> None:
    """Re-derive, from a record's events alone, every colour bonus and the order of the
    replacements and offer refills, by docs/rules.md (Silver & Gold: completed cards)."""
    colour_of: dict[int, str] = {}
    left = {colour: [10, 6, 3] for colour in COLOURS}
    counts: dict[tuple[int, str], int] = {}
    events = [e for step in record["steps"] for e in step["events"]]
    for i, event in enumerate(events):
        if event["type"] != "marks_revealed":
            continue
        batch = list(itertools.takewhile(lambda e: e["type"] != "expedition", events[i + 1 :]))
        completed = [e for e in batch if e["type"] == "card_completed"]
        claims = []
        for e in sorted(completed, key=lambda e: e["card"]):
            colour_of[e["card"]] = e["colour"]
            key = (e["player"], e["colour"])
            counts[key] = counts.get(key, 0) + 1
            if counts[key] in (2, 4, 6):
                claims.append(e)
        expected = [  # each claim takes the best bonus left; once all are gone, there is none
            (e["player"], e["colour"], left[e["colour"]].pop(0), e["card"])
            for e in claims
            if left[e["colour"]]
        ]
        got = [(e["player"], e["colour"], e["points"], e["card"]) for e in batch if e["type"] == "bonus"]
        assert got == expected, f"event {i}"
        lowest = {
            e["player"]: min(c["card"] for c in completed if c["player"] == e["player"]) for e in completed
        }
        actions = [e for e in batch if e["type"] in ("replace", "offer_refilled")]
        players = [e["player"] for e in actions if e["type"] == "replace"]
        assert players == sorted(players, key=lambda p: lowest[p]), f"event {i}"
        for n, e in enumerate(actions):
            if e["type"] == "offer_refilled":  # only once the player replaced all of theirs
                assert actions[n - 1]["type"] == "replace" and actions[n - 1]["player"] == e["player"]
                assert all(a["player"] != e["player"] for a in actions[n + 1 :])


@pytest.mark.parametrize(
    ("players", "seed", "bots"),
    [(1, 187, "random"), (3, 93, "random"), (4, 258, "greedy,random,greedy,random")]
    + [(players, seed, "greedy") for players in (2, 3, 4) for seed in range(6)],
)
def test_seeded_games_claim_bonuses_and_refill_the_offer_by_the_rules(
    players: int, seed: int, bots: str
) -> None:
    """The games of ``pyramido demo --ruleset silver-gold-pyramids --players P --seed S
    --bots B``, re-checked from their records (the first three once claimed two bonuses for
    one double completion, or none)."""
    names = bots.split(",") * (players if "," not in bots else 1)
    game = new_game(players, seed)
    play_out(game, [make_bot(name, seed + seat) for seat, name in enumerate(names)])
    _recheck_claims_and_refills(make_record(game))


def test_a_solo_double_completion_claims_the_rules_bonus() -> None:
    """``pyramido demo --ruleset silver-gold-pyramids --players 1 --seed 187 --bots random``:
    step 13 completes two purple cards at once and claims 10 once (it claimed 10 and 6)."""
    game = new_game(1, 187)
    play_out(game, [make_bot("random", 187)])
    bonuses = [e for e in game.steps[13]["events"] if e["type"] == "bonus"]
    assert [(e["colour"], e["points"]) for e in bonuses] == [("purple", 10)]
    assert game.ranking()[0].score == 62


# --- end ------------------------------------------------------------------------------------


class Expedition:
    """One expedition card of a scripted game: what each player marks on hand-made cards.

    ``complete`` gives the player a card of that colour one domino from its tomb, with
    ``symbol`` beside the tomb; ``tick`` gives a fresh card whose cell next to the entrance
    holds ``symbol`` and marks it. Anything else marks an empty cell.
    """

    numbers = iter(range(101, 1000))

    @classmethod
    def complete(cls, game: Game, player: int, colour: str, symbol: str = ".") -> dict[str, Any]:
        number = next(cls.numbers)
        rows = [".E...", ".....", ".....", ".....", f".{symbol}T.."]
        give(game, player, 0, card(number, rows, colour), marks=cells((1, 0), (1, 1), (1, 2), (1, 3)))
        return shape_action("domino", 0, (1, 4), (2, 4))

    @classmethod
    def tick(cls, game: Game, player: int, symbol: str = ".") -> dict[str, Any]:
        rows = [".E...", f".{symbol}...", ".....", ".....", "..T.."]
        give(game, player, 1, card(next(cls.numbers), rows, "purple"), marks=cells((1, 0)))
        return {"kind": "cell", "card": 1, "cell": 6}


def test_rulebook_final_score_example_is_111_by_play() -> None:
    """Luca (player 0) completes 2 orange and 4 green cards and 1 purple, after Teo took the
    green 10: bonuses orange 10, green 6 and 3 (19); torches in rounds 1 and 4; 6 red and
    3 green gems; 3 skulls: 70 + 10 + 19 + 18 - 6 = 111, claimed and scored through play."""
    game = kept(new_game())
    luca = ["orange t", "orange r", "green r", "green r", "green r", "green r", "purple r"]
    luca += ["g", "g", "g"] + [""] * 4 + ["s", "s", "s"] + [""] * 4 + ["t"] + [""] * 6  # rounds 2-4
    teo = ["green", "green"] + [""] * 26
    for plan_luca, plan_teo in zip(luca, teo, strict=True):
        reveal(game, "domino")
        for player, plan in ((0, plan_luca), (1, plan_teo)):
            colour, _, symbol = plan.partition(" ")
            if colour in COLOURS:
                action = Expedition.complete(game, player, colour, symbol or ".")
            else:
                action = Expedition.tick(game, player, plan or ".")
            game.apply(action, player=player)
        _replace_all(game)
    assert game.is_over
    final = next(
        e for s_ in game.steps for e in s_["events"] if e["type"] == "final_score" and e["player"] == 0
    )
    assert [line["points"] for line in final["lines"]] == [10, 19, 15, 3, -6, 70]
    assert [(b["colour"], b["points"]) for b in final["lines"][1]["bonuses"]] == [
        ("orange", 10),
        ("green", 6),
        ("green", 3),
    ]
    assert final["total"] == 111


def test_rulebook_final_score_example_is_111() -> None:
    """The same sheet, scored from a score card made by hand (the position scored)."""
    game = new_game()
    score_card = ScoreCard(
        red=6,
        green=3,
        torches=(True, False, False, True),
        skulls=3,
        bonuses=(Bonus("orange", 10, 2), Bonus("green", 6, 4), Bonus("green", 3, 7)),
        completed=(1, 2, 3, 4, 5, 6, 7),
    )
    result = game.score(0, score_card).to_json()
    assert [line["points"] for line in result["lines"]] == [10, 19, 15, 3, -6, 70]
    assert result["total"] == 111


def test_a_tie_goes_to_the_lowest_numbered_completed_card() -> None:
    game = new_game()
    set_score(game, 0, completed=(30, 12))
    set_score(game, 1, completed=(9, 40))
    game.decision = None
    assert [r.player for r in game.ranking()] == [1, 0]
    assert [r.rank for r in game.ranking()] == [1, 2]


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
    assert {"type": "cross_lost", "player": 0, "count": 1, "seen_by": [0]} in game.steps[-1]["events"]


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


# --- rulings as ruleset values ----------------------------------------------------------------


def _overlay(tmp_path: Any, **data: Any) -> Any:
    import yaml

    from pyramido import load_ruleset

    path = tmp_path / "overlay.yaml"
    path.write_text(yaml.safe_dump({"extends": "silver-gold-pyramids", "id": "overlay", **data}))
    return load_ruleset(path)


def test_symbol_order_potions_first_erase_before_the_skulls_of_the_marking(tmp_path: Any) -> None:
    """A skull and a potion in one marking, no skull ticked before: skulls first, the
    potion erases the new skull; potions first, it erases nothing and the skull stays."""
    for ruleset, skulls in (
        ("silver-gold-pyramids", 0),
        (_overlay(tmp_path, rules={"symbol_order": "potions_first"}), 1),
    ):
        game = kept(new_game(ruleset=ruleset))
        give(game, 0, 0, card(101, [".Esp.", ".....", ".....", ".....", "..T.."]))
        reveal(game, "straight3")
        game.apply(shape_action("straight3", 0, (1, 0), (2, 0), (3, 0)), player=0)
        assert state(game).seats[0].score.skulls == skulls


def test_marks_after_tomb_false_closes_a_completed_card(tmp_path: Any) -> None:
    """The domino completes card 1 and marks a cross; as printed the cross may still go on
    card 1 until it is set aside; with ``marks_after_tomb: false`` only on card 2."""
    for ruleset, cards in (
        ("silver-gold-pyramids", {0, 1}),
        (_overlay(tmp_path, rules={"marks_after_tomb": False}), {1}),
    ):
        game = kept(new_game(ruleset=ruleset))
        give(
            game,
            0,
            0,
            card(101, [".E...", ".....", ".....", ".....", ".xT.."]),
            marks=cells((1, 0), (1, 1), (1, 2), (1, 3)),
        )
        give(game, 0, 1, card(102, OPEN))
        reveal(game, "domino")
        game.apply(shape_action("domino", 0, (1, 4), (2, 4)), player=0)
        assert {game.space.action(i).values[0] for i in game.legal_indices(0)} == cards
    with pytest.raises(IllegalActionError, match="the card is complete: it takes no more marks"):
        game.apply({"kind": "cross", "card": 0, "cell": 23}, player=0)


def test_solo_is_allowed_by_the_players_minimum(tmp_path: Any) -> None:
    from pyramido import ArgumentError

    assert new_game(1).num_players == 1
    with pytest.raises(ArgumentError, match="is for 2-4 players, not 1"):
        new_game(1, ruleset=_overlay(tmp_path, players={"min": 2, "max": 4}))

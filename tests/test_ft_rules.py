"""Every rule of Pyramido: Forgotten Treasures (docs/rules.md §3), incl. the solo modes."""

from __future__ import annotations

import json
from typing import Any

import pytest
from ft_scenario import (
    BLUE,
    COLOURS,
    GREEN,
    MYTHICAL,
    ORANGE,
    PURPLE,
    RED,
    area,
    domino,
    legend,
    new_game,
    play_legend_turn,
    refresh,
    rulebook_stage1,
    snapshot,
    solo,
    stage_scored,
    state,
    to_scoring,
)

from pyramido import ActionFormatError, Game, IllegalActionError, make_record, replay
from pyramido.bots import make_bot, play_out
from pyramido.games.forgotten_treasures.flow import begin_stage, start_scoring
from pyramido.games.forgotten_treasures.legend import score_legend
from pyramido.geometry.board import block_byte, block_index

# --- setup ------------------------------------------------------------------------------


def test_setup_five_face_down_piles_gem_areas_of_three_and_piles_1_3_5_face_up() -> None:
    game = new_game()
    s = state(game)
    assert [len(p) for p in s.piles] == [18] * 5
    assert s.face_up == [True, False, True, False, True]
    assert [len(a) for a in s.gem_areas] == [3] * 5
    assert sum(s.bag) == 45 + 18 - 15
    assert sum(s.bag) + sum(len(a) for a in s.gem_areas) == 63


def test_solo_setup_starts_the_legend_pile_with_one_face_up_domino() -> None:
    game = new_game(1, solo="legend")
    s = state(game)
    assert s.legend is not None and len(s.legend.pile) == 1
    assert sorted(len(p) for p in s.piles) == [17, 18, 18, 18, 18]
    assert game.decision is not None and game.decision.players == (0,)


def test_one_player_without_solo_option_plays_against_a_legend_and_solo_needs_one_player() -> None:
    assert state(new_game(1)).mode == "legend"
    with pytest.raises(Exception, match="solo is one player"):
        new_game(2, solo="legend")


# --- step 1: choose a space ---------------------------------------------------------------


def test_choose_only_a_face_up_space_and_a_gem_from_itsarea() -> None:
    game = new_game()
    s = state(game)
    s.gem_areas[0] = [RED, RED, MYTHICAL]
    refresh(game)
    before = snapshot(game)
    with pytest.raises(IllegalActionError, match="space 2 has no face-up domino"):
        game.apply({"kind": "take", "pile": 1, "gem": "red"})
    with pytest.raises(IllegalActionError, match="holds no blue gem"):
        game.apply({"kind": "take", "pile": 0, "gem": "blue"})
    with pytest.raises(IllegalActionError, match="has gems: take one of them"):
        game.apply({"kind": "take", "pile": 0, "gem": "none"})
    assert snapshot(game) == before
    top = s.piles[0][-1]
    game.apply({"kind": "take", "pile": 0, "gem": "mythical"})
    assert s.seats[0].gems[MYTHICAL] == 1 and s.gem_areas[0] == [RED, RED]
    assert s.turn.domino is top and not s.face_up[0]


def test_an_empty_gem_area_gives_the_domino_alone() -> None:
    game = new_game()
    s = state(game)
    s.gem_areas[0] = []
    s.bag = [0] * 6  # nothing to replenish it with either
    refresh(game)
    options = [a.to_json(game.space) for a in game.legal_actions() if a.values[0] == 0]
    assert options == [{"kind": "take", "pile": 0, "gem": "none"}]
    game.apply(options[0])
    assert sum(s.seats[0].gems) == 0


def test_an_emptied_pile_takes_the_bottom_half_of_another() -> None:
    game = new_game()
    s = state(game)
    s.piles[0] = s.piles[0][-1:]
    bottom = s.piles[3][:9]
    refresh(game)
    s.gem_areas[0] = [GREEN]
    game.apply({"kind": "take", "pile": 0, "gem": "green"})
    assert game.decision is not None and game.decision.kind == "split"
    game.apply({"kind": "split", "pile": 3})
    assert s.piles[0] == bottom and len(s.piles[3]) == 9 and not s.face_up[0]


# --- steps 2-3: replenish, reveal ---------------------------------------------------------


def test_an_emptied_gem_area_is_replenished_from_the_bag_then_from_discards() -> None:
    game = new_game()
    s = state(game)
    s.gem_areas[0] = [BLUE]
    s.bag = [0, 0, 0, 0, 0, 1]
    s.discards = [0, 0, 2, 0, 0, 0]
    game.apply({"kind": "take", "pile": 0, "gem": "blue"})
    assert sorted(s.gem_areas[0]) == [PURPLE, PURPLE, MYTHICAL]
    events = [e["type"] for e in game.steps[-1]["events"]]
    assert "bag_refilled_from_discards" in events
    assert sum(s.bag) == 0 and sum(s.discards) == 0


def test_replenishing_stops_when_bag_and_discards_are_empty() -> None:
    game = new_game()
    s = state(game)
    s.gem_areas[0] = [BLUE]
    s.bag = [0, 0, 0, 0, 1, 0]
    s.discards = [0] * 6
    game.apply({"kind": "take", "pile": 0, "gem": "blue"})
    assert s.gem_areas[0] == [RED]


def test_reveal_a_face_down_pile_of_the_players_choice() -> None:
    game = new_game()
    s = state(game)
    game.apply({"kind": "take", "pile": 0, "gem": game.legal_actions()[0].to_json(game.space)["gem"]})
    assert game.decision is not None and game.decision.kind == "reveal"
    assert [a.values for a in game.legal_actions()] == [(0,), (1,), (3,)]
    before = snapshot(game)
    with pytest.raises(IllegalActionError, match="pile 3 has no face-down domino"):
        game.apply({"kind": "reveal", "pile": 2})
    assert snapshot(game) == before
    game.apply({"kind": "reveal", "pile": 3})
    assert s.face_up == [False, False, True, True, True]
    assert game.decision.kind == "place"  # type: ignore[union-attr]


# --- step 4 and the stage end -------------------------------------------------------------


def _fill_stage1(game: Game, player: int, holes: list[tuple[int, int]]) -> None:
    board = state(game).seats[player].pyramid.board
    for y in range(2, 6):
        for x in range(2, 7):
            board[block_index(0, x, y)] = 0 if (x, y) in holes else block_byte(1, 0)


def test_no_room_loses_the_turn_and_completes_the_stage_with_gaps() -> None:
    game = new_game()
    s = state(game)
    _fill_stage1(game, 1, [(2, 2), (4, 2)])
    _play_turn(game)  # player 0 plays; player 1 cannot place
    assert s.seats[1].done and game.decision is not None and game.decision.players == (0,)
    assert s.seats[1].pyramid.blocks_in_stage(0) == 18  # the gaps stay
    assert sum(s.seats[1].gems) == 0  # no domino and no gem this turn
    assert [e["type"] for e in game.steps[-1]["events"]][-2:] == ["no_domino_fits", "stage_complete"]


def _play_turn(game: Game) -> None:
    """The deciding player's turn, up to and including the placement."""
    while True:
        kind = game.decision.kind if game.decision else None
        game.apply(game.legal_indices()[0])
        if kind == "place":
            return


def test_upper_stages_may_sit_over_gaps() -> None:
    game = new_game()
    seat = state(game).seats[0]
    _fill_stage1(game, 0, [(2, 2), (3, 2)])
    seat.pyramid.stage = 1
    placements = seat.pyramid.placements()
    assert any(p // 4 == (2 * 9 + 2) for p in placements)  # over the gap at (2, 2)


# --- stage scoring ------------------------------------------------------------------------


def test_rulebook_stage_1_scoring_example_is_23_through_the_engine() -> None:
    game = new_game()
    rulebook_stage1(game)
    to_scoring(game, [[1, 1, 1, 1, 3, 1], [0] * 6])
    assert game.decision is not None and game.decision.players == (0, 1)
    for x, y, payment in [(2, 2, "1C"), (4, 2, "1C"), (6, 3, "1C"), (2, 4, "1C"), (4, 4, "3C")]:
        game.apply({"kind": "activate", "area": area(game, 0, x, y), "payment": payment}, player=0)
    game.apply({"kind": "end_activation"}, player=0)
    game.apply({"kind": "end_activation"}, player=1)
    scored = stage_scored(game, 0)
    assert [line["points"] for line in scored["lines"]] == [2, 3, 3, 4, 10, 1]
    assert scored["total"] == 23


def test_illegal_activations_are_refused_and_change_nothing() -> None:
    game = new_game()
    rulebook_stage1(game)
    to_scoring(game, [[1, 0, 0, 0, 0, 2], [0] * 6])
    orange = area(game, 0, 2, 2)
    blue = area(game, 0, 4, 2)
    before = snapshot(game)
    with pytest.raises(IllegalActionError, match="need 1 blue gems, the inventory holds 0"):
        game.apply({"kind": "activate", "area": blue, "payment": "1C"}, player=0)
    with pytest.raises(IllegalActionError, match="need 3 orange gems, the inventory holds 1"):
        game.apply({"kind": "activate", "area": orange, "payment": "3C"}, player=0)
    with pytest.raises(IllegalActionError, match="no area 70"):
        game.apply({"kind": "activate", "area": 70, "payment": "1C"}, player=0)
    with pytest.raises(ActionFormatError, match=r"'1C\+2M' is not one of 1C, 2M, 3C"):  # not an equivalent
        game.apply({"kind": "activate", "area": orange, "payment": "1C+2M"}, player=0)
    assert snapshot(game) == before
    game.apply({"kind": "activate", "area": orange, "payment": "1C"}, player=0)
    with pytest.raises(IllegalActionError, match=r"area \d+ is activated twice"):
        game.apply({"kind": "activate", "area": orange, "payment": "2M"}, player=0)
    game.apply({"kind": "activate", "area": blue, "payment": "2M"}, player=0)  # 2 mythical for 1
    with pytest.raises(IllegalActionError, match="after the activations"):
        game.apply({"kind": "discard", "gem": "red"}, player=0)


def test_a_scoring_offer_worked_out_afresh_leaves_out_the_areas_activated() -> None:
    """A seat's open areas are worked out at its first offer and kept by each activation;
    worked out afresh mid-scoring (as from a state that did not keep them), the offer is
    the same: the areas already activated are left out."""
    game = new_game()
    rulebook_stage1(game)
    to_scoring(game, [[2, 1, 1, 1, 3, 1], [0] * 6])  # an orange gem left after the first
    orange = area(game, 0, 2, 2)
    game.apply({"kind": "activate", "area": orange, "payment": "1C"}, player=0)
    step = game.rules.steps["scoring"]
    kept = step.legal(game, 0)
    assert not {game.space.index("activate", orange, payment) for payment in range(6)} & set(kept)
    scoring = state(game).seats[0].scoring
    assert scoring is not None
    scoring.bases = None
    assert step.legal(game, 0) == kept


def test_discard_down_to_five_is_a_decision_and_scoring_waits_for_it() -> None:
    game = new_game()
    to_scoring(game, [[2, 2, 1, 1, 0, 1], [0] * 6])  # 7 gems
    game.apply({"kind": "end_activation"}, player=1)
    game.apply({"kind": "end_activation"}, player=0)
    assert game.decision is not None and game.decision.players == (0,)
    with pytest.raises(IllegalActionError, match="no gem of that kind"):
        game.apply({"kind": "discard", "gem": "red"}, player=0)
    game.apply({"kind": "discard", "gem": "orange"}, player=0)
    assert game.decision.players == (0,)  # type: ignore[union-attr]
    game.apply({"kind": "discard", "gem": "orange"}, player=0)
    s = state(game)
    assert s.seats[0].gems == [0, 2, 1, 1, 0, 1]
    assert stage_scored(game, 0)["total"] == 1  # the mythical gem kept


def test_spent_and_discarded_gems_reach_the_discards_only_when_the_stage_is_scored() -> None:
    """The discards beside the bag are public: what a player spent or discarded stays
    secret until everybody has chosen (docs/rules.md, Forgotten Treasures: scoring)."""
    game = new_game()
    rulebook_stage1(game)
    to_scoring(game, [[1, 0, 0, 0, 0, 2], [3, 3, 1, 0, 0, 0]])
    discards = list(state(game).discards)
    game.apply({"kind": "activate", "area": area(game, 0, 4, 2), "payment": "2M"}, player=0)
    game.apply({"kind": "end_activation"}, player=0)
    game.apply({"kind": "end_activation"}, player=1)
    game.apply({"kind": "discard", "gem": "blue"}, player=1)
    assert state(game).discards == discards and game.observation(0)["discards"]["blue"] == 0
    game.apply({"kind": "discard", "gem": "orange"}, player=1)
    assert state(game).discards[MYTHICAL] == discards[MYTHICAL] + 2
    assert state(game).discards[BLUE] == discards[BLUE] + 1
    assert state(game).discards[ORANGE] == discards[ORANGE] + 1


def _to_last_stage(game: Game) -> None:
    """Play a real game with bots until the last stage's scoring starts."""
    bots = [make_bot("greedy", p) for p in range(game.num_players)]
    while not (game.decision is not None and game.decision.kind == "scoring" and state(game).stage == 3):
        assert game.decision is not None
        player = game.decision.players[0]
        game.apply(bots[player].choose(game, player), player=player)


def test_after_the_last_stage_nobody_discards_and_gems_left_break_a_tie() -> None:
    """The limit applies "before beginning the next stage": after stage 4 there is none."""
    game = new_game(seed=3)
    _to_last_stage(game)
    s = state(game)
    for seat in s.seats:  # the same score so far, and nothing to activate
        seat.stage_scores = [10, 10, 10]
        seat.pyramid.board[:] = bytes(len(seat.pyramid.board))
    s.seats[0].gems = [2, 2, 2, 1, 0, 0]  # 7 gems
    s.seats[1].gems = [1, 1, 1, 1, 2, 0]  # 6 gems
    start_scoring(game)
    refresh(game)
    game.apply({"kind": "end_activation"}, player=0)
    game.apply({"kind": "end_activation"}, player=1)
    assert game.is_over  # nobody was asked to discard down to 5
    ranking = game.ranking()
    assert [(r.player, r.score, r.tiebreak[0]) for r in ranking] == [(0, 30, 7), (1, 30, 6)]
    assert [r.rank for r in ranking] == [1, 2]


def test_other_players_scoring_choices_stay_hidden_until_all_chose() -> None:
    game = new_game()
    rulebook_stage1(game)
    to_scoring(game, [[1, 0, 0, 0, 0, 2], [0] * 6])
    game.apply({"kind": "activate", "area": area(game, 0, 2, 2), "payment": "1C"}, player=0)
    seen_by_1 = game.observation(1)["players"][0]
    assert seen_by_1["scoring"] is None and seen_by_1["gems"]["orange"] == 1
    assert game.observation(0)["players"][0]["scoring"]["activated"]


def test_next_stage_lowest_score_starts_and_tie_breaks_gems_then_best_stage() -> None:
    game = new_game(3)
    assert game.rules.next_start_player(game, [9, 4, 4]) == 1
    s = state(game)
    scores = ([10, 10, 10, 10], [10, 10, 10, 10], [5, 15, 10, 10])  # all 40 points
    gems = ([0] * 6, [1] + [0] * 5, [1] + [0] * 5)  # seats 1 and 2 keep a gem; seat 2 had a 15
    for seat, stage_scores, inventory in zip(s.seats, scores, gems, strict=True):
        seat.stage_scores, seat.gems = stage_scores, inventory
    game.decision = None
    assert [r.player for r in game.ranking()] == [2, 1, 0]


# --- hidden information ---------------------------------------------------------------------


def _hidden_fronts(game: Game) -> list[dict[str, Any]]:
    s = state(game)
    colours = COLOURS
    hidden = []
    for p, pile in enumerate(s.piles):
        for i, d in enumerate(pile):
            if i < len(pile) - 1 or not s.face_up[p]:
                hidden.append(d.to_json(colours))
    return hidden


@pytest.mark.parametrize(("players", "solo"), [(2, None), (4, None), (1, "the-legend")])
def test_no_observation_ever_holds_a_hidden_front(players: int, solo: str | None) -> None:
    game = new_game(players, seed=players, solo=solo)
    bots = [make_bot("random", p) for p in range(players)]
    while not game.is_over:
        hidden = _hidden_fronts(game)
        hidden_ids = {d["id"] for d in hidden}
        for viewer in [None, *range(players)]:
            observation = game.observation(viewer)
            for space in observation["spaces"]:
                top = space["top"]
                if top is not None and top["face"] == "back":
                    assert "id" not in top and all(isinstance(b[1], int) for b in (top["a"], top["b"]))
                elif top is not None:
                    assert top["id"] not in hidden_ids
            text = json.dumps(observation)
            for front in hidden:
                assert json.dumps(front) not in text
        assert game.decision is not None
        for player in game.decision.players:
            game.apply_index(bots[player].choose(game, player), player)


# --- the Legend -----------------------------------------------------------------------------


def test_legend_takes_two_wished_gems_from_one_space_and_flips_that_pile() -> None:
    game = solo(wishes=domino(0, "red", "TL", "blue", "BR"))
    s = state(game)
    s.gem_areas = [[GREEN, GREEN, GREEN], [], [BLUE, RED, GREEN], [], [RED, RED, RED]]
    top = s.piles[2][-2]
    event = play_legend_turn(game)
    assert event["gems"] == [{"space": 2, "gem": "blue"}, {"space": 2, "gem": "red"}]
    assert legend(game).pile[-1].id == event["tile"] and event["pile"] == 2
    assert s.face_up[2] and s.piles[2][-1] is top  # the same pile's next domino turned up
    assert legend(game).gems[BLUE] == 1 and legend(game).gems[RED] == 1


def test_legend_wishes_are_a_multiset_red_and_red_means_two_reds() -> None:
    game = solo(wishes=domino(0, "red", "TL BR", "blue", ""))
    s = state(game)
    s.gem_areas = [[RED, BLUE, BLUE], [], [GREEN, GREEN, GREEN], [], [RED, RED, MYTHICAL]]
    event = play_legend_turn(game)
    assert event["gems"] == [{"space": 0, "gem": "red"}, {"space": 4, "gem": "red"}]
    assert event["pile"] == 4
    assert s.gem_areas[4] == [RED, MYTHICAL]


def test_legend_falls_back_to_a_mythical_gem_after_one_colour() -> None:
    game = solo(wishes=domino(0, "red", "TL", "blue", "BR"))
    s = state(game)
    s.gem_areas = [[GREEN, MYTHICAL, GREEN], [], [GREEN, RED, GREEN], [], [GREEN, GREEN, GREEN]]
    event = play_legend_turn(game)
    assert event["gems"] == [{"space": 2, "gem": "red"}, {"space": 0, "gem": "mythical"}]
    assert event["pile"] == 0  # the space of his last gem


def test_legend_takes_two_mythical_gems_without_any_wished_colour() -> None:
    game = solo(wishes=domino(0, "red", "TL", "blue", "BR"))
    s = state(game)
    s.gem_areas = [[GREEN, GREEN, GREEN], [], [MYTHICAL, GREEN, GREEN], [], [MYTHICAL, MYTHICAL, GREEN]]
    event = play_legend_turn(game)
    assert event["gems"] == [{"space": 2, "gem": "mythical"}, {"space": 4, "gem": "mythical"}]
    assert legend(game).gems[MYTHICAL] == 2


def test_legend_with_no_gem_takes_the_leftmost_domino_and_a_gem_from_the_bag() -> None:
    game = solo(wishes=domino(0, "red", "TL", "blue", "BR"))
    s = state(game)
    s.gem_areas = [[GREEN, GREEN, GREEN], [], [GREEN, GREEN, GREEN], [], [GREEN, GREEN, GREEN]]
    s.bag = [0, 0, 0, 0, 0, 4]
    leftmost = s.piles[0][-1]
    event = play_legend_turn(game)
    assert event["gems"] == [] and event["drawn"] == ["mythical"]
    assert legend(game).pile[-1] is leftmost and s.face_up[0]
    assert legend(game).gems[MYTHICAL] == 1


def test_the_legend_draws_at_a_stage_start_with_seven_mythical_gems() -> None:
    for mode, expected in (("the-legend", 1), ("legend", 0)):
        game = solo(mode)
        legend(game).gems = [0, 0, 0, 0, 0, 7]
        game._events = []
        begin_stage(game, 0)
        assert sum(legend(game).gems) - 7 == expected
    game = solo("the-legend")
    legend(game).gems = [0, 0, 0, 0, 0, 6]
    begin_stage(game, 0)
    assert sum(legend(game).gems) == 6


def test_legend_scoring_rulebook_example_stage_3_is_27() -> None:
    game = solo()
    state(game).stage = 2
    legend(game).gems = [2, 1, 0, 1, 1, 6]
    game._events = []
    score_legend(game)
    assert legend(game).stage_scores == [27]
    assert legend(game).gems == [0, 0, 0, 0, 0, 6]  # coloured gems discarded, mythical kept


def test_player_starts_every_stage_and_the_legend_wins_ties() -> None:
    game = solo()
    play_out(game, [make_bot("random", 4)])
    events = [e for s in game.steps for e in s["events"]]
    assert all(e["start_player"] == 0 for e in events if e["type"] == "stage_start")
    s = state(game)
    s.seats[0].stage_scores = list(legend(game).stage_scores)
    ranking = game.ranking()
    assert ranking[0].player == "legend" and ranking[1].rank == 2


def test_solo_games_replay() -> None:
    for mode in ("legend", "the-legend"):
        game = new_game(1, seed=9, solo=mode)
        play_out(game, [make_bot("random", 1)])
        replay(json.loads(json.dumps(make_record(game))))


def test_a_pile_the_legend_empties_is_refilled_from_the_largest_other_pile() -> None:
    game = solo(wishes=domino(0, "red", "TL", "blue", "BR"))
    s = state(game)
    s.gem_areas = [[RED, GREEN, GREEN], [], [GREEN, GREEN, GREEN], [], [GREEN, GREEN, GREEN]]
    s.piles[0] = s.piles[0][-1:]
    s.piles[3] = s.piles[3] + s.piles[1][:4]  # pile 4 is now the largest
    largest = len(s.piles[3])
    event = play_legend_turn(game)
    assert event["pile"] == 0
    split = next(e for e in game._events if e["type"] == "split")
    assert (split["player"], split["from"], split["to"], split["count"]) == ("legend", 3, 0, largest // 2)
    assert s.face_up[0]  # the moved half's top is turned up for him


def test_split_only_from_a_pile_of_two_or_more_and_no_reveal_without_face_down_piles() -> None:
    game = new_game()
    s = state(game)
    s.piles = [s.piles[0][-1:], s.piles[1][:1], s.piles[2], s.piles[3][:1], s.piles[4]]
    s.face_up = [True, True, True, True, True]
    s.gem_areas[0] = [GREEN]
    refresh(game)
    game.apply({"kind": "take", "pile": 0, "gem": "green"})
    with pytest.raises(IllegalActionError, match="pile 2 has fewer than 2 dominoes"):
        game.apply({"kind": "split", "pile": 1})
    game.apply({"kind": "split", "pile": 2})
    # the refilled pile 1 lies face down: it can be revealed
    assert game.decision is not None and game.decision.kind == "reveal"
    s.face_up = [True] * 5
    from pyramido.games.forgotten_treasures.flow import TURN
    from pyramido.games.forgotten_treasures.turn import Reveal

    TURN.advance(game, s, 0, [type(step) for step in TURN.steps].index(Reveal))  # the reveal again
    assert game.decision.kind == "place"  # nothing face down: no reveal

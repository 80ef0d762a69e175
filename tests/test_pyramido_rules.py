"""Every rule of Pyramido (docs/rules.md §2), each with a test that fails without it."""

from __future__ import annotations

import pytest
from scenario import action, colour, domino, fill_stage, new_game, put, seat, snapshot, state, take

from pyramido.engine.game import Game, IllegalActionError
from pyramido.geometry.board import encode_placement, icon_mask, rotate_icons

# --- setup ------------------------------------------------------------------------------


def test_setup_quarry_of_three_and_four_piles_as_equal_as_possible() -> None:
    game = new_game(players=4, seed=3)
    s = state(game)
    assert len(s.quarry) == 3 and all(d is not None for d in s.quarry)
    assert sorted(len(p) for p in s.piles) == [21, 22, 22, 22]
    ids = [d.id for d in s.quarry if d] + [d.id for p in s.piles for d in p]
    assert sorted(ids) == list(range(90))


def test_first_player_is_seat_zero_and_each_player_gets_markers_and_three_cover_cards() -> None:
    game = new_game(players=3)
    assert game.decision is not None and game.decision.kind == "take" and game.decision.players == (0,)
    for p in range(3):
        assert seat(game, p).covers_left == [0, 1, 2]
        assert seat(game, p).markers == {}


def test_setup_is_a_seeded_shuffle() -> None:
    assert repr(state(new_game(seed=5)).piles) == repr(state(new_game(seed=5)).piles)
    assert repr(state(new_game(seed=5)).piles) != repr(state(new_game(seed=6)).piles)


# --- step 1: take and place --------------------------------------------------------------


def test_take_only_from_a_filled_quarry_slot() -> None:
    game = new_game()
    state(game).quarry[1] = None
    game._legal.clear()
    before = snapshot(game)
    with pytest.raises(IllegalActionError, match="slot 2 is empty"):
        game.apply(action(game, "take", 1))
    assert snapshot(game) == before
    game.apply(action(game, "take", 0))
    assert game.decision is not None and game.decision.kind == "place"


def test_first_domino_goes_anywhere_so_only_its_rotation_is_a_choice() -> None:
    game = new_game()
    take(game, domino(0, "red", "TL", "blue", "BR"))
    places = [a.values for a in game.legal_actions()]
    assert places == [(4, 4, r) for r in range(4)]


def test_rotation_turns_the_icons_with_the_domino() -> None:
    game = new_game()
    take(game, domino(0, "red", "TL", "blue", "BR"))
    game.apply({"kind": "place", "x": 4, "y": 4, "rot": 1})  # B below A, turned a quarter clockwise
    pyramid = seat(game, 0).pyramid
    assert pyramid.block(4, 4) is not None and pyramid.block(4, 4).icons == icon_mask(["TR"])  # type: ignore[union-attr]
    assert pyramid.block(4, 5) is not None and pyramid.block(4, 5).icons == icon_mask(["BL"])  # type: ignore[union-attr]
    assert rotate_icons(icon_mask(["TL"]), 1) == icon_mask(["TR"])


def _stage1_with(game: Game, player: int, blocks: list[tuple[int, int]]) -> None:
    for x, y in blocks:
        put(game, player, 0, x, y, "yellow")


def test_stage1_dominoes_must_share_a_full_block_side() -> None:
    game = new_game()
    _stage1_with(game, 0, [(4, 4), (5, 4)])
    take(game, domino(1, "red", "", "red", ""))
    before = snapshot(game)
    with pytest.raises(IllegalActionError, match="share a full block side"):
        game.apply({"kind": "place", "x": 7, "y": 4, "rot": 0})  # a gap of one block
    assert snapshot(game) == before
    game.apply({"kind": "place", "x": 6, "y": 4, "rot": 0})


def test_a_domino_off_the_board_is_refused() -> None:
    game = new_game()
    _stage1_with(game, 0, [(7, 4), (8, 4)])
    take(game, domino(1, "red", "", "red", ""))
    before = snapshot(game)
    with pytest.raises(IllegalActionError, match="off the board"):
        game.apply({"kind": "place", "x": 8, "y": 3, "rot": 0})  # block B at x = 9
    assert snapshot(game) == before


def test_stage1_dominoes_may_not_overlap() -> None:
    game = new_game()
    _stage1_with(game, 0, [(4, 4), (5, 4)])
    take(game, domino(1, "red", "", "red", ""))
    with pytest.raises(IllegalActionError, match="overlap"):
        game.apply({"kind": "place", "x": 5, "y": 4, "rot": 1})


def test_stage1_blocks_must_fit_a_5x4_or_4x5_box() -> None:
    game = new_game()
    _stage1_with(game, 0, [(2, 4), (3, 4), (4, 4), (5, 4)])  # four in a row
    take(game, domino(1, "red", "", "red", ""))
    with pytest.raises(IllegalActionError, match="5x4 or 4x5 box"):
        game.apply({"kind": "place", "x": 6, "y": 4, "rot": 0})  # six wide
    game.apply({"kind": "place", "x": 6, "y": 4, "rot": 1})  # five wide, two high: fits


def test_stages_2_to_4_sit_on_the_lattice_inside_the_stage_box() -> None:
    game = new_game()
    fill_stage(game, 0, 0)
    pyramid = seat(game, 0).pyramid
    pyramid.stage = 1
    state(game).stage = 1
    take(game, domino(1, "red", "", "red", ""))
    legal = {a.values for a in game.legal_actions()}
    assert (2, 2, 0) in legal  # y, x, rot: the box corner
    with pytest.raises(IllegalActionError, match="stage 2 box"):
        game.apply({"kind": "place", "x": 5, "y": 2, "rot": 0})  # stage-2 box is 4 blocks wide


# --- step 2: mark -----------------------------------------------------------------------


def test_marking_is_mandatory_when_a_marker_matches_an_icon() -> None:
    game = new_game()
    take(game, domino(0, "red", "TL", "blue", ""))
    game.apply({"kind": "place", "x": 4, "y": 4, "rot": 0})
    assert game.decision is not None and game.decision.kind == "mark"
    assert [a.kind for a in game.legal_actions()] == ["mark"]  # no way to skip it
    with pytest.raises(IllegalActionError, match="no jewel icon"):
        game.apply({"kind": "mark", "block": "B"})
    with pytest.raises(IllegalActionError, match="must be mark"):
        game.apply({"kind": "keep_covers"})
    game.apply({"kind": "mark", "block": "A"})
    assert seat(game, 0).markers == {colour("red"): (4, 4)}


def test_marking_is_skipped_when_no_marker_matches() -> None:
    game = new_game()
    seat(game, 0).markers[colour("red")] = (0, 0)  # the red marker is already out
    take(game, domino(0, "red", "TL", "blue", ""))
    game.apply({"kind": "place", "x": 4, "y": 4, "rot": 0})
    assert game.decision is not None and game.decision.kind == "cover"


def test_a_placed_marker_cannot_be_placed_again() -> None:
    game = new_game()
    seat(game, 0).markers[colour("red")] = (0, 0)
    take(game, domino(0, "red", "TL", "blue", "TL"))
    game.apply({"kind": "place", "x": 4, "y": 4, "rot": 0})
    assert [a.values for a in game.legal_actions()] == [(1,)]
    with pytest.raises(IllegalActionError, match="red marker is already placed"):
        game.apply({"kind": "mark", "block": "A"})


# --- step 3: cover ----------------------------------------------------------------------


def _placed_and_marked_a(game: Game) -> None:
    take(game, domino(0, "red", "TL", "blue", ""))
    game.apply({"kind": "place", "x": 4, "y": 4, "rot": 0})
    game.apply({"kind": "mark", "block": "A"})


def test_covering_is_optional() -> None:
    game = new_game()
    _placed_and_marked_a(game)
    assert game.decision is not None and game.decision.kind == "cover"
    game.apply({"kind": "keep_covers"})
    assert seat(game, 0).covers_left == [0, 1, 2]
    assert game.decision is not None and game.decision.kind == "refill"


def test_cover_goes_on_an_unmarked_block_only() -> None:
    game = new_game()
    _placed_and_marked_a(game)
    before = snapshot(game)
    with pytest.raises(IllegalActionError, match="block A is marked"):
        game.apply({"kind": "cover", "block": "A", "colour": "green", "quadrant": "TL"})
    assert snapshot(game) == before


def test_cover_hides_the_block_and_takes_the_marker_of_its_colour() -> None:
    game = new_game()
    _placed_and_marked_a(game)
    game.apply({"kind": "cover", "block": "B", "colour": "green", "quadrant": "BR"})
    s = seat(game, 0)
    covered = s.pyramid.block(5, 4)
    assert covered is not None and covered.colour == colour("green") and covered.icons == icon_mask(["BR"])
    assert s.covers_left == [0, 1]  # the red/green card is spent
    assert s.markers[colour("green")] == (5, 4)  # its marker must go on it


def test_cover_card_marker_only_if_still_held() -> None:
    game = new_game()
    seat(game, 0).markers[colour("green")] = (0, 0)
    _placed_and_marked_a(game)
    game.apply({"kind": "cover", "block": "B", "colour": "green", "quadrant": "BR"})
    assert seat(game, 0).markers[colour("green")] == (0, 0)


def test_cover_needs_an_unused_card_with_that_side() -> None:
    game = new_game()
    seat(game, 0).covers_left = [0]  # only brown/blue left
    _placed_and_marked_a(game)
    with pytest.raises(IllegalActionError, match="no unused cover card with a green side"):
        game.apply({"kind": "cover", "block": "B", "colour": "green", "quadrant": "BR"})
    game.apply({"kind": "cover", "block": "B", "colour": "blue", "quadrant": "TL"})
    assert seat(game, 0).covers_left == []


def test_no_cover_decision_without_cover_cards() -> None:
    game = new_game()
    seat(game, 0).covers_left = []
    _placed_and_marked_a(game)
    assert game.decision is not None and game.decision.kind == "refill"


# --- step 4: refill ---------------------------------------------------------------------


def _to_refill(game: Game, slot: int) -> None:
    take(game, domino(0, "red", "", "blue", ""), slot)
    game.apply({"kind": "place", "x": 4, "y": 4, "rot": 0})
    game.apply({"kind": "keep_covers"})


def test_refill_from_one_of_the_two_piles_beside_the_slot() -> None:
    game = new_game()
    _to_refill(game, 1)  # slot 2 lies between piles 2 and 3
    assert [a.values for a in game.legal_actions()] == [(1,), (2,)]
    before = snapshot(game)
    with pytest.raises(IllegalActionError, match="not beside quarry slot 2"):
        game.apply({"kind": "refill", "pile": 0})
    assert snapshot(game) == before
    top = state(game).piles[2][-1]
    game.apply({"kind": "refill", "pile": 2})
    assert state(game).quarry[1] is top


def test_an_emptied_pile_takes_the_bottom_half_of_a_chosen_pile() -> None:
    game = new_game()
    s = state(game)
    s.piles[0] = s.piles[0][:1]
    s.piles[2] = s.piles[2][:1]
    s.piles[3] = s.piles[3][:5]
    bottom_two = s.piles[3][:2]
    _to_refill(game, 0)
    game.apply({"kind": "refill", "pile": 0})
    assert game.decision is not None and game.decision.kind == "split"
    with pytest.raises(IllegalActionError, match="fewer than 2"):
        game.apply({"kind": "split", "pile": 2})
    game.apply({"kind": "split", "pile": 3})
    assert s.piles[0] == bottom_two  # 5 // 2 = 2, rounded down
    assert len(s.piles[3]) == 3


def test_slot_stays_empty_when_both_piles_are_empty_and_none_can_split() -> None:
    game = new_game()
    s = state(game)
    s.piles = [[], [], [], s.piles[3][:1]]
    _to_refill(game, 0)
    assert s.quarry[0] is None
    assert game.steps[-1]["events"][-1]["type"] == "slot_stays_empty"
    assert game.decision is not None and game.decision.players == (1,)


# --- stage end --------------------------------------------------------------------------


def _stage1_full_but(game: Game, player: int, holes: list[tuple[int, int]]) -> None:
    fill_stage(game, player, 0)
    for x, y in holes:
        seat(game, player).pyramid.board[y * 9 + x] = 0


def test_a_full_box_completes_the_stage_and_the_player_is_skipped() -> None:
    game = new_game(players=3)
    _stage1_full_but(game, 0, [(2, 2), (3, 2)])
    take(game, domino(0, "red", "", "red", ""))
    game.apply({"kind": "place", "x": 2, "y": 2, "rot": 0})
    game.apply({"kind": "keep_covers"})
    game.apply({"kind": "refill", "pile": 0})
    assert seat(game, 0).done
    for player in (1, 2, 1, 2):  # player 0 is skipped from now on
        assert game.decision is not None and game.decision.players == (player,)
        take(game, domino(0, "brown", "", "brown", ""))
        game.apply(game.legal_actions()[0])
        while game.decision is not None and game.decision.players == (player,):
            game.apply(game.legal_actions()[0])


def _restart_turn(game: Game, player: int) -> None:
    """Begin ``player``'s turn again after the test rearranged the board."""
    from pyramido.games.pyramido.flow import begin_turn

    begin_turn(game, player)
    game._legal.clear()


def test_when_no_domino_fits_cover_cards_fill_the_gaps_without_markers() -> None:
    game = new_game()
    _stage1_full_but(game, 0, [(2, 2), (4, 2)])  # two single holes: no domino fits
    _restart_turn(game, 0)
    assert game.decision is not None and game.decision.kind == "fill"
    game.apply({"kind": "fill", "colour": "red", "quadrant": "TL"})
    game.apply({"kind": "fill", "colour": "blue", "quadrant": "BR"})
    s = seat(game, 0)
    assert s.done and s.covers_left == [1]  # the red/green and brown/blue cards are spent
    assert s.markers == {}  # no marker on fill cards
    assert s.pyramid.block(2, 2).colour == colour("red")  # type: ignore[union-attr]
    assert s.pyramid.block(4, 2).colour == colour("blue")  # type: ignore[union-attr]


def test_lacking_cover_cards_for_the_fill_loses_the_game() -> None:
    game = new_game(players=3)
    _stage1_full_but(game, 0, [(2, 2), (4, 2)])
    seat(game, 0).covers_left = [0]
    _restart_turn(game, 0)
    assert seat(game, 0).out_at_stage == 0
    assert game.decision is not None and game.decision.players == (1,)
    events = [e["type"] for e in game.setup_events]
    assert events[-2:] == ["no_domino_fits", "eliminated"]


def test_players_out_rank_below_everybody_and_are_skipped() -> None:
    game = new_game(players=2)
    seat(game, 0).out_at_stage = 0
    seat(game, 1).stage_scores = [0, 0, 0, 0]
    seat(game, 0).stage_scores = [50]
    game.decision = None
    ranking = game.ranking()
    assert [r.player for r in ranking] == [1, 0]


# --- scoring ----------------------------------------------------------------------------


def score(game: Game, player: int = 0) -> dict[str, object]:
    return game.score(player).to_json()


def test_only_marked_areas_score_and_mino_adds_the_smallest_again() -> None:
    game = new_game()
    put(game, 0, 0, 2, 2, "red", "TL TR")
    put(game, 0, 0, 3, 2, "red", "TL")  # red area: 3 icons
    put(game, 0, 0, 2, 3, "blue", "TL")
    put(game, 0, 0, 3, 3, "blue", "TL BR")  # blue area: 3 icons... unmarked
    put(game, 0, 0, 4, 2, "green", "TL")  # green area: 1 icon
    seat(game, 0).markers = {colour("red"): (2, 2), colour("green"): (4, 2)}
    result = score(game)
    assert result["total"] == 3 + 1 + 1  # red, green, Mino bonus on green


def test_no_mino_bonus_house_rule_overlay() -> None:
    game = new_game(ruleset="pyramido-no-mino")
    put(game, 0, 0, 2, 2, "red", "TL TR")
    seat(game, 0).markers = {colour("red"): (2, 2)}
    assert score(game)["total"] == 2


def test_areas_span_stages_on_the_top_view() -> None:
    game = new_game()
    fill_stage(game, 0, 0, "yellow")
    put(game, 0, 0, 2, 2, "red", "TL TR BL BR")  # stage-1 corner: 3 icons stay visible
    put(game, 0, 1, 2, 2, "red", "TL")  # stage-2 corner covers its BR quadrant
    s = seat(game, 0)
    s.pyramid.stage = 1
    s.markers = {colour("red"): (2, 2)}
    assert score(game)["total"] == (3 + 1) * 2


def test_a_fully_covered_block_does_not_join_areas() -> None:
    game = new_game()
    fill_stage(game, 0, 0, "yellow")
    fill_stage(game, 0, 1, "blue")
    put(game, 0, 0, 3, 3, "red", "TL TR BL BR")  # entirely under stage 2: invisible
    put(game, 0, 1, 2, 2, "red", "TL")
    put(game, 0, 1, 3, 3, "red", "TL")  # diagonal to (2, 2): no shared side on top
    s = seat(game, 0)
    s.pyramid.stage = 1
    s.markers = {colour("red"): (2, 2)}
    assert score(game)["total"] == 1 + 1


# --- the rulebook's scoring examples ----------------------------------------------------


def test_rulebook_stage_1_example_scores_24() -> None:
    """Areas of 4, 4, 3, 4, 3, 3 icons, all marked; Mino bonus 3: 24."""
    game = new_game()
    rows = [
        [("brown", "TL TR"), ("brown", "TL TR"), ("blue", "TL"), ("blue", "TL"), ("blue", "TL")],
        [
            ("yellow", "TL TR"),
            ("yellow", "TL TR"),
            ("turquoise", "TL"),
            ("turquoise", "TL"),
            ("turquoise", "TL"),
        ],
        [("red", "TL TR"), ("red", "TL TR"), ("green", "TL"), ("green", "TL"), ("green", "TL")],
        [("blue", ""), ("blue", ""), ("brown", ""), ("brown", ""), ("brown", "")],
    ]
    for y, row in enumerate(rows):
        for x, (name, icons) in enumerate(row):
            put(game, 0, 0, 2 + x, 2 + y, name, icons)
    seat(game, 0).markers = {
        colour("brown"): (2, 2),
        colour("blue"): (4, 2),
        colour("yellow"): (2, 3),
        colour("turquoise"): (4, 3),
        colour("red"): (2, 4),
        colour("green"): (4, 4),
    }
    result = score(game)
    assert sorted(line["icons"] for line in result["lines"][:-1]) == [3, 3, 3, 4, 4, 4]  # type: ignore[index]
    assert result["lines"][-1]["what"] == "Mino bonus"  # type: ignore[index]
    assert result["total"] == 24


def test_rulebook_stage_2_example_scores_23() -> None:
    """Marked areas of 6, 5, 4, 4 icons; Mino bonus 4: 23."""
    game = new_game()
    fill_stage(game, 0, 0, "green")
    rows = [
        [("brown", "TL TR"), ("brown", "TL TR"), ("brown", "TL TR"), ("blue", "")],
        [("yellow", "TL TR"), ("yellow", "TL TR"), ("red", "TL TR"), ("red", "TL TR")],
        [("turquoise", "TL TR"), ("turquoise", "TL TR"), ("turquoise", "TL"), ("red", "")],
    ]
    for y, row in enumerate(rows):
        for x, (name, icons) in enumerate(row):
            put(game, 0, 1, 2 + x, 2 + y, name, icons)
    s = seat(game, 0)
    s.pyramid.stage = 1
    s.markers = {
        colour("brown"): (2, 2),
        colour("yellow"): (2, 3),
        colour("red"): (4, 3),
        colour("turquoise"): (2, 4),
    }
    assert score(game)["total"] == 6 + 5 + 4 + 4 + 4 == 23


def _stage3_example(game: Game) -> None:
    fill_stage(game, 0, 0, "green")
    fill_stage(game, 0, 1, "green")
    put(game, 0, 1, 5, 2, "turquoise", "TL TR BR")  # partly visible beside stage 3
    put(game, 0, 1, 5, 3, "turquoise", "TR")
    put(game, 0, 1, 5, 4, "red", "TR BL")
    for x, y, name, icons in [
        (2, 2, "brown", "TL TR BL BR"),
        (3, 2, "brown", "TL TR BL"),
        (4, 2, "turquoise", "TL"),
        (2, 3, "blue", "TL TR BL BR"),
        (3, 3, "blue", "TL TR"),
        (4, 3, "red", "TL TR BL BR"),
    ]:
        put(game, 0, 2, x, y, name, icons)
    s = seat(game, 0)
    s.pyramid.stage = 2
    s.markers = {
        colour("brown"): (2, 2),
        colour("turquoise"): (4, 2),
        colour("blue"): (2, 3),
        colour("red"): (4, 3),
    }


def test_rulebook_stage_3_example_scores_29() -> None:
    """Marked areas of 7, 6, 6, 5 icons, spanning stages; Mino bonus 5: 29."""
    game = new_game()
    _stage3_example(game)
    result = score(game)
    assert sorted(line["icons"] for line in result["lines"][:-1]) == [5, 6, 6, 7]  # type: ignore[index]
    assert result["total"] == 29


def _stage4_example(game: Game, with_cover: bool) -> None:
    for stage in range(3):
        fill_stage(game, 0, stage, "yellow")
    put(game, 0, 2, 2, 2, "green", "TL TR BL")
    put(game, 0, 2, 2, 3, "green", "TL BL BR")
    put(game, 0, 2, 3, 2, "green", "TL")
    put(game, 0, 2, 4, 2, "brown", "TL TR BR")
    put(game, 0, 3, 3, 2, "brown", "TL TR BL BR")
    s = seat(game, 0)
    s.pyramid.stage = 3
    s.markers = {colour("brown"): (3, 2)}
    if with_cover:
        put(game, 0, 3, 2, 2, "green", "TL")  # a green cover card, marked
        s.markers[colour("green")] = (2, 2)
    else:
        put(game, 0, 3, 2, 2, "yellow", "")


def test_rulebook_stage_4_example_without_cover_scores_14() -> None:
    game = new_game()
    _stage4_example(game, with_cover=False)
    assert score(game)["total"] == 7 + 7 == 14


def test_rulebook_stage_4_example_with_a_cover_card_scores_22() -> None:
    game = new_game()
    _stage4_example(game, with_cover=True)
    assert score(game)["total"] == 8 + 7 + 7 == 22


# --- next stage, end, tie-breaks ----------------------------------------------------------


def test_lowest_stage_score_starts_next_stage_rulebook_sheet() -> None:
    """The rulebook's sheet: stage 1 scores 20, 24, 21, 18: the 4th player starts stage 2."""
    game = new_game(players=4)
    assert game.rules.next_start_player(game, [20, 24, 21, 18]) == 3


def test_start_player_tie_goes_to_the_first_in_current_turn_order() -> None:
    game = new_game(players=4)
    state(game).start_player = 2
    assert game.rules.next_start_player(game, [18, 24, 21, 18]) == 3  # order 2, 3, 0, 1
    state(game).start_player = 0
    assert game.rules.next_start_player(game, [18, 24, 21, 18]) == 0


def test_rulebook_final_sheet_totals_and_winner() -> None:
    """The rulebook's sheet prints totals 89, 96, 86, 83, but its second column adds up to
    98 (24 + 23 + 29 + 22): a misprint in the rulebook. The engine adds; the winner is the
    second player either way."""
    game = new_game(players=4)
    sheet = [[20, 24, 21, 18], [24, 23, 22, 21], [26, 29, 25, 24], [19, 22, 18, 20]]
    for p in range(4):
        seat(game, p).stage_scores = [row[p] for row in sheet]
    game.decision = None
    ranking = game.ranking()
    assert [r.score for r in sorted(ranking, key=lambda r: str(r.player))] == [89, 98, 86, 83]
    assert ranking[0].player == 1 and ranking[0].rank == 1


def test_tie_breaks_unused_cover_cards_then_best_stage_then_shared() -> None:
    game = new_game(players=4)
    scores = {0: [10, 10, 10, 10], 1: [5, 15, 10, 10], 2: [10, 10, 10, 10], 3: [10, 10, 10, 10]}
    for p, rows in scores.items():
        seat(game, p).stage_scores = rows
    seat(game, 3).covers_left = [0, 1, 2]
    seat(game, 0).covers_left = seat(game, 1).covers_left = seat(game, 2).covers_left = [0]
    game.decision = None
    ranking = game.ranking()
    assert [r.player for r in ranking] == [3, 1, 0, 2]  # more cards, then best stage 15
    assert [r.rank for r in ranking] == [1, 2, 3, 3]  # 0 and 2 share


# --- whole games --------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_full_games_reach_the_end_with_four_stages_scored(players: int) -> None:
    from pyramido.bots import make_bot, play_out

    game = new_game(players=players, seed=players)
    play_out(game, [make_bot("greedy", p) for p in range(players)])
    scored = [e for s in game.steps for e in s["events"] if e["type"] == "stage_scored"]
    active = [p for p in range(players) if seat(game, p).out_at_stage is None]
    assert len(scored) >= 4 * len(active)
    for p in active:
        assert len(seat(game, p).stage_scores) == 4
        assert seat(game, p).pyramid.blocks_in_stage(3) == 2
    assert game.is_over


def test_stage_start_player_is_applied() -> None:
    from pyramido.bots import make_bot, play_out

    game = new_game(players=3, seed=11)
    play_out(game, [make_bot("greedy", p) for p in range(3)])
    events = [e for s in game.steps for e in s["events"]]
    for i, event in enumerate(events):
        if event["type"] == "stage_start":
            scored = [
                e for e in events[:i] if e["type"] == "stage_scored" and e["stage"] == event["stage"] - 1
            ]
            low = min(e["total"] for e in scored)
            assert any(e["player"] == event["start_player"] and e["total"] == low for e in scored)
            following = next(e for e in events[i + 1 :] if e["type"] == "take")
            assert following["player"] == event["start_player"]


def test_placement_integer_matches_board_encoding() -> None:
    game = new_game()
    assert game.space.index("place", 4, 3, 2) - game.space.kind("place").offset == encode_placement(3, 4, 2)


def test_a_printed_cover_card_icon_cannot_be_turned(tmp_path: object) -> None:
    from pathlib import Path

    from pyramido import load_ruleset

    path = Path(str(tmp_path)) / "printed.yaml"
    path.write_text("extends: pyramido\nid: printed\nrules:\n  cover_card_icon: TL\n")
    game = new_game(ruleset=load_ruleset(path))
    _placed_and_marked_a(game)
    quadrants = {a.values[2] for a in game.legal_actions() if a.kind == "cover"}
    assert quadrants == {0}
    with pytest.raises(IllegalActionError, match="stays where it is printed"):
        game.apply({"kind": "cover", "block": "B", "colour": "green", "quadrant": "BR"})


def test_an_emptied_pile_stays_empty_when_no_pile_can_be_split() -> None:
    game = new_game()
    s = state(game)
    s.piles = [s.piles[0][:1], s.piles[1][:1], [], s.piles[3][:1]]
    _to_refill(game, 0)
    game.apply({"kind": "refill", "pile": 0})
    assert s.piles[0] == [] and game.decision is not None and game.decision.players == (1,)


# --- every ruling is a value (docs/rules.md §2) -------------------------------------------


def ruled(**rules: object) -> Game:
    """A game whose ruleset overrides some rulings (values under ``rules:``)."""
    import json
    import tempfile
    from pathlib import Path

    from pyramido import load_ruleset

    folder = Path(tempfile.mkdtemp())
    (folder / "ruled.yaml").write_text("extends: pyramido\nid: ruled\nrules: " + json.dumps(rules) + "\n")
    return new_game(ruleset=load_ruleset(folder / "ruled.yaml"))


def test_ruling_empty_slot_any_pile_refills_from_a_pile_away_from_the_slot() -> None:
    game = ruled(empty_slot="any_pile")
    s = state(game)
    s.piles = [[], [], s.piles[2][:3], s.piles[3][:1]]
    _to_refill(game, 0)
    assert [a.values for a in game.legal_actions()] == [(2,), (3,)]


def test_ruling_empty_quarry_stage_complete_ends_the_stage_without_cover_cards() -> None:
    game = ruled(empty_quarry="stage_complete")
    state(game).quarry = [None, None, None]
    _restart_turn(game, 0)
    assert seat(game, 0).done and seat(game, 0).covers_left == [0, 1, 2]
    assert seat(game, 0).out_at_stage is None


def test_ruling_lacking_covers_gaps_fills_what_the_cards_can() -> None:
    game = ruled(lacking_covers="gaps")
    _stage1_full_but(game, 0, [(2, 2), (4, 2)])
    seat(game, 0).covers_left = [0]
    _restart_turn(game, 0)
    assert game.decision is not None and game.decision.kind == "fill"
    game.apply({"kind": "fill", "colour": "brown", "quadrant": "TL"})
    assert seat(game, 0).done and seat(game, 0).out_at_stage is None
    assert seat(game, 0).pyramid.block(4, 2) is None  # the gap stays


def test_ruling_loose_box_last_fills_the_last_box_in_row_order() -> None:
    for loose_box, corner in (("first_in_row_order", (1, 0)), ("last_in_row_order", (5, 4))):
        game = ruled(loose_box=loose_box, lacking_covers="gaps")
        put(game, 0, 0, 4, 4, "red")  # one block: every box around it holds it
        state(game).quarry = [None, None, None]
        _restart_turn(game, 0)
        assert game.table().to_fill[0] == corner, loose_box


def test_ruling_turn_order_from_seat_zero_breaks_start_player_ties_from_seat_zero() -> None:
    game = ruled(turn_order_from="seat_zero")
    state(game).start_player = 2
    assert game.rules.next_start_player(game, [18, 24, 21, 18]) == 0


def test_ruling_area_connectivity_through_supports_joins_areas_through_a_hidden_block() -> None:
    """The board of test_a_fully_covered_block_does_not_join_areas, read literally."""
    game = ruled(area_connectivity="through_supports")
    fill_stage(game, 0, 0, "yellow")
    fill_stage(game, 0, 1, "blue")
    put(game, 0, 0, 3, 3, "red", "TL TR BL BR")  # entirely under stage 2, yet it supports both
    put(game, 0, 1, 2, 2, "red", "TL")
    put(game, 0, 1, 3, 3, "red", "TL")
    s = seat(game, 0)
    s.pyramid.stage = 1
    s.markers = {colour("red"): (2, 2)}
    assert score(game)["total"] == (1 + 1) * 2  # one area of 2 icons, and the Mino bonus

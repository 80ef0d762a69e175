"""Every number a rulebook prints is a rule parameter or a hook (issue 25): the table of
docs/plugin_hooks.md names each one, and each parameter made for it changes play, or is
refused with a clear error."""

from __future__ import annotations

import dataclasses
import itertools
import re
from pathlib import Path
from typing import Any

import pytest
from ft_scenario import BLUE, RED, put, refresh, to_scoring
from ft_scenario import state as ft_state
from sg_scenario import card, give, kept, reveal, set_score, shape_action, state

from pyramido import Game, IllegalActionError, PluginError, RulesetError, load_ruleset, make_record, replay
from pyramido.adapters.tensors import encoder
from pyramido.bots import make_bot, play_out
from pyramido.games.forgotten_treasures.activation import best_activation
from pyramido.games.pyramids.shape import PRINTED, pyramid_shape
from pyramido.games.pyramids.state import state_of as pyramid_state
from pyramido.games.shared import explain_place
from pyramido.geometry import core
from pyramido.geometry.board import block_byte, block_index, placement_blocks
from pyramido.plugin import PluginInfo, hookimpl
from pyramido.render.view import View
from pyramido.render.wording import a_gem, action_words
from pyramido.svg import draw


def overlay(tmp_path: Path, base: str, **rules: Any) -> Any:
    """A ruleset file extending ``base`` with these ``rules:`` values."""
    lines = [f"  {name}: {value}" for name, value in rules.items()]
    path = tmp_path / "overlay.yaml"
    path.write_text("\n".join([f"extends: {base}", "id: overlay", "rules:", *lines, ""]))
    return load_ruleset(path)


# --- Silver & Gold: torches a round -------------------------------------------------------

TWO_TORCHES = [".Et..", "..t..", ".....", ".....", "..T.."]


@pytest.mark.parametrize(("per_round", "ticked", "points"), [(None, 1, 5), (2, 2, 10), (0, 0, 0)])
def test_torches_per_round_ticks_that_many_torches_a_round(
    tmp_path: Path, per_round: int | None, ticked: int, points: int
) -> None:
    """Two torches marked at once: the printed card ticks one (the second ticks nothing,
    and ``torch_ticked`` says whether any did); ``torches_per_round: 2`` ticks and scores
    both; ``0`` none."""
    ruleset = (
        "silver-gold-pyramids"
        if per_round is None
        else overlay(tmp_path, "silver-gold-pyramids", torches_per_round=per_round)
    )
    game = kept(Game(ruleset, 2, 1))
    give(game, 0, 0, card(101, TWO_TORCHES))
    reveal(game, "l3")
    game.apply(shape_action("l3", 0, (1, 0), (2, 0), (2, 1)), player=0)
    score = state(game).seats[0].score
    assert score.torches == (ticked, 0, 0, 0)
    mark = next(e for e in game.steps[-1]["events"] if e["type"] == "mark")
    assert mark["symbols"]["torch"] == 2 and mark["torch_ticked"] is bool(ticked)
    line = next(line for line in game.rules.score_stage(game, 0, score).lines if line.id == "torches")
    assert (line.points, line.detail["count"]) == (points, ticked)
    assert game.observation(0)["players"][0]["score_card"]["torches"] == [ticked, 0, 0, 0]


@pytest.mark.parametrize(
    ("base", "name", "value"),
    [
        ("silver-gold-pyramids", "torches_per_round", -1),
        ("silver-gold-pyramids", "torches_per_round", 10),
        ("silver-gold-pyramids", "torches_per_round", "two"),
        ("silver-gold-pyramids", "single_gem_points", 1.5),
        ("silver-gold-pyramids", "offer_size", 9),
        ("forgotten-treasures", "mythical_kept_points", -1),
    ],
)
def test_a_new_parameter_refuses_a_bad_value(tmp_path: Path, base: str, name: str, value: object) -> None:
    with pytest.raises(RulesetError, match=name):
        overlay(tmp_path, base, **{name: value})


# --- Forgotten Treasures: gems a take -----------------------------------------------------


def takes_of(game: Game) -> list[dict[str, Any]]:
    return [game.space.action(i).to_json(game.space) for i in game.legal_indices()]


def test_the_printed_take_carries_one_gem() -> None:
    game = Game("forgotten-treasures", 2, 1)
    assert game.space.kind("take").fields[1].labels == (
        "orange", "blue", "purple", "green", "red", "mythical", "none"
    )  # fmt: skip
    assert all("+" not in take["gem"] for take in takes_of(game))


def test_gems_per_take_gives_that_many_gems(tmp_path: Path) -> None:
    """``gems_per_take: 2``: every take from an area of 3 gems carries 2 of them, each
    choice once; the area and the bag's stock go down by 2, the player holds both, the
    event and the words name both."""
    game = Game(overlay(tmp_path, "forgotten-treasures", gems_per_take=2), 2, 1)
    lying = game.table().spaces[0].gems
    takes = [take for take in takes_of(game) if take["pile"] == 0]
    pairs = {tuple(sorted(pair)) for pair in itertools.combinations(lying, 2)}
    assert sorted(tuple(sorted(take["gem"].split("+"))) for take in takes) == sorted(pairs)
    take = takes[0]
    words = action_words(take, View.of(game, 0))
    held_before = sum(len(game.table().spaces[space].gems) for space in range(5))
    game.apply(take)
    taken = take["gem"].split("+")
    assert sum(game.seat(0).gems.values()) == 2 and all(game.seat(0).gems[kind] for kind in taken)
    event = next(e for e in game.steps[-1]["events"] if e["type"] == "take")
    assert event["gem"] == take["gem"]
    left = sum(len(game.table().spaces[space].gems) for space in range(5))
    replenished = sum(len(e["gems"]) for e in game.steps[-1]["events"] if e["type"] == "replenish")
    assert left == held_before - 2 + replenished
    assert " and ".join(a_gem(kind) for kind in taken) in words


def test_gems_per_take_takes_all_of_a_smaller_area(tmp_path: Path) -> None:
    game = Game(overlay(tmp_path, "forgotten-treasures", gems_per_take=3), 2, 1)
    ft_state(game).gem_areas[0] = [RED, RED]
    refresh(game)
    assert [take["gem"] for take in takes_of(game) if take["pile"] == 0] == ["red+red"]
    game.apply({"kind": "take", "pile": 0, "gem": "red+red"})
    assert game.seat(0).gems["red"] == 2


def test_a_take_of_gems_not_lying_there_is_explained(tmp_path: Path) -> None:
    game = Game(overlay(tmp_path, "forgotten-treasures", gems_per_take=2), 2, 1)
    ft_state(game).gem_areas[0] = [RED, BLUE]
    refresh(game)
    with pytest.raises(IllegalActionError, match="space 1 holds only 1 red gem, not 2"):
        game.apply({"kind": "take", "pile": 0, "gem": "red+red"})
    with pytest.raises(IllegalActionError, match="space 1 holds no green gem"):
        game.apply({"kind": "take", "pile": 0, "gem": "green+red"})


class DoubleGems:
    """Two gems of a kind lying twice or more in the area; else one."""

    @hookimpl
    def pyramido_plugin_info(self) -> PluginInfo:
        return PluginInfo("double-gems", ("forgotten-treasures",), "a pair of one kind comes together")

    @hookimpl
    def pyramido_gem_choices(self, game: Any, player: int, space: int) -> list[str | tuple[str, ...] | None]:
        gems = game.table().spaces[space].gems
        return [(kind, kind) if gems.count(kind) > 1 else kind for kind in sorted(set(gems))] or [None]


def test_a_hook_grants_several_gems_within_gems_per_take(tmp_path: Path) -> None:
    path = tmp_path / "two.yaml"
    path.write_text("extends: forgotten-treasures\nid: two\nrules:\n  gems_per_take: 2\n")
    game = Game(load_ruleset(path, [DoubleGems()]), 2, 1)
    ft_state(game).gem_areas[0] = [RED, BLUE, RED]
    refresh(game)
    assert [take["gem"] for take in takes_of(game) if take["pile"] == 0] == ["blue", "red+red"]
    with pytest.raises(ValueError, match=r"a take carries at most 1 gem\(s\) \(gems_per_take\)"):
        game = Game(load_ruleset("forgotten-treasures", [DoubleGems()]), 2, 1)
        ft_state(game).gem_areas[0] = [RED, RED]
        refresh(game)


class ListedGems(DoubleGems):
    @hookimpl
    def pyramido_gem_choices(self, game: Any, player: int, space: int) -> Any:
        return [["red", "red"]]


def test_a_hook_answer_of_several_gems_is_checked() -> None:
    with pytest.raises(PluginError, match="pyramido_gem_choices"):
        Game(load_ruleset("forgotten-treasures", [ListedGems()]), 2, 1)


@pytest.mark.parametrize("value", [0, 4, "two"])
def test_gems_per_take_refuses_a_bad_value(tmp_path: Path, value: object) -> None:
    with pytest.raises(RulesetError, match="gems_per_take"):
        overlay(tmp_path, "forgotten-treasures", gems_per_take=value)


@pytest.mark.parametrize("bot", ["greedy", "random"])
def test_bots_play_takes_of_several_gems_to_the_end(tmp_path: Path, bot: str) -> None:
    """Their records replay."""
    ruleset = overlay(tmp_path, "forgotten-treasures", gems_per_take=2)
    for seed in range(3):
        game = Game(ruleset, 2, seed)
        play_out(game, [make_bot(bot, seed + p, ruleset) for p in range(2)])
        actions = [game.space.action(step["index"]).to_json(game.space) for step in game.steps]
        assert game.is_over and any("+" in action.get("gem", "") for action in actions)
        assert make_record(replay(make_record(game), ruleset=ruleset)) == make_record(game)


# --- the views: unfilled spaces, the stage's start player and turn order --------------------


@pytest.mark.parametrize("ruleset_id", ["pyramido", "forgotten-treasures"])
def test_a_seat_tells_the_spaces_its_finished_stages_left_unfilled(ruleset_id: str) -> None:
    """Three stage-1 blocks of 20: nothing is unfilled while the stage is built, 17 once
    it is complete (a stage ended with gaps)."""
    game = Game(ruleset_id, 2, 1)
    seat = game.state.seats[0]
    for x in range(3):
        put(game, 0, 4 + x, 4, RED, "")
    assert game.seat(0).unfilled == 0
    seat.done = True
    assert game.seat(0).unfilled == 17 and game.seat(1).unfilled == 0


@pytest.mark.parametrize("ruleset_id", ["pyramido", "forgotten-treasures"])
def test_the_table_tells_the_stages_start_player_and_turn_order(ruleset_id: str) -> None:
    """Who started each stage (the ``stage_start`` event), and every seat clockwise from
    them; the first turn of the stage is the start player's."""
    game = Game(ruleset_id, 3, 2)
    bots = [make_bot("random", p) for p in range(3)]
    seen: dict[int, tuple[int, tuple[int, ...]]] = {}
    while not game.is_over:
        table = game.table()
        seen.setdefault(table.stage, (table.start_player, table.turn_order))
        player = game.decision.players[0]  # type: ignore[union-attr]
        game.apply(bots[player].choose(game, player), player=player)
    starts = [e["start_player"] for step in game.steps for e in step["events"] if e["type"] == "stage_start"]
    assert [start for start, _ in seen.values()] == [0, *starts]
    for start, order in seen.values():
        assert order == tuple((start + i) % 3 for i in range(3))


# --- points the score cards print -----------------------------------------------------------


@pytest.mark.parametrize(("single", "points"), [(None, 2), (3, 6), (0, 0)])
def test_single_gem_points_scores_each_unpaired_gem(tmp_path: Path, single: int | None, points: int) -> None:
    ruleset = (
        "silver-gold-pyramids"
        if single is None
        else overlay(tmp_path, "silver-gold-pyramids", single_gem_points=single)
    )
    game = kept(Game(ruleset, 2, 1))
    set_score(game, 0, red=3, green=1)  # one pair, two single gems
    lines = {line.id: line for line in game.rules.score_stage(game, 0, state(game).seats[0].score).lines}
    assert (lines["single_gems"].points, lines["single_gems"].detail["count"]) == (points, 2)
    assert lines["gem_pairs"].points == 5


@pytest.mark.parametrize(("per_gem", "points"), [(None, 3), (2, 6)])
def test_mythical_kept_points_scores_each_mythical_gem_left(
    tmp_path: Path, per_gem: int | None, points: int
) -> None:
    ruleset = (
        "forgotten-treasures"
        if per_gem is None
        else overlay(tmp_path, "forgotten-treasures", mythical_kept_points=per_gem)
    )
    game = Game(ruleset, 2, 1)
    to_scoring(game, [[0, 0, 0, 0, 0, 3], [0] * 6])
    lines = {line.id: line for line in game.rules.score_stage(game, 0, game.seat(0).position).lines}
    assert (lines["mythical_kept"].points, lines["mythical_kept"].detail["gems"]) == (points, 3)


def test_the_activation_solver_values_mythical_gems_kept_as_the_ruleset_does() -> None:
    """2 mythical gems activate an area of 3 icons (3 points), or are kept: 2 points
    printed, 4 at 2 points a gem."""
    assert best_activation([(0, 3)], [0], 2).points == 3
    kept_plan = best_activation([(0, 3)], [0], 2, mythical_points=2)
    assert (kept_plan.points, kept_plan.spends) == (4, ())


# --- the table of printed numbers -----------------------------------------------------------

DOCS = Path(__file__).resolve().parent.parent / "docs" / "plugin_hooks.md"
HEADING = "## Every number the rulebooks print"
GAMES = {
    "Pyramido": "pyramido",
    "Forgotten Treasures": "forgotten-treasures",
    "Silver & Gold": "silver-gold-pyramids",
}
#: A backticked name in the table: a parameter (``legend.points_per_mythical`` inside an
#: object), a component, a ruleset key or a hook; paths and constants are not names.
NAME = re.compile(r"`([a-z][a-z_]*(?:\.[a-z_]+)?)`")


def table_rows() -> list[tuple[str, str, str]]:
    section = DOCS.read_text().split(HEADING, 1)[1].split("\n## ", 1)[0]
    cells = [[cell.strip() for cell in line.strip("|").split("|")] for line in section.splitlines()]
    rows = [cell for cell in cells if len(cell) == 3 and not set(cell[0]) <= set("-")]
    return [(game, printed, by) for game, printed, by in rows if game != "Game"]


def names_of(ruleset_id: str) -> set[str]:
    """Every parameter (and member of an object parameter), component, ruleset key and
    hook a name in the table may be."""
    ruleset = load_ruleset(ruleset_id)
    params = ruleset.params
    nested = {f"{key}.{inner}" for key, value in params.items() if isinstance(value, dict) for inner in value}
    return {*params, *nested, *ruleset.components, *ruleset.data, *ruleset.rules.hooks}


def test_the_table_of_printed_numbers_names_only_what_exists() -> None:
    """Each row's names exist for each game it is about; a row without one says it is fixed."""
    rows = table_rows()
    assert len(rows) >= 40
    known = {game: names_of(ruleset_id) for game, ruleset_id in GAMES.items()}
    for game, printed, changed_by in rows:
        names = [name for name in NAME.findall(changed_by) if not name.endswith(".py")]
        assert names or changed_by.startswith("fixed"), f"{game}: {printed}: names nothing"
        for name in names:
            for each in game.split(", "):
                assert name in known[each], f"{each}: {printed}: {name} is no parameter or hook"


def test_each_new_parameter_defaults_to_the_printed_value() -> None:
    """The parameters made for printed numbers (schema defaults: the shipped YAML, and so
    the records, are unchanged)."""
    sg = load_ruleset("silver-gold-pyramids").params
    assert (sg["torches_per_round"], sg["single_gem_points"]) == (1, 1)
    ft = load_ruleset("forgotten-treasures").params
    assert (ft["gems_per_take"], ft["mythical_kept_points"]) == (1, 1)
    for ruleset_id in ("pyramido", "forgotten-treasures"):
        shape = pyramid_shape(load_ruleset(ruleset_id))
        assert shape is PRINTED and shape.stage_blocks == (20, 12, 6, 2)


@pytest.mark.parametrize("size", [0, 2, 6])
def test_offer_size_deals_that_many_cards_and_bots_play_on(tmp_path: Path, size: int) -> None:
    """The offer holds ``offer_size`` cards, the ``replace`` action has a source per slot,
    and games play to the end."""
    ruleset = overlay(tmp_path, "silver-gold-pyramids", offer_size=size)
    assert ruleset.space.kind("replace").fields[0].labels == (
        "deck",
        *(f"offer {i + 1}" for i in range(size)),
    )
    for seed in range(2):
        game = kept(Game(ruleset, 2, seed))
        assert len(state(game).offer) == size
        play_out(game, [make_bot("greedy", seed, ruleset), make_bot("random", seed, ruleset)])
        assert game.is_over


def test_the_picture_offers_takes_of_several_gems_as_gems_clicked_one_by_one(tmp_path: Path) -> None:
    """Each gem of the area is a part; each take a combo of its gems' parts."""
    game = Game(overlay(tmp_path, "forgotten-treasures", gems_per_take=2), 2, 1)
    ft_state(game).gem_areas[0] = [RED, BLUE, RED]
    refresh(game)
    svg = draw(dataclasses.replace(View.of(game, 0), choices=tuple(takes_of(game))))
    assert svg.count('data-part="gem-0-red-0"') == svg.count('data-part="gem-0-red-1"') == 1
    assert 'data-parts="gem-0-red-0 gem-0-red-1"' in svg  # red+red
    assert 'data-parts="gem-0-blue-0 gem-0-red-0"' in svg  # blue+red, in kind order


@pytest.mark.parametrize("per_turn", [None, 1, 3])
def test_legend_gems_per_turn_is_how_many_gems_the_legend_takes(tmp_path: Path, per_turn: int | None) -> None:
    ruleset = (
        "forgotten-treasures"
        if per_turn is None
        else overlay(tmp_path, "forgotten-treasures", legend_gems_per_turn=per_turn)
    )
    taken = []
    for seed in range(3):
        game = Game(ruleset, 1, seed, {"solo": "legend"})
        play_out(game, [make_bot("random", seed)])
        taken += [len(e["gems"]) for step in game.steps for e in step["events"] if e["type"] == "legend_turn"]
    most = 2 if per_turn is None else per_turn
    assert max(taken) == most and all(count <= most for count in taken)


@pytest.mark.parametrize(("draws", "drawn"), [(None, 1), (2, 2), (0, 0)])
def test_the_legend_draws_that_many_gems(tmp_path: Path, draws: int | None, drawn: int) -> None:
    """With a threshold of 0 THE Legend draws at every stage's start."""
    rules: dict[str, Any] = {"legend": {"points_per_mythical": 2, "the_legend_mythical_threshold": 0}}
    if draws is not None:
        rules["the_legend_draws"] = draws
    game = Game(overlay(tmp_path, "forgotten-treasures", **rules), 1, 1, {"solo": "the-legend"})
    play_out(game, [make_bot("random", 1)])
    events = [e for step in [{"events": game.setup_events}, *game.steps] for e in step["events"]]
    counts = [len(e["gems"]) for e in events if e["type"] == "legend_draws"]
    assert counts and set(counts) == {drawn}


# --- the pyramid's size: pyramid_base and pyramid_stages ---------------------------------


def _play_pyramid(ruleset: Any, players: int, bot: str, seed: int) -> Game:
    """A whole game, checked as it goes: stage 1 never spans more than the base either way
    round, and every stage a seat completes full holds the shape's block count."""
    shape = pyramid_shape(ruleset)
    game = Game(ruleset, players, seed)
    bots = [make_bot(bot, seed * 4 + p, ruleset) for p in range(players)]
    while not game.is_over:
        decision = game.decision
        assert decision is not None
        for player in decision.players:
            game.apply_index(bots[player].choose(game, player), player)
        for event in game.steps[-1]["events"]:
            seat = pyramid_state(game).seats[event["player"]] if event["type"] == "stage_complete" else None
            if seat is not None and not seat.pyramid.empty_spaces():
                stage = event["stage"] - 1
                assert seat.pyramid.blocks_in_stage(stage) == shape.stage_blocks[stage]
    for seat in pyramid_state(game).seats:
        x0, y0, x1, y1 = core.stage_box(bytes(seat.pyramid.board), 0, base=shape.base)
        assert sorted((x1 - x0 + 1, y1 - y0 + 1)) <= sorted(shape.base)
        assert not any(seat.pyramid.blocks_in_stage(s) for s in range(shape.stages, 4))
    starts = [e["stage"] for step in game.steps for e in step["events"] if e["type"] == "stage_start"]
    assert max(starts, default=1) <= shape.stages
    return game


@pytest.mark.parametrize("bot", ["random", "greedy"])
@pytest.mark.parametrize("players", [2, 4])
def test_the_small_pyramid_house_rule_plays_whole_games(bot: str, players: int) -> None:
    """``pyramido-small-pyramid``: a 4x3 base of 3 stages (12, 6 and 2 block spaces)."""
    ruleset = load_ruleset("pyramido-small-pyramid")
    assert pyramid_shape(ruleset).stage_blocks == (12, 6, 2)
    for seed in range(3):
        game = _play_pyramid(ruleset, players, bot, seed)
        if bot == "greedy":  # greedy fills every stage: the game's last stage is the third
            assert game.seat(0).stages == 3 and len(game.seat(0).stage_scores) == 3


@pytest.mark.parametrize("bot", ["random", "greedy"])
def test_forgotten_treasures_plays_a_pyramid_of_three_stages(tmp_path: Path, bot: str) -> None:
    """A 5x4 base of 3 stages in Forgotten Treasures, solo and at 3 players."""
    ruleset = overlay(tmp_path, "forgotten-treasures", pyramid_base=[5, 4], pyramid_stages=3)
    _play_pyramid(ruleset, 3, bot, 1)
    solo = Game(ruleset, 1, 2, {"solo": "legend"})
    play_out(solo, [make_bot(bot, 0, ruleset)])
    starts = [e["stage"] for step in solo.steps for e in step["events"] if e["type"] == "stage_start"]
    assert starts == [2, 3]


def test_a_stage_1_box_of_the_base_bounds_the_placements() -> None:
    """On a 4x3 base, stage 1's blocks never span 5 blocks, and the explanation names the
    base's boxes."""
    game = Game("pyramido-small-pyramid", 2, 1)
    pyramid = pyramid_state(game).seats[0].pyramid
    for x in (3, 4, 5, 6):  # two dominoes in a row: 4 blocks wide
        pyramid.board[block_index(0, x, 4)] = block_byte(1, 0)
    spaces = [block for p in pyramid.placements() for block in placement_blocks(p)]
    assert spaces and all(3 <= x <= 6 for x, _ in spaces)
    beyond = game.space.action(game.space.index("place", 4, 7, 1))  # (y, x, rot): (7, 4) and (7, 5)
    assert explain_place(game, 0, beyond) == "all stage-1 blocks must fit in a 4x3 or 3x4 box"


@pytest.mark.parametrize(
    ("rules", "field"),
    [
        ({"pyramid_base": [6, 4]}, "pyramid_base"),
        ({"pyramid_base": [4]}, "pyramid_base"),
        ({"pyramid_base": [3, 3], "pyramid_stages": 1}, "pyramid_base"),
        ({"pyramid_base": [5, 3], "pyramid_stages": 2}, "pyramid_base"),
        ({"pyramid_base": [4, 3]}, "pyramid_stages"),
        ({"pyramid_stages": 0}, "pyramid_stages"),
        ({"pyramid_stages": 5}, "pyramid_stages"),
    ],
)
@pytest.mark.parametrize("base", ["pyramido", "forgotten-treasures"])
def test_a_pyramid_that_cannot_be_built_is_refused(
    tmp_path: Path, base: str, rules: dict[str, object], field: str
) -> None:
    """Sides beyond 1..5, more stages than the base's shorter side (or 4), a stage of an
    odd number of spaces: a clear error naming the field."""
    with pytest.raises(RulesetError, match=field):
        overlay(tmp_path, base, **rules)


# --- the learning tensors follow the parameters ---------------------------------------------


@pytest.mark.parametrize(
    ("base", "rules"),
    [
        ("silver-gold-pyramids", {"rounds": 3, "torches_per_round": 2, "offer_size": 2}),
        ("forgotten-treasures", {"gems_per_take": 3}),
    ],
)
def test_tensors_and_masks_follow_the_new_parameters(
    tmp_path: Path, base: str, rules: dict[str, int]
) -> None:
    """A round a torch slot, the offer's slots, the take's gem field: whole games keep the
    tensor's shape and documented ranges, and the legal mask the action space's size."""
    ruleset = overlay(tmp_path, base, **rules)
    tensors = encoder(ruleset, 2)
    game = Game(ruleset, 2, 3)
    bots = [make_bot("random", p, ruleset) for p in range(2)]
    while not game.is_over:
        for seat in range(2):
            parts = tensors.spec.split(tensors.observe(game, seat))
            assert all(
                ((parts[s.name] >= s.low) & (parts[s.name] <= s.high)).all() for s in tensors.spec.slots
            )
            assert tensors.legal_mask(game, seat).shape == (game.space.size,)
        player = game.decision.players[0]  # type: ignore[union-attr]
        game.apply(bots[player].choose(game, player), player=player)

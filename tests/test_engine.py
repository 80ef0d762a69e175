"""The engine's contract, checked on whole random games (after OpenSpiel's random_sim_test):
clone equals original, mask equals legal list, JSON round-trips, refused actions change
nothing, observations follow the schema, games end in bounded length, same seed same game.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyramido import (
    ActionFormatError,
    Game,
    IllegalActionError,
    PluginError,
    PyramidoError,
    load_ruleset,
    make_record,
    replay,
)
from pyramido.bots import make_bot, play_out
from pyramido.engine.record import dumps
from pyramido.engine.schema_check import validator
from pyramido.geometry.rng import Rng
from pyramido.plugin import PluginInfo, hookimpl

MAX_DECISIONS = 4 * 20 * 8 + 100  # 4 players x 20 dominoes x at most ~8 decisions a turn


def _random_game(players: int, seed: int) -> Game:
    game = Game("pyramido", players, seed)
    bots = [make_bot("random", seed * 10 + p) for p in range(players)]
    play_out(game, bots)
    return game


GAMES = [
    ("pyramido", st.integers(2, 4), {}),
    ("forgotten-treasures", st.integers(2, 4), {}),
    ("forgotten-treasures", st.just(1), {"solo": "the-legend"}),
    ("silver-gold-pyramids", st.integers(1, 4), {}),
]


@pytest.mark.parametrize(("ruleset", "players", "options"), GAMES, ids=[f"{g[0]}-{g[2]}" for g in GAMES])
@settings(max_examples=12, deadline=None)
@given(data=st.data(), seed=st.integers(0, 2**32), bot_seed=st.integers(0, 1000))
def test_random_sim_conformance(
    ruleset: str,
    players: st.SearchStrategy[int],
    options: dict[str, str],
    data: st.DataObject,
    seed: int,
    bot_seed: int,
) -> None:
    count = data.draw(players)
    game = Game(ruleset, count, seed, options)
    rng = Rng(bot_seed)
    observations = validator("observation")
    decisions = 0
    while not game.is_over:
        assert game.decision is not None
        player = rng.choice(list(game.decision.players))  # any of several simultaneous deciders
        legal = game.legal_indices(player)
        assert legal, "a decision always has a legal action"
        assert legal == sorted(set(legal))
        mask = game.legal_mask(player)
        assert [i for i, ok in enumerate(mask) if ok] == legal
        if decisions % 7 == 0:
            for viewer in [None, *range(count)]:
                observations.validate(game.observation(viewer))
            twin = game.clone()
            assert twin.observation(player) == game.observation(player)
            assert twin.legal_indices(player) == legal
        action = game.space.action(rng.choice(legal))
        assert game.space.from_json(json.loads(json.dumps(action.to_json(game.space)))) == action
        game.apply(action.to_json(game.space), player=player)
        decisions += 1
        assert decisions < MAX_DECISIONS
    assert game.ranking()
    with pytest.raises(IllegalActionError, match="game is over"):
        game.apply(0)
    text = dumps(make_record(game))
    assert dumps(make_record(replay(json.loads(text)))) == text  # the record round-trips


def test_clone_is_independent() -> None:
    game = Game("pyramido", 2, 4)
    twin = game.clone()
    twin.apply(twin.legal_indices()[0])
    assert len(game.steps) == 0 and game.decision is not None and game.decision.kind == "take"
    assert game.observation(0) != twin.observation(0)


def test_same_seed_and_actions_give_the_same_record_bytes() -> None:
    first = dumps(make_record(_random_game(4, 99)))
    second = dumps(make_record(_random_game(4, 99)))
    assert first == second
    assert first != dumps(make_record(_random_game(4, 98)))


def test_greedy_games_are_deterministic() -> None:
    def play() -> str:
        game = Game("pyramido", 3, 5)
        play_out(game, [make_bot("greedy", p) for p in range(3)])
        return dumps(make_record(game))

    assert play() == play()


def test_wrong_player_is_refused_and_nothing_changes() -> None:
    game = Game("pyramido", 3, 1)
    before = json.dumps(game.observation(None), sort_keys=True)
    with pytest.raises(IllegalActionError, match="not player 2's decision") as info:
        game.apply({"kind": "take", "slot": 0}, player=2)
    assert info.value.rule == "turn order"
    assert json.dumps(game.observation(None), sort_keys=True) == before and not game.steps


@pytest.mark.parametrize(
    ("action", "message"),
    [
        ({"kind": "fly"}, "unknown action kind 'fly'"),
        ({"kind": "take"}, "missing field 'slot'"),
        ({"kind": "take", "slot": 7}, "out of range 0..2"),
        ({"kind": "take", "slot": 0, "extra": 1}, "unknown field"),
        ({"kind": "cover", "block": "C", "colour": "red", "quadrant": "TL"}, "'C' is not one of A, B"),
        (10**6, "outside 0.."),
        ("take", "an action is an Action"),
    ],
)
def test_malformed_actions_are_refused_clearly(action: object, message: str) -> None:
    game = Game("pyramido", 2, 1)
    with pytest.raises(ActionFormatError, match=message):
        game.apply(action)  # type: ignore[arg-type]
    assert not game.steps


def test_wrong_decision_kind_names_the_expected_one() -> None:
    game = Game("pyramido", 2, 1)
    with pytest.raises(IllegalActionError, match="the decision is 'take': the action must be take"):
        game.apply({"kind": "place", "x": 4, "y": 4, "rot": 0})


def test_observation_of_an_unknown_player_is_refused() -> None:
    with pytest.raises(PyramidoError, match="no player 5"):
        Game("pyramido", 2, 1).observation(5)


def test_observation_hides_pile_order_below_the_tops() -> None:
    game = Game("pyramido", 2, 1)
    observation = game.observation(0)
    text = json.dumps(observation)
    hidden = [d.id for pile in game.state.piles for d in pile[:-1]]
    shown = {d["id"] for d in observation["quarry"]} | {p["top"]["id"] for p in observation["piles"]}
    assert not shown & set(hidden)
    assert all(p["size"] == len(q) for p, q in zip(observation["piles"], game.state.piles, strict=True))
    assert '"pyramid"' in text


def test_action_space_is_fixed_and_described() -> None:
    game = Game("pyramido", 2, 1)
    kinds = [k["kind"] for k in game.space.describe()]
    assert kinds == ["take", "place", "mark", "cover", "keep_covers", "refill", "split", "fill", "no_mark"]
    assert game.space.size == 3 + 324 + 2 + 48 + 1 + 4 + 4 + 24 + 1
    offsets = {k["kind"]: k["offset"] for k in game.space.describe()}
    assert dict(game.space.offsets) == offsets  # the first index of each kind, by name
    with pytest.raises(TypeError):
        game.space.offsets["place"] = 0  # type: ignore[index]  # read-only: the space is fixed


def test_seed_must_be_a_64_bit_natural() -> None:
    with pytest.raises(ValueError, match="seed must be an integer"):
        Game("pyramido", 2, -1)


def test_rng_is_pcg32() -> None:
    """Pinned outputs, so that records stay replayable across versions and languages."""
    rng = Rng(42)
    assert [rng.next_u32() for _ in range(3)] == [3270867926, 1795671209, 1924641435]
    items = list(range(10))
    Rng(7).shuffle(items)
    assert items == [9, 3, 6, 8, 5, 4, 1, 2, 0, 7]


def test_observation_names_each_block_tile_and_cover_cards() -> None:
    game = Game("pyramido", 2, 6)
    play_out(game, [make_bot("greedy"), make_bot("random", 3)])
    events = [e for s in game.steps for e in s["events"]]
    for player, seat in enumerate(game.observation(None)["players"]):
        placed = {
            (e["stage"] - 1, b["x"], b["y"]): e["tile"]
            for e in events
            if e["type"] == "place" and e["player"] == player
            for b in e["blocks"]
        }
        covered = {
            (e["stage"] - 1, e["x"], e["y"])
            for e in events
            if e["type"] in ("cover", "fill") and e["player"] == player
        }
        for stage, blocks in enumerate(seat["pyramid"]):
            for block in blocks:
                space = (stage, block["x"], block["y"])
                assert block["cover"] == (space in covered)
                assert block["tile"] == (None if block["cover"] else placed[space])


def test_unknown_options_and_foreign_actions_are_refused() -> None:
    with pytest.raises(PyramidoError, match="forgotten-treasures has no option sollo \\(options: solo\\)"):
        Game("forgotten-treasures", 1, 1, {"sollo": "legend"})
    with pytest.raises(PyramidoError, match="pyramido has no option solo \\(options: none\\)"):
        Game("pyramido", 2, 1, {"solo": "legend"})
    foreign = Game("silver-gold-pyramids", 2, 1).legal_actions(0)[0]
    game = Game("pyramido", 2, 1)
    with pytest.raises(ActionFormatError, match="is not an action of pyramido"):
        game.apply(foreign)
    assert not game.steps


@pytest.mark.parametrize("ruleset", ["pyramido", "forgotten-treasures", "silver-gold-pyramids"])
def test_an_action_json_is_parsed_whatever_its_key_order_and_only_with_exact_types(ruleset: str) -> None:
    """The lookup of exact action JSON (what a replay reads) agrees with the parser on every
    action of the space, keys in any order, and a look-alike value (``true`` or ``1.0`` for
    ``1``) still goes to the parser, which refuses it."""
    space = Game(ruleset, 2, 0).space
    for index in range(space.size):
        action = space.action(index)
        data = action.to_json(space)
        assert space.from_json(data) is action
        assert space.from_json(dict(sorted(data.items(), reverse=True))) is action
        for key, value in data.items():
            if type(value) is int and value in (0, 1):
                for alike in (bool(value), float(value)):
                    with pytest.raises(ActionFormatError, match=f"{key}: .* is not an integer"):
                        space.from_json({**data, key: alike})


@pytest.mark.parametrize("independent", [True, False])
def test_independent_seats_keeps_the_other_seats_legal_lists(independent: bool) -> None:
    """A simultaneous step declaring ``independent_seats`` has its other seats' lists kept
    after one seat's step (they are not asked again); without it, every waiting seat's
    list is made again. Either way, the lists are the same."""
    asked: Counter[int] = Counter()

    class CountMarkLists:
        @hookimpl
        def pyramido_plugin_info(self) -> PluginInfo:
            return PluginInfo("count-mark-lists", ("silver-gold-pyramids",), "counts the mark lists made")

        @hookimpl
        def pyramido_rule_steps(self, ruleset: object, steps: Any) -> None:
            mark = steps["mark"]

            def legal(game: Game, player: int) -> list[int]:
                asked[player] += 1
                return mark.legal(game, player)

            steps.put(mark.but(legal=legal, independent_seats=independent))

    game = Game(load_ruleset("silver-gold-pyramids", [CountMarkLists()]), 4, 3)
    twin = Game("silver-gold-pyramids", 4, 3)
    for seat in range(4):  # the keep
        game.apply_index(game.legal_indices(seat)[0], seat)
        twin.apply_index(twin.legal_indices(seat)[0], seat)
    assert game.decision is not None and game.decision.kind == "mark" and len(game.decision.players) == 4
    asked.clear()
    game.apply_index(game.legal_indices(0)[-1], 0)
    twin.apply_index(twin.legal_indices(0)[-1], 0)
    others = [seat for seat in game.decision.players if seat != 0]
    assert others == [1, 2, 3]
    assert all(asked[seat] == (0 if independent else 1) for seat in others)
    assert all(game.legal_indices(seat) == twin.legal_indices(seat) for seat in others)


def test_a_wrapped_legal_is_not_independent_unless_it_says_so() -> None:
    step = load_ruleset("silver-gold-pyramids").rules.steps["mark"]
    assert step.independent_seats
    assert not step.but(legal=step.legal).independent_seats
    assert step.but(legal=step.legal, independent_seats=True).independent_seats
    assert step.but(explain=step.explain).independent_seats


def test_a_round_starts_with_every_seat_listed_in_one_call() -> None:
    """A step with ``legal_seats`` lists every seat of a simultaneous decision in one call
    as its round starts, each list what ``legal`` gives; ``but`` with a new ``legal``
    drops it unless it is given again."""
    calls: list[tuple[int, ...]] = []

    class CountSeatLists:
        @hookimpl
        def pyramido_plugin_info(self) -> PluginInfo:
            return PluginInfo("count-seat-lists", ("silver-gold-pyramids",), "counts the batched lists")

        @hookimpl
        def pyramido_rule_steps(self, ruleset: object, steps: Any) -> None:
            mark = steps["mark"]
            assert mark.legal_seats is not None

            def legal_seats(game: Game, players: tuple[int, ...]) -> list[list[int]]:
                calls.append(players)
                return mark.legal_seats(game, players)

            steps.put(mark.but(legal_seats=legal_seats))

    game = Game(load_ruleset("silver-gold-pyramids", [CountSeatLists()]), 4, 3)
    for seat in range(4):  # the keep
        game.apply_index(game.legal_indices(seat)[0], seat)
    assert calls == [(0, 1, 2, 3)]
    twin = Game("silver-gold-pyramids", 4, 3)
    mark = twin.rules.steps["mark"]
    for seat in range(4):
        twin.apply_index(twin.legal_indices(seat)[0], seat)
    assert [game.legal_indices(seat) for seat in range(4)] == [mark.legal(twin, seat) for seat in range(4)]
    assert mark.but(legal=mark.legal).legal_seats is None
    assert mark.but(explain=mark.explain).legal_seats is mark.legal_seats


@pytest.mark.parametrize("hands", [True, False])
def test_a_step_hands_over_the_legal_list_it_worked_out(hands: bool) -> None:
    """Silver & Gold's ``mark`` hands the engine the single marks a seat owes, found as it
    marked: the engine keeps them (each what ``legal`` gives) without asking ``legal``.
    ``but`` with a new ``legal`` clears ``hands_legal`` unless it is given again: then
    ``legal`` is asked."""
    asked: list[int] = []

    class CountLegal:
        @hookimpl
        def pyramido_plugin_info(self) -> PluginInfo:
            return PluginInfo("count-legal", ("silver-gold-pyramids",), "counts the listings")

        @hookimpl
        def pyramido_rule_steps(self, ruleset: object, steps: Any) -> None:
            mark = steps["mark"]

            def legal(game: Game, player: int) -> list[int]:
                asked.append(player)
                return mark.legal(game, player)

            parts = {"hands_legal": True} if hands else {}
            steps.put(mark.but(legal=legal, independent_seats=True, legal_seats=mark.legal_seats, **parts))

    mark = load_ruleset("silver-gold-pyramids").rules.steps["mark"]
    assert mark.hands_legal and not mark.but(legal=mark.legal).hands_legal
    owing = handed = 0
    for seed in range(4):
        game = Game(load_ruleset("silver-gold-pyramids", [CountLegal()]), 2, seed)
        pick = random.Random(seed)
        while game.decision is not None:
            player = game.decision.players[0]
            before = len(asked)
            game.apply_index(pick.choice(game.legal_indices(player)), player)
            seat = game.state.seats[player]
            if game.decision is not None and game.decision.kind == "mark" and seat.marked and seat.crosses:
                owing += 1
                handed += player not in asked[before:]
                assert game.legal_indices(player) == mark.legal(game, player)
    assert owing > 0 and handed == (owing if hands else 0)


def test_a_batched_listing_of_the_wrong_length_is_blamed_on_its_plugin() -> None:
    class ShortLists:
        @hookimpl
        def pyramido_plugin_info(self) -> PluginInfo:
            return PluginInfo("short-lists", ("silver-gold-pyramids",), "lists one seat too few")

        @hookimpl
        def pyramido_rule_steps(self, ruleset: object, steps: Any) -> None:
            mark = steps["mark"]
            steps.put(mark.but(legal_seats=lambda game, players: mark.legal_seats(game, players[1:])))

    game = Game(load_ruleset("silver-gold-pyramids", [ShortLists()]), 4, 3)
    for seat in range(3):
        game.apply_index(game.legal_indices(seat)[0], seat)
    steps, legal = len(game.steps), game.legal_indices(3)
    with pytest.raises(
        PluginError, match=r"short-lists.*\(legal_seats\) gave 3 lists for the seats \(0, 1, 2, 3\)"
    ):
        game.apply_index(game.legal_indices(3)[0], 3)
    assert game.decision is not None and game.decision.kind == "keep"  # rolled back
    assert (len(game.steps), game.legal_indices(3)) == (steps, legal)

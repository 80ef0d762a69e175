"""Save and restore any position (Game.to_record/from_record, serialize/deserialize), undo,
and the record schema under a plain jsonschema validator."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyramido import Game, IllegalActionError, RecordError, make_bot, make_record, play_out
from pyramido.engine.record import dumps
from pyramido.engine.replay import replay
from pyramido.engine.ruleset import load_ruleset
from pyramido.resources import schema, shipped_rulesets

RULESETS = list(shipped_rulesets())
GAMES = ["pyramido", "forgotten-treasures", "silver-gold-pyramids"]


def _play(game: Game, steps: int, seed: int) -> None:
    """Seeded random bots take ``steps`` steps (or play to the end), every decider in turn."""
    bots = [make_bot("random", (seed + seat) % 2**64, game.ruleset) for seat in range(game.num_players)]
    for _ in range(steps):
        if game.decision is None:
            return
        player = game.decision.players[0]
        game.apply_index(bots[player].choose(game, player), player)


def _same_position(a: Game, b: Game) -> None:
    """Every seat (and a spectator) sees the same, may do the same, has seen the same."""
    assert a.decision == b.decision and len(a.steps) == len(b.steps)
    for seat in [None, *range(a.num_players)]:
        assert a.observation(seat) == b.observation(seat)
        assert a.events_for(seat) == b.events_for(seat)
    for seat in a.decision.players if a.decision else ():
        assert a.legal_indices(seat) == b.legal_indices(seat)


@settings(max_examples=60, deadline=None)
@given(
    ruleset=st.sampled_from(RULESETS),
    players=st.integers(1, 4),
    seed=st.integers(0, 2**64 - 1),
    stop=st.integers(0, 200),
)
def test_any_position_round_trips(ruleset: str, players: int, seed: int, stop: int) -> None:
    """Stop a seeded random game anywhere, save it as text, restore it: the two games are
    the same position for every seat, and go on identically to the same record."""
    loaded = load_ruleset(ruleset)
    limits = loaded.data["players"]
    players = min(max(players, limits["min"]), limits["max"])
    game = Game(loaded, players, seed)
    _play(game, stop, seed)
    text = game.serialize()
    restored = Game.deserialize(text)
    _same_position(game, restored)
    assert restored.serialize() == text
    assert json.loads(text)["result"] is None or game.is_over
    for twin in (game, restored):
        _play(twin, 10_000, seed + 1)
    assert game.serialize() == restored.serialize()
    assert game.is_over and make_record(game) == replay(game.to_record()).to_record()


@pytest.mark.parametrize("ruleset", GAMES)
def test_an_unfinished_record_has_no_result_and_restores_verified(ruleset: str) -> None:
    game = Game(ruleset, 2, seed=5)
    _play(game, 30, 5)
    record = game.to_record()
    assert record["result"] is None and len(record["steps"]) == 30
    assert Game.from_record(record).to_record() == record
    with pytest.raises(RecordError, match="ends before the game does"):
        replay(record)  # a replay is of a finished game
    step = next(i for i, s in enumerate(record["steps"]) if s["events"])
    tampered = copy.deepcopy(record)
    tampered["steps"][step]["events"][0]["player"] = 1 - tampered["steps"][step]["events"][0]["player"]
    with pytest.raises(RecordError, match=rf"^step {step}: events\[0\]\.player"):
        Game.from_record(tampered)


def test_a_finished_game_saves_as_before_and_a_result_is_still_checked() -> None:
    game = Game("pyramido", 2, seed=2)
    play_out(game, [make_bot("random", 1)] * 2)
    assert game.serialize() == dumps(make_record(game))
    assert Game.from_record(game.to_record()).serialize() == game.serialize()
    record = game.to_record()
    record["result"] = None  # claims the game goes on: it does not
    with pytest.raises(RecordError, match="no result, but the game is over"):
        Game.from_record(record)


def test_bad_saves_are_refused_with_clear_errors() -> None:
    game = Game("forgotten-treasures", 2, seed=1)
    _play(game, 12, 1)
    text = game.serialize()
    with pytest.raises(RecordError, match="not JSON"):
        Game.deserialize(text[: len(text) // 2])  # a truncated save
    with pytest.raises(RecordError, match=r"file 'forgotten-treasures.yaml' .* not among the files given"):
        Game.from_record(json.loads(text), ruleset="pyramido")  # a save of another ruleset
    with pytest.raises(RecordError, match=r"at \$\.steps\[3\]: 'player' is a required property"):
        record = json.loads(text)
        del record["steps"][3]["player"]
        Game.from_record(record)
    with pytest.raises(RecordError, match="a record is a JSON object"):
        Game.deserialize("[1, 2]")
    assert game.serialize() == text  # nothing above touched the game


@pytest.mark.parametrize(
    "value", [None, 7, 1.5, True, [], {}, object()], ids=lambda value: type(value).__name__
)
def test_a_save_that_is_not_text_is_a_record_error(value: Any) -> None:
    """An embedder passing on whatever a peer sent gets the documented error."""
    with pytest.raises(RecordError, match=f"a record's text is a str or bytes, not {type(value).__name__}"):
        Game.deserialize(value)


def test_a_save_in_any_bytes_like_buffer_restores() -> None:
    game = Game("pyramido", 2, seed=3)
    _play(game, 5, 3)
    data = game.serialize().encode()
    for buffer in (data, bytearray(data), memoryview(data)):
        assert Game.deserialize(buffer).serialize() == game.serialize()


def test_undo_takes_back_the_last_step_whoever_took_it() -> None:
    game = Game("silver-gold-pyramids", 3, seed=4)
    with pytest.raises(IllegalActionError, match="nothing to undo"):
        game.undo()
    _play(game, 1, 4)
    while game.decision is not None and len(game.decision.players) == 1:
        _play(game, 1, 4)
    assert game.decision is not None  # a simultaneous decision: each seat chooses
    before = game.serialize()
    seat = game.decision.players[-1]
    game.apply_index(game.legal_indices(seat)[0], seat)
    assert seat not in game.decision.players
    game.undo()
    assert game.serialize() == before and seat in game.decision.players
    earlier = Game("silver-gold-pyramids", 3, seed=4)
    _play(earlier, len(game.steps) - 1, 4)
    game.undo()
    _same_position(game, earlier)


@pytest.mark.parametrize("ruleset", GAMES)
def test_the_record_schema_works_with_a_plain_validator(ruleset: str) -> None:
    """No registry: the action schema is embedded in the record schema, and is the same."""
    record_schema = schema("game-record")
    action = {k: v for k, v in schema("action").items() if k not in ("$schema", "$id")}
    embedded = {k: v for k, v in record_schema["$defs"]["action"].items() if k != "$comment"}
    assert embedded == action
    game = Game(ruleset, 2, seed=3)
    _play(game, 20, 3)
    jsonschema.Draft202012Validator(record_schema).validate(game.to_record())
    _play(game, 10_000, 3)
    jsonschema.validate(game.to_record(), record_schema)
    broken = game.to_record()
    broken["steps"][0]["action"]["slot"] = -1
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(broken, record_schema)


def test_restore_continues_the_same_random_game() -> None:
    """A restored game's chance is the original's: the next deals are the same."""
    rng = random.Random(8)
    game = Game("pyramido", 4, seed=rng.randrange(2**64))
    _play(game, 50, 8)
    restored = Game.from_record(game.to_record())
    _play(game, 40, 9)
    _play(restored, 40, 9)
    assert game.to_record() == restored.to_record()

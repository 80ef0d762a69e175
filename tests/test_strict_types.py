"""Values of the wrong type never pass for the right one (issue 8, class 3).

``True``, ``0.0`` and ``Decimal(0)`` equal ``0`` in Python; JSON Schema calls ``0.0`` an
integer. At every boundary (API arguments, action JSON, record JSON) they are refused with
the project's own error, the game unchanged, and messages stay short whatever the input.
"""

from __future__ import annotations

import copy
import json
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyramido import (
    ActionFormatError,
    ArgumentError,
    Game,
    PyramidoError,
    RecordError,
    make_bot,
    make_record,
    replay,
)
from pyramido.bots import play_out
from pyramido.engine.actions import Action
from pyramido.engine.record import dumps, load

MESSAGE_LIMIT = 400  # characters: a message never grows with the input

HUGE = 10**5000  # its repr() raises ValueError
#: Values equal to a small int in Python, or otherwise not one (``HUGE`` is left to the
#: parametrized tests: hypothesis would fail to print it).
NOT_INTS = st.one_of(
    st.sampled_from([0.0, 1.0, True, False, Decimal(0), Fraction(1), 0j, "0", b"0", None, [0], (0,), {0: 0}]),
    st.floats(),
    st.text(min_size=300, max_size=400),
    st.lists(st.integers(), min_size=100, max_size=120),
)


def _state(game: Game) -> tuple[int, str]:
    return len(game.steps), dumps(make_record(game))


@pytest.fixture(scope="module")
def record() -> dict[str, Any]:
    game = Game("pyramido", 2, 8)
    play_out(game, [make_bot("random", 1), make_bot("random", 2)])
    return json.loads(dumps(make_record(game)))


@settings(max_examples=40, deadline=None)
@given(player=NOT_INTS.filter(lambda value: value is not None))  # None: the one deciding
def test_a_seat_is_a_plain_int(player: object) -> None:
    game = Game("pyramido", 2, 1)
    game.legal_indices(0)  # a cached legal list must not let a wrong seat through
    before = _state(game)
    for call in (
        lambda: game.apply({"kind": "take", "slot": 0}, player=player),  # type: ignore[arg-type]
        lambda: game.legal_indices(player),  # type: ignore[arg-type]
        lambda: game.observation(player),  # type: ignore[arg-type]
    ):
        with pytest.raises(ArgumentError, match="no player") as info:
            call()
        assert len(str(info.value)) < MESSAGE_LIMIT
    assert _state(game) == before


@settings(max_examples=40, deadline=None)
@given(value=NOT_INTS | st.just(-1))
def test_player_count_and_seed_are_plain_ints(value: object) -> None:
    with pytest.raises(ArgumentError) as info:
        Game("pyramido", value, 1)  # type: ignore[arg-type]
    assert len(str(info.value)) < MESSAGE_LIMIT
    with pytest.raises(ArgumentError, match="seed must be an integer") as info:
        Game("pyramido", 2, value)  # type: ignore[arg-type]
    assert len(str(info.value)) < MESSAGE_LIMIT


@pytest.mark.parametrize(
    "options",
    [
        {1: "legend"},
        {"solo": float("nan")},
        {"solo": {"a": [[[]]] * 3, "b": b"x"}},
        {"solo": 10**30},
        ["solo"],
    ],
)
def test_options_are_a_json_object(options: Any) -> None:
    with pytest.raises(ArgumentError, match="options"):
        Game("forgotten-treasures", 1, 1, options)


@settings(max_examples=40, deadline=None)
@given(field=st.sampled_from(["slot", "kind"]), value=NOT_INTS)
def test_action_json_fields_are_checked_strictly(field: str, value: object) -> None:
    game = Game("pyramido", 2, 1)
    before = _state(game)
    with pytest.raises(ActionFormatError) as info:
        game.apply({"kind": "take", "slot": 0, field: value})
    assert len(str(info.value)) < MESSAGE_LIMIT
    assert _state(game) == before


@pytest.mark.parametrize(
    "action",
    [
        {"kind": "take", "slot": 0, 1: 2},
        {"kind": "take", "slot": 0, ("a",): 2},
        {"kind": "take", "slot": 0, "x" * 10_000: 1},
        Action("take", (0,), 0.0),  # type: ignore[arg-type]
        Action("take", (0.0,), True),  # type: ignore[arg-type]
        HUGE,
        True,
        0.0,
    ],
    ids=["int key", "tuple key", "long key", "float index", "bool index", "huge index", "True", "0.0"],
)
def test_malformed_actions_are_refused_briefly(action: Any) -> None:
    game = Game("pyramido", 2, 1)
    before = _state(game)
    with pytest.raises(ActionFormatError) as info:
        game.apply(action)
    assert len(str(info.value)) < MESSAGE_LIMIT
    assert _state(game) == before


def _int_leaves(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    if isinstance(value, dict):
        return [p for key, child in value.items() for p in _int_leaves(child, (*path, key))]
    if isinstance(value, list):
        return [p for i, child in enumerate(value) for p in _int_leaves(child, (*path, i))]
    return [path] if type(value) is int else []


def _set(record: dict[str, Any], path: tuple[Any, ...], value: object) -> dict[str, Any]:
    twin = copy.deepcopy(record)
    parent: Any = twin
    for step in path[:-1]:
        parent = parent[step]
    parent[path[-1]] = value
    return twin


@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_a_recorded_number_of_another_type_never_verifies(
    data: st.DataObject, record: dict[str, Any]
) -> None:
    """Every integer of a record (seed, seats, tiles, cells, scores...) as a float, or as a
    bool where it is 0 or 1, is found: ``false`` is not ``0``, ``1.0`` is not ``1``."""
    path = data.draw(st.sampled_from(_int_leaves(record)))
    old: Any = record
    for step in path:
        old = old[step]
    twin = data.draw(st.sampled_from([float(old), *([bool(old)] if old in (0, 1) else [])]))
    with pytest.raises(RecordError):
        replay(_set(record, path, twin))


def test_zero_recorded_as_false_is_found_where_it_is(record: dict[str, Any]) -> None:
    tampered = _set(record, ("setup", 1, "start_player"), False)
    with pytest.raises(RecordError, match=r"setup\[1\].start_player \(recorded false, replay gives 0\)"):
        replay(tampered)
    with pytest.raises(RecordError, match=r"at \$.players: 2.0 is not of type 'integer'"):
        replay(_set(record, ("players",), 2.0))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda r: r["options"].update({"deep": json.loads("[" * 100 + "]" * 100)}), "nested deeper than"),
        (lambda r: r.update(seed=HUGE), "more than 20 digits"),
        (lambda r: r["options"].update({1: 2}), "key 1 is not a string"),
        (lambda r: r.update(seed=float("nan")), "not a JSON number"),
        (lambda r: r.update(seed=Decimal(1)), "is not a JSON value"),
        (lambda r: r["steps"][0].update(player=(0,)), "is not a JSON value"),
    ],
    ids=["deep", "huge", "int key", "nan", "decimal", "tuple"],
)
def test_a_record_is_plain_json(record: dict[str, Any], change: Any, message: str) -> None:
    twin = copy.deepcopy(record)
    change(twin)
    with pytest.raises(RecordError, match=message) as info:
        replay(twin)
    assert len(str(info.value)) < MESSAGE_LIMIT


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"seed": NaN}', "NaN is not a JSON number"),
        ('{"seed": -Infinity}', "-Infinity is not a JSON number"),
        ('{"seed": 1e400}', "too large a number"),
        ('{"seed": ' + "9" * 5000 + "}", r"at \$.seed: a number of more than 20 digits"),
        ('{"seed": 1, "seed": 2}', "key 'seed' given twice"),
        ("[" * 100_000 + "]" * 100_000, "nested deeper than"),
        ('{"a": ' + "[" * 70 + "]" * 70 + "}", "nested deeper than"),
        ("{not json", "not JSON"),
        ("[1, 2]", "a record is a JSON object"),
    ],
    ids=["nan", "infinity", "1e400", "5000 digits", "key twice", "very deep", "deep", "not json", "array"],
)
def test_record_text_is_parsed_strictly(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "record.json"
    path.write_text(text)
    with pytest.raises(RecordError, match=message) as info:
        load(path)
    assert len(str(info.value)) < MESSAGE_LIMIT


@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_any_change_to_a_record_fails_as_a_record_error_or_replays(
    data: st.DataObject, record: dict[str, Any]
) -> None:
    """Whatever a record holds, replay raises only :class:`RecordError` (or verifies)."""
    twin = copy.deepcopy(record)
    parent: Any = twin
    while True:
        key = data.draw(st.sampled_from(list(parent) if isinstance(parent, dict) else range(len(parent))))
        if isinstance(parent[key], dict | list) and parent[key] and data.draw(st.booleans()):
            parent = parent[key]
            continue
        break
    parent[key] = data.draw(NOT_INTS | st.integers(-2, 100) | st.text(max_size=5))
    try:
        replay(twin)
    except RecordError as exc:
        assert len(str(exc)) < MESSAGE_LIMIT
    except PyramidoError as exc:  # pragma: no cover - the assertion says which
        raise AssertionError(f"{type(exc).__name__} instead of RecordError: {exc}") from exc


@pytest.mark.parametrize(
    ("name", "seed"),
    [("random", True), ("random", 1.0), ("random", HUGE), (["random"], 0)],
    ids=["True seed", "float seed", "huge seed", "list name"],
)
def test_a_bot_is_named_and_seeded_strictly(name: Any, seed: Any) -> None:
    with pytest.raises(ArgumentError) as info:
        make_bot(name, seed)
    assert len(str(info.value)) < MESSAGE_LIMIT

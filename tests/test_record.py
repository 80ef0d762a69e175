"""Game records: schema, canonical bytes, replay that verifies, tampering found at its step."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from pyramido import Game, RecordError, make_record, replay
from pyramido.bots import make_bot, play_out
from pyramido.engine.record import dumps, load, save, validate


@pytest.fixture(scope="module")
def record() -> dict[str, Any]:
    game = Game("pyramido", 3, 21)
    play_out(game, [make_bot("greedy", p) for p in range(3)])
    return json.loads(dumps(make_record(game)))


def test_record_follows_its_schema_and_holds_what_a_checker_needs(record: dict[str, Any]) -> None:
    validate(record)
    events = [e for s in record["steps"] for e in s["events"]]
    place = next(e for e in events if e["type"] == "place")
    assert {"tile", "stage", "x", "y", "rot", "blocks"} <= set(place)
    assert all(len(b["cells"]) == 4 for b in place["blocks"])
    scored = [e for e in events if e["type"] == "stage_scored"]
    assert scored and all(sum(line["points"] for line in e["lines"]) == e["total"] for e in scored)
    assert any("cells" in line for e in scored for line in e["lines"])
    deal, setup = record["setup"][:2]
    assert deal["type"] == "deal" and len(deal["piles"]) == 4 and deal["seen_by"] == []
    assert setup["type"] == "setup" and all(set(p) == {"size", "top"} for p in setup["piles"])


def test_replay_verifies_and_gives_the_same_bytes(record: dict[str, Any], tmp_path: Path) -> None:
    game = replay(record)
    assert dumps(make_record(game)) == dumps(record)
    path = tmp_path / "game.json"
    save(game, path)
    assert load(path) == record


def _tampered(record: dict[str, Any], change: Any) -> dict[str, Any]:
    twin = copy.deepcopy(record)
    change(twin)
    return twin


def test_a_changed_event_is_found_at_its_step(record: dict[str, Any]) -> None:
    step = next(i for i, s in enumerate(record["steps"]) if s["events"] and s["events"][0]["type"] == "place")

    def change(r: dict[str, Any]) -> None:
        r["steps"][step]["events"][0]["rot"] = (r["steps"][step]["events"][0]["rot"] + 1) % 4

    with pytest.raises(RecordError, match=rf"step {step}: events\[0\].rot") as info:
        replay(_tampered(record, change))
    assert info.value.step == step


@pytest.mark.parametrize(
    ("original", "alike"),
    [(1, True), (0, False), (1, 1.0), (2, 2.0), (3, float("nan")), ("A", ["A"])],
)
def test_a_look_alike_value_in_an_event_is_found(record: dict[str, Any], original: Any, alike: Any) -> None:
    """Equal in Python is not the same JSON (``true`` for ``1``, ``1.0`` for ``1``), and what
    no JSON holds (``NaN``, which a program may put in a record it built) is no match."""
    found = [
        (i, e, key)
        for i, s in enumerate(record["steps"])
        for e, event in enumerate(s["events"])
        for key, value in event.items()
        if type(value) is type(original) and value == original
    ]
    assert found, f"no event holds {original!r}"
    step, event, key = found[len(found) // 2]

    def change(r: dict[str, Any]) -> None:
        r["steps"][step]["events"][event][key] = alike

    with pytest.raises(RecordError, match=rf"step {step}: events\[{event}\]\.{key}"):
        replay(_tampered(record, change))


def test_a_changed_score_is_found(record: dict[str, Any]) -> None:
    step = next(
        i for i, s in enumerate(record["steps"]) if any(e["type"] == "stage_scored" for e in s["events"])
    )

    def change(r: dict[str, Any]) -> None:
        event = next(e for e in r["steps"][step]["events"] if e["type"] == "stage_scored")
        event["total"] += 1

    with pytest.raises(RecordError, match=rf"step {step}: .*total"):
        replay(_tampered(record, change))


def test_an_illegal_action_in_a_record_is_named(record: dict[str, Any]) -> None:
    def change(r: dict[str, Any]) -> None:
        r["steps"][0]["action"] = {"kind": "take", "slot": 5}

    with pytest.raises(RecordError, match=r"step 0: take.slot: 5 is out of range"):
        replay(_tampered(record, change))


def test_a_different_seed_or_ruleset_is_refused(record: dict[str, Any]) -> None:
    with pytest.raises(RecordError, match="setup"):
        replay(_tampered(record, lambda r: r.update(seed=r["seed"] + 1)))
    with pytest.raises(RecordError, match="hash"):
        replay(_tampered(record, lambda r: r["ruleset"].update(hash="0" * 64)))


def test_truncated_and_extended_records(record: dict[str, Any]) -> None:
    with pytest.raises(RecordError, match="ends before the game does"):
        replay(_tampered(record, lambda r: r["steps"].pop()))
    with pytest.raises(RecordError, match="already over"):
        replay(_tampered(record, lambda r: r["steps"].append(r["steps"][-1])))


def test_structurally_broken_records_name_the_json_path(record: dict[str, Any], tmp_path: Path) -> None:
    with pytest.raises(RecordError, match=r"at \$.steps\[3\]: 'player' is a required property"):
        replay(_tampered(record, lambda r: r["steps"][3].pop("player")))
    with pytest.raises(RecordError, match=r"at \$.format"):
        replay(_tampered(record, lambda r: r.update(format="chess")))
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.raises(RecordError, match="not JSON"):
        load(bad)

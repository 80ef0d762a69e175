"""The engine protocol (pyramido.protocol, ``pyramido engine``): every command on every
game, every response valid against its message schema, and bad input answered with a
clear error that leaves the session and its game as they were."""

from __future__ import annotations

import io
import json
import random
import subprocess
import sys
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from pyramido.cli import main
from pyramido.engine.catalog import Catalog
from pyramido.engine.ruleset import load_ruleset
from pyramido.engine.schema_check import schema_problem, validator_of
from pyramido.plugin import PluginInfo, hookimpl
from pyramido.protocol import Session, command, serve
from pyramido.protocol.session import COMMANDS, SCHEMA_ID
from pyramido.resources import shipped_rulesets

ROOT = Path(__file__).resolve().parent.parent
GAMES = ["pyramido", "forgotten-treasures", "silver-gold-pyramids"]


@cache
def _validator(message: str) -> Any:
    return validator_of({"$ref": f"{SCHEMA_ID}#/$defs/{message}"})


def ask(session: Session, request: dict[str, Any]) -> dict[str, Any]:
    """Send ``request`` as a line; the response line must be valid against its message's
    schema (the command's response, or the error response) and echo the id."""
    line = session.handle_line(json.dumps(request))
    assert line.endswith("\n") and line.count("\n") == 1
    response: dict[str, Any] = json.loads(line)
    message = f"{request['cmd']}_response" if response["ok"] else "error_response"
    assert schema_problem(_validator(message), response) is None, (message, response)
    assert response["id"] == request.get("id")
    return response


def result(session: Session, **request: Any) -> Any:
    response = ask(session, request)
    assert response["ok"], response
    return response["result"]


def refused(session: Session, line: str) -> dict[str, str]:
    """The error answering a bad request line; the game is unchanged by it."""
    before = session.game.serialize() if session.game else None
    response = json.loads(session.handle_line(line))
    assert response["ok"] is False and schema_problem(_validator("error_response"), response) is None
    assert (session.game.serialize() if session.game else None) == before
    error: dict[str, str] = response["error"]
    return error


@pytest.mark.parametrize("ruleset", GAMES)
def test_a_full_game_through_every_command(ruleset: str) -> None:
    session = Session()
    rng = random.Random(ruleset)
    state = result(session, id=1, cmd="new", ruleset=ruleset, players=3, seed=11)
    assert state["steps"] == 0 and state["decision"] is not None and state["ranking"] is None
    seen = [0, 0, 0]
    while not state["is_over"]:
        for seat in state["decision"]["players"]:
            legal = result(session, id="legal", cmd="legal", player=seat)
            assert legal["player"] == seat and legal["actions"]
            choice = rng.choice(legal["actions"])
            action = choice["index"] if rng.random() < 0.5 else choice["action"]
            state = result(session, cmd="apply", action=action, player=seat)
            news = result(session, cmd="events", player=seat, since=seen[seat])
            assert len(news["events"]) == news["count"] - seen[seat]
            seen[seat] = news["count"]
            if state["is_over"]:
                break
        if state["steps"] % 17 == 0 and not state["is_over"]:  # undo, then go on the same way
            saved = result(session, cmd="save")["record"]
            assert saved["result"] is None
            back = result(session, cmd="undo")
            assert back["steps"] == state["steps"] - 1
            assert result(session, cmd="load", record=saved) == state
    assert state["ranking"] and result(session, cmd="state") == state
    observation = result(session, cmd="observation", player=None)["observation"]
    assert observation["viewer"] is None and observation["ruleset"] == ruleset
    record = result(session, cmd="save")["record"]
    assert record["result"] == state["ranking"]
    assert result(session, cmd="quit") == {} and session.done


@pytest.mark.parametrize("ruleset", GAMES)
def test_bots_play_a_game_and_pick_deterministically(ruleset: str) -> None:
    session = Session()
    state = result(session, cmd="new", ruleset=ruleset, players=2, seed=4)
    twin = Session()
    result(twin, cmd="new", ruleset=ruleset, players=2, seed=4)
    while not state["is_over"]:
        seat = state["decision"]["players"][-1]
        peek = result(session, cmd="bot", name="greedy", seed=2, player=seat)
        assert not peek["applied"] and peek["state"] == state
        picked = result(twin, cmd="bot", name="greedy", seed=2, player=seat, apply=True)
        assert picked["choice"] == peek["choice"] and picked["applied"]
        state = result(session, cmd="apply", action=peek["choice"]["action"], player=seat)
        assert state == picked["state"]
    assert result(session, cmd="save") == result(twin, cmd="save")


def test_rulesets_lists_what_a_request_may_name() -> None:
    listed = result(Session(), cmd="rulesets")["rulesets"]
    assert [r["id"] for r in listed] == list(shipped_rulesets())
    pyramido = {"id": "pyramido", "name": "Pyramido", "game": "pyramido", "players": {"min": 2, "max": 4}}
    assert listed[1] == pyramido


def test_observations_and_spectator_events() -> None:
    session = Session()
    result(session, cmd="new", ruleset="silver-gold-pyramids", players=2, seed=1)
    for seat in (0, 1, None):
        observation = result(session, cmd="observation", player=seat)["observation"]
        assert observation["viewer"] == seat
    public = result(session, cmd="events", player=None)["events"]
    assert all("seen_by" not in event for event in public)  # the deal is nobody's
    assert result(session, cmd="events", player=0)["count"] > len(public)  # seat 0 saw its hand


def _session_in_play() -> Session:
    session = Session()
    result(session, cmd="new", ruleset="pyramido", players=2, seed=3)
    for _ in range(7):
        result(session, cmd="bot", name="random", seed=1, apply=True)
    return session


def test_bad_requests_are_answered_and_change_nothing() -> None:
    session = _session_in_play()
    deciding = result(session, cmd="state")["decision"]["players"][0]
    other = 1 - deciding
    cases = [
        ("nonsense", "bad_json", "not JSON"),
        ('{"cmd": "state", "cmd": "state"}', "bad_json", "given twice"),
        ("[1, 2]", "bad_request", "a request is a JSON object"),
        ('{"id": 3, "cmd": "fly"}', "unknown_command", "cmd 'fly': the commands are rulesets, new, state"),
        ('{"id": 4}', "unknown_command", "no cmd"),
        ('{"id": 1, "cmd": ["apply"]}', "bad_request", "a command is one of the strings rulesets, new"),
        ('{"id": 1, "cmd": {"a": 1}}', "bad_request", "at $.cmd: a command is one of the strings"),
        ('{"id": 1, "cmd": 1}', "bad_request", "at $.cmd: a command is one of the strings"),
        ('{"id": {"a": 1}, "cmd": "state"}', "bad_request", "at $.id: an id is null, an integer or a string"),
        ('{"id": 1.0, "cmd": "state"}', "bad_request", "at $.id: an id is null"),
        ('{"cmd": "new", "ruleset": "pyramido", "players": "2"}', "bad_request", "at $.players: '2'"),
        ('{"cmd": "new", "ruleset": "pyramido", "players": 9}', "bad_argument", "2-4 players, not 9"),
        ('{"cmd": "new", "ruleset": "../x.yaml", "players": 2}', "bad_argument", "no ruleset '../x.yaml'"),
        ('{"cmd": "state", "extra": 1}', "bad_request", "'extra' was unexpected"),
        ('{"cmd": "apply", "action": true}', "bad_request", "at $.action"),
        # a value that is none of the alternatives: every allowed one named (issue 27)
        (
            '{"cmd": "apply", "action": 0.0}',
            "bad_request",
            "at $.action: 0.0 is none of those allowed here: "
            "an object (the action's JSON, as legal lists it) or an integer >= 0 (its index)",
        ),
        (
            '{"cmd": "observation", "player": "x"}',
            "bad_request",
            "'x' is none of those allowed here: null (a spectator) or an integer from 0 to 3 (a seat)",
        ),
        ('{"cmd": "apply", "action": {"kind": "fly"}}', "bad_action", "fly"),
        ('{"cmd": "apply", "action": 100000}', "bad_action", "100000"),
        (f'{{"cmd": "legal", "player": {other}}}', "illegal_action", f"not player {other}'s decision"),
        (f'{{"cmd": "bot", "name": "greedy", "player": {other}}}', "illegal_action", "not player"),
        ('{"cmd": "bot", "name": "nobody"}', "bad_argument", "no bot 'nobody'"),
        ('{"cmd": "observation", "player": 3}', "bad_argument", "no player 3 in a 2-player game"),
        ('{"cmd": "observation"}', "bad_request", "'player' is a required property"),
        ('{"cmd": "events", "player": 0, "since": -1}', "bad_request", "at $.since"),
        ('{"cmd": "load", "record": {"format": "chess"}}', "bad_record", "at $"),
    ]
    for line, kind, fragment in cases:
        error = refused(session, line)
        assert error["type"] == kind and fragment in error["message"], (line, error)
    legal = result(session, cmd="legal")["actions"][0]["action"]  # the decider's: not the other's
    error = refused(session, json.dumps({"cmd": "apply", "action": legal, "player": other}))
    assert error["type"] == "illegal_action" and f"not player {other}'s decision" in error["message"]
    assert json.loads(session.handle_line('{"id": {"a": 1}, "cmd": "state"}'))["id"] is None


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3),
    max_leaves=6,
)
REQUEST_KEYS = (
    *("id", "cmd", "ruleset", "players", "seed", "options"),
    *("action", "player", "since", "record", "name", "apply"),
)


@settings(max_examples=300, deadline=None)
@given(
    cmd=st.sampled_from(sorted(COMMANDS)) | JSON_VALUES,
    fields=st.dictionaries(st.sampled_from(REQUEST_KEYS), JSON_VALUES, max_size=4),
)
def test_no_request_value_of_any_type_is_an_internal_error(cmd: Any, fields: dict[str, Any]) -> None:
    """Every field of every command, given a value of any JSON type: an answer, never a crash."""
    session = _session_in_play()
    before = session.handle_line('{"cmd": "save"}')
    response = json.loads(session.handle_line(json.dumps({**fields, "cmd": cmd})))
    assert response["ok"] or response["error"]["type"] != "internal_error", response
    if not response["ok"]:
        assert session.handle_line('{"cmd": "save"}') == before  # a refused request changed nothing


def test_bad_saves_are_refused_and_the_game_kept() -> None:
    session = _session_in_play()
    other = Session()
    result(other, cmd="new", ruleset="forgotten-treasures", players=2, seed=1)
    result(other, cmd="bot", name="random", apply=True)
    foreign = result(other, cmd="save")["record"]
    error = refused(session, json.dumps({"cmd": "load", "record": foreign, "ruleset": "pyramido"}))
    assert error == {
        "type": "bad_record",
        "message": "this is a record of ruleset 'forgotten-treasures', not of 'pyramido': leave "
        '"ruleset" out to load it with its own, or give "ruleset": "forgotten-treasures"',
    }
    assert result(Session(), cmd="load", record=foreign)["ruleset"] == "forgotten-treasures"
    saved = result(session, cmd="save")["record"]
    line = json.dumps({"cmd": "load", "record": saved})
    assert refused(session, line[: len(line) // 2])["type"] == "bad_json"  # a truncated line
    finished = Session()
    result(finished, cmd="new", ruleset="pyramido", players=2, seed=3)
    while not result(finished, cmd="state")["is_over"]:
        result(finished, cmd="bot", name="random", apply=True)
    cut = result(finished, cmd="save")["record"]
    del cut["steps"][-5:]  # a truncated record that still claims the result
    error = refused(session, json.dumps({"cmd": "load", "record": cut}))
    assert error["type"] == "bad_record" and "ends before the game does" in error["message"]
    tampered = json.loads(json.dumps(saved))
    tampered["steps"][2]["events"] = []
    error = refused(session, json.dumps({"cmd": "load", "record": tampered}))
    assert error["type"] == "bad_record" and error["message"].startswith("step 2: events")
    fresh = Session()
    assert refused(fresh, '{"cmd": "save"}')["type"] == "no_game"
    result(fresh, cmd="new", ruleset="pyramido", players=2)
    assert refused(fresh, '{"cmd": "undo"}') == {
        "type": "illegal_action",
        "message": ("nothing to undo: no step was taken since setup"),
    }


def test_serve_reads_lines_until_quit_or_the_end(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(command, "MAX_LINE", 200)
    requests = b"\n".join(
        [
            b'{"id": 1, "cmd": "new", "ruleset": "pyramido", "players": 2}',
            b"",
            b'{"id": 2, "cmd": "state"' + b" " * 300 + b"}",  # too long
            b'{"id": 3, "cmd": "\xff"}',  # not UTF-8
            b'{"id": 4, "cmd": "quit"}',
            b'{"id": 5, "cmd": "state"}',  # after quit: not read
        ]
    )
    out = io.StringIO()
    serve(Session(), io.BytesIO(requests), out)
    responses = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [r["ok"] for r in responses] == [True, False, False, True]
    assert "at most 200 bytes" in responses[1]["error"]["message"]
    assert responses[2]["error"]["message"] == "byte 18 of the request line is not UTF-8"
    out = io.StringIO()
    serve(Session(), io.BytesIO(b'{"cmd": "new", "ruleset": "pyramido", "players": 2}'), out)  # no newline
    assert json.loads(out.getvalue())["ok"]


def test_the_engine_command_speaks_on_stdin_and_stdout() -> None:
    lines = [
        {"id": 1, "cmd": "new", "ruleset": "pyramido-highest-starts", "players": 2, "seed": 5},
        {"id": 2, "cmd": "bot", "name": "greedy", "apply": True},
        {"id": 3, "cmd": "rulesets"},
        {"id": 4, "cmd": "quit"},
    ]
    stdin = "".join(json.dumps(line) + "\n" for line in lines)
    done = CliRunner().invoke(
        main, ["engine", "--ruleset", str(ROOT / "docs" / "examples" / "highest-starts.yaml")], input=stdin
    )
    assert done.exit_code == 0, done.output
    responses = [json.loads(line) for line in done.stdout.splitlines()]
    assert [r["id"] for r in responses] == [1, 2, 3, 4] and all(r["ok"] for r in responses)
    assert responses[1]["result"]["state"]["ruleset"] == "pyramido-highest-starts"
    assert responses[2]["result"]["rulesets"][0]["id"] == "pyramido-highest-starts"  # given, then shipped
    process = subprocess.run(
        [sys.executable, "-m", "pyramido", "engine"],
        input='{"cmd": "new", "ruleset": "pyramido-highest-starts", "players": 2}\n',
        capture_output=True,
        text=True,
        check=True,
    )
    error = json.loads(process.stdout)["error"]  # not given to this engine: not readable by a request
    assert error["type"] == "bad_argument" and "no ruleset 'pyramido-highest-starts'" in error["message"]


class _Buggy:
    """A house rule with bugs: its observations crash, and so does its bot."""

    @hookimpl
    def pyramido_plugin_info(self) -> PluginInfo:
        return PluginInfo("buggy", ("pyramido",), "observations and a bot that crash")

    @hookimpl(tryfirst=True)
    def pyramido_observation(self, game: Any, player: int | None) -> dict[str, Any]:
        raise ZeroDivisionError("a house rule's bug")

    @hookimpl
    def pyramido_register_bots(self, register: Any) -> None:
        register("crashing", _CrashingBot, "divides by zero")


class _CrashingBot:
    name = "crashing"

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def choose(self, game: Any, player: int) -> int:
        return 1 // 0


def test_a_plugin_s_crash_is_answered_and_the_session_goes_on() -> None:
    ruleset = load_ruleset("pyramido", extra_plugins=[_Buggy()])
    session = Session(Catalog(given={ruleset.id: ruleset}))
    state = result(session, cmd="new", ruleset="pyramido", players=2)
    error = refused(session, '{"cmd": "observation", "player": 0}')
    assert error["type"] == "plugin_failure" and "plugin 'buggy'" in error["message"]
    error = refused(session, '{"cmd": "bot", "name": "crashing", "apply": true}')
    assert error["type"] == "internal_error"
    assert error["message"] == "ZeroDivisionError: integer division or modulo by zero"
    assert result(session, cmd="state") == state


def test_a_record_of_a_ruleset_the_engine_was_not_given_is_refused() -> None:
    yaml = ROOT / "docs" / "examples" / "highest-starts.yaml"
    ruleset = load_ruleset(yaml)
    player = Session(Catalog(given={ruleset.id: ruleset}))
    result(player, cmd="new", ruleset=ruleset.id, players=2, seed=2)
    result(player, cmd="bot", name="random", apply=True)
    saved = result(player, cmd="save")["record"]
    session = _session_in_play()
    error = refused(session, json.dumps({"cmd": "load", "record": saved}))
    assert error["type"] == "bad_record" and "--ruleset FILE" in error["message"]
    assert result(player, cmd="load", record=saved)["steps"] == 1  # the engine given it loads it


def test_plugin_files_given_to_the_engine_apply_to_every_ruleset() -> None:
    rule = ROOT / "docs" / "examples" / "highest_starts.py"
    stdin = '{"cmd": "new", "ruleset": "pyramido", "players": 2}\n{"cmd": "save"}\n'
    done = CliRunner().invoke(main, ["--plugin", str(rule), "engine"], input=stdin)
    assert done.exit_code == 0, done.output
    record = json.loads(done.stdout.splitlines()[1])["result"]["record"]
    assert record["ruleset"]["plugins"] == ["pyramido", "highest_starts.py"]

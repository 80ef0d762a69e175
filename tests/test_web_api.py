"""The web server without a browser: its API and WebSocket against a real uvicorn, every bad
input refused with a clear message, the game and the server unharmed (docs/web.md)."""

from __future__ import annotations

import base64
import json
import logging
import os
import socket
import time
import urllib.parse
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from web_live import LiveServer, joined, token_of
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from pyramido.bots import make_bot, play_out
from pyramido.engine.game import Game
from pyramido.engine.record import dumps, make_record
from pyramido.engine.ruleset import load_ruleset
from pyramido.errors import brief
from pyramido.resources import shipped_rulesets
from pyramido.web.messages import MAX_FRAME, MAX_MESSAGE


@pytest.fixture(scope="module")
def server() -> Iterator[LiveServer]:
    live = LiveServer()
    yield live
    live.stop()


def answer(socket: ClientConnection, message: str | bytes | dict[str, Any]) -> dict[str, Any]:
    socket.send(json.dumps(message) if isinstance(message, dict) else message)
    return json.loads(socket.recv(timeout=30))  # type: ignore[no-any-return]


TAKE = {"kind": "take", "slot": 0}


def act(action: dict[str, Any], seat: int = 0, steps: int = 0) -> dict[str, Any]:
    return {"type": "act", "seat": seat, "action": action, "steps": steps}


def until(socket: ClientConnection, done: Any) -> dict[str, Any]:
    """The first screen sent from now on for which ``done(screen)`` holds."""
    while True:
        message = json.loads(socket.recv(timeout=60))
        if message["type"] == "error" and "the game moved on since that screen" in message["message"]:
            continue  # chosen on a screen that a bot's move made stale: choose again on the next
        assert message["type"] == "screen", message
        if done(message["screen"]):
            return message["screen"]  # type: ignore[no-any-return]


@pytest.mark.parametrize(
    ("ruleset", "seats", "options"),
    [
        *((ruleset, [None, "random"], None) for ruleset in shipped_rulesets()),
        ("forgotten-treasures", [None], {"solo": "the-legend"}),
    ],
)
def test_a_person_plays_a_whole_game_of_every_ruleset(
    server: LiveServer, ruleset: str, seats: list[str | None], options: dict[str, Any] | None
) -> None:
    table = server.new_table(ruleset=ruleset, seats=seats, hot_seat=False, seed=5, options=options)
    with joined(server, table, token_of(table, 0)) as socket:
        chosen, shown = 0, socket.first
        while True:
            if not (shown["deciding"] or shown["ranking"]):
                shown = until(socket, lambda s: s["deciding"] or s["ranking"])
            if shown["ranking"]:
                break
            choice = shown["actions"][chosen % len(shown["actions"])]
            socket.send(json.dumps(act(choice["action"], steps=shown["steps"])))
            chosen += 1
            shown = until(socket, lambda s: True)
    game = server.tables()[table["table"]].game
    assert game.is_over and shown["ranking"] == [row.to_json() for row in game.ranking()]
    assert sum(step["player"] == 0 for step in game.steps) > 10
    status, record = server.request(f"/api/tables/{table['table']}/record")
    assert status == 200 and server.request("/api/replays", dumps(record))[0] == 200


@pytest.mark.parametrize(
    ("message", "said"),
    [
        ("not json", "not JSON the server reads"),
        (b"\x00binary", "text frames holding a JSON object"),
        ("[1, 2]", "a JSON object, not [1, 2]"),
        ('{"type": "dance"}', "the types are join, act, preview"),
        ('{"type": "act", "seat": 0}', "missing field 'action'"),
        ('{"type": "act", "seat": "0", "action": {}}', "act.seat: '0' is not a seat number"),
        ('{"type": "act", "seat": true, "action": {}}', "is not a seat number"),
        ('{"type": "act", "seat": 0, "action": [], "x": 1}', "unknown field(s) 'x'"),
        ('{"type": "preview", "seat": 0, "action": {}, "ref": 1.5}', "preview.ref: 1.5 is not an integer"),
        (json.dumps(act({"kind": "fly"})), "unknown action kind"),
        (json.dumps(act({"kind": "take", "slot": 99})), "slot: 99 is out of range"),
        (json.dumps(act({"kind": "place", "x": 0, "y": 0, "rot": 0})), "must be take"),
        (json.dumps(act(TAKE, seat=1)), "does not play seat 1"),
        (json.dumps(act(TAKE, steps=3)), "the game moved on since"),
        ('{"type": "join", "token": null}', "has joined the game already"),
        pytest.param('{"type": "act", "seat": 0, "action": {}}' + " " * MAX_MESSAGE, "at most", id="long"),
        ('{"type": "act", "seat": 0, "action": {"kind": "take", "slot": 0}, "seat": 1}', "key"),
    ],
)
def test_bad_messages_are_answered_and_change_nothing(
    server: LiveServer, message: str | bytes, said: str
) -> None:
    table = server.new_table(ruleset="pyramido", seats=[None, None], hot_seat=False, seed=1)
    game = server.tables()[table["table"]].game
    before = dumps(make_record(game))
    with joined(server, table, token_of(table, 0)) as socket:
        reply = answer(socket, message)
        assert reply["type"] == "error" and said in reply["message"], reply
        assert dumps(make_record(game)) == before
        # the page goes on: a good message is still taken
        assert answer(socket, act(TAKE))["type"] == "screen"


def test_a_frame_beyond_the_bound_closes_that_socket_only(server: LiveServer) -> None:
    table = server.new_table(ruleset="pyramido", seats=[None, None], hot_seat=False, seed=1)
    with joined(server, table, token_of(table, 0)) as socket:
        socket.send("x" * (MAX_FRAME + 1))
        with pytest.raises(ConnectionClosed) as closed:
            socket.recv(timeout=30)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009  # message too big
    with joined(server, table, token_of(table, 0)) as socket:  # the server and the game go on
        assert answer(socket, act(TAKE))["type"] == "screen"


def test_a_forged_seat_link_is_refused_and_the_socket_closed(server: LiveServer) -> None:
    table = server.new_table(ruleset="silver-gold-pyramids", seats=[None, None], hot_seat=False, seed=2)
    game = server.tables()[table["table"]].game
    before = dumps(make_record(game))
    other = server.new_table(ruleset="silver-gold-pyramids", seats=[None, None], hot_seat=False, seed=2)
    real = token_of(table, 0)
    one_off = real[:-1] + ("B" if real.endswith("A") else "A")  # the real link but its last letter
    for forged in ["x" * 24, token_of(other, 0), one_off, "", 7]:
        with connect(f"{server.ws}/ws/{table['table']}") as socket:
            socket.send(json.dumps({"type": "join", "token": forged}))
            reply = json.loads(socket.recv(timeout=30))
            if isinstance(forged, int):
                assert "join.token: 7 is not a seat link's token" in reply["message"]
                continue
            assert reply["message"] == "this seat link is not one of this game's: ask for the link again"
            with pytest.raises(ConnectionClosed) as closed:
                socket.recv(timeout=30)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 4403
    assert dumps(make_record(game)) == before


def test_the_first_message_must_be_a_join_and_unknown_tables_are_said(server: LiveServer) -> None:
    table = server.new_table(ruleset="pyramido", seats=[None, None], hot_seat=True, seed=1)
    with connect(f"{server.ws}/ws/{table['table']}") as socket:
        reply = answer(socket, {"type": "act", "seat": 0, "action": {"kind": "take", "slot": 0}, "steps": 0})
        assert "the first message is" in reply["message"]
    with connect(f"{server.ws}/ws/nosuchtable") as socket:
        assert "no such game on this server" in json.loads(socket.recv(timeout=30))["message"]
    assert server.request("/api/tables/nosuchtable")[0] == 404


def test_a_spectator_plays_no_seat(server: LiveServer) -> None:
    table = server.new_table(ruleset="pyramido", seats=[None, None], hot_seat=True, seed=1)
    with joined(server, table, None) as socket:
        reply = answer(socket, {"type": "act", "seat": 0, "action": {"kind": "take", "slot": 0}, "steps": 0})
        assert reply["message"] == "this page does not play seat 0 (its seats: none: it watches)"


def test_hot_seat_one_link_plays_every_person(server: LiveServer) -> None:
    seats = [None, "greedy", None]
    table = server.new_table(ruleset="silver-gold-pyramids", seats=seats, hot_seat=True, seed=4)
    assert [link["seats"] for link in table["links"]] == [[0, 2]]
    game = server.tables()[table["table"]].game
    with joined(server, table, token_of(table, 0)) as socket:
        shown, seen = socket.first, set()  # type: ignore[attr-defined]
        while len(seen) < 2:  # both people choose, each shown the screen of the one to choose
            if not shown["deciding"]:
                shown = until(socket, lambda s: s["deciding"])
            seen.add(shown["viewer"])
            act = {"type": "act", "seat": shown["viewer"], "action": shown["actions"][0]["action"]}
            socket.send(json.dumps({**act, "steps": shown["steps"]}))
            shown = until(socket, lambda s: True)
        assert seen == {0, 2} and game.steps


@pytest.mark.parametrize(
    ("settings", "said"),
    [
        ({"ruleset": "chess", "seats": [None, None], "hot_seat": True}, "no ruleset 'chess' here"),
        ({"ruleset": "../rulesets/pyramido.yaml", "seats": [None], "hot_seat": True}, "no ruleset"),
        ({"ruleset": "pyramido", "seats": [None] * 5, "hot_seat": True}, "players"),
        ({"ruleset": "pyramido", "seats": [None, "deep-blue"], "hot_seat": True}, "has no bot 'deep-blue'"),
        ({"ruleset": "pyramido", "seats": [None, None], "hot_seat": "yes"}, "hot_seat: 'yes' is not true"),
        ({"ruleset": "pyramido", "seats": [None, None], "hot_seat": True, "seed": -1}, "seed"),
        ({"ruleset": "pyramido", "seats": [None, None], "hot_seat": True, "options": {"solo": "x"}}, "solo"),
        ({"ruleset": "pyramido", "seats": "two", "hot_seat": True}, "seats: 'two' is not a list"),
        (
            {
                "ruleset": "forgotten-treasures",
                "seats": [None],
                "hot_seat": True,
                "options": {"solo": "legnd"},
            },
            "options.solo: 'legnd' is not one of legend, the-legend",
        ),
        (
            {"ruleset": "pyramido", "seats": [None, None], "hot_seat": True, "options": {"solo": "legend"}},
            "options: pyramido has no option 'solo' (its options: none)",
        ),
        (
            {"ruleset": "pyramido", "seats": [None, None], "hot_seat": True, "names": ["Ann"]},
            "a list of 2 names",
        ),
        (
            {"ruleset": "pyramido", "seats": [None, None], "hot_seat": True, "names": ["A\nB", None]},
            "names[0]",
        ),
        (
            {"ruleset": "pyramido", "seats": [None, None], "hot_seat": True, "names": [None, "x" * 25]},
            "names[1]",
        ),
        ({"ruleset": "pyramido", "seats": [None, None], "hot_seat": True, "listed": "yes"}, "listed: 'yes'"),
    ],
)
def test_bad_new_games_are_refused(server: LiveServer, settings: dict[str, Any], said: str) -> None:
    held = len(server.tables())
    status, reply = server.request("/api/tables", settings)
    assert status == 400 and said in reply["error"], reply
    assert len(server.tables()) == held


@pytest.mark.parametrize(
    ("body", "said"),
    [
        (b"\xff\xfe", "byte 0 of the request is not UTF-8"),
        (b"{", "not JSON the server reads"),
        (b"[]", "a JSON object, not []"),
    ],
)
def test_malformed_requests_are_refused(server: LiveServer, body: bytes, said: str) -> None:
    for path in ["/api/tables", "/api/rulesets"]:
        status, reply = server.request(path, body)
        assert status == 400 and said in reply["error"]


def finished_record(ruleset: str = "pyramido", seed: int = 3) -> dict[str, Any]:
    game = Game(load_ruleset(ruleset), 2, seed)
    play_out(game, [make_bot("random", 1), make_bot("random", 2)])
    return make_record(game)


def test_a_record_opens_and_steps_back_and_forth(server: LiveServer) -> None:
    record = finished_record()
    status, opened = server.request("/api/replays", dumps(record))
    assert status == 200 and opened["total"] == len(record["steps"]) and opened["players"] == 2
    steps = [0, 5, 4, opened["total"], 1]
    shown = [server.request(f"/api/replays/{opened['replay']}/{k}?seat=1")[1] for k in steps]
    assert [s["step"] for s in shown] == steps and all(s["viewer"] == 1 for s in shown)
    assert shown[0]["last"] == "the game is set up" and shown[2]["last"].startswith("step 4: player ")
    assert shown[3]["ranking"] is not None and shown[1]["ranking"] is None
    at = f"/api/replays/{opened['replay']}"
    assert server.request(f"{at}/{opened['total'] + 1}")[1]["error"].startswith("step ")
    assert "seat 'x'" in server.request(f"{at}/0?seat=x")[1]["error"]
    assert server.request(f"{at}/0?seat=7")[1]["error"] == "seat '7' is not a whole number in 0..1"


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (lambda r: r["steps"][7]["events"].clear(), "step 7"),
        (lambda r: r.update(seed=r["seed"] + 1), "setup"),
        (lambda r: r["ruleset"].update(id="my-secret-rules"), "not offered here"),
        (lambda r: r.update(steps="many"), "steps"),
    ],
)
def test_a_record_that_does_not_verify_is_refused(server: LiveServer, change: Any, said: str) -> None:
    record = finished_record()
    change(record)
    status, reply = server.request("/api/replays", json.dumps(record))
    assert status == 400 and said in reply["error"], reply


def test_a_record_is_refused_before_the_end_and_given_after(server: LiveServer) -> None:
    table = server.new_table(ruleset="pyramido", seats=["random", "random"], hot_seat=True, seed=8)
    status, reply = server.request(f"/api/tables/{table['table']}/record")
    game = server.tables()[table["table"]].game
    if not game.is_over:  # the bots are not woken before a page joins
        assert status == 400 and "holds every seat's secrets" in reply["error"]
    with joined(server, table, None) as socket:
        while not game.is_over:
            socket.recv(timeout=60)
    status, record = server.request(f"/api/tables/{table['table']}/record")
    assert status == 200 and record["result"] is not None


OVERLAY = "extends: pyramido\nid: {id}\nname: Big stage bonus\nrules:\n  {key}: {value}\n"


def test_a_house_rule_overlay_is_uploaded_then_played(server: LiveServer) -> None:
    text = (Path(__file__).parent.parent / "rulesets" / "house-rules" / "pyramido-no-mino.yaml").read_text()
    text = text.replace("id: pyramido-no-mino", "id: web-no-mino")
    status, reply = server.request("/api/rulesets", {"name": "no-mino.yaml", "text": text})
    assert status == 200 and reply["ruleset"] == "web-no-mino", reply
    assert "web-no-mino" in [r["id"] for r in server.request("/api/rulesets")[1]["rulesets"]]
    server.new_table(ruleset="web-no-mino", seats=[None, "greedy"], hot_seat=False)
    status, again = server.request("/api/rulesets", {"name": "no-mino.yaml", "text": text})
    assert status == 400 and "the ruleset id 'web-no-mino' is taken here" in again["error"]


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("extends: pyramido\nid: w1\nplugins: [/tmp/evil.py]\n", "mine.yaml:3: at $.plugins: a file sent"),
        ("extends: ../rulesets/pyramido.yaml\nid: w2\n", "mine.yaml:1: at $.extends: a file sent"),
        ("id: w3\nname: x\n", "at $.extends"),
        ("extends: pyramido\nid: w4\nplayers: {min: 3, max: 2}\n", "mine.yaml:3: at $.players.min: min 3 is"),
        ("extends: pyramido\nid: w5\nrules: {nonsense: 1}\n", "mine.yaml:3"),
        ("extends: pyramido\nid: w6\nname: [unclosed\n", "mine.yaml:4: at $: invalid YAML"),
        ("extends: pyramido\nid: w7\nx: !!python/object:os.system {}\n", "mine.yaml"),
    ],
)
def test_a_ruleset_file_that_fails_is_refused_with_its_line(server: LiveServer, text: str, said: str) -> None:
    status, reply = server.request("/api/rulesets", {"name": "../../mine.yaml", "text": text})
    assert status == 400 and said in reply["error"], reply
    assert "pyramido-upload-" not in reply["error"]  # the server's own folders are not told


def test_the_pages_are_served(server: LiveServer) -> None:
    import urllib.request

    for path in ["/", "/table/x", "/replay/x", "/static/table.js", "/static/board.js", "/static/style.css"]:
        with urllib.request.urlopen(server.url + path, timeout=30) as response:
            assert response.status == 200 and len(response.read()) > 100


def test_the_lobby_lists_the_games_listed_and_hands_out_their_free_seats(server: LiveServer) -> None:
    """A game listed in the lobby: its names, seats free and watchers; a free seat's link is
    handed out once (the opener's and a hot-seat's never); a game not listed is neither
    shown nor joined."""
    hidden = server.new_table(ruleset="pyramido", seats=[None, None], hot_seat=False)
    listed = server.new_table(
        ruleset="pyramido",
        seats=[None, None, "greedy"],
        hot_seat=False,
        listed=True,
        names=["Ann", None, None],
    )
    hot = server.new_table(ruleset="pyramido", seats=[None, None], hot_seat=True, listed=True)
    assert listed["names"] == ["Ann", "player 1", "player 2"]
    status, lobby = server.request("/api/tables")
    shown = {entry["table"]: entry for entry in lobby["tables"]}
    assert status == 200 and hidden["table"] not in shown
    assert (shown[listed["table"]]["free"], shown[listed["table"]]["watchers"]) == (1, 0)
    assert shown[hot["table"]]["free"] == 0
    status, seat = server.request(f"/api/tables/{listed['table']}/seat", b"")
    assert status == 200 and seat["seats"] == [1] and seat["url"] == listed["links"][1]["url"]
    with joined(server, listed, None):  # a spectator
        status, lobby = server.request("/api/tables")
        entry = next(e for e in lobby["tables"] if e["table"] == listed["table"])
        assert (entry["free"], entry["watchers"]) == (0, 1)
    for table, said in ((listed, "no free seat"), (hot, "no free seat"), (hidden, "not in the lobby")):
        status, refused = server.request(f"/api/tables/{table['table']}/seat", b"")
        assert status == 400 and said in refused["error"]


def test_the_icon_is_served_and_rulesets_name_their_options(server: LiveServer) -> None:
    import urllib.request

    with urllib.request.urlopen(server.url + "/favicon.ico", timeout=30) as response:
        assert response.headers["content-type"].startswith("image/svg+xml") and b"<svg" in response.read()
    _, listed = server.request("/api/rulesets")
    options = {entry["id"]: entry["options"]["properties"] for entry in listed["rulesets"]}
    assert options["pyramido"] == {} and options["forgotten-treasures"]["solo"]["enum"] == [
        "legend",
        "the-legend",
    ]


def test_pyramido_serve_prints_its_address_and_serves_the_page() -> None:
    import subprocess
    import sys
    import urllib.request

    server = subprocess.Popen(
        [sys.executable, "-m", "pyramido", "serve", "--port", "0"], stdout=subprocess.PIPE, text=True
    )
    try:
        assert server.stdout is not None
        line = server.stdout.readline()
        assert line.startswith("pyramido serve: open http://127.0.0.1:"), line
        address = line.split()[3]
        with urllib.request.urlopen(address, timeout=30) as response:
            assert b"New game" in response.read()
    finally:
        server.terminate()
        server.wait(30)


def test_pyramido_serve_says_when_it_cannot_listen() -> None:
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-m", "pyramido", "serve", "--host", "256.1.1.1"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2 and done.stderr.startswith("error: cannot listen on 256.1.1.1:8000")


def test_a_failing_bot_stops_its_game_with_a_message_not_the_server(server: LiveServer) -> None:
    table = server.new_table(ruleset="pyramido", seats=[None, "random"], hot_seat=False, seed=1)
    held = server.tables()[table["table"]]

    class Broken:
        name = "broken"

        def choose(self, game: Game, player: int) -> int:
            raise RuntimeError("out of ideas")

    held.bots = {1: Broken()}
    with joined(server, table, token_of(table, 0)) as socket:
        shown = socket.first  # type: ignore[attr-defined]
        while shown["deciding"]:
            socket.send(json.dumps(act(shown["actions"][0]["action"], steps=shown["steps"])))
            message = json.loads(socket.recv(timeout=30))
            shown = message["screen"]
        message = json.loads(socket.recv(timeout=30))
        assert (
            message["failure"] == "the bot of player 1 failed, so the game stops: RuntimeError: out of ideas"
        )
        reply = answer(socket, act(TAKE, steps=shown["steps"]))
        assert reply["message"] == message["failure"]
    assert server.request("/api/rulesets")[0] == 200


def test_pyramido_serve_names_the_extra_it_needs(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    from click.testing import CliRunner

    from pyramido.cli import main

    monkeypatch.setitem(sys.modules, "uvicorn", None)  # as if the web extra were not installed
    done = CliRunner().invoke(main, ["serve"])
    assert done.exit_code == 2 and "serve needs the web extra: pip install 'pyramido[web]'" in done.output


def test_pyramido_serve_refuses_a_ruleset_file_that_fails(tmp_path: Path) -> None:
    import subprocess
    import sys

    bad = tmp_path / "mine.yaml"
    bad.write_text("extends: pyramido\nid: mine\nplayers: {min: 3, max: 2}\n")
    done = subprocess.run(
        [sys.executable, "-m", "pyramido", "serve", "--ruleset", str(bad)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2 and "mine.yaml:3: at $.players.min: min 3 is more than max 2" in done.stderr


@pytest.fixture
def server_log(caplog: pytest.LogCaptureFixture) -> Iterator[pytest.LogCaptureFixture]:
    """What the server logs where uvicorn puts a handler's traceback ("uvicorn.error", which
    does not reach the root logger that caplog listens to by itself)."""
    logger = logging.getLogger("uvicorn.error")
    logger.addHandler(caplog.handler)
    yield caplog
    logger.removeHandler(caplog.handler)


def tracebacks(log: pytest.LogCaptureFixture) -> list[str]:
    """The server's errors and tracebacks."""
    return [entry.getMessage() for entry in log.records if entry.exc_info or entry.levelno >= logging.ERROR]


def take(slot: object) -> str:
    return json.dumps(act({"kind": "take", "slot": slot}))


WRONG_TYPES = [
    '{"type": ["act"]}',
    '{"type": {}}',
    '{"type": {"act": 1}}',
    '{"type": 1}',
    '{"type": null}',
    '{"type": true}',
    "{}",
    '"act"',
    "1",
    "null",
    '[{"type": "act"}]',
    '{"type": "act", "seat": [0], "action": {}, "steps": 0}',
    '{"type": "act", "seat": {}, "action": {}, "steps": 0}',
    '{"type": "act", "seat": 0, "action": "take", "steps": 0}',
    '{"type": "act", "seat": 0, "action": {"kind": "take", "slot": 0}, "steps": [0]}',
    '{"type": "act", "seat": 0, "action": {"kind": ["take"], "slot": 0}, "steps": 0}',
    '{"type": "act", "seat": 0, "action": {"kind": {}, "slot": 0}, "steps": 0}',
    '{"type": "act", "seat": 0, "action": {"kind": null}, "steps": 0}',
    take([0]),
    take({}),
    take("0"),
    take(None),
    take(0.0),
    take(True),
    '{"type": "preview", "seat": 0, "action": {"kind": "take", "slot": {}}, "ref": 1}',
    '{"type": "preview", "seat": 0, "action": {"kind": ["take"]}, "ref": 1}',
    '{"type": "preview", "seat": 0, "action": {"kind": "take", "slot": 0}, "ref": [1]}',
    '{"type": "join", "token": ["x"]}',
    '{"type": "join", "token": {}}',
]


def test_messages_of_the_wrong_types_are_answered_change_nothing_and_log_nothing(
    server: LiveServer, server_log: pytest.LogCaptureFixture
) -> None:
    table = server.new_table(ruleset="pyramido", seats=[None, None], hot_seat=False, seed=1)
    game = server.tables()[table["table"]].game
    before = dumps(make_record(game))
    with joined(server, table, token_of(table, 0)) as socket:
        for message in WRONG_TYPES:
            reply = answer(socket, message)
            refused = reply["type"] == "error" or (reply["type"] == "preview" and not reply["legal"])
            assert refused and (reply.get("message") or reply.get("why")), (message, reply)
        assert dumps(make_record(game)) == before
        assert answer(socket, act(TAKE))["type"] == "screen"  # the same socket goes on
    assert tracebacks(server_log) == []


@pytest.mark.parametrize(
    "first",
    ['{"type": ["join"]}', '{"type": {}}', '{"type": "join", "token": ["x"]}', "[]", '{"type": "join"}'],
)
def test_a_first_message_of_the_wrong_types_is_answered_and_the_page_may_join_after(
    server: LiveServer, server_log: pytest.LogCaptureFixture, first: str
) -> None:
    table = server.new_table(ruleset="pyramido", seats=[None, None], hot_seat=False, seed=1)
    with connect(f"{server.ws}/ws/{table['table']}") as socket:
        assert answer(socket, first)["type"] == "error"
        assert answer(socket, {"type": "join", "token": token_of(table, 0)})["type"] == "joined"
    assert tracebacks(server_log) == []


@pytest.mark.parametrize("token", ["é" * 24, "\ud800", "\u0663" * 24, "x\x00y"])
def test_a_seat_link_of_any_characters_is_refused_as_forged_without_a_traceback(
    server: LiveServer, server_log: pytest.LogCaptureFixture, token: str
) -> None:
    table = server.new_table(ruleset="pyramido", seats=[None, None], hot_seat=False, seed=1)
    with connect(f"{server.ws}/ws/{table['table']}") as socket:
        reply = answer(socket, {"type": "join", "token": token})
        assert reply["message"] == "this seat link is not one of this game's: ask for the link again"
        with pytest.raises(ConnectionClosed) as closed:
            socket.recv(timeout=30)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4403
    assert tracebacks(server_log) == []


NOT_NUMBERS = [
    *("²", "①", "\u0663", "\uff11", "+1", "-0", "-1", " 1", "1 ", "1_0", "0x1", "1.0", "1e1", "01"),
    pytest.param("9" * 30, id="30-digits"),  # beyond any range
    pytest.param("9" * 5000, id="5000-digits"),  # beyond what int() reads (4300 digits)
]


@pytest.mark.parametrize("number", NOT_NUMBERS)
@pytest.mark.parametrize("parameter", ["step", "seat"])
def test_a_number_in_an_address_is_plain_ascii_digits_in_range(
    server: LiveServer, server_log: pytest.LogCaptureFixture, parameter: str, number: str
) -> None:
    opened = server.request("/api/replays", dumps(finished_record()))[1]
    at = f"/api/replays/{opened['replay']}"
    quoted = urllib.parse.quote(number)
    path = f"{at}/{quoted}" if parameter == "step" else f"{at}/0?seat={quoted}"
    status, reply = server.request(path)
    top = opened["total"] if parameter == "step" else opened["players"] - 1
    assert status == 400, reply
    assert reply["error"] == f"{parameter} {brief(number)} is not a whole number in 0..{top}"
    assert tracebacks(server_log) == []


def test_numbers_in_an_address_at_their_bounds_are_taken(server: LiveServer) -> None:
    opened = server.request("/api/replays", dumps(finished_record()))[1]
    at = f"/api/replays/{opened['replay']}"
    last = opened["total"]
    for path in [f"{at}/0?seat=0", f"{at}/{last}?seat=1", f"{at}/0?seat=", f"{at}/0?seat=spectator"]:
        assert server.request(path)[0] == 200, path
    beyond = server.request(f"{at}/{last + 1}")[1]["error"]
    assert beyond == f"step '{last + 1}' is not a whole number in 0..{last}"
    assert server.request(f"{at}/0?seat=2")[1]["error"] == "seat '2' is not a whole number in 0..1"


def stalled_spectator(server: LiveServer, table: str) -> socket.socket:
    """A raw client that opens the table's watch link, joins, and never reads again: a
    receive buffer of a few KiB, so that the kernel's buffers fill soon."""
    host, port = server.url.removeprefix("http://").split(":")
    raw = socket.socket()
    raw.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)  # before connect: the window
    raw.connect((host, int(port)))
    key = base64.b64encode(os.urandom(16)).decode()
    raw.sendall(
        f"GET /ws/{table} HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\n"
        f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n".encode()
    )
    response = b""
    while not response.endswith(b"\r\n\r\n"):  # byte by byte: nothing after the headers
        response += raw.recv(1)
    assert response.startswith(b"HTTP/1.1 101"), response
    join = json.dumps({"type": "join", "token": None}).encode()
    mask = os.urandom(4)
    raw.sendall(bytes([0x81, 0x80 | len(join)]) + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(join)))
    return raw


def text_frames_to_the_end(raw: socket.socket, seconds: float) -> int:
    """Read ``raw`` until the server ends the connection (a timeout fails the test); the
    number of whole text frames it was sent (a server's frames are not masked)."""
    raw.settimeout(seconds)
    received = b""
    while chunk := raw.recv(1 << 16):
        received += chunk
    frames, at = 0, 0
    while at + 2 <= len(received):
        opcode, size, at = received[at] & 0x0F, received[at + 1] & 0x7F, at + 2
        if size >= 126:
            extended = 2 if size == 126 else 8
            size, at = int.from_bytes(received[at : at + extended], "big"), at + extended
        frames += opcode == 1 and at + size <= len(received)
        at += size
    return frames


def test_a_spectator_that_never_reads_holds_up_neither_the_bots_nor_the_other_pages(
    server: LiveServer,
) -> None:
    table = server.new_table(ruleset="forgotten-treasures", seats=["random"] * 4, hot_seat=True, seed=3)
    held = server.tables()[table["table"]]
    laggard = stalled_spectator(server, table["table"])
    try:
        with joined(server, table, None) as watching:
            started = time.monotonic()
            shown = until(watching, lambda s: s["ranking"] is not None)  # each screen within 60 s
            assert held.game.is_over and shown["steps"] == len(held.game.steps)
            assert time.monotonic() - started < 60
            assert len(held.watchers) == 1  # the laggard was dropped; this page stays
        # it was sent its first screens, then its connection ended: "joined", then a screen a step
        assert 2 <= text_frames_to_the_end(laggard, 60) < len(held.game.steps)
    finally:
        laggard.close()

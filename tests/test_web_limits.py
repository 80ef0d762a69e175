"""The caps on what a page may ask of the web server (pyramido.web.limits, docs/web.md,
"Limits"): each refuses a request beyond it with a status and a message naming the cap and
its option, takes one at the cap, and moves with its ``pyramido serve`` option; games over
or abandoned stop counting toward the games alive."""

from __future__ import annotations

import http.client
import json
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import Any

import pytest
from web_live import MANY_GAMES, LiveServer, joined

from pyramido.bots import make_bot, play_out
from pyramido.engine.game import Game
from pyramido.engine.record import dumps, make_record
from pyramido.engine.ruleset import load_ruleset
from pyramido.web import tables
from pyramido.web.limits import ABANDONED_AFTER, Limits
from pyramido.web.tables import Lobby, Table

Serve = Callable[..., LiveServer]


@pytest.fixture
def serve() -> Iterator[Serve]:
    """Start servers with the caps given (the others as the tests' servers have them)."""
    started: list[LiveServer] = []

    def start(**caps: Any) -> LiveServer:
        started.append(LiveServer(limits=replace(MANY_GAMES, **caps)))
        return started[-1]

    yield start
    for live in started:
        live.stop()


def post(url: str, path: str, body: bytes | str, source: str = "127.0.0.1") -> tuple[int, Any]:
    """(status, JSON answer) of a POST to the server at ``url``, from the address ``source``."""
    host, port = url.removeprefix("http://").rstrip("/").split(":")
    connection = http.client.HTTPConnection(host, int(port), timeout=60, source_address=(source, 0))
    try:
        connection.request("POST", path, body)
        response = connection.getresponse()
        return response.status, json.loads(response.read())
    finally:
        connection.close()


def new_game(server: LiveServer | str, *seats: str | None, source: str = "127.0.0.1") -> tuple[int, Any]:
    """(status, JSON answer) of asking ``server`` (or the one at an address) for a new game of
    Pyramido with ``seats``, from the address ``source``."""
    url = server if isinstance(server, str) else server.url
    body = json.dumps({"ruleset": "pyramido", "seats": list(seats), "hot_seat": True, "seed": 1})
    return post(url, "/api/tables", body, source)


def refused(answer: tuple[int, Any], status: int, said: str) -> bool:
    return answer[0] == status and said in answer[1]["error"]


# --- the bots' budgets ------------------------------------------------------------------------


@pytest.fixture(scope="module")
def default_bots() -> Iterator[LiveServer]:
    live = LiveServer()  # the default caps on the bots' budgets
    yield live
    live.stop()


@pytest.mark.parametrize(
    ("bot", "said"),
    [
        (
            "mcts:1000000",
            "the bot mcts:1000000 spends 1000000 simulations a decision: this server allows "
            "at most 200 simulations a decision (pyramido serve --max-bot-simulations)",
        ),
        ("mcts:201", "at most 200 simulations a decision (pyramido serve --max-bot-simulations)"),
        (
            "mcts:2.5s",
            "the bot mcts:2.5s spends 2.5 seconds a decision: this server allows at most 2 "
            "seconds a decision (pyramido serve --max-bot-seconds)",
        ),
        ("mcts:3600s", "(pyramido serve --max-bot-seconds)"),
    ],
)
def test_a_bot_beyond_the_budget_caps_is_refused(default_bots: LiveServer, bot: str, said: str) -> None:
    held = len(default_bots.tables())
    assert refused(new_game(default_bots, None, bot), 400, said)
    assert len(default_bots.tables()) == held


@pytest.mark.parametrize("bot", ["mcts:200", "mcts:2s", "mcts", "mcts:0.01s", "greedy", "random"])
def test_a_bot_within_the_budget_caps_is_seated(default_bots: LiveServer, bot: str) -> None:
    status, answer = new_game(default_bots, None, bot)
    assert status == 200 and answer["bots"] == {"1": bot.partition(":")[0]}


def test_the_budget_caps_move_with_their_options(serve: Serve) -> None:
    server = serve(bot_simulations=1000, bot_seconds=0.5)
    assert new_game(server, None, "mcts:1000")[0] == 200
    assert refused(new_game(server, None, "mcts:1001"), 400, "at most 1000 simulations")
    assert new_game(server, None, "mcts:0.5s")[0] == 200
    assert refused(new_game(server, None, "mcts:1s"), 400, "at most 0.5 seconds a decision")


# --- games alive ------------------------------------------------------------------------------


def test_the_games_an_address_opens_are_capped_and_another_address_has_its_own(serve: Serve) -> None:
    server = serve(games_per_client=2)
    assert [new_game(server, None, None)[0] for _ in range(2)] == [200, 200]  # up to the cap
    status, answer = new_game(server, None, None)
    assert status == 429 and answer["error"] == (
        "this address has 2 games alive here (a game is alive until it is over or stopped, or 300 s "
        "after its last page left): this server allows at most 2 games alive opened from one address "
        "(pyramido serve --max-games-per-client)"
    )
    assert new_game(server, None, None, source="127.0.0.2")[0] == 200
    assert len(server.tables()) == 3


def test_the_games_alive_on_the_server_are_capped(serve: Serve) -> None:
    server = serve(games=3)
    sources = ["127.0.0.1", "127.0.0.2", "127.0.0.3"]
    assert [new_game(server, None, None, source=source)[0] for source in sources] == [200] * 3
    assert refused(
        new_game(server, None, None, source="127.0.0.4"),
        429,
        "the server has 3 games alive (a game is alive until it is over or stopped, or 300 s after its "
        "last page left): this server allows at most 3 games alive (pyramido serve --max-games)",
    )


def test_a_game_over_stops_counting(serve: Serve) -> None:
    server = serve(games_per_client=1)
    status, table = new_game(server, "random", "random")
    assert status == 200 and refused(new_game(server, None, None), 429, "--max-games-per-client")
    with joined(server, table, None) as watching:  # a page watches: the bots play to the end
        while not json.loads(watching.recv(timeout=60)).get("screen", {}).get("ranking"):
            pass
    assert new_game(server, None, None)[0] == 200


def test_a_game_no_page_watches_for_a_while_stops_counting(
    serve: Serve, monkeypatch: pytest.MonkeyPatch
) -> None:
    server = serve(games_per_client=2)
    monkeypatch.setattr(tables, "ABANDONED_AFTER", 0.5)
    _, watched = new_game(server, None, None)
    assert new_game(server, None, None)[0] == 200  # never watched: it counts for a while
    with joined(server, watched, None):
        time.sleep(0.6)
        assert new_game(server, None, None)[0] == 200  # the one left alone no longer counts
        assert refused(new_game(server, None, None), 429, "--max-games-per-client")  # the watched one does


def pyramido_game() -> Callable[[str], Table]:
    """What makes a table of a new game of Pyramido (for Lobby.open)."""
    game = Game(load_ruleset("pyramido"), 2, 1)
    return lambda ident: Table(ident, game, {}, hot_seat=True)


def test_a_full_lobby_forgets_its_oldest_game_not_alive(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tables, "MAX_TABLES", 3)
    lobby = Lobby(Limits(games_per_client=10, games=2))
    first, second = lobby.open("a", pyramido_game()), lobby.open("a", pyramido_game())
    play_out(first.game, [make_bot("random", 1), make_bot("random", 2)])  # over: not alive
    second.unwatched_since -= ABANDONED_AFTER  # left alone: not alive
    third = lobby.open("a", pyramido_game())
    assert list(lobby.tables) == [first.ident, second.ident, third.ident]
    fourth = lobby.open("a", pyramido_game())  # the lobby is full: the first goes
    assert list(lobby.tables) == [second.ident, third.ident, fourth.ident]


# --- records and house-rule files ---------------------------------------------------------------


def finished_record() -> bytes:
    game = Game(load_ruleset("pyramido"), 2, 3)
    play_out(game, [make_bot("random", 1), make_bot("random", 2)])
    return dumps(make_record(game)).encode()


def test_a_record_is_opened_up_to_its_cap(serve: Serve) -> None:
    record = finished_record()
    cap = len(record) + 100
    server = serve(record_bytes=cap)
    at_cap = record + b" " * (cap - len(record))  # spaces after the JSON
    assert post(server.url, "/api/replays", at_cap)[0] == 200
    assert refused(
        post(server.url, "/api/replays", at_cap + b" "),
        413,
        f"the record is too large: this server allows at most {cap} bytes in a record opened "
        "(pyramido serve --max-record-bytes)",
    )


OVERLAY = "extends: pyramido\nid: {id}\nname: No mino\nrules:\n  mino_bonus: none\n"


def overlay(ident: str, size: int) -> str:
    """The request sending a house-rule file of ``size`` bytes (a comment fills it up)."""
    text = OVERLAY.format(id=ident) + "#"
    return json.dumps({"name": "mine.yaml", "text": text + "x" * (size - len(text))})


def test_a_house_rule_file_is_taken_up_to_its_cap(serve: Serve) -> None:
    server = serve(overlay_bytes=1000)
    assert post(server.url, "/api/rulesets", overlay("at-cap", 1000))[0] == 200
    said = (
        "the house-rule file is too large: this server allows at most 1000 bytes in a house-rule "
        "file sent (pyramido serve --max-overlay-bytes)"
    )
    assert refused(post(server.url, "/api/rulesets", overlay("beyond", 1001)), 413, said)
    assert refused(post(server.url, "/api/rulesets", overlay("far-beyond", 100_000)), 413, said)  # body
    assert "beyond" not in [r["id"] for r in server.request("/api/rulesets")[1]["rulesets"]]


def test_pyramido_serve_sets_the_caps_from_its_options() -> None:
    options = ["--max-bot-simulations", "5", "--max-games-per-client", "1", "--max-record-bytes", "10"]
    command = [sys.executable, "-m", "pyramido", "serve", "--port", "0", *options]
    server = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
    try:
        assert server.stdout is not None
        url = server.stdout.readline().split()[3]
        assert refused(new_game(url, None, "mcts:6"), 400, "at most 5 simulations a decision")
        assert new_game(url, None, "mcts:5")[0] == 200
        assert refused(new_game(url, None, None), 429, "at most 1 games alive opened from one address")
        assert refused(post(url, "/api/replays", finished_record()), 413, "at most 10 bytes")
    finally:
        server.terminate()
        server.wait(30)


@pytest.mark.parametrize(
    ("option", "value"),
    [
        ("--max-bot-simulations", "0"),
        ("--max-bot-seconds", "0"),
        ("--max-games", "-1"),
        ("--max-record-bytes", "1e9"),
    ],
)
def test_pyramido_serve_refuses_a_cap_out_of_its_range(option: str, value: str) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "pyramido", "serve", option, value],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2 and option in done.stderr and "Traceback" not in done.stderr

"""The web page in a real browser: Playwright driving Debian's Chromium (/usr/bin/chromium,
installed by the README's test command) against a real server (docs/web.md).

Whole games of each game and of every shipped house rule are played by clicking, a replay
is stepped back and forth, bad input shows its message on the page, and a seat's WebSocket
traffic is checked to be its own screen and nothing more. Screenshots of each game's
screen are kept as test artefacts in ``tests/artifacts/`` (or ``$PYRAMIDO_ARTIFACTS``);
docs/web.md's pictures are made so.
"""

from __future__ import annotations

import json
import os
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, WebSocket, WebSocketRoute, sync_playwright
from playwright.sync_api import Error as PlaywrightError
from web_live import LiveServer, joined, token_of

from pyramido.engine.game import Game
from pyramido.engine.record import parse
from pyramido.engine.ruleset import load_ruleset
from pyramido.resources import shipped_rulesets
from pyramido.web.outbox import DROPPED
from pyramido.web.screen import preview, screen

pytestmark = pytest.mark.browser

CHROMIUM = "/usr/bin/chromium"
# Without the background-networking flags Chromium keeps knocking on this machine's closed
# network; as root it needs --no-sandbox.
FLAGS = [
    *("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run"),
    *("--disable-background-networking", "--disable-component-update", "--disable-sync"),
]
ARTIFACTS = Path(os.environ.get("PYRAMIDO_ARTIFACTS", Path(__file__).parent / "artifacts"))
WAIT = 30_000  # ms


@pytest.fixture(scope="module")
def server() -> Iterator[LiveServer]:
    live = LiveServer()
    yield live
    live.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    assert Path(CHROMIUM).exists(), f"{CHROMIUM} is missing: the README's test command installs it (apt)"
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield launched
        launched.close()


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    opened = context.new_page()
    opened.set_default_timeout(WAIT)
    yield opened
    context.close()


def start(page: Page, server: LiveServer, ruleset: str, seats: list[str | None], **choices: Any) -> list[str]:
    """Start a game from the start page's form; the seat links it shows."""
    page.goto(server.url + "/")
    page.wait_for_selector("body[data-ready=yes]")
    page.select_option("#ruleset", ruleset)
    page.fill("#players", str(len(seats)))
    page.dispatch_event("#players", "change")
    for seat, bot in enumerate(seats):
        page.select_option(f'#seats select[data-seat="{seat}"]', bot or "")
    if "options" in choices:
        page.fill("#options", json.dumps(choices["options"]))
    page.check(f"input[name=mode][value={'hot-seat' if choices.get('hot_seat', True) else 'links'}]")
    page.click("#start-game")
    page.wait_for_selector("a.watch-link")
    return [link.get_attribute("href") or "" for link in page.query_selector_all("a.seat-link")]


def click_a_choice(page: Page, turn: int) -> bool:
    """If this page's seat decides, click one of its choices (the ``turn``-th, round the
    list) and wait for the next screen; whether it did."""
    if page.get_attribute("body", "data-deciding") != "yes":
        return False
    if page.is_visible("#curtain.shown"):  # hot-seat: the screen is handed over
        page.click("#curtain-button")
    steps = page.get_attribute("body", "data-steps")
    for _ in range(5):  # a bot's move may redraw the choices between finding and clicking one
        buttons = page.query_selector_all("button.action")
        if not buttons:
            return False
        try:
            buttons[turn % len(buttons)].click()
            break
        except PlaywrightError as exc:
            if "not attached" not in str(exc):
                raise
    page.wait_for_function(
        "([steps]) => document.body.dataset.steps !== steps || document.body.dataset.error", arg=[steps]
    )
    page.evaluate("delete document.body.dataset.error")  # a choice on a stale screen: choose again
    return True


def play_to_the_end(pages: list[Page], shots: dict[int, str]) -> int:
    """Click choices on ``pages`` until the game is over; a full-page screenshot of the
    first page when ``shots`` names the number of clicks; the number of clicks."""
    clicks = 0
    for watched in pages:
        watched.wait_for_selector("body[data-steps]")
    while any(p.get_attribute("body", "data-over") != "yes" for p in pages):
        moved = False
        for watched in pages:
            if click_a_choice(watched, clicks):
                clicks += 1
                moved = True
                if clicks in shots:
                    keep_screenshot(pages[0], shots[clicks])
        if not moved:
            pages[0].wait_for_timeout(20)  # a bot's move, on its way
        assert clicks < 1000, "the game does not end"
    return clicks


def keep_screenshot(page: Page, name: str) -> Path:
    """A full-page screenshot kept as a test artefact, checked to show a game's screen."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    assert path.stat().st_size > 20_000 and path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert page.locator("#board svg").count() == 1
    assert page.locator("#board svg .seat").count() >= 1 and page.locator("#board svg .table").count() == 1
    return path


HOUSE_RULES = [ruleset for ruleset in shipped_rulesets() if ruleset != load_ruleset(ruleset).data["game"]]
GAMES = [
    pytest.param("pyramido", [None, None], {"hot_seat": True}, id="pyramido-hot-seat"),
    pytest.param("forgotten-treasures", [None, "greedy"], {}, id="forgotten-treasures"),
    pytest.param("forgotten-treasures", [None], {"options": {"solo": "the-legend"}}, id="ft-solo"),
    pytest.param("silver-gold-pyramids", [None, None], {"hot_seat": False}, id="silver-gold-links"),
    # every shipped house rule, a person against a bot
    *(pytest.param(ruleset, [None, "random"], {}, id=ruleset) for ruleset in HOUSE_RULES),
]


@pytest.mark.parametrize(("ruleset", "seats", "choices"), GAMES)
def test_a_whole_game_is_played_through_the_page(
    browser: Browser, page: Page, server: LiveServer, ruleset: str, seats: list[str | None], choices: Any
) -> None:
    links = start(page, server, ruleset, seats, **choices)
    pages = [page]
    page.goto(links[0])
    for link in links[1:]:  # one browser per seat: each link in a page of its own
        other = browser.new_context(viewport={"width": 1400, "height": 1000}).new_page()
        other.set_default_timeout(WAIT)
        other.goto(link)
        pages.append(other)
    name = f"web-{ruleset}" + ("-solo" if len(seats) == 1 else "")
    clicks = play_to_the_end(pages, {6: name})
    for watched in pages:
        watched.wait_for_selector("#over:not([hidden]) table.ranking")
    keep_screenshot(page, f"{name}-over")
    assert clicks > 10
    table = server.tables()[page.url.split("/table/")[1].split("#")[0]]
    assert table.game.is_over and not table.failure


def test_a_move_is_previewed_on_hover_and_an_illegal_one_explained(page: Page, server: LiveServer) -> None:
    links = start(page, server, "pyramido", [None, "greedy"], hot_seat=False)
    page.goto(links[0])
    page.wait_for_selector("body[data-deciding=yes]")
    page.hover("button.action >> nth=1")
    page.wait_for_selector("#preview-panel:not([hidden]) #preview svg")
    assert page.inner_text("#preview-text").startswith("take the domino in quarry slot 2")
    click_a_choice(page, 0)  # take: now the domino is placed
    page.wait_for_selector("body[data-deciding=yes]")
    page.hover("button.action >> nth=0")
    page.wait_for_function("document.querySelector('#preview-text').textContent.startsWith('place')")
    blocks = page.locator("#preview svg title").all_text_contents()
    assert sum("domino #" in title for title in blocks) == 2  # the domino on the board, as it would lie
    # the grid of positions: the legal ones marked, each previewed on hover; an illegal one
    # explained on hover, and refused with the engine's reason when clicked
    legal = page.locator("#grid button.cell.legal")
    table_id = page.url.split("/table/")[1].split("#")[0]
    game = server.tables()[table_id].game
    at_rot_0 = {
        (a.values[1], a.values[0]) for a in game.legal_actions(0) if a.kind == "place" and a.values[2] == 0
    }
    assert {(int(c.get_attribute("data-x")), int(c.get_attribute("data-y"))) for c in legal.all()} == at_rot_0
    legal.first.hover()
    page.wait_for_function("document.querySelector('#explain').textContent.startsWith('legal: place')")
    keep_screenshot(page, "web-pyramido-placing")
    page.hover('#grid button.cell[data-x="0"][data-y="0"]')
    page.wait_for_function("document.querySelector('#explain').textContent.startsWith('not legal')")
    assert "cannot place" in page.inner_text("#explain")
    steps = page.get_attribute("body", "data-steps")
    page.click('#grid button.cell[data-x="0"][data-y="0"]')
    page.wait_for_selector("#message.shown")
    assert "player 0 cannot place" in page.inner_text("#message")
    assert page.get_attribute("body", "data-steps") == steps
    page.select_option('#kind-fields select[name="rot"]', "1")  # another rotation: other positions
    at_rot_1 = {
        (a.values[1], a.values[0]) for a in game.legal_actions(0) if a.kind == "place" and a.values[2] == 1
    }
    assert {(int(c.get_attribute("data-x")), int(c.get_attribute("data-y"))) for c in legal.all()} == at_rot_1
    legal.first.click()
    page.wait_for_function("([steps]) => document.body.dataset.steps !== steps", arg=[steps])
    assert game.steps[-1]["player"] == 0 and game.space.action(game.steps[-1]["index"]).values[2] == 1


def test_a_replay_is_stepped_back_and_forth(page: Page, server: LiveServer, tmp_path: Path) -> None:
    links = start(page, server, "silver-gold-pyramids", ["random", "random"])
    assert links == []  # nobody plays: the bots are watched
    page.click("a.watch-link")
    page.wait_for_selector("body[data-over=yes]")
    table_id = page.url.split("/table/")[1]
    assert page.inner_text("#role") == "you watch"
    page.click("#replay")
    page.wait_for_selector("body[data-step='0']")
    assert page.inner_text("#step-text").startswith("0 of ")
    total = int(page.get_attribute("#slider", "max") or 0)
    for _ in range(3):
        page.click("#forward")
    page.wait_for_selector("body[data-step='3']")
    page.click("#back")
    page.wait_for_selector("body[data-step='2']")
    told = page.inner_text("#step-text")
    assert told.startswith("2 of ") and "step 2: player " in told
    page.keyboard.press("End")
    page.wait_for_selector(f"body[data-step='{total}']")
    page.wait_for_selector("#over:not([hidden]) table.ranking")
    page.keyboard.press("ArrowLeft")
    page.wait_for_selector(f"body[data-step='{total - 1}']")
    page.select_option("#seat", "1")
    title = "document.querySelector('#board svg title').textContent"
    page.wait_for_function(f'{title}.includes("player 1\'s view")')
    page.keyboard.press("Home")
    page.wait_for_selector("body[data-step='0']")
    keep_screenshot(page, "web-replay")
    # the same record, downloaded, then opened from the start page
    with page.expect_download() as download:
        page.goto(server.url + "/table/" + table_id)
        page.wait_for_selector("body[data-over=yes]")
        page.click("#download")
    saved = tmp_path / "record.json"
    download.value.save_as(saved)
    page.goto(server.url + "/")
    page.wait_for_selector("body[data-ready=yes]")
    page.set_input_files("#record-file", str(saved))
    page.wait_for_url("**/replay/*")
    page.wait_for_selector("body[data-step='0']")
    assert page.inner_text("#step-text") == f"0 of {total} steps · the game is set up"


def test_bad_input_shows_a_message_on_the_page(page: Page, server: LiveServer, tmp_path: Path) -> None:
    links = start(page, server, "pyramido", [None, "greedy"], hot_seat=False)
    forged = links[0][: -len("AAAA")] + "AAAA"
    page.goto(forged)
    page.wait_for_selector("#message.shown")
    assert "this seat link is not one of this game's" in page.inner_text("#message")
    page.goto(server.url + "/")
    page.wait_for_selector("body[data-ready=yes]")
    bad_record = tmp_path / "game.json"
    bad_record.write_text('{"format": 2, "ruleset": 7}')
    page.set_input_files("#record-file", str(bad_record))
    page.wait_for_selector("#message.shown")
    assert page.inner_text("#message").startswith("game.json: ")
    bad_rules = tmp_path / "mine.yaml"
    bad_rules.write_text("extends: pyramido\nid: mine\nplayers: {min: 3, max: 2}\n")
    page.set_input_files("#ruleset-file", str(bad_rules))
    page.wait_for_function("document.querySelector('#message').textContent.includes('mine.yaml:3')")
    assert "min 3 is more than max 2" in page.inner_text("#message")
    page.fill("#options", "{not json")
    page.click("#start-game")
    page.wait_for_function("document.querySelector('#message').textContent.startsWith('Options: not JSON')")


def possible_previews(games: list[Game]) -> list[dict[str, Any]]:
    """What seat 0 could be sent as the preview of one of its choices in one of ``games``."""
    return [
        json.loads(json.dumps(preview(game, 0, action.to_json(game.space))))
        for game in games
        if game.decision is not None and 0 in game.decision.players
        for action in game.legal_actions(0)
    ]


def test_a_seats_page_and_its_traffic_hold_nothing_hidden_from_it(
    browser: Browser, page: Page, server: LiveServer
) -> None:
    """Seat 0 plays Silver & Gold Pyramids against a person at another page: every screen its
    WebSocket brings is exactly ``screen(game, 0)`` of the game at that step (which
    tests/test_web_secrets.py shows to hold no hidden fact), and nothing of seat 1 reaches it:
    not its link, not its hand."""
    links = start(page, server, "silver-gold-pyramids", [None, None], hot_seat=False)
    frames: list[str] = []

    def listen(socket: WebSocket) -> None:
        socket.on("framereceived", lambda payload: frames.append(str(payload)))

    page.on("websocket", listen)
    page.goto(links[0])
    other = browser.new_context().new_page()
    other.set_default_timeout(WAIT)
    other.goto(links[1])
    play_to_the_end([page, other], {})
    table_id = page.url.split("/table/")[1].split("#")[0]
    with urllib.request.urlopen(f"{server.url}/api/tables/{table_id}/record") as response:
        record = parse(response.read())
    positions = [Game(load_ruleset(record["ruleset"]["id"]), 2, record["seed"], record["options"])]
    for step in record["steps"]:
        game = positions[-1].clone()
        game.apply(step["action"], player=step["player"])
        positions.append(game)
    messages = [json.loads(frame) for frame in frames]
    assert {message["type"] for message in messages} <= {"joined", "screen", "preview", "error"}
    shown = [message["screen"] for message in messages if message["type"] == "screen"]
    assert len(shown) > 20
    for received in shown:
        assert received == json.loads(json.dumps(screen(positions[received["steps"]], 0)))
    previews, steps = 0, 0
    for message in messages:  # a preview is of the position of the last screen, or a later one
        if message["type"] == "screen":
            steps = message["screen"]["steps"]
        elif message["type"] == "preview":
            answer = {key: value for key, value in message.items() if key not in ("type", "ref")}
            assert answer in possible_previews(positions[steps : steps + 3]), message
            previews += 1
    assert previews > 0
    secret = links[1].split("#", 1)[1]
    assert not any(secret in frame for frame in frames) and secret not in page.content()


@pytest.mark.parametrize("code", [DROPPED, 1011])
def test_a_page_dropped_by_the_server_joins_again_and_shows_the_current_screen(
    page: Page, server: LiveServer, code: int
) -> None:
    """The server drops a page that does not keep up (pyramido.web.outbox): its socket is
    closed with DROPPED, or just ends. The page joins again with its link, and shows the
    screen of the game as it is now, a move made while it was away included."""
    table = server.new_table(ruleset="pyramido", seats=[None, None], hot_seat=False, seed=1)
    routes: list[WebSocketRoute] = []

    def route(socket: WebSocketRoute) -> None:
        if routes:  # joining again: seat 0 moves first, while seat 1's page is away
            with joined(server, table, token_of(table, 0)) as other:
                take = other.first["actions"][0]["action"]  # type: ignore[attr-defined]
                other.send(json.dumps({"type": "act", "seat": 0, "action": take, "steps": 0}))
                assert json.loads(other.recv(timeout=30))["screen"]["steps"] == 1
        socket.connect_to_server()
        routes.append(socket)

    page.route_web_socket(f"**/ws/{table['table']}", route)
    page.goto(server.url + next(link["url"] for link in table["links"] if link["seats"] == [1]))
    page.wait_for_selector("body[data-steps='0']")
    routes[0].close(code=code, reason="too slow")
    page.wait_for_selector("body[data-steps='1']")
    assert len(routes) == 2 and not page.inner_text("#status").startswith("disconnected")
    assert page.inner_text("#role") == "you play player 1"

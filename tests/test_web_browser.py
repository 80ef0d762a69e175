"""The web page in a real browser: Playwright driving Debian's Chromium (/usr/bin/chromium,
installed by the README's test command) against a real server (docs/web.md).

Whole games of each game and of every shipped house rule are played by clicking the board
only (its ``svg [data-action]`` parts, the picks and parts that lead to them), and the log
is checked to hold every step of the record as the seat may see it; the page fits the
screen at 1280x800 and on a phone; a replay is stepped back and forth; bad input shows
its message on the page; the lobby lists a game to join; and a seat's WebSocket traffic is
checked to be its own screen and nothing more. Screenshots are kept as test artefacts in
``tests/artifacts/`` (or ``$PYRAMIDO_ARTIFACTS``), with the time to a table's first paint
(``first-paint.txt``): docs/web.md shows them.
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

from pyramido.engine.catalog import Catalog
from pyramido.engine.game import Game
from pyramido.engine.record import parse
from pyramido.engine.ruleset import load_ruleset
from pyramido.render.view import View
from pyramido.resources import shipped_rulesets
from pyramido.web.log import game_log
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
SCREEN = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
BOARD = "#play svg"
#: What the tests run in a page to play on its board like a person (``pointIn``,
#: ``shownOf``, ``onBoard``, ``pageState``).
DRIVER = (Path(__file__).parent / "web_board_driver.js").read_text()
STATE = "pageState()"


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


def new_page(browser: Browser, viewport: dict[str, int] = SCREEN, **options: Any) -> Page:
    """A page of a browser context of its own, without animations unless ``options`` ask
    for them (they cost a machine without a GPU much, and are tested on their own)."""
    options = {"reduced_motion": "reduce", **options}
    opened = browser.new_context(viewport=viewport, **options).new_page()  # type: ignore[arg-type]
    opened.set_default_timeout(WAIT)
    opened.add_init_script(DRIVER)
    errors: list[str] = []
    opened.on("pageerror", lambda error: errors.append(str(error)))
    opened.errors = errors  # type: ignore[attr-defined]
    return opened


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    opened = new_page(browser)
    yield opened
    assert not opened.errors, opened.errors  # type: ignore[attr-defined]
    opened.context.close()


def start(page: Page, server: LiveServer, ruleset: str, seats: list[str | None], **choices: Any) -> list[str]:
    """Start a game from the start page's form; the seat links it shows."""
    page.goto(server.url + "/")
    page.wait_for_selector("body[data-ready=yes]")
    page.select_option("#ruleset", ruleset)
    page.fill("#players", str(len(seats)))
    for seat, bot in enumerate(seats):
        page.select_option(f'#seats select[data-seat="{seat}"]', bot or "")
    for seat, name in enumerate(choices.get("names", [])):
        page.fill(f'#seats input[data-name="{seat}"]', name)
    for name, value in choices.get("options", {}).items():
        page.select_option(f'[data-option="{name}"]', json.dumps(value))
    page.check(f"input[name=mode][value={'hot-seat' if choices.get('hot_seat', True) else 'links'}]")
    if choices.get("listed"):
        page.check("#listed")
    page.click("#start-game")
    page.wait_for_selector("a.watch-link")
    return [link.get_attribute("href") or "" for link in page.query_selector_all("a.seat-link")]


def click(page: Page, selector: str, nth: int = 0) -> None:
    """A real click of the pointer on the ``nth`` element (round the list) of those shown
    that ``selector`` finds."""
    point = page.evaluate(
        "([found, nth]) => pointIn(shownOf(found)[nth % shownOf(found).length])", [selector, nth]
    )
    assert point, f"{selector}: nowhere to click it"
    page.mouse.click(*point)


def clicks(page: Page, points: list[list[float] | None]) -> None:
    assert points and all(points), f"nowhere to click: {points}"
    for point in points:
        page.mouse.click(*point)  # type: ignore[misc]


def choose_on_board(page: Page, turn: int) -> None:
    """One choice made by clicking the board (:data:`DRIVER`): the parts of an action one by
    one, a pick and then what it shows (an area and its payment, a space and its gem), or a
    part that plays its action; now and then the domino is turned first (the R key). What
    earlier clicks left chosen is let go first: a bot's move that redraws the screen between
    two clicks leaves the later ones chosen, and those would be toggled or added to."""
    for point in page.evaluate("letGo()"):  # left by clicks that a bot's move cut short
        if point:
            page.mouse.click(*point)
    if turn % 3 == 0:
        page.keyboard.press("r")
    found = page.evaluate("(turn) => onBoard(turn)", turn)
    clicks(page, found["parts"])
    if "pick" in found:
        key = found["pick"]
        shown = f'{BOARD} [data-when="{key}"] [data-action], {BOARD} [data-group="{key}"] [data-action]'
        click(page, shown, turn)


def click_a_choice(page: Page, turn: int, on_board: bool = True) -> bool:
    """If this page's seat decides, make one of its choices on the board (or in the list
    of choices) and wait for the next screen; whether it did. A bot's move may redraw the
    board between finding where to click and clicking: the choice is then made again."""
    for attempt in range(3):
        state = page.evaluate(STATE)
        if not state["deciding"] or state["over"]:
            return attempt > 0
        if state["curtain"]:  # hot-seat: the screen is handed over
            page.click("#curtain-button")
        steps = state["steps"]
        try:
            if on_board:
                choose_on_board(page, turn + attempt)
            else:
                choose_in_the_list(page, turn)
            page.wait_for_function(
                "([steps]) => document.body.dataset.steps !== steps || document.body.dataset.error",
                arg=[steps],
                timeout=WAIT / 3,
            )
        except (PlaywrightError, AssertionError):
            if page.get_attribute("body", "data-steps") == steps and attempt == 2:
                raise
            continue
        page.evaluate("delete document.body.dataset.error")  # a choice on a stale screen: choose again
        return True
    return True


def choose_in_the_list(page: Page, turn: int) -> None:
    """A choice of the list, previewed (at the board's size) before it is clicked."""
    if not page.is_visible("button.action"):
        page.click("#choices-panel summary")
    button = page.locator("button.action").nth(turn % page.locator("button.action").count())
    button.hover()
    page.wait_for_selector("#preview-panel:not([hidden])")
    button.click()


def play_to_the_end(pages: list[Page], shots: dict[int, str], on_board: bool = True) -> int:
    """Make choices on ``pages`` until the game is over; a screenshot of the first page
    when ``shots`` names the number of choices; the number of choices."""
    choices = 0
    for watched in pages:
        watched.wait_for_selector("body[data-steps]")
    while not all(p.evaluate(STATE)["over"] for p in pages):
        moved = False
        for watched in pages:
            if click_a_choice(watched, choices, on_board):
                choices += 1
                moved = True
                if choices in shots:
                    keep_screenshot(pages[0], shots[choices])
        if not moved:
            pages[0].wait_for_timeout(20)  # a bot's move, on its way
        assert choices < 1000, "the game does not end"
    return choices


def keep_screenshot(page: Page, name: str) -> Path:
    """A screenshot kept as a test artefact, checked to show a game's screen."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    assert path.stat().st_size > 20_000 and path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert page.locator("#market svg.table").count() == 1 and page.locator("svg.seat").count() >= 1
    return path


def table_of(page: Page, server: LiveServer) -> Any:
    return server.tables()[page.url.split("/table/")[1].split("#")[0]]


def record_of(server: LiveServer, table: Any) -> dict[str, Any]:
    with urllib.request.urlopen(f"{server.url}/api/tables/{table.ident}/record") as response:
        return parse(response.read())


def replayed(record: dict[str, Any]) -> list[Game]:
    """The positions of a record, from its setup to its end."""
    ruleset = load_ruleset(record["ruleset"]["id"])
    positions = [Game(ruleset, record["players"], record["seed"], record["options"])]
    for step in record["steps"]:
        game = positions[-1].clone()
        game.apply(step["action"], player=step["player"])
        positions.append(game)
    return positions


def check_the_log(page: Page, server: LiveServer, *, over: bool = True) -> None:
    """The page's log holds every step of the game, newest first, each as the seat's log
    tells it: made anew from the game's record once it is over, else from the game as
    the server holds it (which nobody moves meanwhile)."""
    table = table_of(page, server)
    final = replayed(record_of(server, table))[-1] if over else table.game
    page.wait_for_selector(f"body[data-steps='{len(final.steps)}']")
    seat = json.loads(page.get_attribute("#log", "data-viewer") or "null")
    expected = game_log(final, View.of(final, seat, names=table.names))
    shown = page.eval_on_selector_all(
        "#log > li",
        "items => items.map(li => [Number(li.dataset.step), li.querySelector(':scope > span').textContent,"
        " [...li.querySelectorAll('li')].map(m => m.textContent)])",
    )
    assert len(shown) == len(final.steps) == len(expected)
    assert shown == [[e["step"], e["text"], e["more"]] for e in reversed(expected)]


HOUSE_RULES = [ruleset for ruleset in shipped_rulesets() if ruleset != load_ruleset(ruleset).data["game"]]
GAMES = [
    pytest.param("pyramido", [None, "greedy"], {}, id="pyramido"),
    pytest.param("forgotten-treasures", [None, "greedy"], {}, id="forgotten-treasures"),
    pytest.param("forgotten-treasures", [None], {"options": {"solo": "the-legend"}}, id="ft-solo"),
    pytest.param("silver-gold-pyramids", [None, "greedy"], {}, id="silver-gold-pyramids"),
    # every shipped house rule, a person against a bot
    *(pytest.param(ruleset, [None, "random"], {}, id=ruleset) for ruleset in HOUSE_RULES),
]


@pytest.mark.parametrize(("ruleset", "seats", "choices"), GAMES)
def test_a_whole_game_is_played_on_the_board(
    page: Page, server: LiveServer, ruleset: str, seats: list[str | None], choices: Any
) -> None:
    links = start(page, server, ruleset, seats, **choices)
    page.goto(links[0])
    name = f"web-{ruleset}" + ("-solo" if len(seats) == 1 else "")
    clicks = play_to_the_end([page], {6: name})
    page.wait_for_selector("#over:not([hidden]) table.ranking")
    keep_screenshot(page, f"{name}-over")
    assert clicks > 10
    table = table_of(page, server)
    assert table.game.is_over and not table.failure
    check_the_log(page, server)
    assert page.inner_text("#title").endswith(" · 1 player" if len(seats) == 1 else " · 2 players")


def test_a_game_that_draws_no_choices_is_played_from_the_list(browser: Browser) -> None:
    """The fourth game (tests/fourth_game/: a plugin outside the package, whose picture
    draws no choices) is played to its end from the list of choices, its log told from its
    actions' words."""
    ruleset = load_ruleset(Path(__file__).parent / "fourth_game" / "two-steps.yaml")
    live = LiveServer(Catalog(given={ruleset.id: ruleset}))
    page = new_page(browser)
    try:
        table = live.new_table(ruleset="two-steps", seats=[None, "greedy"], hot_seat=False, seed=6)
        page.goto(live.url + table["links"][0]["url"])
        page.wait_for_selector("body[data-deciding=yes]")
        assert page.locator(f"{BOARD} [data-action]").count() == 0
        play_to_the_end([page], {}, on_board=False)
        assert page.locator("#log > li").count() == len(table_of(page, live).game.steps)
        assert "player 0 (you): take the tile in market slot" in page.inner_text("#log")
    finally:
        page.context.close()
        live.stop()


def test_one_screen_is_passed_round_by_name(page: Page, server: LiveServer) -> None:
    """Hot-seat: one link plays Ann and Bob, the screen hidden behind a curtain that names
    who to hand it to, whenever it changes hands; the log calls them by their names."""
    (link,) = start(page, server, "pyramido", [None, None], names=["Ann", "Bob"])
    page.goto(link)
    page.wait_for_selector("body[data-deciding=yes]")
    assert page.inner_text("#role") == "you play Ann, Bob"
    handed = 0
    for turn in range(14):
        handed += page.evaluate(STATE)["curtain"]
        if handed and page.is_visible("#curtain.shown"):
            assert page.inner_text("#curtain-text") in ("Pass the screen to Ann.", "Pass the screen to Bob.")
        click_a_choice(page, turn)
    assert handed >= 2
    check_the_log(page, server, over=False)
    assert "Ann (you)" in page.inner_text("#log") or "Bob (you)" in page.inner_text("#log")


def test_the_page_fits_the_screen_and_a_phone(browser: Browser, server: LiveServer) -> None:
    """Four players at 1280x800: no scrolling, the decision and the scores in view, the
    seat's board the largest; on a phone (390x844) nothing is wider than the screen. The
    time to the first paint of a table is written down (a figure, not a pass mark)."""
    seats = [None, "greedy", "greedy", "greedy"]
    table = server.new_table(ruleset="pyramido", seats=seats, hot_seat=False, seed=3)
    link = server.url + table["links"][0]["url"]
    page = new_page(browser)
    page.goto(link)
    page.wait_for_selector("body[data-painted]")
    painted = float(page.get_attribute("body", "data-painted") or 0)
    for turn in range(8):
        page.wait_for_selector("body[data-deciding=yes]")
        click_a_choice(page, turn)
    page.wait_for_selector("body[data-deciding=yes]")
    keep_screenshot(page, "web-4-players-1280x800")
    width, height = page.evaluate(
        "[document.documentElement.scrollWidth, document.documentElement.scrollHeight]"
    )
    assert (width, height) == (SCREEN["width"], SCREEN["height"])
    for part in ("#status", "#scores", "#mine-board svg", "#market svg.table"):
        box = page.locator(part).bounding_box()
        assert box and box["y"] >= 0 and box["y"] + box["height"] <= SCREEN["height"], part
    mine = page.locator("#mine-board svg").bounding_box()
    others = [page.locator(f"#seat-{p} svg").bounding_box() for p in (1, 2, 3)]
    assert mine and others
    assert all(
        other and other["width"] * other["height"] < mine["width"] * mine["height"] / 3 for other in others
    )
    phone = new_page(browser, PHONE, is_mobile=True, has_touch=True)
    phone.goto(link)
    phone.wait_for_selector("body[data-deciding=yes]")
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    board = phone.locator("#mine-board svg").bounding_box()
    assert board and board["width"] >= 0.8 * PHONE["width"]
    keep_screenshot(phone, "web-4-players-390x844")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / "first-paint.txt").write_text(f"{painted:.0f} ms to the first paint of a table\n")
    print(f"first paint of a table: {painted:.0f} ms")
    for opened in (page, phone):
        assert not opened.errors  # type: ignore[attr-defined]
        opened.context.close()


def test_a_domino_is_placed_with_its_ghost_turned_and_a_move_previewed(
    page: Page, server: LiveServer
) -> None:
    """The ghost of the domino in hand follows the pointer to the nearest legal spot, R
    turns it, a click places it; a choice of the list is previewed at the board's size; the
    developer's panel numbers fields from 1 and explains an illegal action."""
    links = start(page, server, "pyramido", [None, "greedy"], hot_seat=False)
    page.goto(links[0])
    page.wait_for_selector("body[data-deciding=yes]")
    page.click("#choices-panel summary")
    page.hover("button.action >> nth=1")
    page.wait_for_selector("#preview-panel:not([hidden]) #preview svg")
    assert page.inner_text("#preview-text").startswith("take the domino in quarry slot 2")
    preview_box = page.locator("#preview svg").bounding_box()
    assert preview_box and preview_box["width"] > 400  # as large as the board it stands for
    page.mouse.move(0, 0)
    page.click("#developer summary")
    slots = page.locator('#kind-fields select[name="slot"] option').all_inner_texts()
    assert slots == ["1", "2", "3"]
    page.select_option('#kind-fields select[name="slot"]', index=2)  # shown as 3
    page.click("#compose-check")
    explained = "document.querySelector('#explain').textContent"
    page.wait_for_function(f"{explained}.startsWith('legal: take the domino in quarry slot 3')")
    steps = page.get_attribute("body", "data-steps")
    click(page, f"{BOARD} [data-action]", 0)  # a quarry slot: the domino is in hand
    page.wait_for_selector(f"body:not([data-steps='{steps}'])[data-deciding=yes]")
    keep_screenshot(page, "web-pyramido-placing")
    spot = page.locator(f"{BOARD} .spot").locator("visible=true").first
    variant = spot.get_attribute("data-variant")
    box = spot.bounding_box()
    assert box
    page.mouse.move(box["x"] + box["width"] / 2 + 3, box["y"] + box["height"] / 2 + 2)  # near it
    ghost = page.locator(f'{BOARD} [data-ghost="{variant}"]')
    assert ghost.is_visible()
    assert ghost.get_attribute("transform") == f"translate({spot.get_attribute('data-centre')})"
    assert page.inner_text("#hint").startswith("place at x=")
    page.keyboard.press("r")
    turned = page.locator(f"{BOARD} .spot").locator("visible=true").first.get_attribute("data-variant")
    assert turned != variant or page.locator(f"{BOARD} [data-ghost]").count() == 1
    game = table_of(page, server).game
    steps = page.get_attribute("body", "data-steps")
    aimed = page.locator(f"{BOARD} .spot").locator("visible=true").last
    action = json.loads(aimed.get_attribute("data-action") or "{}")
    page.mouse.click(*aimed.evaluate("spot => pointIn(spot)"))
    page.wait_for_function("([steps]) => document.body.dataset.steps !== steps", arg=[steps])
    placed = game.space.action(game.steps[int(steps or 0)]["index"]).to_json(game.space)
    assert placed == action and int(turned or 0) == action["rot"]


def test_a_part_chosen_is_let_go_by_a_second_click_the_last_one_too(page: Page, server: LiveServer) -> None:
    """Silver & Gold's cards to keep are chosen on the board part by part: a second click
    lets a part go, the last one too (nothing is chosen then, nothing waits to be
    confirmed), and the choice is then made afresh. The other seat is a person who does not
    move: no screen comes between the clicks."""
    links = start(page, server, "silver-gold-pyramids", [None, None], hot_seat=False)
    page.goto(links[0])
    page.wait_for_selector(f"{BOARD} .combo", state="attached")
    combos = page.eval_on_selector_all(f"{BOARD} .combo", "cs => cs.map(c => c.dataset.parts.split(' '))")
    parts = max(combos, key=len)
    assert len(parts) >= 2 and sum(parts[0] in combo for combo in combos) >= 2, combos
    steps = page.get_attribute("body", "data-steps")
    chosen = f"{BOARD} [data-part].chosen"
    click(page, f'{BOARD} [data-part="{parts[0]}"]')  # in more than one combo: nothing is played
    assert page.eval_on_selector_all(chosen, "cs => cs.map(c => c.dataset.part)") == [parts[0]]
    click(page, f'{BOARD} [data-part="{parts[0]}"]')
    assert page.locator(chosen).count() == 0 and page.is_hidden("#confirm")
    assert page.get_attribute("body", "data-steps") == steps
    for part in parts:
        click(page, f'{BOARD} [data-part="{part}"]')
    page.wait_for_function("([steps]) => document.body.dataset.steps !== steps", arg=[steps])


def test_what_a_step_brings_arrives_unless_the_reader_asks_for_less_motion(
    browser: Browser, server: LiveServer
) -> None:
    for motion, animation in (("no-preference", "arrive"), ("reduce", "none")):
        page = new_page(browser, reduced_motion=motion)
        table = server.new_table(ruleset="forgotten-treasures", seats=[None, "greedy"], hot_seat=False)
        page.goto(server.url + table["links"][0]["url"])
        page.wait_for_selector("body[data-deciding=yes]")
        click_a_choice(page, 0)  # a take: the domino arrives in hand
        page.wait_for_selector("#market svg .fresh")
        names = page.eval_on_selector_all(
            "#market svg .fresh", "all => all.map(e => getComputedStyle(e).animationName)"
        )
        assert set(names) == {animation}, motion
        page.context.close()


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
    assert page.locator("#log > li").count() == 2
    page.keyboard.press("End")
    page.wait_for_selector(f"body[data-step='{total}']")
    page.wait_for_selector("#over:not([hidden]) table.ranking")
    page.keyboard.press("ArrowLeft")
    page.wait_for_selector(f"body[data-step='{total - 1}']")
    page.select_option("#seat", "1")
    page.wait_for_function("document.querySelector('#board-title').textContent.includes(\"player 1's view\")")
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
    page.fill("#seed", "100000000000000000000000")  # refused by the server: said, gone once a game starts
    page.click("#start-game")
    page.wait_for_function("document.querySelector('#message').textContent.startsWith('seed must be')")
    page.fill("#seed", "")
    page.click("#start-game")
    page.wait_for_selector("a.watch-link")
    assert not page.is_visible("#message")


def test_start_waits_for_the_page_and_there_is_an_icon(page: Page, server: LiveServer) -> None:
    """ "Start" is disabled until the rulesets are known; the icon is served; a solo
    mode is chosen from its list, and one the game has not is refused in its words."""
    held: list[Any] = []
    page.route("**/api/rulesets", lambda route: held.append(route))
    page.goto(server.url + "/")
    page.wait_for_function("() => true")
    assert page.is_disabled("#start-game")
    while not held:
        page.wait_for_timeout(20)
    held[0].continue_()
    page.wait_for_selector("body[data-ready=yes]")
    assert page.is_enabled("#start-game")
    solo = {"ruleset": "forgotten-treasures", "seats": [None], "hot_seat": True, "options": {"solo": "legnd"}}
    status, body = server.request("/api/tables", solo)
    assert status == 400 and body["error"] == "options.solo: 'legnd' is not one of legend, the-legend"
    page.select_option("#ruleset", "forgotten-treasures")
    assert page.eval_on_selector_all('[data-option="solo"] option', "os => os.map(o => o.textContent)") == [
        "(none)",
        "legend",
        "the-legend",
    ]
    with urllib.request.urlopen(server.url + "/favicon.ico") as response:
        assert response.headers["content-type"].startswith("image/svg+xml")
    assert page.get_attribute("link[rel=icon]", "href") == "/static/favicon.svg"


def test_the_lobby_lists_a_game_to_join_or_watch(browser: Browser, page: Page, server: LiveServer) -> None:
    links = start(page, server, "silver-gold-pyramids", [None, None, "greedy"], hot_seat=False, listed=True,
                  names=["Ann", "Bob"])  # fmt: skip
    assert len(links) == 2
    page.goto(links[0])  # Ann's seat: hers as the game's opener
    page.wait_for_selector("body[data-steps]")
    visitor = new_page(browser)
    visitor.goto(server.url + "/")
    visitor.wait_for_selector("#tables tr[data-table]")
    row = visitor.locator("#tables tr[data-table]").first
    cells = row.locator("td").all_inner_texts()
    assert cells[:4] == ["Silver & Gold Pyramids", "Ann, Bob, player 2", "1", "0"]
    row.locator("button.join").click()
    visitor.wait_for_url("**/table/*#*")
    visitor.wait_for_selector("body[data-steps]")
    assert visitor.inner_text("#role") == "you play Bob"
    status, listed = server.request("/api/tables")
    assert status == 200 and listed["tables"][0]["free"] == 0
    status, refused = server.request(f"/api/tables/{listed['tables'][0]['table']}/seat", b"")
    assert status == 400 and "no free seat" in refused["error"]
    watcher = new_page(browser)
    watcher.goto(server.url + "/")
    watcher.wait_for_selector("#tables a.watch")
    watcher.click("#tables a.watch")
    watcher.wait_for_selector("body.watching[data-steps]")
    assert watcher.inner_text("#role") == "you watch"
    for opened in (visitor, watcher):
        opened.context.close()


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
    """Seat 0 plays Silver & Gold Pyramids against a person at another page, both on the
    board, now and then through the list of choices (which previews): every screen its
    WebSocket brings is exactly ``screen(game, 0)`` of the game at that step (which
    tests/test_web_secrets.py shows to hold no hidden fact, its log and board included),
    and nothing of seat 1 reaches it: not its link, not its hand."""
    links = start(page, server, "silver-gold-pyramids", [None, None], hot_seat=False)
    frames: list[str] = []

    def listen(socket: WebSocket) -> None:
        socket.on("framereceived", lambda payload: frames.append(str(payload)))

    page.on("websocket", listen)
    page.goto(links[0])
    other = new_page(browser)
    other.goto(links[1])
    page.wait_for_selector("body[data-deciding=yes]")
    click_a_choice(page, 1, on_board=False)  # hovering the list previews
    play_to_the_end([page, other], {})
    positions = replayed(record_of(server, table_of(page, server)))
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
    other.context.close()


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

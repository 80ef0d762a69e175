"""The board a page plays on (docs/web.md, "Playing on the board"): every choice of the
seat is on its board, each clickable part names its action for a screen reader, and the
parts a page combines (picks, parts of a shape, spots and ghosts) refer to each other.

Whole games are played on the board in a browser by tests/test_web_browser.py; this is
the same promise checked on many positions, quickly, without one.
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from typing import Any

import pytest

from pyramido.bots import make_bot
from pyramido.engine.game import Game
from pyramido.engine.ruleset import load_ruleset
from pyramido.web.screen import screen

SVG = "{http://www.w3.org/2000/svg}"
GAMES = [
    ("pyramido", 2, None),
    ("forgotten-treasures", 2, None),
    ("forgotten-treasures", 1, {"solo": "the-legend"}),
    ("silver-gold-pyramids", 2, None),
]


def decisions(ruleset: str, players: int, options: dict[str, Any] | None, seed: int) -> Iterator[Game]:
    """Each position of a seeded game of random bots where seat 0 decides."""
    game = Game(load_ruleset(ruleset), players, seed, options)
    bot = make_bot("random", seed)
    while game.decision is not None:
        if 0 in game.decision.players:
            yield game
        player = game.decision.players[-1]
        game.apply_index(bot.choose(game, player), player)


def board_parts(shown: dict[str, Any]) -> list[ET.Element]:
    board = shown["board"]
    svgs = [board["table"], *(seat["svg"] for seat in board["seats"]), *board["extra"]]
    svgs += [board["buttons"]] if board["buttons"] else []
    return [ET.fromstring(svg) for svg in svgs]


@pytest.mark.parametrize(("ruleset", "players", "options"), GAMES)
def test_every_choice_of_the_seat_is_on_its_board(
    ruleset: str, players: int, options: dict[str, Any] | None
) -> None:
    kinds: set[str] = set()
    seen: set[frozenset[str]] = set()
    for number, game in enumerate(decisions(ruleset, players, options, 4)):
        offered = frozenset(action.kind for action in game.legal_actions(0))
        if number % 5 and offered in seen:  # each mix of action kinds, then every 5th position
            continue
        seen.add(offered)
        shown = screen(game, 0)
        parts = board_parts(shown)
        elements = [e for svg in parts for e in svg.iter() if e.get("data-action")]
        on_board = sorted({json.dumps(json.loads(e.get("data-action", ""))) for e in elements})
        legal = sorted(json.dumps(choice["action"]) for choice in shown["actions"])
        assert on_board == legal, shown["decision"]
        chosen = {e.get("data-part") for svg in parts for e in svg.iter() if e.get("data-part")}
        picked = {e.get("data-pick") for svg in parts for e in svg.iter() if e.get("data-pick")}
        for element in elements:
            if element.get("class") == "combo":
                assert set(element.get("data-parts", "").split()) <= chosen
            else:
                assert element.get("role") == "button" and element.get("aria-label")
                assert element.get("tabindex") == "0"
        shown_when = {e.get("data-when") for svg in parts for e in svg.iter() if e.get("data-when")}
        assert shown_when <= picked
        kinds |= {choice["action"]["kind"] for choice in shown["actions"]}
    assert len(kinds) >= 3, kinds


def test_a_spectator_and_a_waiting_seat_have_nothing_to_click() -> None:
    game = Game("pyramido", 2, 1)
    for viewer in (None, 1):
        assert not [
            e for svg in board_parts(screen(game, viewer)) for e in svg.iter() if e.get("data-action")
        ]

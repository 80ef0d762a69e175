"""What a seat's page is sent holds nothing hidden from that seat (docs/web.md, "Secrets").

Everything the server sends a seat is :func:`screen` and :func:`preview` of that seat. Two
games that the seat cannot tell apart must give it the same bytes: games whose hidden
facts differ (dealt anew by ``Game.determinize``: piles, decks, others' hands), and games
in which another seat made another secret choice in a simultaneous decision. The browser
test (tests/test_web_browser.py) checks that the frames a seat's page receives are these.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from pyramido.bots import make_bot
from pyramido.engine.game import Game
from pyramido.engine.ruleset import load_ruleset
from pyramido.geometry.rng import Rng
from pyramido.render.view import View
from pyramido.web.log import game_log
from pyramido.web.screen import preview, screen

GAMES = [
    ("pyramido", 3, None),
    ("forgotten-treasures", 3, None),
    ("forgotten-treasures", 1, {"solo": "the-legend"}),
    ("silver-gold-pyramids", 3, None),
]
SEAT = 0


def sent(game: Game) -> str:
    """Every byte seat 0 would be sent now: its screen, and the preview of each of its
    first choices (or of an action it cannot take)."""
    shown: list[Any] = [screen(game, SEAT)]
    deciding = game.decision is not None and SEAT in game.decision.players
    choices = game.legal_actions(SEAT)[:3] if deciding else []
    shown += [preview(game, SEAT, action.to_json(game.space)) for action in choices]
    shown.append(preview(game, SEAT, {"kind": game.space.kinds[0].name}))
    return json.dumps(shown, sort_keys=True)


def positions(ruleset: str, players: int, options: dict[str, Any] | None) -> Iterator[Game]:
    """Each position of a seeded game of random bots, one decider's step at a time."""
    game = Game(load_ruleset(ruleset), players, 11, options)
    bot = make_bot("random", 5)
    while game.decision is not None:
        yield game
        player = game.decision.players[-1]  # seat 0 last: the others' secret choices come first
        game.apply_index(bot.choose(game, player), player)


@pytest.mark.parametrize(("ruleset", "players", "options"), GAMES)
def test_hidden_facts_dealt_otherwise_send_the_same_bytes(
    ruleset: str, players: int, options: dict[str, Any] | None
) -> None:
    compared = 0
    for number, game in enumerate(positions(ruleset, players, options)):
        if number % 7:
            continue
        twin = game.determinize(SEAT, Rng(number))
        if len(twin.steps) != len(game.steps):  # others' secret choices taken back: the next test's
            continue
        assert sent(twin) == sent(game), f"step {len(game.steps)}"
        compared += 1
    assert compared >= 5


@pytest.mark.parametrize(("ruleset", "players", "options"), [g for g in GAMES if g[1] > 1])
def test_another_seats_secret_choice_sends_the_same_bytes(
    ruleset: str, players: int, options: dict[str, Any] | None
) -> None:
    """Where seat 0 decides at the same time as others, whatever another seat chose before
    it, seat 0 is sent the same: that it chose, and whether it has done choosing (as at a
    table, where a player says so), never what."""
    compared = 0
    for game in positions(ruleset, players, options):
        decision = game.decision
        assert decision is not None
        others = [p for p in decision.players if p != SEAT]
        if SEAT not in decision.players or not others or compared >= 12:
            continue
        other = others[-1]
        outcomes: dict[object, list[str]] = {}
        for action in game.legal_actions(other)[:6]:
            twin = game.clone()
            twin.apply(action, player=other)
            outcomes.setdefault(twin.decision, []).append(sent(twin))
        for shown in outcomes.values():
            assert len(set(shown)) == 1, f"step {len(game.steps)}: seat {other}'s choice shows"
        compared += any(len(shown) > 1 for shown in outcomes.values())  # two choices compared
    if ruleset != "pyramido":  # Pyramido has no simultaneous decision
        assert compared >= 5


def seat_log(game: Game) -> list[dict[str, Any]]:
    """Seat 0's log, as its screen holds it."""
    return game_log(game, View.of(game, SEAT))


@pytest.mark.parametrize(("ruleset", "players", "options"), GAMES)
def test_the_log_tells_every_step_and_no_secret(
    ruleset: str, players: int, options: dict[str, Any] | None
) -> None:
    """The log (docs/web.md, "The log") has a sentence for every step, by its player, as
    seat 0 may read it: hidden facts dealt otherwise, or another seat's other secret
    choice, leave it as it is; a step another seat took in secret, with nothing of it
    shown yet, is told as a choice made in secret."""
    checked = secret = 0
    for number, game in enumerate(positions(ruleset, players, options)):
        log = seat_log(game)
        assert [(e["step"], e["player"]) for e in log] == [
            (i, s["player"]) for i, s in enumerate(game.steps, 1)
        ]
        for entry, step in zip(log, game.steps, strict=True):
            unseen = step["player"] != SEAT and all(
                "seen_by" in e and SEAT not in e["seen_by"] for e in step["events"]
            )
            if unseen and game.ruleset.game != "pyramido":
                assert entry["text"] == f"player {step['player']} chose, in secret", entry
                secret += 1
        if number % 5 == 0:
            twin = game.determinize(SEAT, Rng(number))
            if len(twin.steps) == len(game.steps):
                assert seat_log(twin) == log, f"step {len(game.steps)}"
            decision = game.decision
            assert decision is not None
            others = [p for p in decision.players if p != SEAT]
            if SEAT in decision.players and others:
                told = set()
                for action in game.legal_actions(others[-1])[:4]:
                    other = game.clone()
                    other.apply(action, player=others[-1])
                    if other.decision == game.decision:  # still deciding together: nothing shown yet
                        told.add(json.dumps(seat_log(other)))
                assert len(told) <= 1, f"step {len(game.steps)}: seat {others[-1]}'s choice shows in the log"
            checked += 1
    assert checked >= 5 and (secret > 0 or ruleset == "pyramido" or players == 1)

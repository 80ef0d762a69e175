"""Secrets change public facts only when they are revealed (docs/protocol.md, "Who sees an
event"): a choice made in secret, a drawn hand, a shuffled deck never reach another seat's
observation or feed of events before the reveal."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from pyramido import Game, make_bot, make_record
from pyramido.engine.events import SEEN_BY, feed


def _simultaneous_moments(game: Game) -> list[int]:
    """Play ``game`` out with random bots; return the step numbers at which two or more
    players were deciding at once."""
    bots = [make_bot("random", game.seed + p) for p in range(game.num_players)]
    moments = []
    while game.decision is not None:
        if len(game.decision.players) >= 2:
            moments.append(len(game.steps))
        for player in game.decision.players:
            game.apply_index(bots[player].choose(game, player), player)
    return moments


def _replayed(game: Game, steps: int) -> Game:
    """A fresh copy of ``game`` as it was after its first ``steps`` steps."""
    twin = Game(game.ruleset, game.num_players, game.seed, game.options)
    for step in game.steps[:steps]:
        twin.apply_index(step["index"], step["player"])
    return twin


def _finish_in_secret(game: Game, player: int, data: st.DataObject, avoid: int | None) -> int:
    """Let ``player`` make every choice of the simultaneous decision (the first one other
    than ``avoid`` when there is a choice); return that first choice."""
    legal = game.legal_indices(player)
    first = data.draw(st.sampled_from([i for i in legal if i != avoid] or legal))
    game.apply(first, player=player)
    while game.decision is not None and player in game.decision.players:
        game.apply(data.draw(st.sampled_from(game.legal_indices(player))), player=player)
    return first


@settings(max_examples=60, deadline=None)
@given(
    ruleset=st.sampled_from(["forgotten-treasures", "silver-gold-pyramids"]),
    players=st.integers(2, 4),
    seed=st.integers(0, 2**32 - 1),
    data=st.data(),
)
def test_a_secret_choice_reaches_no_other_seat_before_the_reveal(
    ruleset: str, players: int, seed: int, data: st.DataObject
) -> None:
    """Two games that differ only in one seat's secret choices give every other seat (and
    a spectator) the same observation and the same feed of events, until the reveal."""
    played = Game(ruleset, players, seed)
    moment = data.draw(st.sampled_from(_simultaneous_moments(played)))
    game = _replayed(played, moment)
    assert game.decision is not None
    chooser, waiting = data.draw(st.permutations(game.decision.players))[:2]
    one, other = game.clone(), game.clone()
    first = _finish_in_secret(one, chooser, data, avoid=None)
    _finish_in_secret(other, chooser, data, avoid=first)
    assert one.decision == other.decision and one.decision is not None and waiting in one.decision.players
    for viewer in [*(p for p in range(players) if p != chooser), None]:
        assert one.observation(viewer) == other.observation(viewer), viewer
        assert one.events_for(viewer) == other.events_for(viewer), viewer


@settings(max_examples=15, deadline=None)
@given(
    ruleset=st.sampled_from(["pyramido", "forgotten-treasures", "silver-gold-pyramids"]),
    players=st.integers(1, 4),
    seed=st.integers(0, 2**32 - 1),
)
def test_a_feed_holds_only_what_its_seat_sees(ruleset: str, players: int, seed: int) -> None:
    """A seat's feed is the public events and its own; nobody's feed holds a secret of
    chance (a shuffled deck); a record's events give the same feeds as the game."""
    if ruleset == "pyramido" and players == 1:
        players = 2
    game = Game(ruleset, players, seed)
    _simultaneous_moments(game)
    record = make_record(game)
    events = [*record["setup"], *(e for step in record["steps"] for e in step["events"])]
    secrets = [e for e in events if e.get(SEEN_BY) == []]
    assert any(e["type"] == "deal" for e in secrets)
    for viewer in [*range(players), None]:
        seen: list[dict[str, Any]] = game.events_for(viewer)
        assert all(SEEN_BY not in e or viewer in e[SEEN_BY] for e in seen)
        assert not any(e in secrets for e in seen)
        assert seen == list(feed(events, viewer))

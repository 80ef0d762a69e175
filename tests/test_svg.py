"""SVG pictures (docs/svg.md): each game's parts are in the picture, as one seat sees them,
written as well-formed XML, the same bytes for the same view, colours with letters and
patterns; and a seat's picture holds nothing it may not see (the pictures' own version of
``tests/test_secrets.py``)."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_secrets import _finish_in_secret, _replayed, _simultaneous_moments

from pyramido import Game, make_bot, play_out
from pyramido.games.forgotten_treasures.components import back_of
from pyramido.svg import render_game, render_view
from pyramido.svg.document import el, escape, num

SVG = "{http://www.w3.org/2000/svg}"
FT = "forgotten-treasures"
SG = "silver-gold-pyramids"


def played(
    ruleset: str,
    players: int,
    seed: int,
    until: Callable[[Game], bool],
    options: dict[str, Any] | None = None,
) -> Game:
    """A game the greedy bots play from ``seed`` until ``until(game)`` holds (or the end)."""
    game = Game(ruleset, players, seed, options)
    bots = [make_bot("greedy", seed + p) for p in range(players)]
    while game.decision is not None and not until(game):
        player = game.decision.players[0]
        game.apply_index(bots[player].choose(game, player), player)
    return game


def at_step(step: int) -> Callable[[Game], bool]:
    return lambda game: len(game.steps) >= step


def at_decision(kind: str, stage: int = 1) -> Callable[[Game], bool]:
    return lambda game: (
        game.decision is not None and (game.decision.kind, game.decision.stage) == (kind, stage)
    )


def never(game: Game) -> bool:
    return False


def parsed(svg: str) -> ET.Element:
    """The document as XML (a parse error fails the test: the picture is not well formed)."""
    assert svg.startswith('<?xml version="1.0" encoding="UTF-8"?>\n<svg ')
    return ET.fromstring(svg.encode("utf-8"))


def parts(root: ET.Element, kind: str) -> list[ET.Element]:
    """The groups whose classes include ``kind``."""
    return [e for e in root.iter(f"{SVG}g") if kind in e.get("class", "").split()]


def title(element: ET.Element) -> str:
    found = element.find(f"{SVG}title")
    assert found is not None and found.text is not None
    return found.text


def texts(element: ET.Element) -> list[str]:
    return [t.text or "" for t in element.iter(f"{SVG}text")]


# --- the document ----------------------------------------------------------------------


def test_numbers_are_written_one_way() -> None:
    assert [num(v) for v in (0, 1, 2.5, 1 / 3, -0.001, 10.0, 7.125)] == [
        "0",
        "1",
        "2.5",
        "0.33",
        "0",
        "10",
        "7.12",
    ]


def test_text_and_attributes_are_escaped_and_stay_xml() -> None:
    hostile = 'a<b>&"c"\x00\x1b\ud800'
    assert escape(hostile) == "a&lt;b&gt;&amp;&quot;c&quot;\ufffd\ufffd\ufffd"
    out: list[str] = []
    el("text", hostile, data_x=hostile, class_="k").write(out)
    root = ET.fromstring("".join(out).encode("utf-8", "surrogatepass"))
    assert root.get("data-x") == root.text == 'a<b>&"c"\ufffd\ufffd\ufffd' and root.get("class") == "k"
    with pytest.raises(TypeError):
        el("rect", hidden=True)


def test_a_ruleset_name_is_escaped_in_the_title() -> None:
    game = Game("pyramido", 2, 1)
    observation = {**game.observation(0), "ruleset": 'mine <&> "\x07'}
    svg = render_view(observation, game.events_for(0), colours=game.ruleset.data["colours"], rules={})
    assert title(parsed(svg)) == "Pyramido (mine <&> \"\ufffd) · stage 1 · player 0's view"


# --- every game, several positions -------------------------------------------------------

POSITIONS: dict[str, tuple[str, int, int, Callable[[Game], bool], dict[str, Any] | None]] = {
    "pyramido-start": ("pyramido", 2, 1, at_step(0), None),
    "pyramido-stage-2": ("pyramido", 3, 3, at_step(150), None),
    "pyramido-over": ("pyramido", 4, 2, never, None),
    "ft-stage-2": (FT, 2, 1, at_step(80), None),
    "ft-scoring": (FT, 3, 4, at_decision("scoring"), None),
    "ft-solo": (FT, 1, 2, at_step(40), {"solo": "the-legend"}),
    "ft-over": (FT, 2, 3, never, None),
    "sg-keep": (SG, 2, 4, at_decision("keep"), None),
    "sg-marking": (SG, 3, 5, at_step(30), None),
    "sg-over": (SG, 4, 1, never, None),
}


@pytest.fixture(scope="module", params=sorted(POSITIONS))
def position(request: pytest.FixtureRequest) -> tuple[str, Game]:
    ruleset, players, seed, until, options = POSITIONS[request.param]
    return request.param, played(ruleset, players, seed, until, options)


def test_every_view_is_well_formed_and_titled(position: tuple[str, Game]) -> None:
    name, game = position
    for seat in [*range(game.num_players), None]:
        root = parsed(render_game(game, seat))
        whose = "a spectator's view" if seat is None else f"player {seat}'s view"
        assert title(root).endswith(whose), name
        assert (" · game over · " in title(root)) == game.is_over
        assert root.find(f"{SVG}desc") is not None
        assert len(parts(root, "seat")) == game.num_players
        assert min(int(t.get("font-size", "13")) for t in root.iter(f"{SVG}text")) >= 11, "readable text"


def test_the_same_view_gives_the_same_bytes(position: tuple[str, Game]) -> None:
    _, game = position
    again = game.clone()
    assert render_game(game, 0) == render_game(again, 0)


def test_a_picture_is_drawn_from_the_seat_view_alone(position: tuple[str, Game]) -> None:
    """The observation and the feed, as plain JSON (a record's view, with no engine behind
    it), give the very picture of the game."""
    _, game = position
    for seat in (0, None):
        observation = json.loads(json.dumps(game.observation(seat)))
        events = json.loads(json.dumps(game.events_for(seat)))
        alone = render_view(
            observation, events, colours=game.ruleset.data["colours"], rules=game.ruleset.params
        )
        assert alone == render_game(game, seat)


def test_every_colour_has_a_pattern_and_a_letter(position: tuple[str, Game]) -> None:
    name, game = position
    root = parsed(render_game(game, 0))
    patterns = root.findall(f"{SVG}defs/{SVG}pattern")
    colours = list(game.ruleset.data["colours"])
    extra = {"pyramido": [], FT: ["mythical"], SG: ["red"]}[game.ruleset.game]
    assert len(patterns) == len(colours) + len(extra), name
    textures = [p.find(f"{SVG}path") for p in patterns]
    assert all(t is not None for t in textures)
    assert len({t.get("d") for t in textures if t is not None}) == len(patterns), "a texture per colour"
    key = parts(root, "colour")
    assert [title(k).split(":")[0] for k in key] == [*colours, *extra]
    letters = [texts(k)[0] for k in key]
    assert len(set(letters)) == len(letters) and all(len(letter) == 1 for letter in letters)
    used = {e.get("fill") for e in root.iter() if (e.get("fill") or "").startswith("url(#")}
    assert used <= {f"url(#{p.get('id')})" for p in patterns}


def test_the_same_bytes_in_another_process() -> None:
    """No set order or hash seed changes a picture: other interpreters, other hash seeds."""
    code = (
        "import hashlib\n"
        "from pyramido import Game, make_bot, play_out\n"
        "from pyramido.svg import render_game\n"
        "for ruleset in ('pyramido', 'forgotten-treasures', 'silver-gold-pyramids'):\n"
        "    game = Game(ruleset, 3, 11)\n"
        "    play_out(game, [make_bot('greedy', p) for p in range(3)])\n"
        "    print(hashlib.sha256(render_game(game, 1).encode()).hexdigest())\n"
    )
    outputs = {
        subprocess.run(
            [sys.executable, "-c", code],
            capture_output=True,
            text=True,
            env={**os.environ, "PYTHONHASHSEED": seed},
            check=True,
        ).stdout
        for seed in ("1", "2")
    }
    here = []
    for ruleset in ("pyramido", FT, SG):
        game = Game(ruleset, 3, 11)
        play_out(game, [make_bot("greedy", p) for p in range(3)])
        here.append(hashlib.sha256(render_game(game, 1).encode()).hexdigest() + "\n")
    assert outputs == {"".join(here)}


# --- what each game shows -----------------------------------------------------------------


def _scored_lines(game: Game, seat: int | None, player: int | str, stage: int) -> list[dict[str, Any]]:
    return [
        line
        for event in game.events_for(seat)
        if event["type"] == "stage_scored" and event["player"] == player and event["stage"] == stage
        for line in event["lines"]
    ]


@pytest.mark.parametrize("name", ["pyramido-stage-2", "pyramido-over", "ft-stage-2", "ft-over"])
def test_a_pyramid_stage_by_stage_with_markers_covers_and_scored_areas(name: str) -> None:
    """A picture per stage so far: the blocks up to that stage, its markers (from the feed:
    they went home when it was scored), cover cards marked as such, and each area the stage
    scored outlined with its points; what scored without cells (a bonus) under it."""
    ruleset, players, seed, until, options = POSITIONS[name]
    game = played(ruleset, players, seed, until, options)
    observation = game.observation(0)
    root = parsed(render_game(game, 0))
    covers = 0
    for player, seat in enumerate(parts(root, "seat")):
        pyramid = observation["players"][player]["pyramid"]
        stages = parts(seat, "stage")
        assert len(stages) == observation["stage"]
        for number, panel in enumerate(stages, 1):
            blocks = [b for stage in pyramid[:number] for b in stage]
            assert len(parts(panel, "block")) == len(blocks)
            assert len(parts(panel, "cover")) == sum(b["cover"] for b in blocks)
            covers += sum(b["cover"] for b in blocks)
            marks = [
                e
                for e in game.events_for(0)
                if e["type"] == "mark" and e["player"] == player and e["stage"] == number
            ]
            assert len(parts(panel, "marker")) == len(marks)
            lines = _scored_lines(game, 0, player, number)
            areas = parts(panel, "area")
            assert [texts(a) for a in areas] == [[f"+{line['points']}"] for line in lines if "cells" in line]
            assert all(f"{line['points']} points" in title(a) for a, line in zip(areas, lines, strict=False))
            others = [f"{line['what']}: {line['points']}" for line in lines if "cells" not in line]
            assert set(others) <= set(texts(panel))
    if game.ruleset.game == "pyramido":
        assert covers, "the position shows a cover card"
        assert any(e["type"] == "mark" for e in game.events_for(0))


def test_pyramido_shows_the_quarry_the_piles_and_the_cover_cards_left() -> None:
    game = played("pyramido", 3, 3, at_step(150))
    observation = game.observation(2)
    root = parsed(render_game(game, 2))
    slots, piles = parts(root, "slot"), parts(root, "pile")
    assert len(slots) == len(observation["quarry"]) and len(piles) == 4
    for slot, domino in zip(slots, observation["quarry"], strict=True):
        assert f"#{domino['id']}" in texts(slot) if domino else "(empty)" in texts(slot)
    for pile, seen in zip(piles, observation["piles"], strict=True):
        assert f"{seen['size']} left" in texts(pile)
    for seat, seen in zip(parts(root, "seat"), observation["players"], strict=True):
        cards = [title(card) for card in parts(seat, "cover-card")]
        assert cards == [f"cover card: {' or '.join(sides)}" for sides in seen["cover_cards"]]


def test_forgotten_treasures_shows_spaces_backs_gems_and_the_legend() -> None:
    game = played(FT, 1, 2, at_step(40), {"solo": "the-legend"})
    observation = game.observation(0)
    root = parsed(render_game(game, 0))
    spaces = parts(root, "space")
    assert len(spaces) == len(observation["spaces"])
    backs = 0
    for space, seen in zip(spaces, observation["spaces"], strict=True):
        assert f"{seen['pile_size']} in the pile" in texts(space)
        assert [title(g) for g in parts(space, "gem")] == [f"{kind} gem" for kind in seen["gems"]]
        top = seen["top"]
        if top["face"] == "back":
            backs += 1
            (back,) = parts(space, "back")
            assert title(back).startswith(f"face down: {top['a'][0]} with {top['a'][1]} icon")
            assert not any(t.startswith("#") for t in texts(space)), "a face-down domino has no number"
        else:
            assert f"#{top['id']}" in texts(space)
    assert backs
    (seat,) = parts(root, "seat")
    held = observation["players"][0]["gems"]
    assert [title(g) for g in parts(seat, "gems")] == [
        f"{n} {kind} gem{'s' * (n != 1)}" for kind, n in held.items()
    ]
    (legend,) = parts(root, "legend")
    legend_seen = observation["legend"]
    assert f"{legend_seen['pile_size']} in his pile" in texts(legend)
    assert f"#{legend_seen['top']['id']}" in texts(legend)
    assert not parts(parsed(render_game(played(FT, 2, 1, at_step(10)), 0)), "legend")


def test_forgotten_treasures_shows_a_seat_its_own_secret_activations_only() -> None:
    game = played(FT, 3, 4, at_decision("scoring"))
    bot = make_bot("greedy", 9)
    for _ in range(2):
        game.apply_index(bot.choose(game, 1), 1)
    activated = game.observation(1)["players"][1]["scoring"]["activated"]
    assert activated
    mine = parts(parts(parsed(render_game(game, 1)), "seat")[1], "pending")
    assert len(mine) == len(activated)
    assert all("secret until everybody has chosen" in title(area) for area in mine)
    for viewer in (0, 2, None):
        seats = parts(parsed(render_game(game, viewer)), "seat")
        assert not [area for seat in seats for area in parts(seat, "pending")]
    while game.observation(1)["players"][1]["scoring"]["points"] is None:
        game.apply_index(bot.choose(game, 1), 1)
    points = game.observation(1)["players"][1]["scoring"]["points"]
    ended = f"your activations ended: {points} points this stage; discard down to 5 gems"
    assert ended in texts(parts(parsed(render_game(game, 1)), "seat")[1])
    assert "your activations ended" not in render_game(game, 0)


def test_silver_gold_shows_cards_marks_offer_expedition_and_score_cards() -> None:
    game = played(SG, 3, 5, at_step(30))
    observation = game.observation(1)
    root = parsed(render_game(game, 1))
    (expedition,) = parts(root, "expedition")
    assert title(parts(expedition, "shape")[0]) == f"shape: {observation['expedition']['shape']}"
    offer = parts(root, "offer")
    assert [title(parts(o, "card")[0]).split(",")[0] for o in offer] == [
        f"card #{n}" for n in observation["offer"]
    ]
    table = parts(root, "table")[0]
    assert f"Deck: {observation['deck_size']} cards" in texts(table)
    marked_somewhere = False
    for seat, seen in zip(parts(root, "seat"), observation["players"], strict=True):
        cards = [c for c in parts(seat, "card")]
        assert len(cards) == sum(card is not None for card in seen["cards"])
        for card, held in zip(cards, [c for c in seen["cards"] if c is not None], strict=True):
            assert title(card).startswith(f"card #{held['number']},")
            data = observation["cards"][str(held["number"])]
            walls = [title(c).split(":")[0] for c in parts(card, "cell") if title(c).endswith(": wall")]
            assert walls == [
                f"{'abcde'[cell % 5]}{cell // 5 + 1}" for cell in data["walls"] if cell not in held["marked"]
            ]
            assert sorted(title(c).split(":")[0] for c in parts(card, "marked")) == sorted(
                f"{'abcde'[cell % 5]}{cell // 5 + 1}" for cell in held["marked"]
            )
            marked_somewhere |= bool(held["marked"])
        (score,) = parts(seat, "score-card")
        tracks = [title(t) for t in parts(score, "track")]
        card_seen = seen["score_card"]
        assert tracks == [
            f"red gems: {card_seen['red']}",
            f"green gems: {card_seen['green']}",
            f"torches: {sum(card_seen['torches'])}",
            f"skulls: {card_seen['skulls']}",
        ]
    assert marked_somewhere
    symbols = {e.get("id") for e in root.iter(f"{SVG}g") if (e.get("id") or "").startswith("symbol-")}
    assert symbols == {f"symbol-{s}" for s in ("red", "green", "torch", "skull", "potion", "cross")}


def test_silver_gold_shows_a_seat_the_cards_it_drew_and_the_others_only_how_many() -> None:
    game = played(SG, 2, 4, at_decision("keep"))
    drawn = {e["player"]: e["cards"] for e in game.events() if e["type"] == "hand"}
    for seat in (0, 1):
        svg = render_game(game, seat)
        mine, theirs = parts(parsed(svg), "seat")[seat], parts(parsed(svg), "seat")[1 - seat]
        assert [title(c).split(",")[0] for c in parts(mine, "card")] == [f"card #{n}" for n in drawn[seat]]
        assert not parts(theirs, "card")
        assert "(keeping 2 of the 4 cards drawn)" in texts(theirs)
        for number in set(drawn[1 - seat]) - set(drawn[seat]):
            assert f"#{number} " not in svg, "no card another seat drew"


# --- nothing hidden -------------------------------------------------------------------------


@settings(max_examples=25, deadline=None)
@given(
    ruleset=st.sampled_from([FT, SG]),
    players=st.integers(2, 4),
    seed=st.integers(0, 2**32 - 1),
    data=st.data(),
)
def test_a_secret_choice_changes_no_other_picture_before_the_reveal(
    ruleset: str, players: int, seed: int, data: st.DataObject
) -> None:
    """Two games that differ only in one seat's secret choices (Forgotten Treasures'
    activations and discards, Silver & Gold's kept cards and marks) give every other seat,
    and a spectator, the same picture, byte for byte, until the reveal."""
    finished = Game(ruleset, players, seed)
    moment = data.draw(st.sampled_from(_simultaneous_moments(finished)))
    game = _replayed(finished, moment)
    assert game.decision is not None
    chooser = data.draw(st.sampled_from(game.decision.players))
    one, other = game.clone(), game.clone()
    first = _finish_in_secret(one, chooser, data, avoid=None)
    _finish_in_secret(other, chooser, data, avoid=first)
    assert one.decision is not None and one.decision.players, "the reveal waits for the others"
    for viewer in [*(p for p in range(players) if p != chooser), None]:
        assert render_game(one, viewer) == render_game(other, viewer), viewer


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_no_picture_shows_the_front_of_a_face_down_domino(seed: int) -> None:
    """A twin game whose face-down tops are other dominoes with the same backs: every
    seat's picture is the same (so none shows a front it may not see)."""
    game = played(FT, 2, seed, at_step(25))
    twin = game.clone()
    colours = twin.ruleset.colours
    piles, face_up = twin.state.piles, twin.state.face_up
    swapped = 0
    for pile, up in zip(piles, face_up, strict=True):
        if not pile or up:
            continue
        back = back_of(pile[-1].to_json(colours))
        spare = next(
            (
                (other, i)
                for other in piles
                for i, d in enumerate(other[:-1])
                if back_of(d.to_json(colours)) == back
            ),
            None,
        )
        if spare is not None and spare[0][spare[1]] != pile[-1]:
            other, i = spare
            pile[-1], other[i] = other[i], pile[-1]
            swapped += 1
    assert swapped
    for viewer in (0, 1, None):
        assert twin.observation(viewer) == game.observation(viewer)
        assert render_game(twin, viewer) == render_game(game, viewer)


def test_a_player_out_of_the_game_is_said_so() -> None:
    game = played("pyramido", 2, 1, at_step(30))
    observation = game.observation(0)
    observation["players"][1] = {**observation["players"][1], "out": True}
    svg = render_view(observation, game.events_for(0), colours=game.ruleset.data["colours"], rules={})
    seats = parts(parsed(svg), "seat")
    assert "out of the game: no cover cards left to fill the stage" in texts(seats[1])
    assert not any(t.startswith("out of the game") for t in texts(seats[0]))

"""A record holds enough to re-check every score without the engine.

This checker reads only the JSON of a Pyramido record: the blocks each ``place``,
``cover`` and ``fill`` event lays (stage, colour, icons, the quadrant cells in order TL,
TR, BL, BR) and the markers of ``mark`` events. From those alone it rebuilds each player's
top view and checks every scored area: one colour, connected, not part of a bigger area,
its visible icons counted right, every marker in a scored area, the Mino bonus the
smallest, the total the sum.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from pyramido import Game, make_record
from pyramido.bots import make_bot, play_out
from pyramido.engine.record import dumps

QUADRANTS = ["TL", "TR", "BL", "BR"]
Cell = tuple[int, int]


def _lay(view: dict[Cell, tuple[str, bool]], block: dict[str, Any]) -> None:
    for quadrant, (cx, cy) in zip(QUADRANTS, block["cells"], strict=True):
        view[(cx, cy)] = (block["colour"], quadrant in block["icons"])


def _check_area(view: dict[Cell, tuple[str, bool]], line: dict[str, Any]) -> None:
    cells = {(cx, cy) for cx, cy in line["cells"]}
    assert all(view[c][0] == line["colour"] for c in cells)
    assert sum(view[c][1] for c in cells) == line["icons"]
    start = next(iter(cells))
    seen, todo = {start}, [start]
    while todo:
        cx, cy = todo.pop()
        for near in ((cx + 1, cy), (cx - 1, cy), (cx, cy + 1), (cx, cy - 1)):
            if near in view and view[near][0] == line["colour"]:
                assert near in cells, f"{near} joins the area but is not listed"
                if near not in seen:
                    seen.add(near)
                    todo.append(near)
    assert seen == cells, "the listed cells are not one connected area"


def check_record(record: dict[str, Any]) -> int:
    """Check every stage score of a Pyramido record; return how many were checked."""
    views: dict[int, dict[Cell, tuple[str, bool]]] = {}
    markers: dict[int, list[Cell]] = {}
    checked = 0
    for event in (e for step in record["steps"] for e in step["events"]):
        player = event.get("player")
        view = views.setdefault(player, {}) if isinstance(player, int) else {}
        if event["type"] == "place":
            for block in event["blocks"]:
                _lay(view, block)
        elif event["type"] in ("cover", "fill"):
            _lay(view, event)
        elif event["type"] == "mark":
            stage = event["stage"] - 1
            markers.setdefault(player, []).append((2 * event["x"] + stage, 2 * event["y"] + stage))
        elif event["type"] == "stage_scored":
            areas = [line for line in event["lines"] if line["what"] == "marked area"]
            for line in areas:
                _check_area(view, line)
            listed = {tuple(c) for line in areas for c in line["cells"]}
            assert all(cell in listed for cell in markers.pop(player, []))
            mino = [line for line in event["lines"] if line["what"] == "Mino bonus"]
            if areas:
                assert mino and mino[0]["points"] == min(line["icons"] for line in areas)
            assert sum(line["points"] for line in event["lines"]) == event["total"]
            checked += 1
    return checked


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (4, 8)])
def test_every_score_of_a_record_checks_out_without_the_engine(players: int, seed: int) -> None:
    game = Game("pyramido", players, seed)
    play_out(game, [make_bot("greedy", p) for p in range(players)])
    record = json.loads(dumps(make_record(game)))
    assert check_record(record) == 4 * players


def test_the_checker_catches_a_wrong_area() -> None:
    game = Game("pyramido", 2, 3)
    play_out(game, [make_bot("greedy", p) for p in range(2)])
    record = json.loads(dumps(make_record(game)))
    scored = next(e for s in record["steps"] for e in s["events"] if e["type"] == "stage_scored")
    scored["lines"][0]["icons"] += 1
    with pytest.raises(AssertionError):
        check_record(record)

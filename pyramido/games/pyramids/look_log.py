"""What the log says alike in both pyramid games, in the past tense: a placement, a pile
split, a stage complete, a stage scored line by line, the next stage, the game's end
(``pyramido.web.log``; each game adds its own in its ``look_log``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from ...render.view import Json, Teller, View
from .look import lost_turn, paid
from .look_dominoes import TOWARD


def placed(event: Json, view: View) -> str:
    """``player 1 placed #34 on stage 1 at x=3 y=2, block B below: yellow, blue``."""
    colours = ", ".join(block["colour"] for block in event["blocks"])
    return (
        f"{view.name(event['player'])} placed #{event['tile']} on stage {event['stage']} at "
        f"x={event['x']} y={event['y']}, block B {TOWARD[event['rot']]}: {colours}"
    )


def split_teller(pile: str) -> Teller:
    """A split told with the game's word for a pile (``pile``, ``space``)."""

    def split(event: Json, view: View) -> str:
        return (
            f"{view.name(event['player'])} split {pile} {event['from'] + 1} into the emptied "
            f"{pile} {event['to'] + 1} ({event['count']} dominoes moved)"
        )

    return split


def stage_complete(event: Json, view: View) -> str:
    return f"{view.name(event['player'])} completed stage {event['stage']}"


def stage_scored(event: Json, view: View) -> str:
    """``player 0 scored 20 points in stage 1: marked area yellow, 2 icons: 2; ...``."""
    lines = "; ".join(_score_line(line) for line in event["lines"]) or "nothing scored"
    return f"{view.name(event['player'])} scored {event['total']} points in stage {event['stage']}: {lines}"


def _score_line(line: Json) -> str:
    """One line of a stage's score: what, its colour, icons and gems, then its points."""
    parts = [line["what"] + (f" {line['colour']}" if "colour" in line else "")]
    if "icons" in line:
        parts.append(_counted(line["icons"], "icon"))
    if "paid" in line:
        parts.append(f"paid {paid(line['paid'])}")
    elif isinstance(line.get("gems"), int):
        parts.append(_counted(line["gems"], "gem"))
    return f"{', '.join(parts)}: {line['points']}"


def _counted(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def stage_start(event: Json, view: View) -> str:
    return f"stage {event['stage']} starts, {view.name(event['start_player'])} first"


def game_over(event: Json, view: View) -> str:
    """``the game is over: player 1 wins with 58 points`` (or the players who share it)."""
    best = [row for row in event["ranking"] if row["rank"] == 1]
    names = " and ".join(view.name(row["player"]) for row in best)
    verb = "wins" if len(best) == 1 else "share the win"
    return f"the game is over: {names} {verb} with {best[0]['score']} points"


#: What the log tells alike of both games' steps and of what follows them.
DEEDS: Final[Mapping[str, Teller]] = {"place": placed}
EVENTS: Final[Mapping[str, Teller]] = {
    "no_domino_fits": lost_turn,
    "stage_complete": stage_complete,
    "stage_scored": stage_scored,
    "stage_start": stage_start,
    "game_over": game_over,
}

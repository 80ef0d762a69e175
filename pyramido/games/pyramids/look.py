"""What Pyramido and Forgotten Treasures show alike, as the pyramid games they both are:
a pyramid as a player's board, the stages and their scores
(the scores line, the score table, each stage's breakdowns and report), the wording of
placing and splitting, a lost turn, a placement typed as ``x y rot``; ``pyramid_look`` is
their shared :class:`Look`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import partial
from typing import Any, Final

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ...render.style import colour_chip, lined_table
from ...render.view import LEGEND, Json, Look, Teller, TypedForm, View, who
from ...render.wording import field_label, told
from .look_dominoes import TOWARD, rotations
from .look_pyramid import player_pyramid

#: The actions both games word alike.
SHARED_TEMPLATES: Final = {
    "place": "place at x={x} y={y} rotated {deg}° (B {toward})",
    "split": "split pile {pile1} to refill the emptied pile",
}


def pyramid_board(view: View, player: int, coords: bool) -> RenderableType:
    """A player's pyramid; with ``coords``, the block coordinates to place by."""
    return player_pyramid(view, player, rulers=coords)


def stage_heading(view: View) -> str:
    """``stage 2``: where a pyramid game is."""
    return f"stage {view.observation['stage']}"


def lost_turn(event: Json, view: View) -> str:
    return f"{view.name(event['player'])}: no domino fits, stage {event['stage']} is complete (gaps and all)"


TELLERS: Final[Mapping[str, Teller]] = {"no_domino_fits": lost_turn}


# --- scores -----------------------------------------------------------------------------


def scores_line(view: View) -> Text:
    """``scores: player 0: 12, player 1: 9, the Legend: 14``."""
    scores = ", ".join(f"{who(name)}: {row['score']}" for name, row in view.contenders)
    return Text("scores: " + scores, style="dim")


def score_table(view: View) -> Table:
    """Every player's (and the Legend's) score per stage and in total, and what the game's
    first tie-break counts."""
    holding = view.look.holding
    assert holding is not None, "a game with stage scores says what its ties are broken by"
    column, count = holding
    rows = [(who(name), row) for name, row in view.contenders]
    stages = max([view.observation["stage"], *(len(row["stage_scores"]) for _, row in rows)])
    table = Table(title="Scores", title_justify="left")
    table.add_column("player")
    for stage in range(1, stages + 1):
        table.add_column(f"stage {stage}", justify="right")
    table.add_column("total", justify="right", style="bold")
    table.add_column(column, justify="right")
    for name, row in rows:
        scores = [str(s) for s in row["stage_scores"]]
        scores += ["out" if row.get("out") else "-"] * (stages - len(scores))
        table.add_row(name, *scores, str(row["score"]), str(count(row)))
    return table


def paid(gems: Json) -> str:
    """``1C``, ``2M``, ``2C+2M``: coloured and mythical gems paid."""
    parts = [f"{gems[name]}{name[0].upper()}" for name in ("coloured", "mythical") if gems[name]]
    return "+".join(parts) or "nothing"


def stage_breakdown(event: Json) -> Table:
    """The lines of a ``stage_scored`` event, either game: what scored (an area with its
    colour and icons, gems), the gems it took, the points; then the total."""
    lines = event["lines"]
    with_gems = any("paid" in line or "gems" in line for line in lines)
    table = lined_table()
    table.collapse_padding = True
    table.add_column(f"stage {event['stage']}", no_wrap=True)
    table.add_column("colour")
    table.add_column("icons", justify="right")
    if with_gems:
        table.add_column("gems")
    table.add_column("pts", justify="right")
    for line in lines:
        chip = colour_chip(line["colour"]) if "colour" in line else ""
        gems = [_line_gems(line)] if with_gems else []
        what = "area" if line["what"] == "marked area" else line["what"]
        table.add_row(what, chip, str(line.get("icons", "")), *gems, str(line["points"]))
    if not lines:
        table.add_row("nothing scored", "", "", *([""] if with_gems else []), "0")
    blanks = [""] * (3 if with_gems else 2)
    table.add_row("total", *blanks, str(event["total"]), style="bold", end_section=True)
    return table


def _line_gems(line: Json) -> str:
    """The gems of a breakdown line: paid (``1C+4M``), a count, or the gems by name."""
    if "paid" in line:
        return paid(line["paid"])
    gems = line.get("gems", "")
    if not isinstance(gems, list):
        return str(gems)
    return ", ".join(f"{gems.count(kind)} {kind}" for kind in dict.fromkeys(gems))


def stage_report(view: View, stage: int) -> Columns:
    """Every player's pyramid with the markers of ``stage`` and its score breakdown; in
    solo the Legend's breakdown too."""
    scored = {e["player"]: e for e in view.events if e["type"] == "stage_scored" and e["stage"] == stage}
    panels = [
        _report_panel(who(p), player_pyramid(view, p, stage), scored.get(p), stage) for p in view.players
    ]
    if view.legend:
        panels.append(_report_panel(who(LEGEND), None, scored.get(LEGEND), stage))
    return Columns(panels)


def _report_panel(name: str, picture: RenderableType | None, event: Json | None, stage: int) -> Panel:
    below: RenderableType = stage_breakdown(event) if event else Text("out of the game", style="bold red")
    title = name + (f" · stage {stage}: {event['total']} points" if event else "")
    return Panel(Group(*([picture] if picture else []), below), title=title, expand=False)


def stage_end(view: View, verbose: bool) -> tuple[str, RenderableType] | None:
    """After a step that scored a stage, or ended the game with nobody left to score: the
    table the next stage starts from, then every pyramid with its breakdown. (Stages are
    the only milestones of the pyramid games: ``verbose`` adds none.)"""
    stage = next((e["stage"] for e in view.latest if e["type"] == "stage_scored"), None)
    over = view.kind is None
    if stage is None and not over:
        return None
    title = f"stage {stage} scored"
    if stage is None:
        stage = view.observation["stage"]
        title = f"game over in stage {stage}: nobody is left to score"
    return title, Group(*([] if over else [view.look.table(view)]), stage_report(view, stage))


def in_hand(view: View) -> RenderableType | None:
    """The domino in hand, in the four ways it can lie (``rot`` of a place action)."""
    domino = view.observation.get("in_hand")
    return rotations(domino, view.colours) if domino else None


def placement_words(fields: Mapping[str, Any]) -> dict[str, Any]:
    """A placement's wording fields: the degrees of ``rot``, and where block B lies."""
    if "rot" not in fields:
        return {}
    return {"deg": fields["rot"] * 90, "toward": TOWARD[fields["rot"]]}


#: A pyramid game's :class:`Look`, given what is its own: its marks, table, extras,
#: untold decisions, templates, context, tie-breaks and holding (and more tellers).
pyramid_look: Final = partial(
    Look,
    board=pyramid_board,
    heading=stage_heading,
    standing=scores_line,
    label=field_label,
    tellers=TELLERS,
    news=told,
    milestone=stage_end,
    results=score_table,
    hand=in_hand,
    wording=placement_words,
)


# --- typing -----------------------------------------------------------------------------

#: A placement as a prompt names it.
TYPED_PLACE: Final = "'x y rot' (like '3 4 90')"
_ROT_DEGREES: Final = {90: 1, 180: 2, 270: 3}


def _place(match: re.Match[str], view: View) -> dict[str, Any]:
    """``3 4 90``: block A at x=3 y=4, B a quarter turn round (``1`` says the same)."""
    rot = int(match[3])
    return {"kind": "place", "x": int(match[1]), "y": int(match[2]), "rot": _ROT_DEGREES.get(rot, rot)}


#: ``x y rot``: a placement, typed from the coordinates drawn round the pyramid.
PLACE: Final = TypedForm(r"(\d{1,4})\s+(\d{1,4})\s+(\d{1,4})", _place)

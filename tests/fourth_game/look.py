"""Two Steps in the terminal: a :class:`~pyramido.render.view.Look` (the market, each
player's rows, the wording of its two actions, what a step did, each stage's scores)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from pyramido.render.view import Json, Look, View, who

from .state import STAGES


def tile_text(tile: Json | None) -> Text:
    """``R3``: a tile's colour letter and number, in its colour (``.``: an empty space)."""
    if tile is None:
        return Text(" . ", style="dim")
    return Text(f"{tile['colour'][0].upper()}{tile['number']}", style=f"bold {tile['colour']}")


def market(view: View) -> Table:
    observation = view.observation
    table = Table(title=f"Market (bag: {observation['bag_size']} tiles)", title_justify="left")
    for slot in range(1, len(observation["market"]) + 1):
        table.add_column(f"slot {slot}", justify="center")
    table.add_row(*(tile_text(tile) for tile in observation["market"]))
    return table


def board(view: View, player: int, coords: bool) -> Table:
    """A player's rows, a line per stage with the colour it scores; with ``coords``, the
    space numbers to place by."""
    observation = view.observation
    rows = view.seat(player)["rows"]
    table = Table(show_header=coords, show_edge=False)
    table.add_column("stage")
    for space in range(1, len(rows[0]) + 1):
        table.add_column(f"space {space}" if coords else "", justify="center")
    for stage, row in enumerate(rows, start=1):
        colour = observation["stage_colours"][stage - 1]
        table.add_row(f"{stage} ({colour})", *(tile_text(tile) for tile in row))
    return table


def in_hand(view: View) -> RenderableType | None:
    tile = view.observation["in_hand"]
    return None if tile is None else Text.assemble("in hand: ", tile_text(tile))


def standing(view: View) -> Text:
    scores = ", ".join(f"{who(p['player'])}: {p['score']}" for p in view.observation["players"])
    return Text(f"scores: {scores}", style="dim")


def context(kind: str, fields: Mapping[str, Any], view: View, player: int) -> str:
    """What a take gets; what a place lays."""
    market, tile = view.observation["market"], view.observation["in_hand"]
    if kind == "take":
        tile = market[fields["slot"]] if fields["slot"] < len(market) else None
    return "" if tile is None else f": {tile['colour']} {tile['number']}"


def label(action: Json, view: View) -> str:
    return f"{action['kind']} {next(v + 1 for k, v in action.items() if k != 'kind')}"


def wording(fields: Mapping[str, Any]) -> Mapping[str, Any]:
    return {"space1": fields["space"] + 1} if "space" in fields else {}


def _refilled(event: Json, view: View) -> str:
    shown = event["shown"]
    return f"market slot {event['slot'] + 1} is refilled from the bag: {shown['colour']} {shown['number']}"


def _stays_empty(event: Json, view: View) -> str:
    return f"market slot {event['slot'] + 1} stays empty: the bag is empty"


def _stage_start(event: Json, view: View) -> str:
    return f"stage {event['stage']} starts with {who(event['start_player'])}"


TELLERS: Final = {"refill": _refilled, "slot_stays_empty": _stays_empty, "stage_start": _stage_start}


def news(view: View) -> list[str]:
    return [TELLERS[event["type"]](event, view) for event in view.latest if event["type"] in TELLERS]


def breakdowns(view: View, stage: int) -> Table:
    table = Table(title=f"Stage {stage}", title_justify="left")
    for name in ("player", "scored", "numbers", "pts"):
        table.add_column(name, justify="right" if name == "pts" else "left")
    for event in view.events:
        if event["type"] == "stage_scored" and event["stage"] == stage:
            for line in event["lines"]:
                numbers = " ".join(map(str, line.get("numbers", ())))
                table.add_row(who(event["player"]), line["what"], numbers, str(line["points"]))
            table.add_row(
                who(event["player"]), "total", "", str(event["total"]), style="bold", end_section=True
            )
    return table


def milestone(view: View, verbose: bool) -> tuple[str, RenderableType] | None:
    """After the step that scored a stage: every board and the stage's breakdowns."""
    stage = next((event["stage"] for event in view.latest if event["type"] == "stage_scored"), None)
    if stage is None:
        return None
    boards = [Group(Text(who(p)), board(view, p, False)) for p in view.players]
    return f"stage {stage} scored", Group(*boards, breakdowns(view, stage))


def results(view: View) -> Table:
    table = Table(title="Scores", title_justify="left")
    table.add_column("player")
    for stage in range(1, STAGES + 1):
        table.add_column(f"stage {stage}", justify="right")
    table.add_column("total", justify="right", style="bold")
    for seat in view.observation["players"]:
        scores = [str(s) for s in seat["stage_scores"]] + ["-"] * (STAGES - len(seat["stage_scores"]))
        table.add_row(who(seat["player"]), *scores, str(seat["score"]))
    return table


LOOK: Final = Look(
    marks="a tile: its colour's letter and its number (R3: red 3); . an empty space",
    table=market,
    table_for=frozenset({"take"}),
    extras={},
    untold=frozenset(),
    templates={"take": "take the tile in market slot {slot1}", "place": "place it in space {space1}"},
    context=context,
    tiebreaks=("sum of numbers",),
    board=board,
    heading=lambda view: f"stage {view.observation['stage']}",
    standing=standing,
    label=label,
    tellers=TELLERS,
    news=news,
    milestone=milestone,
    results=results,
    hand=in_hand,
    wording=wording,
)

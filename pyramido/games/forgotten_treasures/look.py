"""Forgotten Treasures' :class:`Look`: the exploration area and the gems, the Legend of
the solo game, the secret stage scoring (what a seat activated, the areas it can still
pay for), the wording of its actions and of the Legend's turns; and its
:class:`Shorthand`: ``x y rot`` placements, activations typed as ``AREA PAYMENT`` (too many
to number) and ``end``, with the exact best activation as their hint."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Final

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ...render.style import colour_chip, lined_table, swatch
from ...render.view import Json, Shorthand, TypedForm, TypedOnly, View
from ..pyramids.look import PLACE, SHARED_TEMPLATES, TELLERS, TYPED_PLACE, paid, placement_words, pyramid_look
from ..pyramids.look_dominoes import back_text, domino_cell, domino_text
from ..pyramids.look_grid import ICON, LATTICE_KEY
from ..pyramids.look_pyramid import area_map
from .activation import best_activation
from .bot import KEEP_VALUE
from .look_log import CHRONICLE, gems_words

GAME: Final = "forgotten-treasures"  # the game these front ends are for

TEMPLATES: Final = {
    **SHARED_TEMPLATES,
    "take": "take the domino of space {pile1} and {a_gem}",
    "reveal": "turn face up the top domino of pile {pile1}",
    "activate": "activate area {area} paying {payment}",
    "end_activation": "end the activations",
    "discard": "discard {a_gem}",
}


# --- the table: the exploration area, the Legend, the gems ------------------------------


def gem_row(gems: Iterable[str]) -> Text:
    """Single gems by kind, as chips: a gem area, a Legend's wishes."""
    chips = [colour_chip(gem) for gem in gems]
    return Text(" ").join(chips) if chips else Text("no gems", style="dim")


def gem_counts(counts: Mapping[str, int]) -> Text:
    """Gems held by kind, ``orange 2 mythical 1``; the kinds held only."""
    held = [colour_chip(kind) + Text(str(count)) for kind, count in counts.items() if count]
    return Text(" ").join(held) if held else Text("none", style="dim")


def exploration(view: View) -> Group:
    """The bag's size, the discards, then the 5 spaces: pile size, top domino (front, or
    back when face down) and gem area."""
    observation = view.observation
    bag = Text(f"Exploration area · bag: {observation['bag_size']} gems · discards: ")
    table = Table(show_edge=False)
    for number, space in enumerate(observation["spaces"], start=1):
        table.add_column(f"space {number}\n{space['pile_size']} left")
    table.add_row(
        *(
            Group(domino_cell(s["top"], view.colours), Text("gems: ") + gem_row(s["gems"]))
            for s in observation["spaces"]
        )
    )
    return Group(bag + gem_counts(observation["discards"]), table)


def inventory(view: View) -> Table:
    """Every player's gems by kind (the Legend's too); while a stage is scored the others'
    are as they were before their secret activations (the observation's)."""
    holders = [(view.name(name), row["gems"]) for name, row in view.contenders]
    table = Table(title="Gems", title_justify="left", show_edge=False)
    table.add_column("", no_wrap=True)
    for kind in holders[0][1]:
        table.add_column(kind, header_style=swatch(kind).style, justify="right")
    table.add_column("total", justify="right")
    for name, gems in holders:
        table.add_row(name, *(str(count) for count in gems.values()), str(sum(gems.values())))
    return table


def legend_line(view: View) -> Text:
    """Solo: what the Legend wants (the icons of his top domino, by colour) and has scored."""
    legend = view.legend
    assert legend is not None  # solo only
    top = legend["top"]
    text = Text("The Legend wishes ")
    text.append_text(gem_row(colour for colour, *icons in (top["a"], top["b"]) for _ in icons))
    text.append(f" (his top domino {domino_text(top)}, {legend['pile_size']} in his pile)")
    return text


def exploration_table(view: View) -> Group:
    """The game's table: the exploration area, the Legend in solo, the gems."""
    parts: list[RenderableType] = [exploration(view)]
    if view.legend:
        parts.append(legend_line(view))
    return Group(*parts, inventory(view))


# --- a stage's scoring ------------------------------------------------------------------


def scoring_panel(view: View, seat: int, legal: Sequence[Json]) -> Group:
    """The stage scoring, for the seat only: its gems, then either what it activated and
    the areas it can still pay for (by number, with a map), or the discards down to the
    limit."""
    me = view.seat(seat)
    scoring = me["scoring"]
    gems = Text("your gems: ") + gem_counts(me["gems"])
    if scoring["points"] is not None:
        held = sum(me["gems"].values())
        return Group(
            Text(f"activations ended: {scoring['points']} points this stage"),
            gems,
            Text(f"you hold {held} gems: discard down to {view.rules['inventory_limit']}"),
        )
    return Group(
        gems,
        Text(_activated(scoring)),
        Text("The others choose in secret; every choice shows once the stage is scored.", style="dim"),
        Columns([area_map(view, seat), _activation_table(scoring, legal)], padding=(0, 3)),
    )


def _activated(scoring: Json) -> str:
    """``activated so far: area 3 with 1C = 4, area 5 doubled with 3C = 10; 14 points``."""
    spent = [
        f"area {s['area']}{' doubled' if s['double'] else ''} with {paid(s)} = {_spend_points(scoring, s)}"
        for s in scoring["activated"]
    ]
    if not spent:
        return "nothing activated yet"
    return f"activated so far: {', '.join(spent)}; {activated_points(scoring)} points"


def activated_points(scoring: Json) -> int:
    """The icon points of the areas a seat has activated so far in a stage's scoring."""
    return sum(_spend_points(scoring, spend) for spend in scoring["activated"])


def _spend_points(scoring: Json, spend: Json) -> int:
    return _area_points(scoring["areas"][spend["area"]], spend["double"])


def _area_points(area: Json, double: bool) -> int:
    """What activating ``area`` scores, doubled or not, by the ruleset's area values (the
    observation says: house rules may change them)."""
    points: int = area["points_doubled" if double else "points"]
    return points


def is_double(scoring: Json, payment: str) -> bool:
    """Whether a payment label (``3C``, ``2C+2M``...) doubles its area, by the ruleset's
    payment table (the observation's)."""
    return any(p["payment"] == payment and p["double"] for p in scoring["payments"])


def _activation_table(scoring: Json, legal: Sequence[Json]) -> Table:
    """The areas with icons that a legal activation pays for, with those payments."""
    payments: dict[int, list[str]] = {}
    for action in legal:
        if action["kind"] == "activate":
            payments.setdefault(action["area"], []).append(action["payment"])
    listed = [a for a in scoring["areas"] if a["area"] in payments and a["icons"]]
    table = lined_table()
    for name in ("area", "colour", "icons", "pay", "double", "points"):
        table.add_column(name, justify="right" if name in ("area", "icons") else "left")
    for area in listed:
        pays = payments[area["area"]]
        doubles = [p for p in pays if is_double(scoring, p)]
        points = f"{area['points']}" + (f" / {area['points_doubled']}" if doubles else "")
        singles = " ".join(p for p in pays if not is_double(scoring, p))
        table.add_row(
            str(area["area"]),
            colour_chip(area["colour"]),
            str(area["icons"]),
            singles,
            " ".join(doubles),
            points,
        )
    unlisted = len(payments) - len(listed)
    table.caption = f"({unlisted} areas without icons not listed)" if unlisted else None
    return table


# --- words ------------------------------------------------------------------------------


def context(kind: str, fields: Mapping[str, Any], view: View, player: int) -> str:
    """The domino a take gets, the back a reveal turns, a split pile's size, the area an
    activation pays for (seen by its owner only: the others' scoring is secret)."""
    observation = view.observation
    if kind in ("take", "reveal", "split"):
        space = observation["spaces"][fields["pile"]]
        top = space["top"]
        if kind == "split":
            return f" ({space['pile_size']} dominoes)"
        if top is None:
            return ""
        return f": {domino_text(top)}" if top.get("face") == "front" else f" (face down: {back_text(top)})"
    if kind == "activate" and player == observation["viewer"]:
        scoring = view.seat(player)["scoring"]
        area = scoring["areas"][fields["area"]]
        double = is_double(scoring, fields["payment"])
        points = _area_points(area, double)
        return f" ({area['colour']}, {area['icons']} icons{', doubled' if double else ''}): {points} points"
    return ""


def _legend_turn(event: Json, view: View) -> str:
    """The Legend's gems (and spaces), the domino he took, his new wishes."""
    if event["tile"] is None:
        return "the Legend finds no face-up domino"
    taken = ", ".join(f"{g['gem']} (space {g['space'] + 1})" for g in event["gems"]) or "no gem"
    drawn = f"; he draws {', '.join(event['drawn'])} from the bag" if event.get("drawn") else ""
    text = f"the Legend takes {taken} and domino #{event['tile']} of space {event['pile'] + 1}{drawn}"
    return f"{text}. {legend_line(view).plain}"


def _legend_draws(event: Json, view: View) -> str:
    return f"the Legend draws {', '.join(event['gems']) or 'nothing'} from the bag ({event['reason']})"


def _bag_refilled(event: Json, view: View) -> str:
    return f"the bag was empty: the {event['gems']} discarded gems go back into it"


def _wording(fields: Mapping[str, Any]) -> dict[str, Any]:
    """A placement's words, and a take's gems in words when it carries several
    (``gems_per_take``: ``red+mythical``)."""
    several = "+" in str(fields.get("gem", ""))
    return {**placement_words(fields), **({"a_gem": gems_words(fields["gem"])} if several else {})}


def _gems_left(row: Json) -> int:
    return sum(row["gems"].values())


LOOK: Final = pyramid_look(
    marks=f"{ICON} icon · {LATTICE_KEY} · a finished stage's gaps are listed under its pyramid",
    table=exploration_table,
    table_for=frozenset({"take", "split", "reveal", "place"}),
    extras={"scoring": scoring_panel},
    untold=frozenset({"scoring"}),
    templates=TEMPLATES,
    context=context,
    holding=("gems", _gems_left),
    tiebreaks=("gems left", "best stage"),
    chronicle=CHRONICLE,
    wording=_wording,
    tellers={
        **TELLERS,
        "legend_turn": _legend_turn,
        "legend_draws": _legend_draws,
        "bag_refilled_from_discards": _bag_refilled,
    },
)


# --- typing -----------------------------------------------------------------------------


def activation_hint(view: View, seat: int) -> str:
    """The exact best activation of the gems the seat holds now (``best_activation``, by
    the payments and area values the observation shows, valuing kept gems as the greedy bot
    does), typed as the prompt takes it, and the stage's points it leads to: the greedy
    bot's choice alone would hide the plan."""
    me = view.seat(seat)
    scoring = me["scoring"]
    used = {spend["area"] for spend in scoring["activated"]}
    areas = scoring["areas"]
    payments = [(p["coloured"], p["mythical"], p["double"]) for p in scoring["payments"]]
    labels = {(p["coloured"], p["mythical"], p["double"]): p["payment"] for p in scoring["payments"]}
    *coloured, mythical = me["gems"].values()
    plan = best_activation(
        [(view.colours.index(area["colour"]), area["icons"]) for area in areas],
        coloured,
        mythical,
        keep_value=KEEP_VALUE,
        keep_limit=view.rules["inventory_limit"],
        payments=payments,
        area_value=lambda label, doubled: 0 if label in used else _area_points(areas[label], doubled),
        mythical_points=view.rules["mythical_kept_points"],
    )
    steps = [f"'{s.area} {labels[(s.coloured, s.mythical, s.double)]}'" for s in plan.spends]
    points = activated_points(scoring) + plan.points
    typed = ", ".join([*steps, "'end'"])
    return (
        f"hint: best is {typed}: {points} points this stage "
        f"(valuing a kept gem {KEEP_VALUE[0]} coloured, {KEEP_VALUE[1]} mythical, as the greedy bot does)"
    )


def _activate(match: re.Match[str], view: View) -> dict[str, Any]:
    """``3 1C``: activate area 3 paying one coloured gem (``2c+2m``: any case)."""
    return {"kind": "activate", "area": int(match[1]), "payment": match[2].upper()}


SHORTHAND: Final = Shorthand(
    forms=(
        PLACE,
        TypedForm(r"(\d{1,4})\s+(\S+)", _activate),
        TypedForm(r"end", lambda match, view: {"kind": "end_activation"}),
    ),
    typed=TYPED_PLACE,
    typed_only=TypedOnly(
        kinds=frozenset({"activate"}),
        typed="'AREA PAYMENT' (like '3 1C'), 'end'",
        instructions=(
            "Type AREA PAYMENT to activate an area (e.g. '3 1C'; a payment of the double column "
            "doubles it), 'end' to end the activations, 'hint' or 'q'."
        ),
        hint=activation_hint,
    ),
)


def register_shorthands(register: Callable[..., None]) -> None:
    """Register :data:`SHORTHAND`: what the game's plugin does in its
    ``pyramido_register_shorthands``."""
    register(GAME, SHORTHAND)

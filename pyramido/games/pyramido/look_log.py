"""Pyramido's log, in the past tense: takes, marks, cover cards, refills, splits, a player
out of the game (``pyramido.web.log``); placements and stages as both pyramid games."""

from __future__ import annotations

from typing import Final

from ...render.view import Chronicle, Json, View
from ..pyramids import look_log as shared


def _took(event: Json, view: View) -> str:
    return f"{view.name(event['player'])} took #{event['tile']} from quarry slot {event['slot'] + 1}"


def _where(event: Json) -> str:
    return f"{event['colour']} at x={event['x']} y={event['y']} of stage {event['stage']}"


def _marked(event: Json, view: View) -> str:
    """A marker on block A or B, or (``block: cover``) on the cover card just laid."""
    what = "the cover card" if event["block"] == "cover" else f"block {event['block']}"
    return f"{view.name(event['player'])} put the {event['colour']} marker on {what} ({_where(event)})"


def _no_mark(event: Json, view: View) -> str:
    return f"{view.name(event['player'])} placed no marker"


def _covered(event: Json, view: View) -> str:
    icons = ", ".join(event["icons"]) or "none"
    return (
        f"{view.name(event['player'])} covered block {event['block']} with a cover card: "
        f"{_where(event)}, icon {icons}"
    )


def _filled(event: Json, view: View) -> str:
    icons = ", ".join(event["icons"]) or "none"
    return (
        f"{view.name(event['player'])} filled an empty space with a cover card: {_where(event)}, icon {icons}"
    )


def _refilled(event: Json, view: View) -> str:
    return (
        f"{view.name(event['player'])} refilled quarry slot {event['slot'] + 1} "
        f"from pile {event['pile'] + 1}: #{event['tile']}"
    )


def _stays_empty(event: Json, view: View) -> str:
    return f"quarry slot {event['slot'] + 1} stays empty: no pile can refill it"


def _eliminated(event: Json, view: View) -> str:
    """A player out of the game, said plainly, with the rule's reason."""
    return (
        f"{view.name(event['player'])} is out of the game in stage {event['stage']} "
        f"({event['reason']}): the others play on"
    )


CHRONICLE: Final = Chronicle(
    deeds={
        **shared.DEEDS,
        "take": _took,
        "mark": _marked,
        "no_mark": _no_mark,
        "cover": _covered,
        "fill": _filled,
        "refill": _refilled,
        "split": shared.split_teller("pile"),
    },
    events={**shared.EVENTS, "mark": _marked, "slot_stays_empty": _stays_empty, "eliminated": _eliminated},
    actions={"keep_covers": "kept the cover cards (no cover)"},
)

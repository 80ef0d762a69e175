"""Forgotten Treasures' log, in the past tense: takes with their gem, dominoes turned face
up, gem areas refilled, the Legend's turns, the stage scorings (``pyramido.web.log``);
placements and stages as both pyramid games. A seat's activations are its secret until the
stage is scored: they have no event, so the log tells them to their owner only, from
the action (``pyramido.web.log``)."""

from __future__ import annotations

from typing import Final

from ...render.view import Chronicle, Json, View
from ...render.wording import a_gem
from ..pyramids import look_log as shared
from ..pyramids.look_dominoes import domino_text


def gems_words(gem: str) -> str:
    """A take's gem field or event in words: ``no gem``, ``a red gem``, and for several
    (``gems_per_take``) ``a red gem and a mythical gem``."""
    return "no gem" if gem == "none" else " and ".join(map(a_gem, gem.split("+")))


def _took(event: Json, view: View) -> str:
    """``player 1 took #34 and a purple gem from space 3``."""
    taken = f"#{event['tile']} and {gems_words(event['gem'])}"
    return f"{view.name(event['player'])} took {taken} from space {event['pile'] + 1}"


def _revealed(event: Json, view: View) -> str:
    return (
        f"{view.name(event['player'])} turned face up the top of space {event['pile'] + 1}: "
        f"{domino_text(event['domino'])}"
    )


def _replenished(event: Json, view: View) -> str:
    return f"the gem area of space {event['area'] + 1} was refilled from the bag: {', '.join(event['gems'])}"


def _legend_turn(event: Json, view: View) -> str:
    """``the Legend took an orange gem (space 5), a mythical gem (space 1) and #16 from space 1``."""
    if event["tile"] is None:
        return "the Legend found no face-up domino to take"
    gems = [f"{gems_words(taken['gem'])} (space {taken['space'] + 1})" for taken in event["gems"]]
    gems = gems or ["no gem"]
    drawn = f"; he drew {', '.join(event['drawn'])} from the bag" if event.get("drawn") else ""
    return f"the Legend took {', '.join(gems)} and #{event['tile']} from space {event['pile'] + 1}{drawn}"


def _no_domino_to_take(event: Json, view: View) -> str:
    return f"{view.name(event['player'])} found no domino to take: stage {event['stage']} is complete"


def _scoring_starts(event: Json, view: View) -> str:
    return f"stage {event['stage']} is scored: each player activates areas in secret"


CHRONICLE: Final = Chronicle(
    deeds={**shared.DEEDS, "take": _took, "reveal": _revealed, "split": shared.split_teller("space")},
    events={
        **shared.EVENTS,
        "replenish": _replenished,
        "legend_turn": _legend_turn,
        "no_domino_to_take": _no_domino_to_take,
        "scoring_start": _scoring_starts,
    },
    actions={
        "activate": "activated area {area} paying {payment}",
        "end_activation": "ended the activations",
        "discard": "discarded {a_gem}",
    },
)

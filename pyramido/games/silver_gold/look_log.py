"""Silver & Gold's log, in the past tense (``pyramido.web.log``): the cards kept and the
marks made, each told to its maker at once and to the others once everybody has chosen
(``cards_kept``, ``marks_revealed``: until then the log says only that they chose); the
cards completed and replaced, the bonuses, the rounds and the final score lines."""

from __future__ import annotations

from typing import Final

from ...render.view import Chronicle, Json, View
from ..pyramids.look_log import game_over
from .look_cards import card_name, cell_names
from .words import marking_line, symbol_words


def _cards(view: View, numbers: list[int]) -> str:
    return " and ".join(card_name(view, number) for number in numbers)


def _kept(event: Json, view: View) -> str:
    return f"{view.name(event['player'])} kept {_cards(view, event['cards'])}"


def _marked(event: Json, view: View) -> str:
    """``player 0 (you) marked the shape a1 b1 on #14 orange: 1 red gem``."""
    found = ", ".join(symbol_words(event["symbols"]))
    how = {"shape": "the shape", "cell": "one cell", "cross": "a cross"}.get(event["how"], event["how"])
    where = f"{cell_names(event['marked'])} on {card_name(view, event['card'])}"
    line = f"{view.name(event['player'])} marked {how} {where}"
    return f"{line}: {found}" if found else line


def _passed(event: Json, view: View) -> str:
    return f"{view.name(event['player'])} passed: nothing could be marked"


def _replaced(event: Json, view: View) -> str:
    return (
        f"{view.name(event['player'])} replaced {card_name(view, event['completed'])} with "
        f"{card_name(view, event['card'])} from the {event['source']}"
    )


def _all_kept(event: Json, view: View) -> str:
    kept = "; ".join(f"{view.name(p)}: {_cards(view, cards)}" for p, cards in enumerate(event["cards"]))
    return f"everybody has kept two cards ({kept})"


def _offer(event: Json, view: View) -> str:
    offered = _cards(view, [number for number in event["offer"] if number is not None])
    return f"the offer: {offered}; {event['deck_size']} cards in the deck"


def _expedition(event: Json, view: View) -> str:
    return f"expedition card {event['card']} of round {event['round']} was revealed: {event['shape']}"


def _revealed(event: Json, view: View) -> str:
    return "everybody has marked: " + "; ".join(marking_line(marking, view) for marking in event["marks"])


def _completed(event: Json, view: View) -> str:
    return f"{view.name(event['player'])} completed {card_name(view, event['card'])}"


def _bonus(event: Json, view: View) -> str:
    return f"{view.name(event['player'])} claimed the {event['colour']} bonus: +{event['points']} points"


def _final_score(event: Json, view: View) -> str:
    lines = "; ".join(f"{line['what']}: {line['points']}" for line in event["lines"])
    return f"{view.name(event['player'])} scored {event['total']} points in all: {lines}"


CHRONICLE: Final = Chronicle(
    deeds={"keep": _kept, "mark": _marked, "pass": _passed, "replace": _replaced},
    events={
        "cards_kept": _all_kept,
        "offer": _offer,
        "round_start": lambda event, view: f"round {event['round']} starts",
        "expedition": _expedition,
        "marks_revealed": _revealed,
        "cross_lost": marking_line,
        "card_completed": _completed,
        "bonus": _bonus,
        "round_end": lambda event, view: f"round {event['round']} is over",
        "final_score": _final_score,
        "game_over": game_over,
    },
)

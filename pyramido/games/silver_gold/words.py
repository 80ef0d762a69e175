"""Silver & Gold Pyramids in words: the news of a step (everybody's marks of an expedition
card once all are made, then completed cards, replacements and bonuses), its actions in
a line (the cells a marking covers and what they hold) or in a few characters, and the
other way round, what a person types for them (its :class:`Shorthand`: ``2 c3``,
``1 b1 b2 c2``, ``1+3``, ``deck``, ``o2``).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from typing import Any, Final

from ...render.view import BadEntry, Json, Shorthand, Teller, TypedForm, View
from ...render.wording import field_label, told
from .look_cards import SYMBOL_GLYPHS, TOMB, card_name, cell_index, cell_names
from .shapes import SHAPES, placement_id, placement_mask
from .views import CELLS as SG_CELLS

#: The glyph of what a marking may cover (its symbols and the tomb), in short labels.
HIT_GLYPHS: Final = {**{symbol: glyph for symbol, (glyph, _) in SYMBOL_GLYPHS.items()}, "tomb": TOMB}
SYMBOL_WORDS: Final[Mapping[str, str]] = {"red": "red gem", "green": "green gem"}
MARKINGS: Final = ("shape", "cell", "cross")  # the action kinds that mark cells
TEMPLATES: Final = {
    "keep": "keep cards {pair}",
    "shape": "mark the shape on card {card1}:",
    "cell": "mark one cell on card {card1}:",
    "cross": "cross: mark one more cell on card {card1}:",
    "pass": "pass: nothing can be marked",
    "replace": "take",
}


def news(view: View) -> list[str]:
    """Once everybody has marked an expedition card, what each marked (made at once, so
    told together); then what followed: completed cards, replacements, bonuses."""
    return _marking_recap(view) + told(view)


def _marking_recap(view: View) -> list[str]:
    """A line per marking of the expedition card whose marks the last step revealed."""
    return [
        marking_line(marking, view)
        for event in view.latest
        if event["type"] == "marks_revealed"
        for marking in event["marks"]
    ]


def marking_line(event: Json, view: View) -> str:
    """``player 1: shape a1 b1 a2 on #12 purple: 1 red gem, 1 skull``."""
    name = view.name(event["player"])
    if event["type"] == "pass":
        return f"{name} passes: nothing could be marked"
    if event["type"] == "cross_lost":
        return f"{name} loses {event['count']} cross mark(s): no cell left to mark"
    found = ", ".join(symbol_words(event["symbols"]))
    line = f"{name}: {event['how']} {cell_names(event['marked'])} on {card_name(view, event['card'])}"
    return f"{line}: {found}" if found else line


def _counted(count: int, word: str) -> str:
    """``1 skull``, ``2 skulls``, ``2 crosses``."""
    plural = "es" if word.endswith("s") else "s"
    return f"{count} {word}{plural if count > 1 else ''}"


def symbol_words(counts: Mapping[str, int]) -> list[str]:
    """``1 red gem``, ``2 skulls``: symbols counted, in words."""
    return [_counted(n, SYMBOL_WORDS.get(s, s)) for s, n in counts.items()]


def _card_completed(event: Json, view: View) -> str:
    return f"{view.name(event['player'])} completes {card_name(view, event['card'])}"


def _card_replaced(event: Json, view: View) -> str:
    taken = card_name(view, event["card"])
    return f"{view.name(event['player'])} takes {taken} from the {event['source']}"


def _offer_refilled(event: Json, view: View) -> str:
    cards = ", ".join(card_name(view, event["offer"][slot]) for slot in event["slots"])
    return f"the offer is refilled with {cards}"


def _bonus(event: Json, view: View) -> str:
    return f"{view.name(event['player'])} claims the {event['colour']} bonus: {event['points']} points"


def context(kind: str, fields: Mapping[str, Any], view: View, player: int) -> str:
    """The cards a keep keeps (named to their owner only), the cells a marking covers and
    the symbols on them, the card a replacement takes."""
    observation = view.observation
    if kind == "keep":
        hand = view.seat(player)["hand"]
        if not isinstance(hand, list):
            return ""
        return ": " + " and ".join(card_name(view, hand[int(i) - 1]) for i in fields["pair"].split("+"))
    if kind == "replace":
        if fields["source"] == "deck":
            return f" the deck's top card ({observation['deck_size']} left)"
        slot = int(fields["source"].split()[-1]) - 1
        return f" {card_name(view, observation['offer'][slot])} from {fields['source']}"
    if kind not in MARKINGS:
        return ""
    names = cell_names(_marked_cells(kind, fields, view))
    found = symbol_words(_symbols_hit(kind, fields, view, player))
    number = view.seat(player)["cards"][fields["card"]]["number"]
    return f" {names} (#{number})" + (f" · {', '.join(found)}" if found else "")


def _marked_cells(kind: str, fields: Mapping[str, Any], view: View) -> list[int]:
    """The cells a shape, cell or cross action marks (a shape: the revealed one's)."""
    if kind != "shape":
        return [fields["cell"]]
    mask = placement_mask(view.observation["expedition"]["shape"], fields["placement"])
    return [cell for cell in range(SG_CELLS) if mask >> cell & 1]


def _symbols_hit(kind: str, fields: Mapping[str, Any], view: View, player: int) -> Counter[str]:
    """What the cells a legal marking covers hold: symbols by kind, and the tomb."""
    card = view.seat(player)["cards"][fields["card"]]
    data = view.observation["cards"][str(card["number"])]
    cells = set(_marked_cells(kind, fields, view))
    hit = Counter({symbol: len(cells & set(where)) for symbol, where in data["symbols"].items()})
    hit["tomb"] = int(data["tomb"] in cells)
    return +hit  # the kinds hit only


def label(action: Json, view: View) -> str:
    """A marking as ``card 2: b1 b2 c2 (rt)``: the cells as typed, then the glyphs of what
    they hold; any other action by its fields."""
    kind = action["kind"]
    if kind not in MARKINGS:
        return field_label(action, view)
    cells = cell_names(_marked_cells(kind, action, view))
    hit = _symbols_hit(kind, action, view, view.observation["viewer"])
    glyphs = "".join(HIT_GLYPHS[symbol] * count for symbol, count in hit.items())
    return f"card {action['card'] + 1}: {cells}" + (f" ({glyphs})" if glyphs else "")


TELLERS: Final[Mapping[str, Teller]] = {
    "card_completed": _card_completed,
    "replace": _card_replaced,
    "offer_refilled": _offer_refilled,
    "bonus": _bonus,
}


# --- typing -----------------------------------------------------------------------------


def _marking(match: re.Match[str], view: View) -> dict[str, Any]:
    """``2 c3``: one cell of card 2 (a cross's while crosses are owed); ``1 b1 b2 c2``:
    the revealed shape on those cells of card 1, whichever placement id that is."""
    card = int(match[1])
    slots = len(view.seat(view.observation["viewer"])["cards"])  # the cards kept, by the ruleset
    if not 1 <= card <= slots:
        listed = " and ".join(filter(None, (", ".join(map(str, range(1, slots))), str(slots))))
        raise BadEntry(f"there is no card {card}: your cards are {listed}")
    names = match[2].split()
    try:
        cells = {cell_index(name) for name in names}
    except ValueError as exc:
        raise BadEntry(str(exc)) from None
    if len(names) == 1:
        owed = view.seat(view.observation["viewer"])["crosses_owed"]
        return {"kind": "cross" if owed else "cell", "card": card - 1, "cell": cells.pop()}
    shape = view.observation["expedition"]["shape"]
    if shape is None:
        raise BadEntry(f"there is no shape to mark now: the decision is {view.kind!r}")
    try:
        placement = placement_id(shape, sum(1 << cell for cell in cells))
    except ValueError:
        size = bin(SHAPES[shape]).count("1")
        raise BadEntry(
            f"{' '.join(names)} is not where the {shape} can lie: {size} cells as drawn above, "
            "in any rotation or mirror image"
        ) from None
    return {"kind": "shape", "card": card - 1, "placement": placement}


SHORTHAND: Final = Shorthand(
    forms=(
        TypedForm(r"(\d{1,4})((?:\s+[a-z]\d{1,4})+)", _marking),
        TypedForm(
            r"([1-4])\s*\+\s*([1-4])",
            lambda match, view: {"kind": "keep", "pair": "+".join(sorted((match[1], match[2])))},
        ),
        TypedForm(r"deck", lambda match, view: {"kind": "replace", "source": "deck"}),
        TypedForm(
            r"(?:offer\s*|o)(\d)", lambda match, view: {"kind": "replace", "source": f"offer {match[1]}"}
        ),
        TypedForm(r"pass", lambda match, view: {"kind": "pass"}),
    ),
    typed="'CARD CELLS' (like '2 c3' for one cell, '1 b1 b2 c2' for the shape)",
)

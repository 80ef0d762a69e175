"""The seat's choices drawn on the board, to be played by clicking it: each clickable part
of a picture carries the attributes a page reads (docs/web.md, "Playing on the board"),
so that the page holds no game of its own.

- ``data-action``: the action's JSON; a click plays it. Every clickable part is a button
  to assistive technology (``role``, ``tabindex``, an ``aria-label`` and a ``<title>``
  with the action's words).
- ``data-pick`` and ``data-when``: a first click that only chooses (an area to score, a
  block to cover), then the parts shown once it is chosen (the payments, the sides of a
  cover card); ``data-group`` parts light up with their pick.
- ``data-part`` and ``data-parts``: parts clicked one by one (the cells of a shape, two
  cards to keep); an action whose parts are all chosen, and which no other action goes
  beyond, is played.
- ``data-variant``: placements, one variant (a rotation) at a time; a ghost of the piece
  for each variant (``data-ghost``) follows the pointer to the nearest one, and
  ``data-rotate`` (or the R key) turns to the next variant.

A picture draws these only from ``view.choices``, the seat's own legal actions, so they
show nothing the seat may not see.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Final

from ..render.view import Json, View
from ..render.wording import describe_action
from .document import Element, el, num, text
from .layout import SMALL, Block, row

BUTTON_HEIGHT: Final = 30
CUE_MARGIN: Final = 3
ACCENT: Final = "#1f5fa8"


def offered(view: View, kind: str) -> list[Json]:
    """The seat's legal actions of ``kind``."""
    return [action for action in view.choices if action["kind"] == kind]


def find(view: View, kind: str, **fields: object) -> Json | None:
    """The seat's legal action of ``kind`` with these field values, if it has one."""
    for action in view.choices:
        if action["kind"] == kind and all(action.get(name) == value for name, value in fields.items()):
            return action
    return None


def words(view: View, action: Json) -> str:
    """What ``action`` does, in the words the list of choices uses."""
    viewer: int = view.observation["viewer"]
    return describe_action(action, view, viewer)


def _as_button(label: str, children: Iterable[Element | None], kind: str, **data: str) -> Element:
    return el(
        "g",
        el("title", label),
        *children,
        class_=f"{kind} choice",
        role="button",
        tabindex=0,
        aria_label=label,
        **data,
    )


def action_json(action: Json) -> str:
    """An action as a ``data-action`` holds it: compact JSON, fields in the action's order."""
    return json.dumps(action, separators=(",", ":"))


def clickable(view: View, action: Json, *children: Element | None, kind: str = "target") -> Element:
    """``children`` as one part that plays ``action`` when clicked."""
    return _as_button(words(view, action), children, kind, data_action=action_json(action))


def on_click(view: View, body: Block, action: Json | None) -> Block:
    """``body`` as a part that plays ``action`` when clicked (as it is, without one), a
    dashed frame round it to show it may be."""
    if action is None:
        return body
    framed = clickable(view, action, cue(body.width, body.height), *body.items)
    return Block(body.width, body.height, (framed,))


def cue(width: float, height: float, *, x: float = 0, y: float = 0) -> Element:
    """The frame that shows a part may be clicked (behind it, a little larger)."""
    margin = CUE_MARGIN
    return el(
        "rect",
        x=x - margin,
        y=y - margin,
        width=width + 2 * margin,
        height=height + 2 * margin,
        rx=4,
        class_="cue",
    )


def picker(key: str, label: str, *children: Element | None, kind: str = "target") -> Element:
    """``children`` as one part whose click picks ``key`` (the parts shown ``when`` it)."""
    return _as_button(label, children, kind, data_pick=key)


def when(key: str, *children: Element | None) -> Element:
    """Parts shown only while ``key`` is picked."""
    return el("g", *children, class_="when", data_when=key)


def grouped(key: str, element: Element) -> Element:
    """``element`` lit up while ``key`` is picked."""
    return el("g", element, data_group=key)


def part(key: str, label: str, *children: Element | None, kind: str = "target") -> Element:
    """``children`` as one part chosen (or let go) by a click, toward the actions whose
    parts include ``key``."""
    return _as_button(label, children, kind, data_part=key)


def combo(view: View, action: Json, parts: Sequence[str]) -> Element:
    """``action`` as the parts that choose it (no picture of its own)."""
    label = words(view, action)
    return el(
        "g", el("title", label), class_="combo", data_action=action_json(action), data_parts=" ".join(parts)
    )


def spot(view: View, action: Json, centre: tuple[float, float], size: float, variant: int) -> Element:
    """A placement of ``variant`` whose piece is centred on ``centre``: a ``size`` square
    there to click (placements of one variant lie whole steps apart, so theirs never
    overlap), its centre for the ghost."""
    x, y = centre
    square = el("rect", x=x - size / 2, y=y - size / 2, width=size, height=size, class_="spot-area")
    return _as_button(
        words(view, action),
        [square],
        "spot",
        data_action=action_json(action),
        data_variant=str(variant),
        data_centre=f"{num(x)} {num(y)}",
    )


def ghost(variant: int, *children: Element) -> Element:
    """The piece as it would lie in ``variant``, drawn centred on ``(0, 0)``: the page
    moves it to the spot nearest the pointer."""
    return el("g", *children, class_="ghost", data_ghost=str(variant), aria_hidden="true")


def rotate_button(label: str) -> Block:
    """The button that turns the piece to the next variant (the R key does too)."""
    return _button(label, data_rotate="next")


def buttons(view: View) -> Block | None:
    """The seat's choices that have no field to point at (``end the activations``,
    ``keep your cover cards``, ``pass``), each as a button, if it has any."""
    plain = [action for action in view.choices if len(action) == 1]
    if not plain:
        return None
    return row(
        [_button(words(view, action), data_action=action_json(action)) for action in plain],
        10,
    )


def _button(label: str, **data: str) -> Block:
    """A rounded button with ``label`` on it (its width estimated, as every text's)."""
    width = 16 + len(label) * SMALL * 0.6
    shape = el(
        "rect",
        x=0.5,
        y=0.5,
        width=width - 1,
        height=BUTTON_HEIGHT - 1,
        rx=6,
        fill="#ffffff",
        stroke=ACCENT,
        stroke_width=1.5,
    )
    words_on_it = text(width / 2, BUTTON_HEIGHT / 2 + 4, label, size=SMALL, anchor="middle", fill=ACCENT)
    return Block(width, BUTTON_HEIGHT, (_as_button(label, [shape, words_on_it], "button", **data),))

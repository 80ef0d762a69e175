"""Actions and events in words, the same way for every game from its :class:`Look`: an
action in a line (its template and what it acts on) or in a few characters, and the news
of a step (a line per event its game tells).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from .view import Json, View


def describe_action(action: Json, view: View, player: int) -> str:
    """One line for ``player``'s action (its JSON), for prompts and logs; ``view`` (as
    the action is chosen) names what it takes, covers or activates."""
    kind, fields = _wording_fields(action, view)
    words = action_words(action, view)
    return words + view.look.context(kind, fields, view, player) if kind in view.look.templates else words


def action_words(action: Json, view: View, templates: Mapping[str, str] | None = None) -> str:
    """An action (its JSON) in the words of its template alone (the look's, or one of
    ``templates``), without what it acts on: what the log says of a step long after the
    position it was chosen in is gone."""
    kind, fields = _wording_fields(action, view)
    template = (view.look.templates if templates is None else templates).get(kind)
    if template is None:  # a kind of a house rule
        return " ".join([kind, *(f"{k}={v}" for k, v in action.items() if k != "kind")])
    return template.format(**fields)


def _wording_fields(action: Json, view: View) -> tuple[str, dict[str, Any]]:
    """An action's kind, and its fields with those its words derive from them."""
    fields = dict(action)
    kind = str(fields.pop("kind"))
    fields.update(_derived(fields))
    fields.update(view.look.wording(fields))
    return kind, fields


#: The numeric fields that words and pages count from 1 (``slot 1``), as the rulebooks
#: do; the action JSON counts them from 0.
COUNTED_FROM_ONE: Final = ("slot", "card", "pile")


def _derived(fields: Mapping[str, Any]) -> dict[str, Any]:
    """Wording fields every game may use: 1-based slot, card and pile (``slot1``...), a
    gem with its article (a game's own come from its look's ``wording``)."""
    derived: dict[str, Any] = {f"{name}1": fields[name] + 1 for name in COUNTED_FROM_ONE if name in fields}
    if "gem" in fields:
        gem = str(fields["gem"])
        derived["a_gem"] = "no gem (its gem area is empty)" if gem == "none" else a_gem(gem)
    return derived


def a_gem(kind: str) -> str:
    """``a red gem``, ``an orange gem``."""
    return f"{'an' if kind[:1] in tuple('aeiou') else 'a'} {kind} gem"


def action_label(action: Json, view: View) -> str:
    """An action in a few characters, in the game's words, for long lists of choices."""
    return view.look.label(action, view)


def field_label(action: Json, view: View) -> str:
    """A place as ``x3 y4 90°``, any other action as its field values: ``B red TL``."""
    if action["kind"] == "place":
        return f"x{action['x']} y{action['y']} {action['rot'] * 90}°"
    values = [str(value) for name, value in action.items() if name != "kind"]
    return " ".join(values) if values else str(action["kind"]).replace("_", " ")


def news(view: View) -> list[str]:
    """Lines for what the last step did beside the actions, as the seat saw it: a lost
    turn, the Legend's moves, the marks of an expedition card once all are made..."""
    return view.look.news(view)


def told(view: View) -> list[str]:
    """A line per event of the last step that the game has a teller for; other events give none."""
    tellers = view.look.tellers
    return [tellers[event["type"]](event, view) for event in view.latest if event["type"] in tellers]

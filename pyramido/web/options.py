"""A game's options as the web page offers them: the JSON Schema its plugin registers
(``pyramido_register_options``), which the start page makes form fields of, and against
which a new game's options are checked before the game is made, so that a mistake is
told in the page's terms (the option and its values), not a command line's. An option
may name the player counts it is for (``"x-players": {"min": 1, "max": 1}``: a solo
mode): the page offers it only for those, and refuses it for others.
"""

from __future__ import annotations

from typing import Any

from ..engine.ruleset import Ruleset
from ..engine.schema_check import schema_problem, validator_of
from ..errors import PyramidoError, brief

NO_OPTIONS: dict[str, Any] = {"type": "object", "properties": {}, "additionalProperties": False}


class OptionError(PyramidoError):
    """Options a game does not take, saying which and what it takes."""


def option_schema(ruleset: Ruleset) -> dict[str, Any]:
    """The schema of the options of ``ruleset``'s game (none: an object without any)."""
    found = ruleset.registered("pyramido_register_options").get(ruleset.game)
    return NO_OPTIONS if found is None else dict(found.thing)


def check_options(ruleset: Ruleset, options: object, players: int) -> None:
    """Refuse ``options`` (a new game's of ``players``, as a page sent them: ``None`` for
    none) that the schema does not allow, naming the option and the values it takes."""
    if options is None:
        return
    schema = option_schema(ruleset)
    known = schema.get("properties", {})
    if isinstance(options, dict):
        for name in options:
            counts = known.get(name, {}).get("x-players")
            if counts and not counts["min"] <= players <= counts["max"]:
                allowed = (
                    str(counts["min"])
                    if counts["min"] == counts["max"]
                    else f"{counts['min']}-{counts['max']}"
                )
                raise OptionError(f"options.{name}: only for {allowed} player(s), not {players}")
    if isinstance(options, dict) and schema.get("additionalProperties") is False:
        unknown = sorted(set(options) - set(known))
        if unknown:
            offered = ", ".join(known) or "none"
            raise OptionError(
                f"options: {ruleset.id} has no option {brief(unknown[0])} (its options: {offered})"
            )
    problem = schema_problem(validator_of(schema), options)
    if problem is None:
        return
    path, message = problem
    name = str(path[0]) if path else ""
    if isinstance(options, dict) and name in known and "enum" in known[name]:
        values = ", ".join(map(str, known[name]["enum"]))
        message = f"{brief(options[name])} is not one of {values}"
    raise OptionError(f"options{'.' + name if name else ''}: {message}")

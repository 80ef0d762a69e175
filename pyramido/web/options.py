"""A game's options as the web page offers them: the JSON Schema its plugin registers
(``pyramido_register_options``), which the start page makes form fields of, and against
which a new game's options are checked before the game is made, so that a mistake is
told in the page's terms (the option and its values), not a command line's.
"""

from __future__ import annotations

from typing import Any

from ..engine.ruleset import Ruleset
from ..engine.schema_check import schema_problem, validator_of
from ..errors import PyramidoError

NO_OPTIONS: dict[str, Any] = {"type": "object", "properties": {}, "additionalProperties": False}


class OptionError(PyramidoError):
    """Options a game does not take, saying which and what it takes."""


def option_schema(ruleset: Ruleset) -> dict[str, Any]:
    """The schema of the options of ``ruleset``'s game (none: an object without any)."""
    found = ruleset.registered("pyramido_register_options").get(ruleset.game)
    return NO_OPTIONS if found is None else dict(found.thing)


def check_options(ruleset: Ruleset, options: object) -> None:
    """Refuse ``options`` (a new game's, as a page sent them: ``None`` for none) that the
    schema does not allow, naming the option and the values it takes."""
    if options is None:
        return
    schema = option_schema(ruleset)
    problem = schema_problem(validator_of(schema), options)
    if problem is None:
        return
    path, message = problem
    known = schema.get("properties", {})
    name = str(path[0]) if path else ""
    if name in known and "enum" in known[name]:
        message = f"{options[name]!r} is not one of {', '.join(map(str, known[name]['enum']))}"  # type: ignore[index]
    elif not name:
        offered = ", ".join(known) or "none"
        message = f"{message} (the options of {ruleset.id}: {offered})"
    raise OptionError(f"options{'.' + name if name else ''}: {message}")

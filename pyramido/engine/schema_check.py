"""Strict validation against JSON Schemas: the shipped ones, and those a ruleset's plugins
make up (which may refer to the shipped ones by ``$id``).

JSON Schema calls ``0.0`` an integer and Python calls ``True`` one; the validators here
mean ``int`` by "integer" and ``int`` or ``float`` by "number", never ``bool``
(:func:`pyramido.engine.strict_json.is_int`). Imported only when something is validated: jsonschema
costs more to import than the rest of the package.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import jsonschema
from referencing import Registry, Resource

from ..errors import CLIP, brief, clip
from ..resources import folder, schema
from .strict_json import is_int


@cache
def registry() -> Registry[Any]:
    """Every shipped schema by its ``$id``, so that schemas may refer to one another."""
    found: Registry[Any] = Registry()
    for entry in folder("schemas").iterdir():
        if entry.name.endswith(".schema.json"):
            contents = schema(entry.name.removesuffix(".schema.json"))
            found = found.with_resource(contents["$id"], Resource.from_contents(contents))
    return found


@cache
def validator(name: str) -> jsonschema.protocols.Validator:
    """A strict validator for a shipped schema."""
    return validator_of(schema(name))


def validator_of(contents: Any) -> jsonschema.protocols.Validator:
    """A strict validator for any schema (one a ruleset's plugins make up), which may
    refer to the shipped schemas."""
    strict: jsonschema.protocols.Validator = _StrictValidator(contents, registry=registry())
    return strict


_StrictValidator = jsonschema.validators.extend(  # type: ignore[no-untyped-call]  # jsonschema: untyped
    jsonschema.Draft202012Validator,
    type_checker=jsonschema.Draft202012Validator.TYPE_CHECKER.redefine_many(
        {
            "integer": lambda _, value: is_int(value),
            "number": lambda _, value: is_int(value) or type(value) is float,
        }
    ),
)


def schema_problem(
    name: str | jsonschema.protocols.Validator, instance: Any
) -> tuple[list[str | int], str] | None:
    """The most telling way ``instance`` breaks a schema (a shipped one by name, or a
    validator): the path of the value at fault and a short message; ``None`` when it is
    valid.

    Inside an if/then or a oneOf, the deepest error of the branch is the specific one. The
    instance must be a plain JSON value (:func:`pyramido.engine.strict_json.check_value`): the
    validator recurses and quotes values.
    """
    checker = validator(name) if isinstance(name, str) else name
    error = jsonschema.exceptions.best_match(checker.iter_errors(instance))
    if error is None:
        return None
    error = max(error.context or [error], key=lambda e: len(e.absolute_path))
    choice = error.parent
    if (
        choice is not None
        and choice.validator in ("oneOf", "anyOf")
        and choice.absolute_path == error.absolute_path
    ):
        # a value none of the alternatives takes (not one that fails inside one of them):
        # saying that it is not the type of one of them misleads, so name them all
        allowed = " or ".join(_allowed(alternative) for alternative in choice.validator_value)
        return list(error.absolute_path), f"{brief(error.instance)} is none of those allowed here: {allowed}"
    message = error.message
    if len(message) > CLIP:  # a long value quoted whole: quote it short
        message = clip(message.replace(repr(error.instance), brief(error.instance)))
    return list(error.absolute_path), message


_TYPES = {"null": "null", "boolean": "true or false", "integer": "an integer", "number": "a number"}
_TYPES.update({"string": "a string", "array": "an array", "object": "an object"})


def _allowed(alternative: Any) -> str:
    """An alternative of a ``oneOf`` in words: its type, bounds and ``description``."""
    if not isinstance(alternative, dict):
        return "a value of the schema"
    if "const" in alternative:
        return brief(alternative["const"])
    words = _TYPES.get(str(alternative.get("type")), "a value of its schema")
    low, high = alternative.get("minimum"), alternative.get("maximum")
    if low is not None:
        words += f" from {low} to {high}" if high is not None else f" >= {low}"
    if "maxLength" in alternative:
        words += f" of at most {alternative['maxLength']} characters"
    described = alternative.get("description")
    return f"{words} ({described})" if described else words

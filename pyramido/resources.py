"""Where the shipped rulesets and schemas are, installed or in a source checkout, and the
strict validators of those schemas.

In a wheel they are the packages ``pyramido.rulesets`` and ``pyramido.schemas`` (the
top-level ``rulesets/`` and ``schemas/`` folders, mapped by pyproject.toml); in a checkout
used without installing, they are those folders themselves.

JSON Schema calls ``0.0`` an integer and Python calls ``True`` one; the validators here
mean ``int`` by "integer" and ``int`` or ``float`` by "number", never ``bool``
(:func:`pyramido.strict_json.is_int`).
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

import jsonschema
from referencing import Registry, Resource

from .errors import CLIP, brief, clip
from .strict_json import is_int

_CHECKOUT = Path(__file__).resolve().parent.parent


def folder(kind: str) -> Traversable:
    """The folder of shipped ``rulesets`` or ``schemas``."""
    try:
        found = resources.files(f"pyramido.{kind}")
        if found.is_dir() and any(True for _ in found.iterdir()):
            return found
    except ModuleNotFoundError:
        pass
    return _CHECKOUT / kind


@cache
def schema(name: str) -> dict[str, Any]:
    """A shipped JSON Schema by file stem (``ruleset``, ``game-record``, ...)."""
    data: dict[str, Any] = json.loads((folder("schemas") / f"{name}.schema.json").read_text("utf-8"))
    return data


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


_StrictValidator = jsonschema.validators.extend(  # type: ignore[no-untyped-call]
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
    instance must be a plain JSON value (:func:`pyramido.strict_json.check_value`): the
    validator recurses and quotes values.
    """
    checker = validator(name) if isinstance(name, str) else name
    error = jsonschema.exceptions.best_match(checker.iter_errors(instance))
    if error is None:
        return None
    error = max(error.context or [error], key=lambda e: len(e.absolute_path))
    message = error.message
    if len(message) > CLIP:  # a long value quoted whole: quote it short
        message = clip(message.replace(repr(error.instance), brief(error.instance)))
    return list(error.absolute_path), message


HOUSE_RULES = "house-rules"  # the folder of the shipped house rules, beside the games


@cache
def shipped_rulesets() -> dict[str, Traversable]:
    """Every shipped ruleset file by id (its file stem): the games, then the house rules."""
    found: dict[str, Traversable] = {}
    for where in (folder("rulesets"), folder("rulesets") / HOUSE_RULES):
        for entry in sorted(where.iterdir(), key=lambda e: e.name) if where.is_dir() else ():
            if entry.name.endswith(".yaml"):
                assert entry.name not in found, f"two shipped rulesets are called {entry.name}"
                found[entry.name.removesuffix(".yaml")] = entry
    return found


def house_rules_folder() -> Path:
    """Where the shipped house rules' plugin files are: trusted code, shipped with the
    package (a ruleset file the user passes names its own files beside it)."""
    return Path(str(folder("rulesets") / HOUSE_RULES))

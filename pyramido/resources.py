"""Where the shipped rulesets and schemas are, installed or in a source checkout.

In a wheel they are the packages ``pyramido.rulesets`` and ``pyramido.schemas`` (the
top-level ``rulesets/`` and ``schemas/`` folders, mapped by pyproject.toml); in a checkout
used without installing, they are those folders themselves.
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
def validator(name: str) -> jsonschema.protocols.Validator:
    """A validator for a shipped schema, resolving references between shipped schemas."""
    registry: Registry[Any] = Registry()
    for entry in folder("schemas").iterdir():
        if entry.name.endswith(".schema.json"):
            contents = schema(entry.name.removesuffix(".schema.json"))
            registry = registry.with_resource(contents["$id"], Resource.from_contents(contents))
    return jsonschema.Draft202012Validator(schema(name), registry=registry)


def shipped_rulesets() -> dict[str, Traversable]:
    """Every shipped ruleset file by id (its file stem)."""
    return {
        entry.name.removesuffix(".yaml"): entry
        for entry in sorted(folder("rulesets").iterdir(), key=lambda e: e.name)
        if entry.name.endswith(".yaml")
    }

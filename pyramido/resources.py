"""Where the shipped rulesets and schemas are, installed or in a source checkout.

In a wheel they are the packages ``pyramido.rulesets`` and ``pyramido.schemas`` (the
top-level ``rulesets/`` and ``schemas/`` folders, mapped by pyproject.toml); in a checkout
used without installing, they are those folders themselves. Validating against the
schemas is :mod:`pyramido.engine.schema_check`'s job, kept apart so that ``import pyramido``
does not load jsonschema.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

_CHECKOUT = Path(__file__).resolve().parent.parent


def folder(kind: str) -> Traversable:
    """The folder of shipped ``rulesets`` or ``schemas``."""
    from importlib import resources  # when first asked: a fifth of `import pyramido` else

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

"""The API reference: ``pyramido.plugin`` names every type a hook receives or returns (and
every type a game's views hold), and the site built from the docstrings (``mkdocs build
--strict``: a warning fails) renders every one of them, every hook, and every form of an
event and of a score line."""

from __future__ import annotations

import dataclasses
import importlib
import os
import subprocess
import sys
import zlib
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any, get_args, get_type_hints

import pytest
from forms import FORMS

import pyramido.plugin
from pyramido import Game
from pyramido.engine import hookspecs
from pyramido.engine.views import LazyDetail

ROOT = Path(__file__).resolve().parent.parent
HOOKSPECS = [
    hookspecs,
    *(
        importlib.import_module(f"pyramido.games.{path.parent.name}.hookspecs")
        for path in sorted((ROOT / "pyramido" / "games").glob("*/hookspecs.py"))
    ),
]
VIEWS = sorted((ROOT / "pyramido" / "games").glob("*/views.py"))
EXPORTED = {id(value) for value in vars(pyramido.plugin).values()}
GAMES = {"pyramido": 2, "forgotten-treasures": 1, "silver-gold-pyramids": 2}


def _hooks(module: ModuleType) -> Iterator[Any]:
    return (value for value in vars(module).values() if hasattr(value, "pyramido_spec"))


def _own_types(hint: Any) -> Iterator[type]:
    """The package's classes named in a type hint (``list[ScoreLine] | None``: ``ScoreLine``)."""
    if isinstance(hint, type) and hint.__module__.startswith("pyramido."):
        yield hint
    for arg in get_args(hint):
        yield from _own_types(arg)


def _held(cls: type, known: set[type] | None = None) -> set[type]:
    """``cls`` and the package's classes a view's public fields and properties hold (a view:
    a frozen dataclass or a named tuple), and theirs, and so on."""
    known = set() if known is None else known
    known.add(cls)
    frozen = dataclasses.is_dataclass(cls) and cls.__dataclass_params__.frozen  # type: ignore[attr-defined]
    if frozen or hasattr(cls, "_fields"):
        hints = [hint for name, hint in get_type_hints(cls).items() if not name.startswith("_")]
        hints += [get_type_hints(v.fget).get("return") for v in vars(cls).values() if isinstance(v, property)]
        for found in {found for hint in hints for found in _own_types(hint)} - known:
            _held(found, known)
    return known


def test_the_hookspec_modules_are_found() -> None:
    """The engine's, and each game folder's: the pyramid's and the three games'."""
    games = {module.__name__.split(".")[2] for module in HOOKSPECS[1:]}
    assert games == {"pyramids", "pyramido", "forgotten_treasures", "silver_gold"}
    assert all(any(_hooks(module)) for module in HOOKSPECS)


@pytest.mark.parametrize("module", HOOKSPECS, ids=lambda module: module.__name__)
def test_pyramido_plugin_names_every_type_a_hook_receives_or_returns(module: ModuleType) -> None:
    """Every annotation of every hook resolves with the names of ``pyramido.plugin`` alone
    (the hookspec modules import their types for type checking only), to the very classes
    the package uses, and so does every type those hold."""
    for hook in _hooks(module):
        hints = get_type_hints(hook, globalns=vars(module), localns=vars(pyramido.plugin))
        for hint in hints.values():
            for cls in _own_types(hint):
                missing = sorted(c.__qualname__ for c in _held(cls) if id(c) not in EXPORTED)
                assert not missing, f"{hook.__name__}: pyramido.plugin does not export {missing}"


@pytest.mark.parametrize(("game_id", "players"), GAMES.items())
def test_pyramido_plugin_names_every_view_of_each_game(game_id: str, players: int) -> None:
    """What ``game.seat(p)`` and ``game.table()`` return (hooks read them, and bots), a
    seat's ``position`` (what ``pyramido_score_stage`` scores), and every type they hold."""
    game = Game(game_id, players, 1)
    views = {type(game.seat(0)), type(game.table()), type(game.seat(0).position)}
    held = {found for cls in views for found in _held(cls)}
    missing = sorted(c.__qualname__ for c in held if id(c) not in EXPORTED)
    assert not missing, f"pyramido.plugin does not export {missing}"


@pytest.mark.parametrize(
    "module", ["pyramido.engine.views", *(f"pyramido.games.{p.parent.name}.views" for p in VIEWS)]
)
def test_pyramido_plugin_names_every_view_class(module: str) -> None:
    """Every public class of the engine's and each game's ``views`` module (but the lazy
    detail of a score line, which a plugin reads as the ``Mapping`` it is)."""
    classes = [
        value
        for name, value in vars(importlib.import_module(module)).items()
        if isinstance(value, type) and value.__module__ == module and not name.startswith("_")
    ]
    missing = sorted(c.__name__ for c in classes if id(c) not in EXPORTED and c is not LazyDetail)
    assert classes and not missing, f"pyramido.plugin does not export {missing}"


def test_the_reference_builds_strictly_and_renders_every_name_hook_and_form(tmp_path: Path) -> None:
    """The site, built from the repository the tests run in (its package first on the path)
    with ``--strict``, documents every name of ``pyramido.plugin``, every hook and every form
    of an event and a score line (one test: one build, whichever worker runs it)."""
    path = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(tmp_path / "site")],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": path},
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    header, _, body = (tmp_path / "site" / "objects.inv").read_bytes().partition(b"zlib.\n")
    assert header.startswith(b"# Sphinx inventory version 2"), header
    inventory = {line.split(" ", 1)[0] for line in zlib.decompress(body).decode().splitlines()}
    names = [f"pyramido.plugin.{name}" for name in pyramido.plugin.__all__]
    hooks = [f"{module.__name__}.{hook.__name__}" for module in HOOKSPECS for hook in _hooks(module)]
    forms = [f"{form.__module__}.{form.__name__}" for each in FORMS.values() for form in (*each[0], *each[1])]
    missing = sorted({*names, *hooks, *forms} - inventory)
    assert not missing, f"add them to a page of docs/reference/: {missing}"

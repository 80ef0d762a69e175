"""A plugin's hook answers checked where they enter, against the hookspec's return type.

A house rule that answers a hook with the wrong shape (one ``ScoreLine`` where a list is
due, a seat that does not exist, ``"3"`` for ``3``) would otherwise fail later, in
another plugin's code (an ``IndexError`` in a rule step), and be blamed on it. Each answer
of a plugin other than the game's own (whose answers its tests check) is held against the
hookspec's return annotation as it leaves the hook: the error names the plugin, the hook
and what was wrong, and the game is rolled back as for any failure of an action.

The annotations are read from the hookspec's source text, names imported only for the
type checker included (found where the module's source imports them from; a name found
nowhere is matched by name along the answer's class hierarchy, or taken as a plain tuple:
it may be a named tuple's). A named tuple may be answered as a plain tuple of its fields.
"""

from __future__ import annotations

import ast
import builtins
import functools
import importlib
import importlib.util
import inspect
import sys
import types
import typing
from collections.abc import Callable
from typing import Annotated, Any, Union

from ..errors import brief

#: ``Annotated[int, SEAT]``: a seat of the game the hook is asked about (its first
#: argument), ``0 <= seat < game.num_players``.
SEAT = "seat"
Seat = Annotated[int, SEAT]

#: ``check(answer, args)``: what is wrong with ``answer`` (the hook called with ``args``),
#: or ``None``.
Check = Callable[[Any, tuple[Any, ...]], "str | None"]


def answer_check(spec: Callable[..., Any]) -> Check | None:
    """How to check the answers to the hook ``spec`` declares (``None``: anything goes)."""
    annotation = spec.__annotations__.get("return")
    try:
        hint = (
            eval(annotation, {}, _Names(sys.modules[spec.__module__]))
            if isinstance(annotation, str)
            else annotation
        )
    except Exception:  # a form this reading cannot evaluate (another game's hookspec): unchecked
        return None
    if hint is None or hint is Any:
        return None

    def check(answer: Any, args: tuple[Any, ...]) -> str | None:
        return _problem(answer, hint, args)

    return check


class _Names(dict[str, Any]):
    """The names an annotation may use: the hookspec module's, the builtins, ``typing``'s,
    and, for a name only imported for the type checker, a class matched by name."""

    def __init__(self, module: types.ModuleType) -> None:
        super().__init__({**vars(typing), **vars(builtins), **vars(module)})
        self.module = module

    def __missing__(self, name: str) -> type:
        where = _checker_imports(self.module.__name__).get(name)
        found = getattr(importlib.import_module(where[0]), where[1], None) if where else None
        return found if isinstance(found, type) else type(name, (_ByName,), {})


@functools.cache
def _checker_imports(module: str) -> dict[str, tuple[str, str]]:
    """The names ``module`` imports with ``from ... import``, those for the type checker
    alone included: each name's module and attribute (read from its source)."""
    found = {}
    for node in ast.walk(ast.parse(inspect.getsource(sys.modules[module]))):
        if isinstance(node, ast.ImportFrom):
            base = importlib.util.resolve_name(
                "." * node.level + (node.module or ""), sys.modules[module].__package__
            )
            for alias in node.names:
                found[alias.asname or alias.name] = (base, alias.name)
    return found


class _ByName:
    """A class known by its name only: an answer matches when its class, or one of its
    bases, has that name."""


def _problem(answer: Any, hint: Any, args: tuple[Any, ...]) -> str | None:
    """What is wrong with ``answer`` as a value of type ``hint`` (``args``: the hook's)."""
    form, *parts = _form(hint)
    if form == "any":
        return None
    if form == "none":
        return None if answer is None else f"expected None, got {_kind(answer)}"
    if form == "union":
        options = parts[0] if answer is None else parts[1]
        problems = [_problem(answer, option, args) for option in options]
        if all(problems):
            return " or ".join(sorted({p for p in problems if p}))
        return None
    if form == "annotated":
        base, seat = parts
        return _problem(answer, base, args) or (_seat_problem(answer, args) if seat else None)
    if form == "container":
        return _container_problem(answer, hint, parts[0], args)
    if form == "by_name":  # a plain tuple may be a named tuple's
        names = {cls.__name__ for cls in type(answer).__mro__}
        if hint.__name__ in names or type(answer) is tuple:
            return None
        return f"expected {_a(hint.__name__)}, got {_kind(answer)}"
    if form == "named_tuple":
        return _named_tuple_problem(answer, hint, args)
    if form == "int":  # a bool is an int to Python, never to a rule
        return None if type(answer) is int else f"expected an int, got {_kind(answer)}"
    return None if isinstance(answer, hint) else f"expected {_a(hint.__name__)}, got {_kind(answer)}"


@functools.cache
def _form(hint: Any) -> tuple[Any, ...]:
    """What kind of type ``hint`` is, with its parts: read once per hint (``typing``'s
    introspection costs more than the check it serves)."""
    origin = typing.get_origin(hint)
    if hint is Any or hint is object:
        return ("any",)
    if hint is None or hint is type(None):
        return ("none",)
    if origin in (Union, types.UnionType):
        options = typing.get_args(hint)
        return ("union", options, tuple(o for o in options if o is not type(None)))
    if origin is Annotated:
        base, *marks = typing.get_args(hint)
        return ("annotated", base, SEAT in marks)
    if origin in (list, tuple, dict):
        return ("container", origin)
    if isinstance(hint, type) and issubclass(hint, _ByName):
        return ("by_name",)
    if isinstance(hint, type) and issubclass(hint, tuple) and hasattr(hint, "_fields"):
        return ("named_tuple",)
    if hint is int:
        return ("int",)
    if isinstance(hint, type):
        return ("type",)
    return ("any",)  # a form the hookspecs do not use: not checked


def _container_problem(answer: Any, hint: Any, origin: Any, args: tuple[Any, ...]) -> str | None:
    if not isinstance(answer, origin):
        return f"expected {_a(origin.__name__)}, got {_kind(answer)}"
    items = _items(hint)
    if not items:
        return None
    if origin is dict:
        for key, value in answer.items():
            problem = _problem(key, items[0], args) or _problem(value, items[1], args)
            if problem:
                return f"at key {brief(key)}: {problem}"
        return None
    if origin is tuple and items[-1] is not Ellipsis:
        if len(answer) != len(items):
            return f"expected a tuple of {len(items)}, got one of {len(answer)}"
        hints = list(items)
    else:
        hints = [items[0]] * len(answer)
    for at, (item_hint, item) in enumerate(zip(hints, answer)):  # noqa: B905 (hot path: equal lengths)
        problem = _problem(item, item_hint, args)
        if problem:
            return f"item {at}: {problem}"
    return None


@functools.cache
def _items(hint: Any) -> tuple[Any, ...]:
    return typing.get_args(hint)


def _named_tuple_problem(answer: Any, hint: type, args: tuple[Any, ...]) -> str | None:
    """A named tuple, or a plain tuple of its fields in order (what a rule may write)."""
    fields = typing.get_type_hints(hint)
    if not isinstance(answer, tuple) or len(answer) != len(fields):
        return f"expected {_a(hint.__name__)} ({', '.join(fields)}), got {_kind(answer)}"
    for (field, field_hint), value in zip(fields.items(), answer, strict=True):
        problem = _problem(value, field_hint, args)
        if problem:
            return f"{hint.__name__}.{field}: {problem}"
    return None


def _seat_problem(answer: int, args: tuple[Any, ...]) -> str | None:
    players = getattr(args[0], "num_players", None) if args else None
    if players is None or 0 <= answer < players:
        return None
    return f"seat {answer} does not exist in a {players}-player game (seats 0..{players - 1})"


def _kind(value: Any) -> str:
    return f"{type(value).__name__} {brief(value)}"


def _a(name: str) -> str:
    return f"an {name}" if name[:1] in "aeiouAEIOU" else f"a {name}"

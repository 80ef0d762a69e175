"""JSON values as the engine accepts them at its boundaries, strictly.

Python is lax where the engine must not be: ``True == 1``, ``0.0 == 0``, ``Decimal(0) ==
0``, and JSON Schema calls ``0.0`` an integer. A record whose ``0`` became ``false`` would
then replay as verified, and a seat ``0.0`` would be taken and crash later. So every value
that comes from outside (action JSON, records, game options) goes through this module:

* :func:`is_int` is the one test of "an integer": a plain ``int``, never a ``bool``;
* :func:`check_value` accepts only plain JSON values (``dict`` with ``str`` keys, ``list``,
  ``str``, ``int``, finite ``float``, ``bool``, ``None``), nested at most
  :data:`MAX_DEPTH` deep, integers of at most :data:`MAX_INT_DIGITS` digits;
* :func:`loads` parses JSON text to such a value (no NaN, no duplicate keys, no huge
  numbers, no deep nesting);
* :func:`same` compares two values with their types (``False`` is not ``0``);
* :func:`json_path` writes where a value is, as ``$.steps[3].player``.

Problems raise :class:`JsonValueError` with the JSON path; callers re-raise it as their own
error (a :class:`~pyramido.engine.record.RecordError`, an
:class:`~pyramido.engine.actions.ActionFormatError`...).
"""

from __future__ import annotations

import json
import math
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, TypeGuard

from ..errors import PyramidoError, brief, clip

MAX_DEPTH = 64  # records nest 7 deep; nothing legitimate comes near
MAX_INT_DIGITS = 20  # a seed is below 2**64 (20 digits); no count or score comes near
INT_LIMIT = 10**MAX_INT_DIGITS
TOO_MANY_DIGITS = f"a number of more than {MAX_INT_DIGITS} digits"


class JsonValueError(PyramidoError, ValueError):
    """A value is not a plain JSON value the engine accepts; ``path`` says where."""

    def __init__(self, reason: str, path: str = "$") -> None:
        super().__init__(f"at {path}: {reason}")
        self.reason, self.path = reason, path


def is_int(value: object) -> TypeGuard[int]:
    """Whether ``value`` is an integer: a plain ``int`` (not a ``bool``, ``float`` or ``Decimal``)."""
    return type(value) is int


def json_path(path: Iterable[str | int]) -> str:
    """``$.steps[3].player``; a long key is cut (keys come from input too)."""
    out = "$"
    for step in path:
        out += f"[{step}]" if isinstance(step, int) else f".{clip(step, 40)}"
    return out


@dataclass(frozen=True)
class _Refused:
    """Stands in, during :func:`loads`, for a token JSON parsing must refuse, so that
    :func:`check_value` reports it with its path."""

    reason: str


def check_value(value: object, path: tuple[str | int, ...] = ()) -> None:
    """Raise :class:`JsonValueError` unless ``value`` is a plain JSON value (see the module).

    Iterative, so that deep nesting is reported, not a ``RecursionError``.
    """
    stack: list[tuple[object, tuple[str | int, ...]]] = [(value, path)]
    while stack:
        item, where = stack.pop()
        if len(where) > MAX_DEPTH:
            raise JsonValueError(f"nested deeper than {MAX_DEPTH} levels", json_path(where[:MAX_DEPTH]))
        if isinstance(item, _Refused):
            raise JsonValueError(item.reason, json_path(where))
        kind = type(item)
        if kind is dict:
            assert isinstance(item, dict)
            for key, child in item.items():
                if type(key) is not str:
                    raise JsonValueError(f"key {brief(key)} is not a string", json_path(where))
                stack.append((child, (*where, key)))
        elif kind is list:
            assert isinstance(item, list)
            stack.extend((child, (*where, i)) for i, child in enumerate(item))
        elif kind is int:
            assert isinstance(item, int)
            if not -INT_LIMIT < item < INT_LIMIT:
                raise JsonValueError(TOO_MANY_DIGITS, json_path(where))
        elif kind is float:
            assert isinstance(item, float)
            if not math.isfinite(item):
                raise JsonValueError(f"{item} is not a JSON number", json_path(where))
        elif kind not in (str, bool, type(None)):
            raise JsonValueError(f"{brief(item)} is not a JSON value", json_path(where))


def loads(text: str) -> Any:
    """Parse JSON text strictly (see the module); raise :class:`JsonValueError`."""
    try:
        value = json.loads(
            text,
            parse_int=_parse_int,
            parse_float=_parse_float,
            parse_constant=lambda name: _Refused(f"{name} is not a JSON number"),
            object_pairs_hook=_object,
        )
    except json.JSONDecodeError as exc:
        raise JsonValueError(f"not JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}") from None
    except RecursionError:
        raise JsonValueError(f"nested deeper than {MAX_DEPTH} levels") from None
    check_value(value)
    return value


def _parse_int(digits: str) -> int | _Refused:
    if len(digits.lstrip("-")) > MAX_INT_DIGITS:
        return _Refused(TOO_MANY_DIGITS)
    return int(digits)


def _parse_float(text: str) -> float | _Refused:
    number = float(text)
    return number if math.isfinite(number) else _Refused(f"{brief(text)} is too large a number")


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any] | _Refused:
    out = dict(pairs)
    if len(out) != len(pairs):
        twice = next(key for key, count in Counter(key for key, _ in pairs).items() if count > 1)
        return _Refused(f"key {brief(twice)} given twice")
    return out


def same(a: object, b: object) -> bool:
    """``a == b`` with types compared too, all the way down: ``False`` is not ``0``, ``1.0``
    is not ``1``. Both are JSON values (see :func:`check_value`)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        assert isinstance(b, dict)
        return a.keys() == b.keys() and all(same(value, b[key]) for key, value in a.items())
    if isinstance(a, list):
        assert isinstance(b, list)
        return len(a) == len(b) and all(map(same, a, b))
    return a == b

"""Every error the engine raises, so that callers can catch one family and read what broke.

Each error says *what* was wrong and *where* (a rule and a decision, a file/line/JSON path,
a record step, a C core error code). None of them is raised after a state was changed:
the engine checks first and changes second.

Messages quote what the caller gave only through :func:`brief` or :func:`clip`, so that a
hostile input (a megabyte string, a 5,000-digit number, a deeply nested list) never makes
a message huge, slow or impossible to build.
"""

from __future__ import annotations

import reprlib

BRIEF = 60  # characters of a quoted value in a message
CLIP = 200  # characters of a longer text (a file name, a schema message) in a message


class PyramidoError(Exception):
    """Base of all engine errors."""


class ArgumentError(PyramidoError, ValueError):
    """An argument of the API is of the wrong type or out of range: a seat, a player count,
    a seed, game options, a ruleset reference. Types are strict: ``True`` and ``0.0`` are
    not seat 0."""


class CoreError(PyramidoError, ValueError):
    """The C core (or its reference twin) refused its input; ``code`` is the header's code."""

    def __init__(self, code: int, message: str) -> None:
        super().__init__(f"core error {code}: {message}")
        self.code = code


class _BriefRepr(reprlib.Repr):
    """``reprlib`` with few items per container and no unbounded integer."""

    def __init__(self, limit: int) -> None:
        super().__init__()
        self.maxlevel = 2
        self.maxdict = self.maxlist = self.maxtuple = self.maxset = self.maxfrozenset = 4
        self.maxstring = self.maxother = self.maxlong = limit

    def repr_int(self, x: int, level: int) -> str:
        if x.bit_length() > 4 * self.maxlong:  # repr() of a 5,000-digit int raises ValueError
            return f"<an integer of about {int(x.bit_length() * 0.30103) + 1} digits>"
        return super().repr_int(x, level)


def brief(value: object, limit: int = BRIEF) -> str:
    """``repr(value)`` cut to about ``limit`` characters, in time bounded by ``limit``.

    >>> brief("x" * 1000, 12)
    "'xxx...xxxx'"
    >>> brief(10**5000)
    '<an integer of about 5001 digits>'
    """
    return clip(_BriefRepr(limit).repr(value), limit)


def clip(text: str, limit: int = CLIP) -> str:
    """``text`` cut to ``limit`` characters (the cut marked ``...``)."""
    return text if len(text) <= limit else text[: max(limit - 3, 0)] + "..."

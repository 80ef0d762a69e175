"""Every error the engine raises, so that callers can catch one family and read what broke.

Each error says *what* was wrong and *where* (a rule and a decision, a file/line/JSON path,
a record step, a C core error code). None of them is raised after a state was changed:
the engine checks first and changes second.
"""

from __future__ import annotations


class PyramidoError(Exception):
    """Base of all engine errors."""


class CoreError(PyramidoError, ValueError):
    """The C core (or its reference twin) refused its input; ``code`` is the header's code."""

    def __init__(self, code: int, message: str) -> None:
        super().__init__(f"core error {code}: {message}")
        self.code = code

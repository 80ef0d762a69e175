"""A run's JSON files (its configuration, its chunks, its summary): written whole or not
at all, and read strictly, a file that is not what it should be said in the caller's words."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from ..engine.strict_json import JsonValueError, loads


def write_json(path: Path, value: Any) -> None:
    """Write ``value`` whole or not at all: to a temporary file, then renamed."""
    temporary = path.with_name(path.name + ".tmp")
    temporary.write_text(json.dumps(value, sort_keys=True, indent=1) + "\n", encoding="utf-8")
    os.replace(temporary, path)


def read_json(path: Path) -> Any:
    """The JSON value in ``path``, parsed strictly (:func:`pyramido.engine.strict_json.loads`); a
    file that cannot be read, is empty or is not JSON raises ``ValueError`` saying which, to
    be put in the caller's own message."""
    try:
        text = path.read_bytes().decode("utf-8")
    except OSError as exc:
        raise ValueError(f"cannot be read ({exc.strerror or exc})") from None
    except UnicodeDecodeError:
        raise ValueError("is not UTF-8 text") from None
    if not text.strip():
        raise ValueError("is empty")
    try:
        return loads(text)
    except JsonValueError as exc:
        where = "" if exc.path == "$" else f" at {exc.path}"
        raise ValueError(f"is not JSON ({exc.reason.removeprefix('not JSON: ')}{where})") from None

"""A house-rule overlay sent from the page: YAML data, never code.

The page may send a ruleset file that extends a shipped ruleset and changes its values
(``rules:``, ``players:``...). It may not name plugins (code: the person running the server
passes those, ``pyramido serve --plugin FILE``), nor extend anything but a shipped ruleset
by id (a path would make the server read its files). Within that, the file is checked as
every ruleset file is (:func:`pyramido.engine.ruleset.load_ruleset`: schema, then the game's own
checks), and a mistake is reported with the file's name, the line and the JSON path.
"""

from __future__ import annotations

import re
import tempfile
from pathlib import Path
from typing import Final

from ..engine.ruleset import Ruleset, RulesetError, load_ruleset
from ..errors import brief
from ..resources import shipped_rulesets

MAX_UPLOAD: Final = 1 << 20  # as a ruleset file read from disk: the most --max-overlay-bytes may be
_SAFE_NAME: Final = re.compile(r"[^A-Za-z0-9._-]+")


def ruleset_from_upload(text: str, file_name: str = "uploaded.yaml") -> Ruleset:
    """The ruleset of an uploaded overlay's ``text``; a :class:`RulesetError` naming the
    file (as the person named it), the line and what is wrong. The caller bounds the text
    (the server by ``--max-overlay-bytes``, at most :data:`MAX_UPLOAD`)."""
    from ..engine import yaml_input

    name = _SAFE_NAME.sub("_", Path(file_name).name)[:80].lstrip(".") or "uploaded.yaml"
    try:
        data = yaml_input.load(text)
    except Exception as exc:  # what the file is: let load_ruleset say it, with its line
        data = exc
    if isinstance(data, dict):
        _check_data_only(data, text, name)
    with tempfile.TemporaryDirectory(prefix="pyramido-upload-") as folder:
        path = Path(folder) / name
        path.write_text(text, encoding="utf-8", errors="surrogatepass")
        try:
            return load_ruleset(path)
        except RulesetError as exc:
            raise RulesetError(exc.reason, name, exc.line, exc.path) from None


def _check_data_only(data: dict[str, object], text: str, name: str) -> None:
    from ..engine import yaml_input

    if "plugins" in data:
        raise RulesetError(
            "a file sent from a page holds data only: plugins are code, which the person running "
            "the server passes (pyramido serve --plugin FILE, or --ruleset FILE)",
            name,
            yaml_input.line_of(text, ["plugins"]),
            "$.plugins",
        )
    base = data.get("extends")
    if not isinstance(base, str) or base not in shipped_rulesets():
        raise RulesetError(
            f"a file sent from a page extends a shipped ruleset by its id, not {brief(base)}: "
            f"{', '.join(shipped_rulesets())}",
            name,
            yaml_input.line_of(text, ["extends"]),
            "$.extends",
        )

"""The rulesets an untrusted peer may name: the shipped ones, and those the person running
a server chose (``pyramido engine --ruleset FILE``, ``pyramido serve --ruleset FILE``).

A request, a record or a web page names a ruleset by its id and never by a path, so that
nothing it sends makes the engine read a file or import code (docs/trust.md). The engine
protocol and the web server both look rulesets up here, each loaded once per catalog.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..errors import ArgumentError, brief
from ..resources import shipped_rulesets
from .record import RecordError
from .ruleset import Ruleset, load_ruleset


class Catalog:
    """Rulesets by id: ``given`` ones first, then the shipped ones, loaded with ``load`` (a
    command passes one that adds its ``--plugin`` files) the first time they are named."""

    def __init__(
        self, load: Callable[[str], Ruleset] = load_ruleset, given: Mapping[str, Ruleset] | None = None
    ) -> None:
        self._load = load
        self._given = dict(given or {})
        self._loaded: dict[str, Ruleset] = {}

    def ids(self) -> list[str]:
        """Every id a peer may name, the given ones first."""
        return list(dict.fromkeys([*self._given, *shipped_rulesets()]))

    def has(self, name: str) -> bool:
        return name in self._given or name in shipped_rulesets()

    def get(self, name: object) -> Ruleset:
        """The ruleset ``name``; an :class:`ArgumentError` listing the others if there is none."""
        if not isinstance(name, str) or not self.has(name):
            raise ArgumentError(
                f"no ruleset {brief(name)} here; a ruleset is named by the id of a shipped one or of "
                f"one given when the engine or server was started: {', '.join(sorted(self.ids()))}"
            )
        if name in self._given:
            return self._given[name]
        if name not in self._loaded:
            self._loaded[name] = self._load(name)
        return self._loaded[name]

    def add(self, ruleset: Ruleset) -> None:
        """Offer ``ruleset`` too (one a person made on a page from data only); an id that is
        taken stays the one it was."""
        if self.has(ruleset.id):
            raise ArgumentError(f"the ruleset id {brief(ruleset.id)} is taken here: give yours another id")
        self._given[ruleset.id] = ruleset

    def summary(self) -> list[dict[str, Any]]:
        """Each ruleset's id, name, game and player counts, as pages and clients list them."""
        return [
            {"id": r.id, "name": r.data["name"], "game": r.data["game"], "players": r.data["players"]}
            for r in map(self.get, self.ids())
        ]

    def of_record(self, record: object) -> Ruleset | None:
        """The ruleset ``record`` names, when a peer may name it; ``None`` when the record
        names none (it is malformed, and restoring it says how). A record naming another
        ruleset is refused: a record never chooses which files are read."""
        named = record.get("ruleset") if isinstance(record, dict) else None
        target = named.get("id") if isinstance(named, dict) else None
        if not isinstance(target, str):
            return None
        if not self.has(target):
            raise RecordError(
                f"the record names the ruleset {brief(target)}, which is not offered here: a record "
                "never chooses which files are read, so start the engine or server with it "
                "(--ruleset FILE, and --plugin FILE for a house-rule file)"
            )
        return self.get(target)


__all__ = ["Catalog"]

"""Game records: the JSON that lets anyone re-check a game, and replay that verifies it.

A record holds the ruleset (id, version, content hash), seed, player count and options,
what setup dealt, and every step: who acted, the action's JSON, and every event it caused
(tiles, stages, cells, rotations, areas scored...). :func:`replay` plays the actions again
on a fresh game and compares every event; the first difference stops it with the step.
Serialisation is canonical (sorted keys, fixed separators), so the same game gives the
same bytes.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema

from . import resources
from .actions import ActionFormatError
from .engine import Game, IllegalActionError
from .errors import PyramidoError
from .ruleset import Ruleset, json_path, load_ruleset

FORMAT = "pyramido-game-record"
FORMAT_VERSION = 1


class RecordError(PyramidoError, ValueError):
    """A record is malformed or does not match its replay; ``step`` says where (or None)."""

    def __init__(self, message: str, step: int | None = None) -> None:
        super().__init__(message if step is None else f"step {step}: {message}")
        self.step = step


def make_record(game: Game) -> dict[str, Any]:
    space = game.space
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "ruleset": {
            "id": game.ruleset.id,
            "version": game.ruleset.version,
            "hash": game.ruleset.hash,
            "plugins": game.ruleset.plugin_names,
        },
        "seed": game.seed,
        "players": game.num_players,
        "options": game.options,
        "setup": game.setup_events,
        "steps": [
            {"player": s["player"], "action": space.action(s["index"]).to_json(space), "events": s["events"]}
            for s in game.steps
        ],
        "result": game.ranking() if game.is_over else None,
    }


def dumps(record: dict[str, Any]) -> str:
    """Canonical JSON text of a record: same record, same bytes."""
    return json.dumps(record, sort_keys=True, separators=(",", ":"), ensure_ascii=True) + "\n"


def save(game: Game, path: str | Path) -> None:
    Path(path).write_text(dumps(make_record(game)), encoding="utf-8")


def load(path: str | Path) -> dict[str, Any]:
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise RecordError(f"{path}: cannot read: {exc}") from exc
    except json.JSONDecodeError as exc:
        raise RecordError(f"{path}: not JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}") from exc
    if not isinstance(data, dict):
        raise RecordError(f"{path}: a record is a JSON object")
    return data


def validate(record: dict[str, Any]) -> None:
    """Check a record against ``schemas/game-record.schema.json``."""
    validator = resources.validator("game-record")
    error = jsonschema.exceptions.best_match(validator.iter_errors(record))
    if error is not None:
        raise RecordError(f"at {json_path(list(error.absolute_path))}: {error.message}")


def replay(record: dict[str, Any], ruleset: Ruleset | str | Path | None = None) -> Game:
    """Rebuild the game of ``record`` and verify every step; return the finished game.

    ``ruleset`` defaults to the shipped ruleset named in the record; its content hash must
    match the record's, so that a record is never checked against other rules.
    """
    validate(record)
    if ruleset is None:
        ruleset = record["ruleset"]["id"]
    loaded = ruleset if isinstance(ruleset, Ruleset) else load_ruleset(ruleset)
    if loaded.hash != record["ruleset"]["hash"]:
        raise RecordError(
            f"the record was played with ruleset {record['ruleset']['id']} of hash "
            f"{record['ruleset']['hash'][:12]} and plugins {record['ruleset']['plugins']}, but {loaded.id} "
            f"has hash {loaded.hash[:12]} and plugins {loaded.plugin_names}: load the same ruleset file "
            "and house-rule plugins"
        )
    try:
        game = Game(loaded, record["players"], record["seed"], record["options"])
    except PyramidoError as exc:
        raise RecordError(f"cannot start the game: {exc}") from exc
    _compare(game.setup_events, record["setup"], "setup", None)
    for number, step in enumerate(record["steps"]):
        if game.is_over:
            raise RecordError("the game was already over", number)
        try:
            game.apply(step["action"], player=step["player"])
        except (IllegalActionError, ActionFormatError) as exc:
            raise RecordError(str(exc), number) from exc
        _compare(game.steps[-1]["events"], step["events"], "events", number)
    if not game.is_over:
        raise RecordError(
            f"the record ends before the game does (next: {game.decision})", len(record["steps"])
        )
    _compare(game.ranking(), record["result"], "result", len(record["steps"]))
    return game


def _compare(actual: Any, recorded: Any, what: str, step: int | None) -> None:
    if actual == recorded:
        return
    where = _first_difference(actual, recorded, what)
    raise RecordError(f"{where} differs from the replay", step)


def _first_difference(actual: Any, recorded: Any, path: str) -> str:
    if isinstance(actual, dict) and isinstance(recorded, dict):
        for key in sorted(set(actual) | set(recorded), key=str):
            if actual.get(key) != recorded.get(key):
                return _first_difference(actual.get(key), recorded.get(key), f"{path}.{key}")
    if isinstance(actual, list) and isinstance(recorded, list):
        for i, (a, r) in enumerate(zip(actual, recorded, strict=False)):
            if a != r:
                return _first_difference(a, r, f"{path}[{i}]")
        return f"{path} (length {len(recorded)}, replay gives {len(actual)})"
    return f"{path} (recorded {json.dumps(recorded)[:80]}, replay gives {json.dumps(actual)[:80]})"

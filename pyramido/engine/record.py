"""Game records: the JSON that lets anyone re-check a game, and how one is verified.

A record holds the ruleset (id, version, content hash, plugins, and since format version 2
each of its files with its own hash), seed, player count and options, what setup dealt,
and every step: who acted, the action's JSON, and every event it caused (tiles, stages,
cells, rotations, areas scored...). Replaying a record (:func:`verify`, behind
:func:`pyramido.engine.replay.replay`) plays the actions again on a fresh game and compares
every event, types included (``false`` is not ``0``); the first difference
stops it with the step. Serialisation is canonical (sorted keys,
fixed separators), so the same game gives the same bytes.

A game not yet over has a record too (``"result": null``): ``Game.from_record`` rebuilds its
position, verified as a finished game's is, which is how any position is saved and
restored (``Game.to_record``, ``Game.from_record``). This module does not import the game:
the game imports it.

A record is untrusted input (docs/trust.md): it is parsed strictly
(:mod:`pyramido.engine.strict_json`), validated against its schema with strict types, and it never
chooses which files are read or which code runs. Without a ruleset from the caller, replay
uses only a shipped ruleset; a ruleset file and house-rule files must be passed by the
caller, and the record's files (each by name and hash: a missing or changed one is named),
id, version, plugins and content hash are compared with them before any house-rule file
is imported.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import orjson

from .. import resources
from ..errors import PyramidoError, brief, clip
from .ruleset import Manifest, Ruleset, load_manifest, load_ruleset, read_manifest
from .strict_json import JsonValueError, check_value, json_path, loads, same

if TYPE_CHECKING:
    from .game import Game

FORMAT = "pyramido-game-record"
FORMAT_VERSION = 2  # 2 added ruleset.files; version-1 records replay as before
MAX_BYTES = 64 << 20  # a 4-player game's record is about 1 MiB


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
        "ruleset": game.ruleset.identity(),
        "seed": game.seed,
        "players": game.num_players,
        "options": game.options,
        "setup": game.setup_events,
        "steps": [
            {"player": s["player"], "action": space.action(s["index"]).to_json(space), "events": s["events"]}
            for s in game.steps
        ],
        "result": [row.to_json() for row in game.ranking()] if game.is_over else None,
    }


def dumps(record: dict[str, Any]) -> str:
    """Canonical JSON text of a record: same record, same bytes."""
    return json.dumps(record, sort_keys=True, separators=(",", ":"), ensure_ascii=True) + "\n"


def save(game: Game, path: str | Path) -> None:
    Path(path).write_text(dumps(make_record(game)), encoding="utf-8")


def load(path: str | Path) -> dict[str, Any]:
    """Read a record file: UTF-8 JSON, at most :data:`MAX_BYTES`, parsed strictly (not yet
    validated: :func:`replay` does that)."""
    name = clip(str(path))
    try:
        with open(path, "rb") as stream:
            data = stream.read(MAX_BYTES + 1)
    except (OSError, ValueError) as exc:  # ValueError: a NUL in the name
        raise RecordError(f"{name}: cannot read: {getattr(exc, 'strerror', None) or exc}") from None
    try:
        return parse(data)
    except RecordError as exc:
        raise RecordError(f"{name}: {exc}") from None


def parse(data: bytes | bytearray | memoryview | str) -> dict[str, Any]:
    """A record from its text (what :func:`dumps` wrote, or bytes of UTF-8): at most
    :data:`MAX_BYTES`, parsed strictly, a JSON object (not yet validated: :func:`restore`
    and :func:`replay` do that). Anything but text or bytes is a :class:`RecordError` too,
    since the value may come from anyone (an embedder passing on what a peer sent)."""
    if isinstance(data, (bytearray, memoryview)):
        data = bytes(data)
    if not isinstance(data, (str, bytes)):
        hint = ": Game.from_record takes a record's JSON object" if isinstance(data, dict) else ""
        raise RecordError(f"a record's text is a str or bytes, not {type(data).__name__}{hint}")
    if len(data) > MAX_BYTES:
        raise RecordError(f"larger than {MAX_BYTES >> 20} MiB")
    try:
        record = loads(data.decode("utf-8") if isinstance(data, bytes) else data)
    except UnicodeDecodeError as exc:
        raise RecordError(f"byte {exc.start} is not UTF-8") from None
    except JsonValueError as exc:
        raise RecordError(str(exc)) from None
    if not isinstance(record, dict):
        raise RecordError("a record is a JSON object")
    return record


def validate(record: object) -> None:
    """Check that ``record`` is plain JSON and follows ``schemas/game-record.schema.json``."""
    _validate(record, events=True)


def _validate(record: object, events: bool) -> None:
    """:func:`validate`, or without ``events`` the record's frame only: everything but the
    contents of its events, which :func:`replay` compares with the engine's own (valid by
    construction), so that the schema is not walked through thousands of events again."""
    if not isinstance(record, dict):
        raise RecordError(f"a record is a JSON object, not {brief(record)}")
    frame = record if events else _frame(record)
    try:
        check_value(frame)
    except JsonValueError as exc:
        raise RecordError(str(exc)) from None
    from .schema_check import schema_problem  # jsonschema: loaded when a record is validated

    problem = schema_problem("game-record" if events else _frame_validator(), frame)
    if problem is not None:
        path, message = problem
        raise RecordError(f"at {json_path(path)}: {message}")


def _frame(record: dict[str, Any]) -> dict[str, Any]:
    """What the frame validation reads of ``record``: all but its events and its steps'
    actions (compared with the engine's and parsed strictly by the action space), when every
    step has the shape of one, which is checked here in one pass instead of through the
    schema step by step; else the record itself, for the schema to name what is wrong."""
    steps, setup = record.get("steps"), record.get("setup")
    if type(steps) is not list or type(setup) is not list or not all(_is_step(step) for step in steps):
        return record
    return {**record, "setup": [], "steps": []}


_STEP_KEYS = frozenset(("player", "action", "events"))


def _is_step(step: object) -> bool:
    return (
        type(step) is dict
        and step.keys() == _STEP_KEYS
        and type(step["player"]) is int
        and 0 <= step["player"] <= 3
        and type(step["action"]) is dict
        and type(step["events"]) is list
        and all(type(event) is dict for event in step["events"])
    )


@cache
def _frame_validator() -> Any:
    """The record schema with any JSON object standing for an event (see :func:`_validate`)
    or an action (which the action space parses strictly, naming what is wrong)."""
    from .schema_check import validator_of

    frame = copy.deepcopy(resources.schema("game-record"))
    frame["$id"] = frame["$id"].replace("game-record", "game-record-frame")  # beside it: same refs
    frame["$defs"]["event"] = {"type": "object"}
    frame["properties"]["steps"]["items"]["properties"]["action"] = {"type": "object"}  # parsed strictly
    return validator_of(frame)


def opening(
    record: dict[str, Any],
    ruleset: Ruleset | str | Path | None = None,
    plugins: Sequence[str | Path] = (),
) -> tuple[Ruleset, int, int, dict[str, Any]]:
    """What the game of ``record`` starts from, once the record's frame is valid and its
    ruleset found (the caller's, or the shipped one it names: see
    :func:`pyramido.engine.replay.replay`): the ruleset, the player count, the seed and the
    options. :meth:`Game.from_record <pyramido.engine.game.Game.from_record>` sets the game
    up from them, then :func:`verify` plays it."""
    _validate(record, events=False)  # each event is compared with the engine's in verify
    loaded = _ruleset_of(record["ruleset"], ruleset, plugins)
    return loaded, record["players"], record["seed"], record["options"]


def verify(game: Game, record: dict[str, Any]) -> None:
    """Play ``record``'s steps on ``game`` (just set up from :func:`opening`), comparing
    every event, and its result when it has one; the first difference raises
    :class:`RecordError` with its step. A record of an unfinished game (``"result": null``)
    leaves ``game`` at the position after its last step, ready to go on; one with a result
    must end with the game, and its result must be the replay's."""
    _compare(game.setup_events, record["setup"], "setup", None)
    steps = record["steps"]
    for number, step in enumerate(steps):
        if game.is_over:
            _check_events(game, steps, number)
            raise RecordError("the game was already over", number)
        try:
            game.apply(step["action"], player=step["player"])
        except PyramidoError as exc:
            _check_events(game, steps, number)  # an earlier step's events differing is the first fault
            raise RecordError(str(exc), number) from exc
    _check_events(game, steps, len(steps))
    end = len(steps)
    if record["result"] is None:
        if game.is_over:
            raise RecordError("the record has no result, but the game is over after its steps", end)
        return
    check_over(game, end)
    _compare([row.to_json() for row in game.ranking()], record["result"], "result", end)


def check_over(game: Game, end: int) -> None:
    """A :class:`RecordError` at step ``end`` unless ``game`` is over."""
    if not game.is_over:
        raise RecordError(f"the record ends before the game does (next: {game.decision})", end)


def _ruleset_of(
    named: dict[str, Any], ruleset: Ruleset | str | Path | None, plugins: Sequence[str | Path]
) -> Ruleset:
    """The ruleset to replay with: the caller's, or the shipped one the record names."""
    if isinstance(ruleset, Ruleset):
        if plugins:
            raise RecordError("a loaded ruleset has its plugins already: pass them to load_ruleset")
        _check_ruleset(named, ruleset)
        return ruleset
    target = ruleset
    if target is None:
        if named["id"] not in resources.shipped_rulesets():
            raise RecordError(
                f"the record names the ruleset {brief(named['id'])}, which is not shipped; a record "
                "never chooses which files are read or which code runs, so pass that ruleset "
                "yourself: replay(record, ruleset=FILE), or pyramido replay RECORD --ruleset FILE "
                "(and --plugin FILE for each house-rule file given on the command line)"
            )
        if not plugins:
            shipped = load_ruleset(named["id"])  # shipped code only
            _check_ruleset(named, shipped)
            return shipped
        target = named["id"]
    manifest = read_manifest(target, plugins)
    _check_ruleset(named, manifest)
    return load_manifest(manifest)


def _check_ruleset(named: dict[str, Any], candidate: Manifest) -> None:
    """The record's ruleset is ``candidate``'s: its files first (a version-1 record names
    none), which say which file is missing or changed, then its identity."""
    if "files" in named:
        _check_files(named["files"], candidate.file_hashes())
    _check_identity(named, candidate)


def _check_files(recorded: list[dict[str, str]], given: list[dict[str, str]]) -> None:
    """Every file the record names is among those ``given``, with the same content: else
    name the first one missing or changed, with its hashes (short). (A file given that
    the record does not name shows in the identity: its plugins differ.)"""
    left = list(given)
    for file in recorded:
        name, sha256 = file["name"], file["sha256"]
        if file in left:
            left.remove(file)
            continue
        other = next((f for f in left if f["name"] == name), None)
        if other is None:
            raise RecordError(
                f"the game was played with the file {brief(name)} (sha256 {sha256[:12]}), which is not "
                "among the files given: pass the ruleset file and the house-rule files it was played "
                "with (--ruleset FILE, --plugin FILE)"
            )
        raise RecordError(
            f"the file {brief(name)} is not the one the game was played with: sha256 {sha256[:12]} "
            f"in the record, {other['sha256'][:12]} given"
        )


def _check_identity(named: dict[str, Any], candidate: Manifest) -> None:
    actual = candidate.identity()
    differ = [key for key in ("id", "version", "plugins", "hash") if not same(named[key], actual[key])]
    if differ:
        raise RecordError(
            f"the record was played with {_describe(named)}, but the ruleset given is "
            f"{_describe(actual)} (they differ in {', '.join(differ)}): pass the ruleset file and the "
            "house-rule files the game was played with (--ruleset FILE, --plugin FILE)"
        )


def _describe(identity: dict[str, Any]) -> str:
    return (
        f"ruleset {brief(identity['id'])} version {brief(identity['version'])}, hash "
        f"{identity['hash'][:12]} and plugins {brief(identity['plugins'])}"
    )


def _compare(actual: Any, recorded: Any, what: str, step: int | None) -> None:
    if _same_json(actual, recorded):
        return
    where = _first_difference(actual, recorded, what)
    raise RecordError(f"{where} differs from the replay", step)


def _check_events(game: Game, recorded: list[dict[str, Any]], count: int) -> None:
    """The events of the first ``count`` steps are the record's: all compared at once (the
    engine's events are never inputs to a step, so they can be checked after), then, if
    they differ, step by step to name the first that does."""
    if _same_json(
        [step["events"] for step in game.steps[:count]], [step["events"] for step in recorded[:count]]
    ):
        return
    for number in range(count):
        _compare(game.steps[number]["events"], recorded[number]["events"], "events", number)


def _same_json(actual: Any, recorded: Any) -> bool:
    """Whether the two are the same JSON, types included (``true`` is not ``1``, ``1.0``
    not ``1``): equal as Python values (``==``, which also tells ``NaN`` from ``null``) and
    as canonical texts, which orjson writes ten times faster than :mod:`json` (a replay
    compares a whole game's events). What it cannot write (no JSON value, an integer
    beyond 64 bits, nesting too deep) is no match."""
    try:
        return bool(actual == recorded) and _canonical(actual) == _canonical(recorded)
    except (TypeError, ValueError, RecursionError):  # orjson.JSONEncodeError is a TypeError
        return False


def _canonical(value: Any) -> bytes:
    return orjson.dumps(value, option=orjson.OPT_SORT_KEYS)


def _first_difference(actual: Any, recorded: Any, path: str) -> str:
    if isinstance(actual, dict) and isinstance(recorded, dict):
        for key in sorted(set(actual) | set(recorded), key=str):
            if not same(actual.get(key), recorded.get(key)):
                return _first_difference(actual.get(key), recorded.get(key), f"{path}.{clip(str(key), 40)}")
    if isinstance(actual, list) and isinstance(recorded, list):
        for i, (a, r) in enumerate(zip(actual, recorded, strict=False)):
            if not same(a, r):
                return _first_difference(a, r, f"{path}[{i}]")
        return f"{path} (length {len(recorded)}, replay gives {len(actual)})"
    return f"{path} (recorded {_shown(recorded)}, replay gives {_shown(actual)})"


def _shown(value: Any) -> str:
    """A value in a message: its JSON, or what it is when it has none."""
    try:
        return clip(json.dumps(value), 80)
    except (TypeError, ValueError, RecursionError):
        return brief(value, 80)

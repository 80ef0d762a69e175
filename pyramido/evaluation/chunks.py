"""A finished chunk on disk, and its proof that it belongs to its run.

A run's folder keeps each finished chunk in ``chunks/NNNNNN.json`` (its number, six
digits), written whole or not at all. The file holds:

* ``run``: the run's configuration hash (:meth:`~.config.Simulation.digest`);
* ``chunk``: its number;
* ``games``: what decides each of its games, in order: number, seed, bots seat by seat
  (:meth:`~.config.Simulation.chunk_plan`);
* ``rows`` and ``failures``: what the games gave;
* ``results_sha256``: the SHA-256 of the canonical JSON of ``{"rows": ..., "failures": ...}``.

``--resume`` takes a chunk back only when all of it is what this run's configuration says
that chunk must be (:func:`read_chunk`). A file that is not (another run's chunk, one
renamed or numbered past the run, one whose seeds or seats are not the run's, one edited,
truncated, empty or not JSON) ends the command with a :class:`ChunkError` naming it: mixed
in, it would make the summary wrong with nothing to show it; deleting it has its games
played again.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..engine.strict_json import json_path
from ..errors import ArgumentError, brief
from .batch import ChunkResult
from .config import Simulation, json_sha256
from .jsonfiles import read_json

if TYPE_CHECKING:
    import jsonschema

CHUNKS = "chunks"


class ChunkError(ArgumentError):
    """A chunk file in a run's folder does not prove that it belongs to the run (``reason``
    says how): the command stops before playing anything."""

    def __init__(self, path: Path, reason: str) -> None:
        super().__init__(f"--resume: {path} {reason}; delete it to have its games played again")
        self.path, self.reason = path, reason


def chunk_name(chunk: int) -> str:
    """The file name of chunk number ``chunk``."""
    return f"{chunk:06d}.json"


def seal(simulation: Simulation, result: ChunkResult) -> dict[str, Any]:
    """What a chunk file holds (see the module): ``result`` with the proof that it is
    ``simulation``'s."""
    return {
        "run": simulation.digest(),
        "chunk": result.chunk,
        "games": simulation.chunk_plan(result.chunk),
        "rows": result.rows,
        "failures": result.failures,
        "results_sha256": results_digest(result.rows, result.failures),
    }


def results_digest(rows: list[dict[str, Any]], failures: list[dict[str, Any]]) -> str:
    """The digest of a chunk's results: a row edited, dropped or repeated changes it."""
    return json_sha256({"rows": rows, "failures": failures})


def read_chunks(folder: Path, simulation: Simulation) -> dict[int, ChunkResult]:
    """The chunks of ``simulation`` that ``folder`` holds, each proved (:func:`read_chunk`)."""
    found = {}
    for path in sorted((folder / CHUNKS).glob("*.json")):
        result = read_chunk(path, simulation)
        found[result.chunk] = result
    return found


def read_chunk(path: Path, simulation: Simulation) -> ChunkResult:
    """The chunk in ``path`` if it proves that it is ``simulation``'s: the run's
    configuration hash, a chunk number of the run that is its file's name, the seeds and
    seats the configuration gives that chunk's games, each of those games once in its rows
    or failures, and its results' digest. Anything else raises :class:`ChunkError`."""
    try:
        data = read_json(path)
    except ValueError as exc:
        raise ChunkError(path, str(exc)) from None
    problem = (
        _shape_problem(simulation, data)
        or _run_problem(simulation, data)
        or _number_problem(path.name, simulation, data)
        or _plan_problem(simulation, data)
        or _digest_problem(data)
        or _outcomes_problem(data)
    )
    if problem:
        raise ChunkError(path, problem)
    return ChunkResult(data["chunk"], data["rows"], data["failures"])


def _shape_problem(simulation: Simulation, data: Any) -> str | None:
    """What keeps ``data`` from having exactly a chunk file's fields, each of its type (so
    that nothing after this, the summary included, meets a value it cannot use)."""
    from ..engine.schema_check import schema_problem  # jsonschema: loaded when a run is resumed

    problem = schema_problem(_validator(simulation.players), data)
    if problem is None:
        return None
    where, message = problem
    return f"is not a chunk file: at {json_path(where)}: {message}"


def _run_problem(simulation: Simulation, data: dict[str, Any]) -> str | None:
    found, wanted = data["run"], simulation.digest()
    if found == wanted:
        return None
    return f"is a chunk of another run (configuration hash {found[:12]}..., this run's is {wanted[:12]}...)"


def _number_problem(name: str, simulation: Simulation, data: dict[str, Any]) -> str | None:
    chunk = data["chunk"]
    if chunk >= simulation.chunks:
        return f"holds chunk {chunk}, past this run's last (its chunks are 0-{simulation.chunks - 1})"
    if name != chunk_name(chunk):
        return f"holds chunk {chunk}, whose file is {chunk_name(chunk)}, not {name}"
    return None


def _plan_problem(simulation: Simulation, data: dict[str, Any]) -> str | None:
    """What differs between the chunk's games and the ones the configuration gives its
    number, seeds and seats included (a chunk written by a version that seeded or seated
    otherwise has the same configuration hash, and other games)."""
    chunk, listed = data["chunk"], data["games"]
    plan = simulation.chunk_plan(chunk)
    numbers = [entry["game"] for entry in listed]
    if numbers != [entry["game"] for entry in plan]:
        return f"lists games {brief(numbers)}, this run's chunk {chunk} is games {_span(plan)}"
    for found, wanted in zip(listed, plan, strict=True):
        if found["seed"] != wanted["seed"]:
            return (
                f"gives game {found['game']} seed {found['seed']}, this run's seed for it is {wanted['seed']}"
            )
        if found["bots"] != wanted["bots"]:
            seats, planned = brief(found["bots"]), brief(wanted["bots"])
            return f"seats {seats} in game {found['game']}, this run seats {planned}"
    return None


def _digest_problem(data: dict[str, Any]) -> str | None:
    if results_digest(data["rows"], data["failures"]) == data["results_sha256"]:
        return None
    return (
        "has rows and failures that do not match their digest (results_sha256): changed since it was written"
    )


def _outcomes_problem(data: dict[str, Any]) -> str | None:
    """What keeps each game of the chunk from being there once, in order, as a row or a
    failure, with the chunk's seed for it and, for a row, its bots."""
    listed = {entry["game"]: entry for entry in data["games"]}
    played = [row["game"] for row in data["rows"]]
    failed = [failure["game"] for failure in data["failures"]]
    if sorted(played + failed) != list(listed) or played != sorted(played) or failed != sorted(failed):
        return (
            f"has rows for games {brief(played)} and failures for {brief(failed)}: "
            f"each of its games {_span(data['games'])} must be there once, in order"
        )
    for outcome in (*data["rows"], *data["failures"]):
        if outcome["seed"] != listed[outcome["game"]]["seed"]:
            return f"has game {outcome['game']} played from seed {outcome['seed']}, not its seed"
    for row in data["rows"]:
        if [seat["bot"] for seat in row["seats"]] != listed[row["game"]]["bots"]:
            return f"has game {row['game']} played by other bots than its seats'"
    return None


def _span(plan: list[dict[str, Any]]) -> str:
    return f"{plan[0]['game']}-{plan[-1]['game']}"


@cache
def _validator(players: int) -> jsonschema.protocols.Validator:
    """The strict validator of a chunk file of ``players``-seat games."""
    from ..engine.schema_check import validator_of

    number = {"type": "integer", "minimum": 0}
    seat = _record(
        bot={"type": "string"},
        score={"type": "number"},
        rank={"type": "integer", "minimum": 1, "maximum": players},
        won={"type": "boolean"},
        out={"type": "boolean"},
    )
    row = _record(
        game=number,
        seed=number,
        steps=number,
        first_player={"type": ["integer", "null"], "minimum": 0, "maximum": players - 1},
        moves={"type": "string", "pattern": "^[0-9a-f]{16}$"},
        seats={"type": "array", "items": seat, "minItems": players, "maxItems": players},
    )
    failure = _record(game=number, seed=number, error={"type": "string"}, traceback={"type": "string"})
    game = _record(game=number, seed=number, bots={"type": "array", "items": {"type": "string"}})
    schema = _record(
        run={"type": "string", "pattern": "^[0-9a-f]{64}$"},
        chunk=number,
        games={"type": "array", "items": game, "minItems": 1},
        rows={"type": "array", "items": row},
        failures={"type": "array", "items": failure},
        results_sha256={"type": "string"},
    )
    return validator_of(schema)


def _record(**fields: dict[str, Any]) -> dict[str, Any]:
    """The schema of an object with exactly ``fields``."""
    return {"type": "object", "required": list(fields), "additionalProperties": False, "properties": fields}

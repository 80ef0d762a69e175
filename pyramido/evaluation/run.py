"""Run a simulation: check everything first, play its games on a backend with a progress
bar, keep each chunk on disk as its last game ends, and sum up.

The output folder (``--out``) holds ``config.json`` (what the run is), ``chunks/`` (one file
per finished chunk, written whole or not at all, each with its proof that it is the run's:
:mod:`.chunks`), then ``games.csv``, ``games.parquet`` (one row per game), ``summary.json``
and the plots. An interrupted run resumes from its chunks (``resume=True``), every one
proved before anything is played, and ends with exactly the summary of an uninterrupted one.
Chunks are the unit of saving only: the workers play pieces of them (:mod:`.backends`) and
the progress bar moves per game.
"""

from __future__ import annotations

import json
import time
from collections import defaultdict
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from rich.console import Console

from ..engine.strict_json import same
from ..errors import ArgumentError, brief
from .backends import BACKENDS, Backend, check_address, cut, import_ray, open_backend
from .batch import ChunkResult
from .chunks import CHUNKS, chunk_name, read_chunks, seal
from .config import Simulation
from .jsonfiles import read_json, write_json
from .output import ROWS, SUMMARY
from .progress import GameProgress
from .summary import summarize

CONFIG = "config.json"
#: What a run writes besides its configuration: found without one, they are of no known run.
RUN_OUTPUT = (CHUNKS, f"{ROWS}.csv", f"{ROWS}.parquet", SUMMARY)


def simulate(
    simulation: Simulation,
    out: str | Path | None = None,
    *,
    workers: int = 1,
    backend: str = "local",
    address: str | None = None,
    resume: bool = False,
    console: Console | None = None,
) -> dict[str, Any]:
    """Play ``simulation``'s games and return its summary (see :mod:`.summary`), writing
    the rows, the summary and the plots to ``out`` when given. Every argument is checked
    before any game is played."""
    _, summary, _ = run(
        simulation, out, workers=workers, backend=backend, address=address, resume=resume, console=console
    )
    return summary


def run(
    simulation: Simulation,
    out: str | Path | None,
    *,
    workers: int,
    backend: str,
    address: str | None,
    resume: bool,
    console: Console | None,
) -> tuple[list[dict[str, Any]], dict[str, Any], Path | None]:
    """:func:`simulate`, also giving the rows and the output folder, for the commands that
    build on a run (``tournament``)."""
    check_run(workers, backend, address, out)
    folder = None if out is None else prepare(Path(out), simulation, resume)
    with playing(backend, workers, address, console) as (played_on, progress):
        games = Run(simulation, folder, played_on, progress)
        games.play(simulation.games)
    summary = summarize(simulation, games.rows, games.failures)
    summary["timing"] = games.timing(backend)
    summary["games_per_second"] = summary["timing"]["games_per_second"]
    if folder is not None:
        from .output import write_outputs  # pyarrow and matplotlib: only when writing

        write_outputs(folder, simulation, games.rows, summary)
    return games.rows, summary, folder


@contextmanager
def playing(
    backend: str, workers: int, address: str | None, console: Console | None
) -> Iterator[tuple[Backend, GameProgress]]:
    """The backend and the progress bar of a command, open while it plays."""
    with open_backend(backend, workers, address) as played_on, GameProgress(console) as progress:
        yield played_on, progress


class Run:
    """A simulation being played into its folder (or into memory): the chunks it holds,
    the pieces of chunks not yet whole, the games counted on the progress bar."""

    def __init__(
        self, simulation: Simulation, folder: Path | None, backend: Backend, progress: GameProgress
    ) -> None:
        self.simulation, self.folder, self.backend, self.progress = simulation, folder, backend, progress
        self.chunks: dict[int, ChunkResult] = {} if folder is None else read_chunks(folder, simulation)
        self.parts: dict[int, list[ChunkResult]] = defaultdict(list)
        self.counted = {game for result in self.chunks.values() for game in result.games}
        self.task = progress.add(simulation.loaded.id, simulation.games, len(self.counted))
        self.seconds = 0.0
        self.played = 0
        self.upto = 0

    def play(self, upto: int) -> None:
        """Play every game before ``upto`` that the run has not had yet, keeping each chunk
        as its last game ends; the run's rows are now those games'."""
        self.upto = upto
        wanted = [game for game in range(upto) if game not in self.counted]
        start = time.perf_counter()
        pieces = cut(self.simulation, wanted, self.backend.workers)
        for piece in self.backend.play(self.simulation, pieces, self._count):
            for game in piece.games:
                self._count(game)
            self._keep(piece)
        self.seconds += time.perf_counter() - start
        self.played += len(wanted)

    def _count(self, game: int) -> None:
        """Move the bar for ``game`` (once: its report and its piece may both tell it)."""
        if game not in self.counted:
            self.counted.add(game)
            self.progress.advance(self.task)

    def _keep(self, piece: ChunkResult) -> None:
        """Add ``piece`` to its chunk, saved once all its games are there."""
        parts = self.parts[piece.chunk]
        parts.append(piece)
        if sum(len(part.games) for part in parts) < len(self.simulation.chunk_range(piece.chunk)):
            return
        whole = ChunkResult(
            piece.chunk,
            sorted((row for part in parts for row in part.rows), key=lambda row: row["game"]),
            sorted((failure for part in parts for failure in part.failures), key=lambda f: f["game"]),
        )
        del self.parts[piece.chunk]
        self.chunks[piece.chunk] = whole
        if self.folder is not None:
            write_json(self.folder / CHUNKS / chunk_name(piece.chunk), seal(self.simulation, whole))

    def _results(self) -> list[ChunkResult]:
        return [*self.chunks.values(), *(part for parts in self.parts.values() for part in parts)]

    @property
    def rows(self) -> list[dict[str, Any]]:
        """Every game played before ``upto``, by game number."""
        return self._before([row for result in self._results() for row in result.rows])

    @property
    def failures(self) -> list[dict[str, Any]]:
        """Every game that failed before ``upto``, by game number."""
        return self._before([failure for result in self._results() for failure in result.failures])

    def _before(self, outcomes: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return sorted((o for o in outcomes if o["game"] < self.upto), key=lambda outcome: outcome["game"])

    def timing(self, backend: str) -> dict[str, Any]:
        """How long the games played here took (not those found done by ``--resume``)."""
        seconds = self.seconds
        return {
            "seconds": round(seconds, 3),
            "games_per_second": round(self.played / seconds, 1) if seconds > 0 and self.played else None,
            "workers": self.backend.workers,
            "backend": backend,
        }


def check_run(workers: int, backend: str, address: str | None, out: str | Path | None = None) -> None:
    """Every option of a run that can be checked before a game is played: the backend, the
    workers, the Ray address (it must answer), and with ``out`` the libraries that write
    the files (the ``sim`` extra)."""
    if backend not in BACKENDS:
        raise ArgumentError(f"--backend is one of {', '.join(BACKENDS)}, not {brief(backend)}")
    if type(workers) is not int or workers < 1:
        raise ArgumentError(f"--workers must be at least 1, not {brief(workers)}")
    if address is not None and backend != "ray":
        raise ArgumentError("--address is for --backend ray")
    if backend == "ray":
        import_ray()
        if address is not None:
            check_address(address)
    if out is not None:
        from .output import require_libraries

        require_libraries()


def check_folder(folder: Path, simulation: Simulation, resume: bool) -> None:
    """Refuse, writing nothing, an output folder that does not fit: a new run needs one with
    no run in it, ``resume`` one holding a run of the same configuration whose every chunk
    proves it is that run's (:func:`.chunks.read_chunk`), so that a refusal comes before any
    game is played (``compare`` checks both its folders before playing either)."""
    config = folder / CONFIG
    if not config.exists():
        check_no_leftovers(folder, resume)
        if resume:  # checked before anything is made: a refused --resume leaves no folder behind
            raise ArgumentError(f"--resume: {folder} holds no run to go on with")
        return
    if not resume:
        raise ArgumentError(
            f"--out {folder} holds a run already: --resume to go on with it, or another --out"
        )
    check_configuration(config, simulation)
    read_chunks(folder, simulation)


def check_no_leftovers(folder: Path, resume: bool) -> None:
    """Refuse a folder holding a run's output without its ``config.json`` (deleted): which
    run the chunks are of is unknown, so they may be neither resumed nor played over."""
    found = [f"{name}/" if name == CHUNKS else name for name in RUN_OUTPUT if (folder / name).exists()]
    if found:
        raise ArgumentError(
            f"{'--resume:' if resume else '--out'} {folder} holds {', '.join(found)} but no {CONFIG}, "
            "so its run is unknown: delete them or choose another --out"
        )


def check_configuration(config: Path, simulation: Simulation) -> None:
    """Refuse to resume a run whose ``config.json`` is unreadable, not a configuration, or
    another configuration than ``simulation`` (naming what differs)."""
    try:
        found = read_json(config)
    except ValueError as exc:
        raise ArgumentError(f"--resume: {config} {exc}") from None
    if type(found) is not dict:
        raise ArgumentError(
            f"--resume: {config} is not a run's configuration (a JSON object): {brief(found)}"
        )
    wanted = json.loads(json.dumps(simulation.fingerprint()))
    if not same(found, wanted):
        differ = sorted(key for key in set(found) | set(wanted) if not same(found.get(key), wanted.get(key)))
        raise ArgumentError(
            f"--resume: {config.parent} is a run of another configuration ({', '.join(differ)} differ)"
        )


def prepare(folder: Path, simulation: Simulation, resume: bool) -> Path:
    """The output folder, checked (:func:`check_folder`) and writable, holding this run's
    configuration."""
    check_folder(folder, simulation, resume)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        probe = folder / ".writable"
        probe.write_text("", encoding="utf-8")
        probe.unlink()
        if not resume:  # before chunks/: a folder with chunks/ and no config.json is refused
            write_json(folder / CONFIG, simulation.fingerprint())
        (folder / CHUNKS).mkdir(exist_ok=True)
    except OSError as exc:
        raise ArgumentError(f"--out {folder}: cannot write there ({exc.strerror or exc})") from None
    return folder

"""Run a simulation: check everything first, play the chunks on a backend with a progress
bar, keep each chunk's rows on disk as it finishes, and sum up.

The output folder (``--out``) holds ``config.json`` (what the run is), ``chunks/`` (one file
per finished chunk, written whole or not at all, each with its proof that it is the run's:
:mod:`.chunks`), then ``games.csv``, ``games.parquet`` (one row per game), ``summary.json``
and the plots. An interrupted run resumes from its chunks (``resume=True``), every one
proved before anything is played, and ends with exactly the summary of an uninterrupted one.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from ..engine.strict_json import same
from ..errors import ArgumentError, brief
from .backends import BACKENDS, check_address, import_ray, run_chunks
from .batch import ChunkResult
from .chunks import CHUNKS, chunk_name, read_chunks, seal
from .config import Simulation
from .jsonfiles import read_json, write_json
from .output import ROWS, SUMMARY
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
    rows, failures, timing = play(simulation, folder, workers, backend, address, console)
    summary = summarize(simulation, rows, failures)
    summary["timing"] = timing
    summary["games_per_second"] = timing["games_per_second"]
    if folder is not None:
        from .output import write_outputs  # pyarrow and matplotlib: only when writing

        write_outputs(folder, simulation, rows, summary)
    return rows, summary, folder


def play(
    simulation: Simulation,
    folder: Path | None,
    workers: int,
    backend: str,
    address: str | None,
    console: Console | None,
) -> tuple[list[dict[str, Any]], list[dict[str, Any]], dict[str, Any]]:
    """Play the chunks ``folder`` does not hold yet, keeping each there as it finishes;
    return every game's row and every failure (by game number) and the timing."""
    done = {} if folder is None else read_chunks(folder, simulation)
    pending = [chunk for chunk in range(simulation.chunks) if chunk not in done]
    start = time.perf_counter()
    for result in _with_progress(simulation, pending, done, workers, backend, address, console):
        done[result.chunk] = result
        if folder is not None:
            write_json(folder / CHUNKS / chunk_name(result.chunk), seal(simulation, result))
    seconds = time.perf_counter() - start
    rows = [row for chunk in sorted(done) for row in done[chunk].rows]
    failures = [failure for chunk in sorted(done) for failure in done[chunk].failures]
    played = sum(len(simulation.chunk_range(chunk)) for chunk in pending)
    timing = {
        "seconds": round(seconds, 3),
        "games_per_second": round(played / seconds, 1) if seconds > 0 and played else None,
        "workers": workers,
        "backend": backend,
    }
    return rows, failures, timing


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


def _with_progress(
    simulation: Simulation,
    pending: list[int],
    done: dict[int, ChunkResult],
    workers: int,
    backend: str,
    address: str | None,
    console: Console | None,
) -> Iterable[ChunkResult]:
    """The backend's results, counted on a progress bar (games, rate, time left), which is
    quiet when the console is not a terminal."""
    console = console or Console(stderr=True)
    progress = Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[rate]} games/s"),
        TimeRemainingColumn(),
        console=console,
        disable=not console.is_terminal,
    )
    already = sum(len(simulation.chunk_range(chunk)) for chunk in done)
    start = time.perf_counter()
    with progress:
        task = progress.add_task(simulation.loaded.id, total=simulation.games, completed=already, rate="-")
        played = 0
        for result in run_chunks(simulation, pending, workers, backend, address):
            played += len(simulation.chunk_range(result.chunk))
            rate = played / max(time.perf_counter() - start, 1e-9)
            progress.update(task, advance=len(simulation.chunk_range(result.chunk)), rate=f"{rate:,.0f}")
            yield result

"""Who plays the chunks: this process, local worker processes, or Ray tasks on a cluster.

Each backend yields chunk results as they finish (in any order); the runner keeps them. A
chunk is the same work wherever it runs (:func:`~.batch.play_chunk`), so the backend
changes the speed, never the rows.
"""

from __future__ import annotations

import multiprocessing
import socket
from collections.abc import Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from ..errors import ArgumentError, PyramidoError
from .batch import ChunkResult, play_chunk
from .config import Simulation

BACKENDS = ("local", "ray")
RAY_CONNECT_SECONDS = 5.0


class WorkerLost(PyramidoError):
    """A worker process died (killed, out of memory) while playing chunks: the chunks done
    are kept, ``--resume`` plays the rest."""


def run_chunks(
    simulation: Simulation, chunks: Sequence[int], workers: int, backend: str, address: str | None
) -> Iterator[ChunkResult]:
    """The results of ``chunks``, as each finishes."""
    if backend == "ray":
        yield from _ray(simulation, chunks, workers, address)
    elif workers == 1:
        for chunk in chunks:
            yield play_chunk(simulation, chunk)
    else:
        yield from _local(simulation, chunks, workers)


def _local(simulation: Simulation, chunks: Sequence[int], workers: int) -> Iterator[ChunkResult]:
    """Worker processes, started fresh (``spawn``: nothing of this process's state leaks
    into a game), at most two chunks per worker in flight (one playing, one queued) so that
    an interrupt loses little. A worker that dies breaks the whole pool: the chunks that
    finished are still handed over, the others named in a :class:`WorkerLost`."""
    context = multiprocessing.get_context("spawn")
    pending = list(chunks)[::-1]
    with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
        running: dict[Future[ChunkResult], int] = {}
        try:
            while pending or running:
                try:
                    while pending and len(running) < 2 * workers:
                        future = pool.submit(play_chunk, simulation, pending[-1])
                        running[future] = pending.pop()
                except BrokenProcessPool:
                    break  # a worker died since the last wait
                done, _ = wait(running, return_when=FIRST_COMPLETED)
                if any(isinstance(future.exception(), BrokenProcessPool) for future in done):
                    break
                for future in done:
                    del running[future]
                    yield future.result()
            else:
                return  # every chunk played
            lost = []  # the pool broke: hand over what finished, name the rest
            for future, chunk in sorted(running.items(), key=lambda item: item[1]):
                if future.done() and future.exception() is None:
                    yield future.result()
                else:
                    lost.append(chunk)
            running.clear()
            raise worker_lost(simulation, lost)
        finally:
            for future in running:
                future.cancel()


def worker_lost(simulation: Simulation, chunks: Sequence[int], cause: str = "") -> WorkerLost:
    """The error for a worker that died with ``chunks`` unfinished. A process pool breaks
    as a whole, so every chunk it had not finished fails at once: all of them are named,
    each with its games and first seed, as the one that killed its worker is among them (a
    Ray task fails alone: ``chunks`` is that one; none if a worker died between chunks)."""
    named = []
    for chunk in chunks:
        games = simulation.chunk_range(chunk)
        first = simulation.game_seed(games.start)
        named.append(f"chunk {chunk} (games {games.start}-{games.stop - 1}, first seed {first})")
    where = f"playing {'one of ' if len(named) > 1 else ''}{', '.join(named)}" if named else "between chunks"
    return WorkerLost(
        f"a worker process died{f' ({cause})' if cause else ''} {where}; "
        "the chunks done are kept: run again with --resume"
    )


def check_address(address: str) -> None:
    """A Ray address that does not answer is refused before any work: ``host:port`` (a
    cluster's head) must accept a connection within a few seconds."""
    target = address.removeprefix("ray://")
    host, _, port = target.rpartition(":")
    if not host or not port.isdigit():
        raise ArgumentError(f"--address {address!r} is not HOST:PORT (or ray://HOST:PORT)")
    try:
        with socket.create_connection((host, int(port)), timeout=RAY_CONNECT_SECONDS):
            pass
    except OSError as exc:
        raise ArgumentError(f"the Ray cluster at {address} does not answer: {exc}") from None


def import_ray() -> Any:
    try:
        import ray
    except ImportError:
        raise ArgumentError("--backend ray needs Ray: pip install 'pyramido[ray]'") from None
    return ray


def _ray(
    simulation: Simulation, chunks: Sequence[int], workers: int, address: str | None
) -> Iterator[ChunkResult]:
    """Each chunk a Ray task: on a local Ray started here (``workers`` CPUs), or on the
    cluster at ``address``."""
    ray = import_ray()
    started = not ray.is_initialized()
    if started:
        if address is None:
            ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False, configure_logging=False)
        else:
            ray.init(address=address, log_to_driver=False, configure_logging=False)
    try:
        task = ray.remote(_ray_chunk)
        running = {task.remote(simulation, chunk): chunk for chunk in chunks}
        while running:
            done, _ = ray.wait(list(running), num_returns=1)
            for reference in done:
                chunk = running.pop(reference)
                try:
                    played = ray.get(reference)
                except ray.exceptions.RayError as exc:  # its worker died more often than Ray retries
                    raise worker_lost(simulation, [chunk], f"Ray: {type(exc).__name__}") from None
                yield ChunkResult.from_json(played)
    finally:
        if started:
            ray.shutdown()


def _ray_chunk(simulation: Simulation, chunk: int) -> dict[str, Any]:
    return play_chunk(simulation, chunk).to_json()

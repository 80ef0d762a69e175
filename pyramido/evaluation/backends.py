"""Who plays the games: this process, local worker processes, or Ray tasks on a cluster.

The games to play are cut into *pieces* (:func:`cut`), the unit of work: never across two
chunks, and small enough that every worker has several, so that a short run keeps every
worker busy. A backend yields each piece's results as it finishes (in any order) and tells
the runner each game's number as soon as that game ends, through a queue (local workers)
or a small Ray actor, so that progress moves per game whatever the pieces. A game is the
same work wherever it runs (:func:`~.batch.play_games`), so the backend changes the speed,
never the rows.
"""

from __future__ import annotations

import itertools
import multiprocessing
import os
import queue
import socket
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any

from ..errors import ArgumentError, PyramidoError
from .batch import ChunkResult, play_games
from .config import Simulation

BACKENDS = ("local", "ray")
RAY_CONNECT_SECONDS = 5.0
#: Pieces a worker gets of the games to play (fewer when that would cut below one game).
PIECES_PER_WORKER = 4
#: How often the runner looks at the games finished while it waits for pieces.
REPORT_SECONDS = 0.1

Finished = Callable[[int], None]
_tokens = itertools.count()


class WorkerLost(PyramidoError):
    """A worker process died (killed, out of memory) while playing games: the chunks done
    are kept, ``--resume`` plays the rest."""


def usable_cores() -> int:
    """The cores this process may run on (its affinity, not the machine's count)."""
    counted = getattr(os, "process_cpu_count", None)  # Python 3.13
    if counted is not None:
        return int(counted() or 1)
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


@dataclass(frozen=True)
class Piece:
    """Games a worker plays at a time, all of one chunk."""

    chunk: int
    games: range


def cut(simulation: Simulation, games: Sequence[int], workers: int) -> list[Piece]:
    """``games`` (sorted game numbers) in pieces of at most a chunk, none across two chunks,
    about :data:`PIECES_PER_WORKER` for each of ``workers`` (one worker: whole chunks)."""
    share = simulation.chunk_games if workers == 1 else -(-len(games) // (PIECES_PER_WORKER * workers))
    size = max(1, min(simulation.chunk_games, share))
    pieces = []
    for (chunk, _), run in itertools.groupby(
        enumerate(games), lambda item: (simulation.chunk_of(item[1]), item[1] - item[0])
    ):
        numbers = [game for _, game in run]
        for start in range(numbers[0], numbers[-1] + 1, size):
            pieces.append(Piece(chunk, range(start, min(start + size, numbers[-1] + 1))))
    return pieces


class Backend:
    """Plays pieces; open for a whole command (``compare`` plays several runs on it)."""

    workers = 1

    def play(
        self, simulation: Simulation, pieces: Sequence[Piece], finished: Finished
    ) -> Iterator[ChunkResult]:
        """The results of ``pieces``, as each finishes, telling ``finished`` each game."""
        for piece in pieces:
            yield play_games(simulation, piece.chunk, piece.games, finished)

    def close(self) -> None:
        """Stop the workers this backend started."""

    def __enter__(self) -> Backend:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()


def open_backend(backend: str, workers: int, address: str | None) -> Backend:
    """The backend of that name: this process for one local worker."""
    if backend == "ray":
        return RayTasks(workers, address)
    return Backend() if workers == 1 else LocalPool(workers)


_report: Callable[[tuple[int, int]], None] | None = None


def _report_to(reports: Any) -> None:
    """A local worker's start: the queue its games' numbers go to."""
    global _report
    _report = reports.put


def _play_piece(simulation: Simulation, piece: Piece, token: int) -> ChunkResult:
    report = _report
    assert report is not None
    return play_games(simulation, piece.chunk, piece.games, lambda game: report((token, game)))


class LocalPool(Backend):
    """Worker processes, started fresh (``spawn``: nothing of this process's state leaks
    into a game) when the first piece is sent, at most two pieces per worker in flight (one
    playing, one queued) so that an interrupt loses little. A worker that dies breaks the
    whole pool: the pieces that finished are still handed over, the chunks of the others
    named in a :class:`WorkerLost`."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        context = multiprocessing.get_context("spawn")
        self.reports: Any = context.Queue()
        self.pool = ProcessPoolExecutor(
            max_workers=workers, mp_context=context, initializer=_report_to, initargs=(self.reports,)
        )

    def play(
        self, simulation: Simulation, pieces: Sequence[Piece], finished: Finished
    ) -> Iterator[ChunkResult]:
        token = next(_tokens)
        pending = list(pieces)[::-1]
        running: dict[Future[ChunkResult], Piece] = {}
        try:
            while pending or running:
                try:
                    while pending and len(running) < 2 * self.workers:
                        future = self.pool.submit(_play_piece, simulation, pending[-1], token)
                        running[future] = pending.pop()
                except BrokenProcessPool:
                    break  # a worker died since the last wait
                done, _ = wait(running, timeout=REPORT_SECONDS, return_when=FIRST_COMPLETED)
                self._tell(token, finished)
                if any(isinstance(future.exception(), BrokenProcessPool) for future in done):
                    break
                for future in done:
                    del running[future]
                    yield future.result()
            else:
                return  # every piece played
            lost = []  # the pool broke: hand over what finished, name the rest
            for future, piece in sorted(running.items(), key=lambda item: item[1].games.start):
                if future.done() and future.exception() is None:
                    yield future.result()
                else:
                    lost.append(piece.chunk)
            running.clear()
            raise worker_lost(simulation, sorted(set(lost)))
        finally:
            for future in running:
                future.cancel()

    def _tell(self, token: int, finished: Finished) -> None:
        """Hand ``finished`` the games reported since the last look (a late report of an
        earlier run's game is dropped)."""
        while True:
            try:
                sent, game = self.reports.get_nowait()
            except queue.Empty:
                return
            if sent == token:
                finished(game)

    def close(self) -> None:
        self.pool.shutdown(wait=True, cancel_futures=True)
        self.reports.close()
        self.reports.join_thread()


def worker_lost(simulation: Simulation, chunks: Sequence[int], cause: str = "") -> WorkerLost:
    """The error for a worker that died with ``chunks`` unfinished. A process pool breaks
    as a whole, so every chunk it had not finished fails at once: all of them are named,
    each with its games and first seed, as the one that killed its worker is among them (a
    Ray task fails alone: ``chunks`` is its one; none if a worker died between pieces)."""
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


class FinishedGames:
    """A Ray actor that holds the numbers of the games finished until the runner takes
    them (a task tells it each game without waiting for an answer)."""

    def __init__(self) -> None:
        self.games: list[tuple[int, int]] = []

    def add(self, token: int, game: int) -> None:
        self.games.append((token, game))

    def take(self) -> list[tuple[int, int]]:
        taken, self.games = self.games, []
        return taken


def _ray_piece(simulation: Simulation, piece: Piece, games: Any, token: int) -> dict[str, Any]:
    return play_games(
        simulation, piece.chunk, piece.games, lambda game: games.add.remote(token, game)
    ).to_json()


class RayTasks(Backend):
    """Each piece a Ray task: on a local Ray started here (``workers`` CPUs), or on the
    cluster at ``address``."""

    def __init__(self, workers: int, address: str | None) -> None:
        self.workers = workers
        self.ray = ray = import_ray()
        self.started = not ray.is_initialized()
        if self.started:
            if address is None:
                ray.init(
                    num_cpus=workers, include_dashboard=False, log_to_driver=False, configure_logging=False
                )
            else:
                ray.init(address=address, log_to_driver=False, configure_logging=False)
        self.task = ray.remote(_ray_piece)
        self.games = ray.remote(num_cpus=0)(FinishedGames).remote()

    def play(
        self, simulation: Simulation, pieces: Sequence[Piece], finished: Finished
    ) -> Iterator[ChunkResult]:
        ray, token = self.ray, next(_tokens)
        running = {self.task.remote(simulation, piece, self.games, token): piece for piece in pieces}
        while running:
            done, _ = ray.wait(list(running), num_returns=1, timeout=REPORT_SECONDS)
            for sent, game in ray.get(self.games.take.remote()):
                if sent == token:
                    finished(game)
            for reference in done:
                piece = running.pop(reference)
                try:
                    played = ray.get(reference)
                except ray.exceptions.RayError as exc:  # its worker died more often than Ray retries
                    raise worker_lost(simulation, [piece.chunk], f"Ray: {type(exc).__name__}") from None
                yield ChunkResult.from_json(played)

    def close(self) -> None:
        if self.started:
            self.ray.shutdown()

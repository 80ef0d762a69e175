"""How far a command is: a rich progress bar per run (games done, games/s, time left) that
moves as each game ends, or, when stderr is not a terminal (a log, CI), a line every
:data:`LINE_SECONDS` seconds.

Rates and times left are rich's own estimates, from the games finished over the last
half-minute; a run that resumes counts the games it found done, not in its rate.
"""

from __future__ import annotations

import threading
from typing import Any

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TaskID,
    TextColumn,
    TimeRemainingColumn,
)
from rich.text import Text

#: Seconds between two progress lines when stderr is not a terminal.
LINE_SECONDS = 5.0


class GamesPerSecond(ProgressColumn):
    """Rich's speed estimate of a task, in games a second."""

    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        return Text("- games/s" if speed is None else f"{speed:,.1f} games/s")


class GameProgress:
    """The progress of a command's runs: :meth:`add` one per run, :meth:`advance` as each
    game ends. A context manager: the bar shows while it is open."""

    def __init__(self, console: Console | None = None, every: float | None = None) -> None:
        self.console = console or Console(stderr=True)
        self.lines = not self.console.is_terminal
        self.every = LINE_SECONDS if every is None else every
        self.bar = Progress(
            TextColumn("{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            GamesPerSecond(),
            TimeRemainingColumn(),
            console=self.console,
            disable=self.lines,
        )
        self.stopped = threading.Event()
        self.ticker = threading.Thread(target=self._tick, name="progress lines", daemon=True)

    def __enter__(self) -> GameProgress:
        self.bar.__enter__()
        if self.lines:
            self.ticker.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.stopped.set()
        if self.ticker.is_alive():
            self.ticker.join()
        self.bar.__exit__(*exc)

    def _tick(self) -> None:
        """A line per run every ``every`` seconds, whether games ended or not."""
        while not self.stopped.wait(self.every):
            for shown in self.bar.tasks:
                self.console.print(_line(shown), highlight=False, soft_wrap=True)

    def add(self, label: str, total: int, done: int) -> TaskID:
        """A run of ``total`` games, ``done`` of them already (resumed)."""
        return self.bar.add_task(label, total=total, completed=done)

    def advance(self, task: TaskID, games: int = 1) -> None:
        self.bar.advance(task, games)

    def total(self, task: TaskID, total: int) -> None:
        """The run now ends at ``total`` games (``compare --until-significant`` stopping early)."""
        self.bar.update(task, total=total)


def _line(task: Task) -> str:
    """One progress line: ``pyramido: 120/1000 games, 40.1 games/s, about 22 s left``."""
    speed = task.speed
    rate = "-" if speed is None else f"{speed:,.1f}"
    left = "" if task.time_remaining is None else f", about {task.time_remaining:,.0f} s left"
    return f"{task.description}: {int(task.completed)}/{int(task.total or 0)} games, {rate} games/s{left}"

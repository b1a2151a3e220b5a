"""Progress of long work on stderr: a bar on a terminal, and where stderr goes to a file or a
pipe (a log, CI, ``2>&1 | tee``), a plain line now and then, so a run of many minutes is never
silent."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from types import TracebackType

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

from housegame.durations import clock_text

EVERY_SECONDS = 30.0
"""How often a plain progress line is written (and once more at the end)."""


@dataclass
class _Task:
    description: str
    total: float | None
    done: float = 0.0
    removed: bool = False


class PlainProgress:
    """The ``add_task`` / ``advance`` part of ``rich.progress.Progress``, written as lines:
    ``variants: 3,140 of 78,500 (4%), 1:10 elapsed, about 26:47 left``."""

    def __init__(
        self,
        console: Console,
        every: float = EVERY_SECONDS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.console = console
        self.every = every
        self.clock = clock
        self.tasks: list[_Task] = []
        self.start = self.last = clock()
        self.said = False

    def __enter__(self) -> PlainProgress:
        self.start = self.last = self.clock()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        if self.said and any(task.done and not task.removed for task in self.tasks):
            self._say()  # the last line of a run long enough to have said any

    def add_task(self, description: str, total: float | None = None) -> TaskID:
        self.tasks.append(_Task(description, total))
        return TaskID(len(self.tasks) - 1)

    def remove_task(self, task: TaskID) -> None:
        """A finished task: its last line (if any was said), then no more of it."""
        if self.said:
            self._say()
        self.tasks[task].removed = True

    def advance(self, task: TaskID, advance: float = 1) -> None:
        self.tasks[task].done += advance
        if self.clock() - self.last >= self.every:
            self._say()

    def _say(self) -> None:
        now = self.clock()
        self.last, self.said = now, True
        elapsed = now - self.start
        for task in self.tasks:
            if task.removed:
                continue
            line = f"{task.description}: {task.done:,.0f}"
            if task.total:
                share = task.done / task.total
                line += f" of {task.total:,.0f} ({share:.0%}), {clock_text(elapsed)} elapsed"
                if 0 < share < 1:
                    line += f", about {clock_text(elapsed * (1 - share) / share)} left"
            else:
                line += f" done, {clock_text(elapsed)} elapsed"
            self.console.print(line, highlight=False, soft_wrap=True)


def progress_bar(console: Console) -> Progress | PlainProgress:
    """A bar on stderr that disappears when done; plain lines where stderr is no terminal."""
    if not console.is_terminal:
        return PlainProgress(console)
    columns = (
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
    )
    return Progress(*columns, console=console, transient=True)

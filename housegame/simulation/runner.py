"""Running a simulation in seeded chunks: here, on local processes, or on a Dask cluster.

A run is cut into chunks of deals; a chunk's random numbers come from the run's seed and the
chunk's index alone (``numpy.random.SeedSequence`` spawn keys), never from which worker ran it
or when. Results are folded in chunk order, so a run gives the same numbers whatever the
backend and the number of workers.

Ctrl-C (``KeyboardInterrupt``) stops a run: the chunks already finished are kept and the run is
marked interrupted, so the caller can still report what was done.
"""

from __future__ import annotations

import signal
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from multiprocessing import get_context
from typing import Any, Generic, TypeVar

import numpy as np

from housegame.errors import HousegameError

R = TypeVar("R")

CHUNK = 100
"""Deals per chunk: part of what a seed means (a different size deals different cards)."""


def chunk_sizes(deals: int, size: int = CHUNK) -> list[int]:
    """How many deals each chunk of a run of ``deals`` holds, in order."""
    return [min(size, deals - start) for start in range(0, deals, size)]


def chunk_rng(seed: int, index: int) -> np.random.Generator:
    """Chunk ``index``'s generator: ``SeedSequence(seed).spawn(n)[index]``, built directly."""
    return np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(index,)))


@dataclass(frozen=True)
class Backend:
    """Where chunks run: ``jobs`` local processes (1: this process), or a Dask scheduler."""

    jobs: int = 1
    dask: str | None = None

    def describe(self) -> str:
        if self.dask is not None:
            return f"dask scheduler {self.dask}"
        return "this process" if self.jobs == 1 else f"{self.jobs} local processes"


@dataclass
class Outcome(Generic[R]):
    """Each finished task's result by task index; ``interrupted`` when Ctrl-C ended the run."""

    results: dict[int, R]
    interrupted: bool = False


CONNECT_TIMEOUT = "10s"
"""How long to try to reach a Dask scheduler."""
LOCAL = Backend()
"""Run in this process."""

Done = Callable[[int, Any], None]
"""Called in the calling process after each task, with its index and result; raising
``KeyboardInterrupt`` from it stops the run like Ctrl-C (how tests interrupt a run)."""


def run_tasks(
    tasks: Sequence[Callable[[], R]], backend: Backend = LOCAL, done: Done | None = None
) -> Outcome[R]:
    """Run every task (a picklable callable) on the backend; see the module docstring."""
    if backend.jobs < 1:
        raise HousegameError(f"--jobs {backend.jobs}: at least one process is needed")
    outcome: Outcome[R] = Outcome({})
    if backend.dask is not None:
        _run_dask(tasks, backend.dask, outcome, done)
    elif backend.jobs == 1:
        try:
            for index, task in enumerate(tasks):
                outcome.results[index] = result = task()
                if done is not None:
                    done(index, result)
        except KeyboardInterrupt:
            outcome.interrupted = True
    else:
        _run_processes(tasks, backend.jobs, outcome, done)
    return outcome


def _ignore_sigint() -> None:
    """Workers leave Ctrl-C to the parent, which cancels what is left (no worker tracebacks)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _run_processes(
    tasks: Sequence[Callable[[], R]], jobs: int, outcome: Outcome[R], done: Done | None
) -> None:
    # spawn, not fork: the caller may run threads (a progress bar) that fork would copy mid-state
    pool = ProcessPoolExecutor(
        max_workers=jobs, mp_context=get_context("spawn"), initializer=_ignore_sigint
    )
    try:
        futures: dict[Future[R], int] = {pool.submit(task): i for i, task in enumerate(tasks)}
        for future in as_completed(futures):
            index = futures[future]
            outcome.results[index] = result = future.result()
            if done is not None:
                done(index, result)
    except KeyboardInterrupt:
        outcome.interrupted = True
        _stop_workers(pool)
        return
    except BaseException:  # a task failed: nothing else of the run is wanted
        _stop_workers(pool)
        raise
    pool.shutdown()


def _stop_workers(pool: ProcessPoolExecutor) -> None:
    """Cancel what is queued and end the workers now: left alone they would finish the chunks
    already handed to them (holding the terminal's pipes) after the report is printed. Python
    3.14 has ``terminate_workers()`` for this; before it, the pool's own process table."""
    workers = getattr(pool, "_processes", None) or {}
    for process in list(workers.values()):
        process.terminate()
    pool.shutdown(wait=True, cancel_futures=True)


def _run_dask(
    tasks: Sequence[Callable[[], R]], address: str, outcome: Outcome[R], done: Done | None
) -> None:
    try:
        from distributed import Client
        from distributed import as_completed as dask_completed
    except ImportError:
        raise HousegameError(
            "--dask needs the Dask distributed client",
            hint="pip install 'housegame[dask]'",
        ) from None
    try:
        client = Client(address, timeout=CONNECT_TIMEOUT)  # type: ignore[no-untyped-call]
    except OSError as exc:
        raise HousegameError(
            f"cannot reach the Dask scheduler at {address}: {exc}",
            hint="start one with `dask scheduler` and workers with `dask worker ADDRESS`",
        ) from None
    futures: list[Any] = []
    try:
        futures = [client.submit(task, pure=False) for task in tasks]
        index_of = {future.key: i for i, future in enumerate(futures)}
        for future in dask_completed(futures):  # type: ignore[no-untyped-call]
            index = index_of[future.key]
            outcome.results[index] = result = future.result()
            if done is not None:
                done(index, result)
    except KeyboardInterrupt:
        outcome.interrupted = True
        client.cancel(futures)  # type: ignore[no-untyped-call]
    except BaseException:
        client.cancel(futures)  # type: ignore[no-untyped-call]
        raise
    finally:
        client.close()  # type: ignore[no-untyped-call]

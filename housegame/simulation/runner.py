"""Running a simulation in seeded chunks: here, on local processes, or on a Dask cluster.

A run is cut into chunks of deals; a chunk's random numbers come from the run's seed and the
chunk's index alone (``numpy.random.SeedSequence`` spawn keys), never from which worker ran it
or when. Results are folded in task order (early arrivals wait for their turn), so a run gives
the same numbers whatever the backend and the number of workers; at most a few tasks per worker
are in flight, so a long run holds neither every task's result nor every task at once.

Ctrl-C (``KeyboardInterrupt``) stops a run: the chunks already finished are kept and the run is
marked interrupted, so the caller can still report what was done.
"""

from __future__ import annotations

import os
import signal
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from contextlib import nullcontext
from dataclasses import dataclass
from multiprocessing import get_context
from typing import Any, Generic, TypeVar

import numpy as np

from housegame.arrange.cache import notice
from housegame.errors import HousegameError
from housegame.memo import keep_everything, kept_for_run, return_free_memory

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
    """Where chunks run: ``jobs`` local processes (1: this process; never more than the
    cores this process may use, ``usable_cores``), or a Dask scheduler."""

    jobs: int = 1
    dask: str | None = None

    @property
    def processes(self) -> int:
        """The local processes a run starts: ``jobs``, at most one per usable core."""
        return min(self.jobs, usable_cores())


def usable_cores() -> int:
    """The cores this process may run on (its CPU affinity where the system says it)."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return os.cpu_count() or 1


class InOrder(Generic[R]):
    """Hands results to ``fold`` in task order, holding early arrivals until their turn."""

    def __init__(self, fold: Callable[[int, R], None]) -> None:
        self.fold = fold
        self.next = 0
        self.waiting: dict[int, R] = {}
        self.done = 0

    def add(self, index: int, result: R) -> None:
        self.done += 1
        self.waiting[index] = result
        while self.next in self.waiting:
            self.fold(self.next, self.waiting.pop(self.next))
            self.next += 1

    def flush(self) -> None:
        """After an interruption: the finished tasks still waiting, in order (gaps skipped)."""
        for index in sorted(self.waiting):
            self.fold(index, self.waiting.pop(index))


CONNECT_TIMEOUT = "10s"
"""How long to try to reach a Dask scheduler."""
IN_FLIGHT = 4
"""Tasks handed out per local worker before their results come back."""
DASK_IN_FLIGHT = 16
"""The same per Dask worker thread: a round trip through the scheduler costs more."""
LOCAL = Backend()
"""Run in this process."""

Progress = Callable[[int], None]
"""Called in the calling process after each task finishes, with its index; raising
``KeyboardInterrupt`` from it stops the run like Ctrl-C (how tests interrupt a run)."""


def run_tasks(
    tasks: Sequence[Callable[[], R]],
    fold: Callable[[int, R], None],
    backend: Backend = LOCAL,
    progress: Progress | None = None,
    keep_models: bool = True,
) -> bool:
    """Run every task (a picklable callable) on the backend and ``fold`` each result in task
    order. Returns whether Ctrl-C ended the run (the finished tasks are folded all the same).
    ``keep_models``: each task asks again for every model of the run, so the caches keep them
    all until it ends; False where tasks come in groups whose models fit the caches' bounds
    (a sensitivity run's), so memory stays within them."""
    if backend.jobs < 1:
        raise HousegameError(f"--jobs {backend.jobs}: at least one process is needed")
    ordered = InOrder(fold)

    def finished(index: int, result: R) -> None:
        ordered.add(index, result)
        if progress is not None:
            progress(index)

    try:
        if backend.dask is not None:
            _run_dask(tasks, backend.dask, finished)
        elif backend.processes == 1:
            with kept_for_run() if keep_models else nullcontext():
                for index, task in enumerate(tasks):
                    finished(index, task())
                    if not keep_models:
                        return_free_memory()
        else:
            _run_processes(tasks, backend.processes, finished, keep_models)
    except KeyboardInterrupt:
        ordered.flush()
        return True
    return False


Finished = Callable[[int, Any], None]


def _windowed(
    tasks: Sequence[Callable[[], Any]],
    window: int,
    submit: Callable[[Callable[[], Any]], Any],
    first_done: Callable[[set[Any]], set[Any]],
    finished: Finished,
) -> None:
    """Keep ``window`` tasks in flight; hand each result on as it comes back, then drop it."""
    queue = iter(enumerate(tasks))
    pending: dict[Any, int] = {}
    while True:
        for index, task in queue:
            pending[submit(task)] = index
            if len(pending) >= window:
                break
        if not pending:
            return
        for handle in first_done(set(pending)):
            finished(pending.pop(handle), handle.result())


def _start_worker(keep_models: bool) -> None:
    """Workers leave Ctrl-C to the parent, which ends them (no worker tracebacks); with
    ``keep_models`` they keep every model they compile (they end with the run)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if keep_models:
        keep_everything()


def _on_dask_worker(task: Callable[[], R]) -> R:
    """A task on a Dask worker, which keeps every model it compiles for the runs to come (as
    a local worker does for its run)."""
    keep_everything()
    return task()


def _run_processes(
    tasks: Sequence[Callable[[], Any]], jobs: int, finished: Finished, keep_models: bool
) -> None:
    # spawn, not fork: the caller may run threads (a progress bar) that fork would copy mid-state
    pool = ProcessPoolExecutor(
        max_workers=jobs,
        mp_context=get_context("spawn"),
        initializer=_start_worker,
        initargs=(keep_models,),
    )

    def first_done(pending: set[Future[Any]]) -> set[Future[Any]]:
        return wait(pending, return_when=FIRST_COMPLETED).done

    try:
        _windowed(tasks, jobs * IN_FLIGHT, pool.submit, first_done, finished)
    except BaseException:  # Ctrl-C, or a task failed: nothing else of the run is wanted
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


TRIM_VARIABLE = "MALLOC_TRIM_THRESHOLD_"


def _trim_setting() -> str | None:
    """On a worker: the malloc trim threshold it was started with, if any."""
    return os.environ.get(TRIM_VARIABLE)


def _check_workers(client: Any) -> None:
    """Say so when workers run with Dask's default ``MALLOC_TRIM_THRESHOLD_``: it turns off
    glibc's adaptive mmap threshold and about doubles a chunk's CPU (docs/simulate.md)."""
    settings = client.run(_trim_setting)
    slowed = sum(value is not None for value in settings.values())
    if slowed:
        notice(
            f"{slowed} of {len(settings)} Dask workers run with {TRIM_VARIABLE} set, which "
            "about doubles this simulation's CPU; docs/simulate.md shows how to start them "
            "without it"
        )


def _run_dask(tasks: Sequence[Callable[[], Any]], address: str, finished: Finished) -> None:
    try:
        import distributed
    except ImportError:
        raise HousegameError(
            "--dask needs the Dask distributed client",
            hint="pip install 'housegame[dask]'",
        ) from None
    try:
        client = distributed.Client(address, timeout=CONNECT_TIMEOUT)  # type: ignore[no-untyped-call]
    except OSError as exc:
        raise HousegameError(
            f"cannot reach the Dask scheduler at {address}: {exc}",
            hint="start one with `dask scheduler` and workers with `dask worker ADDRESS`",
        ) from None
    _check_workers(client)
    submitted: list[Any] = []

    def submit(task: Callable[[], Any]) -> Any:
        future = client.submit(_on_dask_worker, task, pure=False)
        submitted.append(future)
        return future

    def first_done(pending: set[Any]) -> set[Any]:
        waited = distributed.wait(list(pending), return_when="FIRST_COMPLETED")  # type: ignore[no-untyped-call]
        done: set[Any] = waited.done
        submitted[:] = [f for f in submitted if f not in done]
        return done

    threads = sum(client.nthreads().values()) or 1  # type: ignore[no-untyped-call]
    try:
        _windowed(tasks, threads * DASK_IN_FLIGHT, submit, first_done, finished)
    except BaseException:
        client.cancel(submitted)  # type: ignore[no-untyped-call]
        raise
    finally:
        client.close()  # type: ignore[no-untyped-call]

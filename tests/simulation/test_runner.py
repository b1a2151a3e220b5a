"""The chunk runner: seeds from (run seed, chunk index), and Ctrl-C on local processes."""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import partial

import numpy as np
import pytest

from housegame.simulation import runner
from housegame.simulation.runner import Backend, chunk_rng, chunk_sizes, run_tasks


def test_a_chunks_seed_is_the_spawned_child_of_the_run_seed() -> None:
    children = np.random.SeedSequence(7).spawn(4)
    for index, child in enumerate(children):
        expected = np.random.default_rng(child).random(3)
        assert (chunk_rng(7, index).random(3) == expected).all()
    assert chunk_sizes(250) == [100, 100, 50]
    assert chunk_sizes(3, 2) == [2, 1]


@pytest.mark.parametrize("backend", [Backend(), Backend(jobs=2)])
def test_results_are_folded_in_task_order(backend: Backend) -> None:
    tasks = [partial(pow, n, 2) for n in range(30)]
    folded: list[tuple[int, int]] = []
    assert not run_tasks(tasks, lambda i, r: folded.append((i, r)), backend)
    assert folded == [(n, n * n) for n in range(30)]


def test_interrupt_on_processes_keeps_finished_tasks_and_stops_the_workers() -> None:
    def stop(index: int) -> None:
        raise KeyboardInterrupt

    folded: list[int] = []
    tasks = [partial(time.sleep, 0.2) for _ in range(20)]
    assert run_tasks(tasks, lambda i, r: folded.append(i), Backend(jobs=2), stop)
    assert len(folded) == 1  # the one whose progress call interrupted


def test_a_failing_task_stops_the_run_and_raises() -> None:
    tasks: list[Callable[[], object]] = [partial(int, "1"), partial(int, "x")]
    tasks += [partial(time.sleep, 0.2) for _ in range(6)]
    with pytest.raises(ValueError, match="invalid literal"):
        run_tasks(tasks, lambda i, r: None, Backend(jobs=2))


def test_jobs_beyond_the_cores_run_one_process_a_core(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(runner, "usable_cores", lambda: 2)
    assert Backend(jobs=32).processes == 2 and Backend(jobs=1).processes == 1
    started: list[int] = []

    def processes(
        tasks: list[Callable[[], int]], jobs: int, finished: Callable[..., None], keep: bool
    ) -> None:
        started.append(jobs)
        for index, task in enumerate(tasks):
            finished(index, task())

    monkeypatch.setattr(runner, "_run_processes", processes)
    folded: list[int] = []
    run_tasks([partial(pow, 3, 2)], lambda i, r: folded.append(r), Backend(jobs=32))
    assert started == [2] and folded == [9]


def test_the_command_line_says_when_jobs_are_more_than_the_cores(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from typer.testing import CliRunner

    from housegame.cli import app

    monkeypatch.setattr(runner, "usable_cores", lambda: 1)
    result = CliRunner().invoke(app, ["simulate", "-r", "pagat", "--deals", "5", "--jobs", "33"])
    assert result.exit_code == 0, result.stderr
    said = " ".join(result.stderr.split())
    assert "--jobs 33: this machine runs 1 at once; 1 processes (the same numbers)" in said

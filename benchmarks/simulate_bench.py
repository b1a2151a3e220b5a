"""Simulation speed: deals per second under every bundled 13-card ruleset, on local processes
or Dask workers, and the wall-clock time the issue's target implies.

Run::

    python -m benchmarks.simulate_bench --deals 2000 --jobs 2          # all rulesets
    python -m benchmarks.simulate_bench --deals 2000 --jobs 2 --startup  # start-up apart
    python -m benchmarks.simulate_bench --deals 600 --dask-workers 1 2 1 2 -r pagat -r taiwan
    python -m benchmarks.simulate_bench --loose-tables 60 -r maceplay   # score, loose cards

With ``--startup`` it also times a run of one chunk per process and reports what further
deals cost apart from that start-up (each worker process imports the package and builds its
lookup tables and models once per run: seconds that a long run pays once, not per deal).

Reports wall time and CPU time (this process plus its worker processes, from ``resource``;
Dask workers' CPU is not counted) and the extrapolated time for 100,000 four-player deals
under the same rulesets (the target: at most 10 minutes with ``--jobs 2``), both at the
measured wall rate and from the CPU time per deal as if the cores were free. For Dask it also
reads the scheduler's task stream: the seconds tasks spent computing over the wall time is
how many workers were busy on average, which shows the scaling even when other work on the
machine slows every worker down. Run on an older checkout's package (before
``housegame.simulation``: from that checkout's root, this file by path, ``PYTHONPATH=. python
NEW/benchmarks/simulate_bench.py``) it times that code's one-process ``simulate`` instead,
for interleaved old/new runs. With
``--dask-workers N...`` it starts a ``LocalCluster`` of N single-threaded worker processes
for each N and times the same run on it, to show how the run scales with workers.
"""

from __future__ import annotations

import argparse
import resource
import time

from housegame.rulesets.loader import bundled_of, load_ruleset
from housegame.rulesets.thirteen import ThirteenCardRuleset

WORKERS_WITHOUT_TRIM = {"distributed.nanny.pre-spawn-environ.MALLOC_TRIM_THRESHOLD_": None}
"""Dask starts workers with MALLOC_TRIM_THRESHOLD_=65536, which turns off glibc's adaptive
mmap threshold: every numpy array of more than 128 KiB is then mapped and unmapped afresh, and
a chunk costs about twice the CPU (measured: 2.1 s a task against 1.0 s in a local process).
The workers here start without it, as docs/simulate.md tells cluster users to start theirs;
``--malloc-trim`` keeps Dask's default, to show the difference."""

try:
    from housegame.simulation import Backend, simulate
    from housegame.simulation.runner import CHUNK

    def run(rulesets: list[ThirteenCardRuleset], deals: int, backend: Backend) -> None:
        simulate(rulesets, deals, seed=1, players=4, backend=backend)

except ImportError:  # the code before housegame.simulation (one process), to compare with
    from dataclasses import dataclass

    from housegame.compare import simulate as old_simulate

    @dataclass(frozen=True)
    class Backend:  # type: ignore[no-redef]
        jobs: int = 1
        dask: str | None = None

    def run(rulesets: list[ThirteenCardRuleset], deals: int, backend: Backend) -> None:
        old_simulate(rulesets, deals, 1, 4)

    CHUNK = 100


TARGET_DEALS = 100_000


def _cpu() -> float:
    mine = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return mine.ru_utime + mine.ru_stime + children.ru_utime + children.ru_stime


def timed(rulesets: list[ThirteenCardRuleset], deals: int, backend: Backend) -> tuple[float, float]:
    """Wall and CPU seconds of one run (CPU of Dask workers is not counted: other processes)."""
    wall, cpu = time.perf_counter(), _cpu()
    run(rulesets, deals, backend)
    return time.perf_counter() - wall, _cpu() - cpu


def report(
    label: str, rulesets: int, deals: int, wall: float, cpu: float | None, cores: int
) -> None:
    """Wall-clock rates depend on what else the machine runs; the CPU time per deal does not
    (much), so the target is also estimated from it, as if ``cores`` cores were free (not for
    Dask, whose workers' CPU time this process cannot see)."""
    total = rulesets * deals
    target = rulesets * TARGET_DEALS
    line = (
        f"{label}: {rulesets} rulesets x {deals} deals in {wall:.1f} s wall "
        f"({rulesets * deals / wall:.0f} deals/s); {TARGET_DEALS:,} deals each: "
        f"{target * wall / total / 60:.1f} min at this wall rate"
    )
    if cpu is not None:
        line += (
            f"; {cpu:.1f} s CPU ({1000 * cpu / total:.2f} ms a deal): "
            f"{target * cpu / total / cores / 60:.1f} min on {cores} free cores"
        )
    print(line)


def startup(
    rulesets: list[ThirteenCardRuleset], deals: int, backend: Backend, wall: float, cpu: float
) -> None:
    """What the run costs once and what each further deal costs: a run of one chunk per
    process (each process then starts, imports and builds its tables and models once, as in
    any run) timed apart; the difference to the full run is the cost of the other deals."""
    small = CHUNK * backend.jobs
    assert deals > small, f"--startup needs more than {small} deals"
    wall0, cpu0 = timed(rulesets, small, backend)
    per_cpu = (cpu - cpu0) / (len(rulesets) * (deals - small))
    per_wall = (wall - wall0) / (len(rulesets) * (deals - small))
    target = len(rulesets) * (TARGET_DEALS - small)
    print(
        f"  start-up run ({small} deals): {wall0:.1f} s wall, {cpu0:.1f} s CPU; further deals: "
        f"{1000 * per_cpu:.2f} ms CPU a deal; {TARGET_DEALS:,} deals each: "
        f"{(wall0 + target * per_wall) / 60:.1f} min at this wall rate, "
        f"{(cpu0 + target * per_cpu) / backend.jobs / 60:.1f} min on {backend.jobs} free cores"
    )


def loose_tables(ruleset: str, count: int) -> None:
    """``score`` on four-player tables of 13 loose cards each: tables per CPU second, median
    of three passes (the first table scored before timing: tables and model loaded)."""
    import statistics

    from housegame.cards import Card
    from housegame.dealer import deal_hands
    from housegame.scoring import score
    from housegame.tables import TableFile

    hands = deal_hands(3, count)
    tables = [
        TableFile.model_validate(
            {
                "ruleset": ruleset,
                "players": [
                    {
                        "name": f"P{i}",
                        "cards": " ".join(str(Card(int(c))) for c in hands[4 * d + i]),
                    }
                    for i in range(4)
                ],
            }
        )
        for d in range(count)
    ]
    score(tables[0])
    rates = []
    for _ in range(3):
        start = time.process_time()
        for table in tables:
            score(table)
        rates.append(count / (time.process_time() - start))
    print(
        f"{ruleset}: {statistics.median(rates):.0f} loose four-player tables/s (CPU, median of 3)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("-r", "--ruleset", action="append", help="default: every bundled one")
    parser.add_argument("--dask-workers", type=int, nargs="*", default=[])
    parser.add_argument(
        "--malloc-trim",
        action="store_true",
        help="start Dask workers with Dask's default MALLOC_TRIM_THRESHOLD_ (twice the CPU)",
    )
    parser.add_argument(
        "--startup",
        action="store_true",
        help="also time a run of one chunk per process: start-up apart from the cost a deal",
    )
    parser.add_argument("--loose-tables", type=int, help="time `score` on N loose tables instead")
    args = parser.parse_args()
    if args.loose_tables:
        loose_tables(args.ruleset[0] if args.ruleset else "maceplay", args.loose_tables)
        return
    loaded = [load_ruleset(ref) for ref in args.ruleset or []]
    rulesets = [r for r in loaded if isinstance(r, ThirteenCardRuleset)]
    rulesets = rulesets or bundled_of(ThirteenCardRuleset)
    run(rulesets, 1, Backend())  # lookup tables and models loaded before timing
    if not args.dask_workers:
        backend = Backend(jobs=args.jobs)
        wall, cpu = timed(rulesets, args.deals, backend)
        report(f"--jobs {args.jobs}", len(rulesets), args.deals, wall, cpu, args.jobs)
        if args.startup:
            startup(rulesets, args.deals, backend, wall, cpu)
        return
    import dask
    from distributed import Client, LocalCluster, get_task_stream

    for workers in args.dask_workers:
        with (
            dask.config.set({} if args.malloc_trim else WORKERS_WITHOUT_TRIM),
            LocalCluster(  # type: ignore[no-untyped-call]
                n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None
            ) as cluster,
        ):
            address = str(cluster.scheduler_address)
            with Client(address) as client:  # type: ignore[no-untyped-call]
                client.run(run, rulesets, 1, Backend())  # warm every worker: imports, tables
                with get_task_stream(client) as stream:
                    wall, _ = timed(rulesets, args.deals, Backend(dask=address))
        report(f"dask, {workers} workers", len(rulesets), args.deals, wall, None, workers)
        busy = sum(
            part["stop"] - part["start"]
            for task in stream.data
            for part in task["startstops"]
            if part["action"] == "compute"
        )
        print(
            f"  tasks computed for {busy:.1f} s in {wall:.1f} s: {busy / wall:.2f} workers busy "
            f"on average ({busy / wall / workers:.0%} of {workers})"
        )


if __name__ == "__main__":
    main()

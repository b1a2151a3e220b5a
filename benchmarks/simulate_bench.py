"""Simulation speed: deals per second under every bundled 13-card ruleset, on local processes
or Dask workers, and the wall-clock time the issue's target implies.

Run::

    python benchmarks/simulate_bench.py --deals 2000 --jobs 2          # all rulesets
    python benchmarks/simulate_bench.py --deals 400 --dask-workers 1 2 -r pagat -r taiwan

Reports wall time and CPU time (this process plus its worker processes, from ``resource``),
deals per second over all rulesets, and the extrapolated time for 100,000 four-player deals
under the same rulesets (the target: at most 10 minutes with ``--jobs 2``). With
``--dask-workers N...`` it starts a ``LocalCluster`` of N single-threaded worker processes
for each N and times the same run on it, to show how the run scales with workers.
"""

from __future__ import annotations

import argparse
import resource
import time

from housegame.rulesets.loader import bundled_of, load_ruleset
from housegame.rulesets.thirteen import ThirteenCardRuleset
from housegame.simulation import Backend, simulate

TARGET_DEALS = 100_000


def _cpu() -> float:
    mine = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return mine.ru_utime + mine.ru_stime + children.ru_utime + children.ru_stime


def timed(rulesets: list[ThirteenCardRuleset], deals: int, backend: Backend) -> tuple[float, float]:
    """Wall and CPU seconds of one run (CPU of Dask workers is not counted: other processes)."""
    wall, cpu = time.perf_counter(), _cpu()
    simulate(rulesets, deals, seed=1, players=4, backend=backend)
    return time.perf_counter() - wall, _cpu() - cpu


def report(label: str, rulesets: int, deals: int, wall: float, cpu: float) -> None:
    rate = rulesets * deals / wall
    target = rulesets * TARGET_DEALS / rate
    print(
        f"{label}: {rulesets} rulesets x {deals} deals in {wall:.1f} s wall, {cpu:.1f} s CPU; "
        f"{rate:.0f} deals/s; {TARGET_DEALS:,} deals each would take {target / 60:.1f} min"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("-r", "--ruleset", action="append", help="default: every bundled one")
    parser.add_argument("--dask-workers", type=int, nargs="*", default=[])
    args = parser.parse_args()
    loaded = [load_ruleset(ref) for ref in args.ruleset or []]
    rulesets = [r for r in loaded if isinstance(r, ThirteenCardRuleset)]
    rulesets = rulesets or bundled_of(ThirteenCardRuleset)
    simulate(rulesets, 1, seed=1, players=4)  # lookup tables and models loaded before timing
    if not args.dask_workers:
        wall, cpu = timed(rulesets, args.deals, Backend(jobs=args.jobs))
        report(f"--jobs {args.jobs}", len(rulesets), args.deals, wall, cpu)
        return
    from distributed import Client, LocalCluster

    for workers in args.dask_workers:
        with LocalCluster(  # type: ignore[no-untyped-call]
            n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster:
            address = str(cluster.scheduler_address)
            with Client(address) as client:  # type: ignore[no-untyped-call]
                client.run(simulate, rulesets, 1)  # warm every worker: imports, tables
            wall, cpu = timed(rulesets, args.deals, Backend(dask=address))
        report(f"dask, {workers} workers", len(rulesets), args.deals, wall, cpu)


if __name__ == "__main__":
    main()

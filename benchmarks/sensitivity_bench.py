"""Sensitivity speed: every one-setting variant of a bundled 13-card ruleset on the same seeded
deals, on local processes, against the target (at most 10 minutes on this 2-core machine).

Run::

    python -m benchmarks.sensitivity_bench --ruleset pagat --deals 1000 --jobs 2

Reports the variants played, wall time and CPU time (this process plus its worker processes,
from ``resource``), the wall time per variant and per 100 deals, and how wide the intervals
came out at that deal count: the median and largest half-width of the 95% interval of a
change in units moved per deal, in seat 1's edge and in the skill margin, and how many
variants had a detectable effect.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import time

from housegame.simulation import Backend
from housegame.simulation.sensitivity import sensitivity


def _cpu() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ruleset", default="pagat")
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    wall, cpu = time.perf_counter(), _cpu()
    report = sensitivity(args.ruleset, args.deals, args.seed, backend=Backend(args.jobs))
    wall, cpu = time.perf_counter() - wall, _cpu() - cpu
    variants = len(report.effects)
    print(
        f"{report.ruleset}: {variants} variants (and the ruleset itself) x {report.deals} "
        f"deals of {report.players} hands, --jobs {args.jobs}"
    )
    print(f"wall {wall:.1f} s, cpu {cpu:.1f} s; {wall / (variants + 1):.2f} s wall a ruleset")
    print(f"target 600 s: {'met' if wall <= 600 else 'missed'}")
    for key in ("moved", "seat 1", "skill"):
        halves = [(c.ci95[1] - c.ci95[0]) / 2 for e in report.effects if (c := e.changes[key])]
        moving = [h for h in halves if h > 0]
        print(
            f"  {key}: half-width of the 95% interval, median {statistics.median(moving):.3f}, "
            f"largest {max(moving):.3f} (over the {len(moving)} variants that change play)"
        )
    found = sum(e.detectable for e in report.effects)
    print(f"  {found} of {variants} variants with a detectable effect")


if __name__ == "__main__":
    main()

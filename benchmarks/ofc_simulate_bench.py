"""OFC simulation speed: CPU milliseconds per ruleset-hand of ``ofc simulate`` (the basic bot
setting every seat), the figure the speed target reads (at most 5 ms).

Run (from a checkout's root, or on an older checkout's package with ``PYTHONPATH`` set to it
and this file by path, to interleave two commits)::

    python -m benchmarks.ofc_simulate_bench --hands 60 --rounds 3

Prints each round's figure and their median, after one warm-up hand (imports, tables).
"""

from __future__ import annotations

import argparse
import statistics
import time

from housegame.rulesets.loader import load_bundled
from housegame.simulation.games import simulate_ofc


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", default="golden-nugget-pineapple")
    parser.add_argument("--hands", type=int, default=60)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    ruleset = load_bundled(args.ruleset)
    simulate_ofc([ruleset], 1)  # type: ignore[list-item]
    figures = []
    for round_ in range(args.rounds):
        start = time.process_time()
        simulate_ofc([ruleset], args.hands, seed=round_ + 1)  # type: ignore[list-item]
        figures.append((time.process_time() - start) * 1000 / args.hands)
        print(f"round {round_ + 1}: {figures[-1]:.1f} ms CPU a ruleset-hand", flush=True)
    print(f"{args.ruleset}: median {statistics.median(figures):.1f} ms CPU a ruleset-hand")


if __name__ == "__main__":
    main()

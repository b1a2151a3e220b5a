"""The web table's memory across sensitivity runs: twenty runs, one a bundled 13-card ruleset
each, through the same code the server runs them with (``web.sensitivity.start``), one after
another in one process. Prints the resident memory after each run and the largest.

Run from the repository root::

    python -m benchmarks.server_memory                # 20 runs of 20 deals
    python -m benchmarks.server_memory --runs 5 --deals 50

The bound it checks (docs/security.md, "Memory"): the compiled models a server keeps are at most
``objectives.MODEL_BYTES`` of arrays, and a finished run returns what it freed.
"""

from __future__ import annotations

import argparse
import time

from housegame.rulesets.loader import bundled_of
from housegame.rulesets.thirteen import ThirteenCardRuleset
from housegame.thirteen.seating import standard_deck
from housegame.web.sensitivity import SensitivityRequest, start


def resident_mib() -> float:
    """This process's resident memory (Linux ``/proc/self/statm``), in MiB."""
    with open("/proc/self/statm", encoding="ascii") as statm:
        pages = int(statm.read().split()[1])
    import resource

    return pages * resource.getpagesize() / 2**20


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--deals", type=int, default=20)
    args = parser.parse_args()
    rulesets = [r.id for r in bundled_of(ThirteenCardRuleset) if standard_deck(r)]
    print(f"start: {resident_mib():.0f} MiB")
    most = 0.0
    for i in range(args.runs):
        rid = rulesets[i % len(rulesets)]
        run = start(SensitivityRequest(ruleset=rid, deals=args.deals))
        while not run.played.wait(0.2):
            pass
        time.sleep(0.1)  # the run's thread returns its memory as it ends
        now = resident_mib()
        most = max(most, now)
        print(f"run {i + 1:2d} {rid:24s} {run.state:9s} {now:6.0f} MiB", flush=True)
    print(f"largest after a run: {most:.0f} MiB")


if __name__ == "__main__":
    main()

"""Compare two checkouts' ``ev`` speed fairly on a machine whose speed drifts: run this
checkout's ``arrange_bench.py --ruleset all`` on each checkout's package in turn (the file by
path, ``PYTHONPATH`` set to the checkout), several rounds, and report per ruleset the median of
each side's per-round medians (CPU time, ms per hand) and their ratio.

Run (old code in a worktree, e.g. ``git worktree add --detach ../base <commit>``)::

    python -m benchmarks.interleave --old ../base --new . --rounds 3 --hands 512
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
from pathlib import Path

LINE = re.compile(r"^(\S+)\s+ev: median ([\d.]+) ms/hand; arrange_many ([\d.]+) ms/hand")


def run(checkout: Path, hands: int) -> dict[str, tuple[float, float]]:
    bench = Path(__file__).resolve().parent / "arrange_bench.py"
    env = {**os.environ, "PYTHONPATH": str(checkout.resolve())}
    out = subprocess.run(
        [sys.executable, str(bench), "--ruleset", "all", "--hands", str(hands)],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return {
        m.group(1): (float(m.group(2)), float(m.group(3)))
        for m in map(LINE.match, out.splitlines())
        if m
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--old", type=Path, required=True)
    parser.add_argument("--new", type=Path, default=Path("."))
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--hands", type=int, default=512)
    args = parser.parse_args()
    rounds: dict[str, list[dict[str, tuple[float, float]]]] = {"old": [], "new": []}
    for i in range(args.rounds):
        for side in ("old", "new") if i % 2 == 0 else ("new", "old"):
            rounds[side].append(run(getattr(args, side), args.hands))
            print(f"round {i + 1}: {side} done", file=sys.stderr, flush=True)
    print("| ruleset | old ev | new ev | new/old | old arrange_many | new arrange_many |")
    print("|---|---:|---:|---:|---:|---:|")
    for rid in rounds["new"][0]:
        old = [r[rid] for r in rounds["old"] if rid in r]
        new = [r[rid] for r in rounds["new"]]
        o_ev, n_ev = statistics.median(x[0] for x in old), statistics.median(x[0] for x in new)
        o_all, n_all = statistics.median(x[1] for x in old), statistics.median(x[1] for x in new)
        print(
            f"| {rid} | {o_ev:.3f} | {n_ev:.3f} | {n_ev / o_ev:.2f} | {o_all:.3f} | {n_all:.3f} |"
        )


if __name__ == "__main__":
    main()

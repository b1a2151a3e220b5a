"""What the test suite costs a contributor: ``pytest`` (the quick suite) or ``pytest --full``
from empty caches, in CPU seconds of every process it runs (pytest and its subprocesses).

Run from the repository root::

    python -m benchmarks.suite_cost               # the quick suite
    python -m benchmarks.suite_cost --full        # everything CI runs
    python -m benchmarks.suite_cost --warm        # with this user's caches, as a second run has

Unless ``--warm``, the run gets an empty ``HOME`` (so an empty table cache, matplotlib font
cache and hypothesis database) in a temporary folder, as a fresh clone on a new machine has.
The figure is the children's user and system CPU time (``resource.getrusage``), which the
machine's other load disturbs far less than the wall-clock time also printed. The bar for the
quick suite is 240 CPU seconds on the 2-core development machine.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run_suite(full: bool, warm: bool, extra: list[str]) -> tuple[int, str, float, float]:
    """pytest's exit code and last line, its children's CPU seconds and the wall seconds."""
    env = {k: v for k, v in os.environ.items() if k not in ("CI", "HOUSEGAME_FULL")}
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *extra]
    if full:
        command.append("--full")
    with tempfile.TemporaryDirectory(prefix="housegame-suite-") as home:
        if not warm:
            env["HOME"] = home
            env.pop("HOUSEGAME_CACHE", None)
            env.pop("XDG_CACHE_HOME", None)
            env.pop("MPLCONFIGDIR", None)
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True)
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    lines = [line for line in done.stdout.splitlines() if line.strip()]
    return done.returncode, lines[-1] if lines else done.stderr.strip(), cpu, wall


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--full", action="store_true", help="the full suite (pytest --full)")
    parser.add_argument("--warm", action="store_true", help="keep this user's caches")
    parser.add_argument("pytest_args", nargs="*", help="more arguments for pytest")
    args = parser.parse_args(argv)
    code, summary, cpu, wall = run_suite(args.full, args.warm, args.pytest_args)
    suite = "full" if args.full else "quick"
    caches = "warm" if args.warm else "empty"
    print(f"{suite} suite, {caches} caches: {summary}")
    print(f"CPU {cpu:.1f} s (user+sys, all processes), wall {wall:.1f} s, exit {code}")
    return code


if __name__ == "__main__":
    sys.exit(main())

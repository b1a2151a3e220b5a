"""Regenerate every golden file and generated doc, in dependency order: ``python -m tests.regen``.

Each step is the command docs/development.md names for one kind of file; they run in this
order because later ones read what earlier ones write (the rulesets reference page reads the
schemas; the manual's console outputs may show any of them). ``--only NAME`` runs some steps;
review the diff before committing.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys

from tests.docs_blocks import ROOT

STEPS: dict[str, tuple[list[str], dict[str, str]]] = {
    "schemas": ([sys.executable, "-m", "housegame.schemas"], {}),
    "rulesets-reference": ([sys.executable, "-m", "tests.docs_reference"], {}),
    "results": ([sys.executable, "tests/golden/regen.py"], {}),
    "sheets": ([sys.executable, "-m", "tests.golden.regen_sheets"], {}),
    "simulate": (
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "--full",
            "tests/simulation/test_thirteen.py",
            "-k",
            "tiny_seeded_run",
        ],
        {"HOUSEGAME_REGEN": "1"},
    ),
    "equilibrium": (
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "--full",
            "tests/arrange/test_equilibrium.py",
            "-k",
            "byte_identical",
        ],
        {"HOUSEGAME_REGEN": "1"},
    ),
    "web-images": (
        [sys.executable, "-m", "pytest", "-q", "--full", "tests/web", "-m", "browser"],
        {"HOUSEGAME_REGEN": "1"},
    ),
    "console-outputs": ([sys.executable, "-m", "tests.docs_regen"], {}),
}
"""Step name -> command and extra environment, run from the repository root."""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", action="append", choices=sorted(STEPS), help="run this step")
    args = parser.parse_args(argv)
    for name, (command, extra) in STEPS.items():
        if args.only and name not in args.only:
            continue
        print(f"== {name}: {' '.join(command[1:])}", flush=True)
        env = {**os.environ, "PYTHONPATH": str(ROOT), **extra}
        done = subprocess.run(command, cwd=ROOT, env=env, check=False)
        if done.returncode:
            print(f"{name} failed (exit {done.returncode})", file=sys.stderr)
            return done.returncode
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""What the hostile requests of issue 26 cost the web table: CPU time per request (the median of
``--repeat`` runs, in this process through the framework's test client), and what checking the
small alias file costs ``housegame validate``.

Run one checkout, or two in turn for several rounds (the machine's speed drifts; old code in a
worktree, e.g. ``git worktree add --detach ../base main``)::

    python -m benchmarks.web_requests_bench
    python -m benchmarks.web_requests_bench --old ../base --new . --rounds 3
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ALIASES = "a: &a [1,1,1]\n" + "".join(
    f"{chr(98 + i)}: &{chr(98 + i)} [*{chr(97 + i)},*{chr(97 + i)},*{chr(97 + i)}]\n"
    for i in range(10)
)


def cases() -> dict[str, Callable[[], Any]]:
    """Each request, ready to send again and again."""
    from fastapi.testclient import TestClient

    from housegame.filecheck import check_file
    from housegame.web import create_app

    client = TestClient(create_app(), base_url="http://127.0.0.1:8000")
    client.get("/")
    flow = "id: x\nlist: [" + ",".join(["1"] * 480_000) + "]\n"
    keys = "id: x\nlist: {" + ",".join(f"k{i}: 1" for i in range(6000)) + "}\n"
    cards = {"ruleset": "pagat", "players": [{"name": "A", "cards": ["AS"] * 150_000}]}
    folder = Path(tempfile.mkdtemp())
    (folder / "aliases.yaml").write_text(ALIASES, encoding="utf-8")
    return {
        "GET /": lambda: client.get("/"),
        "check 950 KiB flow list": lambda: client.post("/api/rulesets/check", json={"yaml": flow}),
        "check 6,000-key mapping": lambda: client.post("/api/rulesets/check", json={"yaml": keys}),
        "score 150,000 cards": lambda: client.post("/api/score", json={"table": cards}),
        "validate 184-byte aliases": lambda: check_file(folder / "aliases.yaml"),
    }


def measure(repeat: int) -> dict[str, float]:
    """Median CPU seconds of each case."""
    out = {}
    for name, send in cases().items():
        times = []
        for _ in range(repeat):
            started = time.process_time()
            send()
            times.append(time.process_time() - started)
        out[name] = statistics.median(times)
    return out


def run(checkout: Path, repeat: int) -> dict[str, float]:
    env = {**os.environ, "PYTHONPATH": str(checkout.resolve())}
    lines = subprocess.run(
        [sys.executable, __file__, "--repeat", str(repeat)],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.splitlines()
    return {name: float(value) for name, value in (line.rsplit("\t", 1) for line in lines)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--old", type=Path)
    parser.add_argument("--new", type=Path)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    if args.old is None or args.new is None:
        for name, seconds in measure(args.repeat).items():
            print(f"{name}\t{seconds:.4f}")
        return
    rounds: dict[str, list[dict[str, float]]] = {"old": [], "new": []}
    for _ in range(args.rounds):
        rounds["old"].append(run(args.old, args.repeat))
        rounds["new"].append(run(args.new, args.repeat))
    print(f"{'request':28} {'old s':>8} {'new s':>8}  (CPU, median of {args.rounds} rounds)")
    for name in rounds["new"][0]:
        old = statistics.median(r[name] for r in rounds["old"])
        new = statistics.median(r[name] for r in rounds["new"])
        print(f"{name:28} {old:8.3f} {new:8.3f}")


if __name__ == "__main__":
    main()

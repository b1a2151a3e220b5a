"""A CI-sized ladder run (issue 24): ``housegame bench`` for each game, small enough for CI.

Run::

    python -m benchmarks.bench_ladder                 # the CI size (under 10 minutes here)
    python -m benchmarks.bench_ladder --scale 10      # ten times the deals
    python -m benchmarks.bench_ladder --jobs 2 --json out.json

It runs, in one process each (or on ``--jobs`` processes):

- 13-card: ``ev`` and ``equilibrium`` on three rulesets of different payout shapes (pagat,
  taiwan: outcome table and home run, macau: banker), heads-up and one seat against three;
- OFC: the bot against ``random`` and against itself, heads-up, golden-nugget-pineapple;
- Big Two: the bot against three ``random`` players and three bots, every bundled ruleset;

prints each table as ``housegame bench`` does, with the wall and CPU time of each step (this
process's CPU: with ``--jobs`` the workers' is not counted), and writes every number as JSON
with ``--json``.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from housegame.bench.games import bench_bigtwo, bench_ofc
from housegame.bench.thirteen import bench_thirteen
from housegame.cli.bench_cmd import render_matches, render_thirteen
from housegame.rulesets.bigtwo import BigTwoRuleset
from housegame.rulesets.loader import bundled_of, load_ruleset
from housegame.rulesets.ofc import OfcRuleset
from housegame.simulation.runner import Backend

THIRTEEN = ["pagat", "taiwan", "macau"]
DEALS = 400
RESPONSE_DEALS = 500
OFC_HANDS = 100
BIGTWO_GAMES = 100


def timed(name: str, step: Callable[[], Any]) -> Any:
    wall, used = time.monotonic(), time.process_time()
    report = step()
    spent = time.process_time() - used
    print(f"== {name}: {time.monotonic() - wall:.0f} s wall, {spent:.0f} s CPU", flush=True)
    return report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=float, default=1.0, help="multiply every deal count")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", type=Path, help="write every number to this file")
    args = parser.parse_args()
    backend = Backend(args.jobs)
    scale = args.scale
    began = time.monotonic()
    thirteen = timed(
        "13-card",
        lambda: bench_thirteen(
            THIRTEEN,
            ["ev", "equilibrium"],
            (2, 4),
            round(DEALS * scale),
            args.seed,
            round(RESPONSE_DEALS * scale),
            backend,
        ),
    )
    render_thirteen(thirteen)
    ofc_rules = [load_ruleset("golden-nugget-pineapple", OfcRuleset)]
    ofc = timed(
        "OFC",
        lambda: bench_ofc(
            ofc_rules, ["bot"], ["random", "bot"], round(OFC_HANDS * scale), args.seed, backend
        ),
    )
    render_matches(ofc, "points a hand")
    bigtwo = timed(
        "Big Two",
        lambda: bench_bigtwo(
            bundled_of(BigTwoRuleset),
            ["bot"],
            ["random", "bot"],
            round(BIGTWO_GAMES * scale),
            args.seed,
            backend,
        ),
    )
    render_matches(bigtwo, "net points a game")
    print(f"== total: {time.monotonic() - began:.0f} s wall", flush=True)
    if args.json is not None:
        reports = {"thirteen": thirteen, "ofc": ofc, "big-two": bigtwo}
        data = {name: report.as_dict() for name, report in reports.items()}
        args.json.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()

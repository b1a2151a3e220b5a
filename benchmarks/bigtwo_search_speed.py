"""Big Two: the search bot's CPU time, a decision and a game, old checkout against new.

Two measures, each CPU time (``time.process_time``) in one process after a warm-up:

- **decision**: ``search.estimates`` with the default settings at fixed positions (every
  other position of one seat in seeded baseline games, each ruleset; positions with one legal
  move left out), the least of ``--repeat`` passes, ms a decision;
- **game**: whole games as the bench plays them (the search in one seat, the baseline in the
  others, each seeded deal in the four seatings), ms a game.

With ``--old`` the two checkouts take turns, ``--rounds`` rounds (old first, then new first,
...), each run in its own process; the table gives each side's median over the rounds and
new/old. Run (niced on a shared machine)::

    nice -n 10 python -m benchmarks.bigtwo_search_speed --old ../base --rounds 3
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

from benchmarks.bigtwo_bot_bench import RULESETS

ROOT = Path(__file__).resolve().parents[1]


def measure(deals: int, repeat: int) -> dict[str, float]:
    from housegame.bigtwo import Game, computer_move, load_rules
    from housegame.bigtwo.search import DEFAULT_SEARCH, estimates, search_move

    positions = []
    for ruleset in RULESETS:
        rules = load_rules(ruleset)
        for seed in range(deals):
            game = Game.deal(rules, seed)
            turn = 0
            while not game.over:
                if game.turn == seed % 4 and turn % 2 == 0 and game.legal_plays():
                    positions.append((copy.deepcopy(game, {id(rules): rules}), seed))
                turn += 1
                computer_move(game)
    for game, seed in positions:
        estimates(game, DEFAULT_SEARCH, seed)
    passes = []
    for _ in range(repeat):
        start = time.process_time()
        for game, seed in positions:
            estimates(game, DEFAULT_SEARCH, seed)
        passes.append(time.process_time() - start)
    games = 0
    start = time.process_time()
    for ruleset in RULESETS:
        rules = load_rules(ruleset)
        for seed in range(100, 100 + deals // 2):
            for hero in range(4):
                game = Game.deal(rules, seed)
                while not game.over:
                    (search_move if game.turn == hero else computer_move)(game)
                games += 1
    game_ms = (time.process_time() - start) / games * 1000
    return {
        "positions": len(positions),
        "decision_ms": min(passes) / len(positions) * 1000,
        "games": games,
        "game_ms": game_ms,
    }


def run(checkout: Path, deals: int, repeat: int) -> dict[str, float]:
    """One measure in a process of its own: this file by path on ``checkout``'s package
    (``benchmarks.bigtwo_bot_bench`` from this checkout where that one has no package)."""
    path = os.pathsep.join([str(checkout.resolve()), str(ROOT)])
    env = {**os.environ, "PYTHONPATH": path}
    command = [sys.executable, __file__, "--inner", "--deals", str(deals), "--repeat", str(repeat)]
    out = subprocess.run(command, env=env, capture_output=True, text=True, check=True).stdout
    return json.loads(out.splitlines()[-1])  # type: ignore[no-any-return]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--old", type=Path, help="the checkout to compare with")
    parser.add_argument("--new", type=Path, default=Path("."))
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--deals", type=int, default=6, help="seeded deals a ruleset")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--inner", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.inner:
        print(json.dumps(measure(args.deals, args.repeat)))
        return
    sides = {"new": args.new} if args.old is None else {"old": args.old, "new": args.new}
    results: dict[str, list[dict[str, float]]] = {side: [] for side in sides}
    for i in range(args.rounds):
        order = list(sides) if i % 2 == 0 else list(reversed(sides))
        for side in order:
            results[side].append(run(sides[side], args.deals, args.repeat))
            print(f"round {i + 1} {side}: {results[side][-1]}", file=sys.stderr, flush=True)
    first = next(iter(results.values()))[0]
    print(f"{first['positions']:.0f} positions, {first['games']:.0f} games a run; medians:")
    print("| measure | " + " | ".join(sides) + (" | new/old |" if "old" in sides else " |"))
    print("|---|" + "---:|" * (len(sides) + ("old" in sides)))
    for name in ("decision_ms", "game_ms"):
        values = {side: statistics.median(r[name] for r in results[side]) for side in sides}
        cells = " | ".join(f"{values[side]:.2f}" for side in sides)
        ratio = f" | {values['new'] / values['old']:.2f} |" if "old" in sides else " |"
        print(f"| {name} | {cells}{ratio}")


if __name__ == "__main__":
    main()

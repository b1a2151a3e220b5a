"""Fantasyland solver speed: hands per second at 14, 15, 16 and 17 cards.

Run (one core; numpy here is single-threaded anyway)::

    taskset -c 0 python -m benchmarks.ofc_fantasyland --hands 200

Each size solves ``--hands`` random hands dealt from a seeded shuffle (the
same hands every run) after one warm-up solve that builds the size's lookup
tables; the figure is hands / CPU seconds. The published Rust solver the
issue compares against manages about 149 hands/s at 14 cards and 1.5/s at 17.
"""

from __future__ import annotations

import argparse
import random
import time

from housegame.cards import DECK
from housegame.ofc.solver import solve
from housegame.rulesets.loader import load_ruleset
from housegame.rulesets.ofc import OfcRuleset

REFERENCE = {14: 149.0, 17: 1.5}


def hands_per_second(ruleset: OfcRuleset, size: int, hands: int, seed: int) -> float:
    rng = random.Random(seed * 100 + size)
    dealt = [rng.sample(DECK, size) for _ in range(hands + 1)]
    solve(dealt[0], ruleset)
    start = time.process_time()
    for cards in dealt[1:]:
        solve(cards, ruleset)
    return hands / (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", default="golden-nugget-pineapple")
    parser.add_argument("--hands", type=int, default=200, help="hands per size")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--sizes", type=int, nargs="+", default=[14, 15, 16, 17])
    args = parser.parse_args()
    ruleset = load_ruleset(args.ruleset)
    assert isinstance(ruleset, OfcRuleset)
    print(f"{'cards':>5}  {'hands/s':>9}  {'ms/hand':>8}  reference")
    for size in args.sizes:
        rate = hands_per_second(ruleset, size, args.hands, args.seed)
        ref = f"{REFERENCE[size]:g}/s (Rust)" if size in REFERENCE else ""
        print(f"{size:>5}  {rate:>9.1f}  {1000 / rate:>8.2f}  {ref}")


if __name__ == "__main__":
    main()

"""One-hand ``arrange`` speed: median CPU ms of ``Arranger.arrange`` on one hand per call (the
``ev`` objective), per bundled 13-card ruleset, after one warm-up call (tables loaded, model
compiled). What ``housegame arrange`` and a caller setting one hand at a time pay.

Run (interleave old and new checkouts, e.g. ``git worktree add ../base <commit>``)::

    PYTHONPATH=../base python benchmarks/one_hand_bench.py --hands 60
    PYTHONPATH=. python benchmarks/one_hand_bench.py --hands 60
"""

from __future__ import annotations

import argparse
import statistics
import time

from housegame.arrange.arranger import Arranger
from housegame.arrange.build import deal_hands
from housegame.cards import Card
from housegame.rulesets.loader import bundled_of, load_ruleset
from housegame.rulesets.thirteen import ThirteenCardRuleset


def one_hand_ms(ruleset: ThirteenCardRuleset, hands: list[list[Card]]) -> float:
    arranger = Arranger(ruleset, "ev")
    arranger.arrange(hands[0])
    times = []
    for hand in hands:
        began = time.process_time()
        arranger.arrange(hand)
        times.append((time.process_time() - began) * 1000)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", default="all", help="A ruleset id, or all.")
    parser.add_argument("--hands", type=int, default=60)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    rows = deal_hands(args.seed, (args.hands + 3) // 4)[: args.hands]
    hands = [[Card(int(c)) for c in row] for row in rows]
    rulesets = (
        list(bundled_of(ThirteenCardRuleset))
        if args.ruleset == "all"
        else [load_ruleset(args.ruleset)]
    )
    for ruleset in rulesets:
        assert isinstance(ruleset, ThirteenCardRuleset)
        print(f"{ruleset.id:<30} {one_hand_ms(ruleset, hands):.3f} ms/hand", flush=True)


if __name__ == "__main__":
    main()

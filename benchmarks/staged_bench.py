"""The staged search alone: CPU ms per hand of ``EvSearch.search(..., direct=False)`` on
batches of 256 hands, each ruleset's least of three passes over 1,024 seeded hands.

Run with ``PYTHONPATH`` pointing at either checkout (it reads only names older checkouts have
too), old and new in turns::

    for i in 1 2 3 4 5 6; do
      PYTHONPATH=$OLD python benchmarks/staged_bench.py taiwan pagat
      PYTHONPATH=. python benchmarks/staged_bench.py taiwan pagat
    done
"""

from __future__ import annotations

import sys
import time

from housegame.arrange.evsearch import EvSearch
from housegame.arrange.objectives import ev_model
from housegame.rulesets.loader import load_ruleset
from housegame.rulesets.thirteen import ThirteenCardRuleset

try:
    from housegame.dealer import deal_hands
except ImportError:  # before housegame.dealer
    from housegame.arrange.build import deal_hands  # type: ignore[attr-defined]

HANDS = 1024
BATCH = 256


def main(rulesets: list[str]) -> None:
    out = []
    cards = deal_hands(11, HANDS // 4)[:HANDS]
    for ruleset_id in rulesets:
        ruleset = load_ruleset(ruleset_id)
        assert isinstance(ruleset, ThirteenCardRuleset)
        search = EvSearch(ev_model(ruleset))
        search.search(cards[:BATCH], 1)  # warm: tables loaded, model compiled
        passes = []
        for _ in range(3):
            began = time.process_time()
            for start in range(0, HANDS, BATCH):
                search.search(cards[start : start + BATCH], 1, direct=False)
            passes.append((time.process_time() - began) / HANDS * 1000)
        out.append(f"{ruleset_id} {min(passes):.4f}")
    print(" ".join(out))


if __name__ == "__main__":
    main(sys.argv[1:])

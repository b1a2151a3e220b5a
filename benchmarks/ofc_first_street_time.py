"""CPU time of the OFC search bot's first-street decisions, alone, after the one-time setup.

Run::

    python benchmarks/ofc_first_street_time.py --seen 6
    python benchmarks/ofc_first_street_time.py --seen 0

Fantasyland's value (computed once per ruleset, on the first decision of a game) is timed
first and apart; then the first seat's first-street move is searched on ``--deals`` seeded
heads-up deals.
"""

from __future__ import annotations

import argparse
import statistics
import time

from housegame.ofc.board_value import BoardValue
from housegame.ofc.deck import shuffled_deck
from housegame.ofc.hand import Hand
from housegame.ofc.search import SearchSettings, search_move
from housegame.rulesets.loader import load_ruleset
from housegame.rulesets.ofc import OfcRuleset


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", default="golden-nugget-pineapple")
    parser.add_argument("--seen", type=int, default=SearchSettings().seen)
    parser.add_argument("--deals", type=int, default=40)
    args = parser.parse_args()
    ruleset = load_ruleset(args.ruleset, OfcRuleset)
    start = time.process_time()
    BoardValue.of(ruleset)
    print(f"fl value {time.process_time() - start:.3f}")
    settings = SearchSettings(seen=args.seen)
    times = []
    for seed in range(args.deals):
        hand = Hand(ruleset, ["a", "b"], shuffled_deck(seed))
        start = time.process_time()
        search_move(hand, "a", seed, settings)
        times.append(time.process_time() - start)
    print(f"seen {args.seen}: median {statistics.median(times):.3f}  max {max(times):.3f}")


if __name__ == "__main__":
    main()

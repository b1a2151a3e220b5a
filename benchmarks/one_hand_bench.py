"""One-hand ``arrange`` speed: median CPU ms of ``Arranger.arrange`` on one hand per call (the
``ev`` objective), per bundled 13-card ruleset, after one warm-up call (tables loaded, model
compiled). What ``housegame arrange`` and a caller setting one hand at a time pay.

Run from the root of the checkout to measure; old and new in turns, the old in a worktree
(``git worktree add --detach ../base <commit>``)::

    (cd ../base && python -m benchmarks.one_hand_bench --hands 60)
    python -m benchmarks.one_hand_bench --hands 60
    python -m benchmarks.one_hand_bench --ruleset pagat --stages   # where one hand's time goes

``--repeat N`` times every hand in N passes and keeps each hand's least time before the median:
steadier on a machine shared with other work.

``--stages`` times the steps of one call apart (median CPU ms): preparing the hand, its subsets'
ordinals, the subsets in strength order, the per-call bound state (with the formula specialised
to the hand), the ``semi`` bound of every back, the exact search (``search_direct``), and the whole
``arrange`` call (the rest is the special-hand decision and the answer's objects).
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from typing import TypeVar

from housegame.arrange.arranger import Arranger
from housegame.cards import Card
from housegame.dealer import deal_hands
from housegame.rulesets.loader import bundled_of, load_ruleset
from housegame.rulesets.thirteen import ThirteenCardRuleset


def one_hand_ms(ruleset: ThirteenCardRuleset, hands: list[list[Card]], repeat: int = 1) -> float:
    """Median over the hands of each hand's time (its least of ``repeat`` calls, spread over
    ``repeat`` passes: on a shared machine the least is the steadiest)."""
    arranger = Arranger(ruleset, "ev")
    arranger.arrange(hands[0])
    times = [float("inf")] * len(hands)
    for _ in range(repeat):
        for i, hand in enumerate(hands):
            began = time.process_time()
            arranger.arrange(hand)
            times[i] = min(times[i], (time.process_time() - began) * 1000)
    return statistics.median(times)


T = TypeVar("T")


def stages(ruleset: ThirteenCardRuleset, hands: list[list[Card]]) -> None:
    """Median CPU ms of each step of one hand's search, as ``EvSearch.search`` runs them on a
    batch of one hand (imported here: older checkouts, timed without ``--stages``, lack
    them)."""
    from housegame.arrange.batch import batches
    from housegame.arrange.evsearch import EvSearch
    from housegame.arrange.plan import PLAN
    from housegame.arrange.search import search_direct

    arranger = Arranger(ruleset, "ev")
    arranger.arrange(hands[0])
    search = EvSearch(arranger.model)
    tables = arranger.model.tables
    times: dict[str, list[float]] = {}

    def timed(name: str, step: Callable[[], T]) -> T:
        began = time.process_time()
        out = step()
        times.setdefault(name, []).append((time.process_time() - began) * 1000)
        return out

    def one(hand: list[Card]) -> None:
        (batch,) = timed("prepare the hand", lambda: batches([hand]))
        timed("subset ordinals", lambda: batch.subsets(tables))
        timed("strength order", lambda: batch.ranked(tables))
        subsets, bounds, values = timed("bound state", lambda: search.prepare(batch))
        semi = timed("semi bound, every back", bounds.semi)
        timed("exact search", lambda: search_direct(subsets, semi, values, 1, PLAN.direct_first))
        timed("whole arrange call", lambda: arranger.arrange(hand))

    for hand in hands:
        one(hand)
    for name, spent in times.items():
        print(f"{ruleset.id:<30} {name:<24} {statistics.median(spent):.3f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", default="all", help="A ruleset id, or all.")
    parser.add_argument("--hands", type=int, default=60)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--stages", action="store_true", help="time each step of one call")
    parser.add_argument(
        "--repeat", type=int, default=1, help="passes over the hands; each hand's least counts"
    )
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
        if args.stages:
            stages(ruleset, hands)
            continue
        ms = one_hand_ms(ruleset, hands, args.repeat)
        print(f"{ruleset.id:<30} {ms:.3f} ms/hand", flush=True)


if __name__ == "__main__":
    main()

"""Auto-arrange speed: median ms per hand for the ``ev`` objective in batch mode, on one core,
and the batched 5-card lookup evaluator's hands per second.

Run (pin to one core; numpy here is single-threaded anyway)::

    taskset -c 0 python -m benchmarks.arrange_bench --ruleset maceplay --hands 2048
    taskset -c 0 python -m benchmarks.arrange_bench --ruleset all --hands 1024

Times are CPU time of this process (``time.process_time``), so other work on the machine
disturbs them less than wall-clock time would. Per-hand time is batch time / batch size, over
``--repeat`` batches of
``BATCH`` hands, and the median reported. The evaluator is timed on ``--evals`` random sorted
5-card hands per call, best of five calls.
"""

from __future__ import annotations

import argparse
import statistics
import time

import numpy as np

from housegame.arrange.arranger import Arranger
from housegame.arrange.decktables import rank_tables
from housegame.arrange.evsearch import EvSearch
from housegame.arrange.lexicographic import search_lexicographic
from housegame.arrange.plan import PLAN
from housegame.cards import Card
from housegame.dealer import deal_hands
from housegame.rulesets.loader import bundled_of, load_ruleset
from housegame.rulesets.thirteen import ThirteenCardRuleset

BATCH = PLAN.batch


def per_hand_ms(
    ruleset: ThirteenCardRuleset, objective: str, hands: np.ndarray, batch_size: int = BATCH
) -> list[float]:
    arranger = Arranger(ruleset, "ev" if objective == "ev" else "lexicographic")
    search = EvSearch(arranger.model) if objective == "ev" else None
    out = []
    for start in range(0, len(hands), batch_size):
        batch = hands[start : start + batch_size]
        began = time.process_time()
        if search is not None:
            search.search(batch, 1)
        else:
            search_lexicographic(batch, arranger.tables, 1)
        out.append((time.process_time() - began) * 1000 / len(batch))
    return out


def end_to_end_ms(ruleset: ThirteenCardRuleset, hands: np.ndarray) -> float:
    """``Arranger.arrange_many`` per hand, all hands in one call: the search plus the special
    hand decision and the ``Setting`` objects returned."""
    cards = [[Card(int(c)) for c in row] for row in hands]
    arranger = Arranger(ruleset, "ev")
    began = time.process_time()
    arranger.arrange_many(cards)
    return (time.process_time() - began) * 1000 / len(cards)


def evals_per_second(ruleset: ThirteenCardRuleset, count: int) -> float:
    """Hands per second of ``RankTables.ordinals5_columns`` (best of five calls); its output,
    the hand's ordinal, compares exactly as ``ranking.evaluate``'s key does."""
    tables = rank_tables(ruleset.ranking.rules())
    rng = np.random.default_rng(1)
    distinct = min(count, 500_000)
    cards = np.sort(np.argsort(rng.random((distinct, 52)), axis=1)[:, :5], axis=1)
    columns = np.ascontiguousarray(np.resize(cards, (count, 5)).T, dtype=np.int32)
    best = min(_timed(lambda: tables.ordinals5_columns(columns)) for _ in range(5))
    return count / best


def per_hand_subsets_rate(ruleset: ThirteenCardRuleset, hands: np.ndarray) -> float:
    """The search's own batched evaluation: 1,287 five-card subsets of each hand of a batch."""
    from housegame.arrange.search import hands_of

    tables = rank_tables(ruleset.ranking.rules())
    batch = hands[:256]
    best = min(_timed(lambda: hands_of(batch, tables)) for _ in range(5))
    return len(batch) * (1287 + 286) / best


def _timed(call: object) -> float:
    assert callable(call)
    began = time.process_time()
    call()
    return time.process_time() - began


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", default="maceplay", help="A ruleset id, or all.")
    parser.add_argument("--hands", type=int, default=2048)
    parser.add_argument("--evals", type=int, default=4_000_000)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--batch", type=int, default=BATCH, help="Hands per search call.")
    args = parser.parse_args()
    hands = deal_hands(args.seed, (args.hands + 3) // 4)[: args.hands]
    if args.ruleset == "all":  # every bundled 13-card ruleset: the search, then end to end
        for rules in bundled_of(ThirteenCardRuleset):
            per_hand_ms(rules, "ev", hands[:BATCH])
            times = per_hand_ms(rules, "ev", hands, args.batch)
            print(
                f"{rules.id:<30} ev: median {statistics.median(times):.3f} ms/hand; "
                f"arrange_many {end_to_end_ms(rules, hands):.3f} ms/hand",
                flush=True,
            )
        return
    ruleset = load_ruleset(args.ruleset)
    assert isinstance(ruleset, ThirteenCardRuleset)
    per_hand_ms(ruleset, "ev", hands[:BATCH])  # warm: tables loaded, model compiled
    for objective in ("ev", "lexicographic"):
        times = per_hand_ms(ruleset, objective, hands, args.batch)
        print(
            f"{args.ruleset} {objective:>13}: median {statistics.median(times):.3f} ms/hand "
            f"over {len(times)} batches of {args.batch} ({len(hands)} hands)"
        )
    rate = evals_per_second(ruleset, args.evals)
    print(f"5-card lookup evaluator: {rate / 1e6:.1f} million hands/s ({args.evals:,} per call)")
    ordinals = per_hand_subsets_rate(ruleset, hands)
    print(f"5-card subsets evaluated inside the search: {ordinals / 1e6:.1f} million hands/s")


if __name__ == "__main__":
    main()

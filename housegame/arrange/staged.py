"""The ``ev`` objective's staged search over a large batch: bounds in stages, cheapest first.

Per batch (see ``bounds`` for the bounds themselves; ``hints``, the backs other rulesets chose
for the same hands, are evaluated first when given, and one seed round, ``PLAN.hinted_rounds``,
then suffices):

1. ``blocks``: a bound per block of ``PLAN.block`` backs, for every block of every hand;
2. the blocks in rounds, best block bound first (``PLAN.block_rounds``): the ``semi`` bound of
   every back of the round's blocks that reach the threshold; each round but the last ends with
   a seed: the ``tight`` bound of the ``PLAN.seed_tight`` best candidates and the exact values
   of the ``PLAN.seed`` best of those, which raise each hand's threshold (its K-th best value);
3. the ``tight`` (and, where used, ``split``) bound of the candidates that still reach it;
4. the backs whose bound still reaches the threshold, best bound first, evaluated exactly in
   rounds (``PLAN.rounds``), the threshold rising after each round.

Every back left out has a bound below a value already found (thresholds only rise), so the
answer is the same as evaluating every split. It knows no payouts: values come in as a
``ValueFn``.
"""

from __future__ import annotations

from functools import partial

import numpy as np

from housegame.arrange.bounds import Bounds, blocks_per_hand
from housegame.arrange.plan import PLAN
from housegame.arrange.search import (
    Found,
    Hands,
    ValueFn,
    empty_pool,
    found_list,
    thresholds,
    with_backs,
)
from housegame.arrange.slices import in_slices
from housegame.arrange.spaces import F64, Bools, Entries, HandIds, SubsetIds
from housegame.arrange.splits import BACKS


def _ranks(hand: HandIds, bound: F64) -> tuple[Entries, Entries]:
    """An order by hand, then bound descending, and each entry's rank within its hand."""
    order = np.lexsort((-bound, hand))
    ordered = hand[order]
    starts = np.flatnonzero(np.r_[True, ordered[1:] != ordered[:-1]])
    sizes = np.diff(np.r_[starts, len(order)])
    rank = np.arange(len(order)) - np.repeat(starts, sizes)
    return order, rank


class _Best:
    """Each hand's K best splits found so far and its threshold."""

    def __init__(self, hands: Hands, values: ValueFn, keep: int) -> None:
        self.hands, self.values, self.keep = hands, values, keep
        self.pool = empty_pool(hands.count)
        self.threshold = np.full(hands.count, -np.inf)

    def add(self, hand: HandIds, back: SubsetIds) -> None:
        if not len(hand):
            return
        rows = hand if self.hands.count > 1 else None
        self.pool = with_backs(self.hands, self.pool, rows, back, self.values, self.keep)
        self.threshold = thresholds(self.pool, self.hands.count, self.keep)


class _Candidates:
    """(hand, back) pairs not yet evaluated, with their best bound so far."""

    def __init__(self, hand: HandIds, back: SubsetIds, bound: F64) -> None:
        self.hand, self.back, self.bound = hand, back, bound
        self.tight = np.zeros(len(hand), dtype=bool)

    def select(self, keep: Bools | Entries) -> None:
        self.hand, self.back = self.hand[keep], self.back[keep]
        self.bound, self.tight = self.bound[keep], self.tight[keep]

    def extend(self, hand: HandIds, back: SubsetIds, bound: F64) -> None:
        self.hand, self.back = np.concatenate([self.hand, hand]), np.concatenate([self.back, back])
        self.bound = np.concatenate([self.bound, bound])
        self.tight = np.concatenate([self.tight, np.zeros(len(hand), dtype=bool)])

    def tighten(self, bounds: Bounds, which: Entries) -> None:
        which = which[~self.tight[which]]
        self.bound[which] = in_slices(bounds.tight, self.hand[which], self.back[which])
        self.tight[which] = True


def search_staged(
    hands: Hands,
    bounds: Bounds,
    values: ValueFn,
    keep: int,
    hints: tuple[HandIds, SubsetIds] | None = None,
) -> list[Found]:
    """The ``keep`` best legal splits of every hand (see module docstring). ``hints``: (hand,
    back) pairs evaluated first, e.g. the backs other rulesets chose for the same hands: a
    good first threshold prunes more, and the answer is the same whatever they are."""
    count = hands.count
    ids = np.arange(count, dtype=np.int64)
    best = _Best(hands, values, keep)
    done = np.zeros((count, BACKS), dtype=bool)
    blocks = blocks_per_hand()
    rounds = (*PLAN.block_rounds, blocks)
    if hints is not None and len(hints[0]):
        done[hints[0], hints[1]] = True
        hint_hand, hint_back = np.nonzero(done)
        best.add(hint_hand.astype(np.int64), hint_back.astype(np.int64))
        rounds = (*PLAN.hinted_rounds, blocks)
    block = bounds.blocks()
    block_rank = np.empty(block.shape, dtype=np.int64)
    block_rank[ids[:, None], np.argsort(-block, axis=1, kind="stable")] = np.arange(blocks)
    empty = np.empty(0, dtype=np.int64)
    cands = _Candidates(empty, empty, np.empty(0))
    start = 0
    for stop in rounds:
        more_hand, more_block = np.nonzero(
            (block_rank >= start) & (block_rank < stop) & (block >= best.threshold[:, None])
        )
        start = stop
        if len(more_hand):
            hand, back = bounds.block_backs(more_hand.astype(np.int64), more_block.astype(np.int64))
            fresh = ~done[hand, back]
            hand, back = hand[fresh], back[fresh]
            cands.extend(hand, back, in_slices(bounds.semi, hand, back))
        cands.select(cands.bound >= best.threshold[cands.hand])
        if stop >= blocks:
            break
        order, rank = _ranks(cands.hand, cands.bound)
        cands.tighten(bounds, order[rank < PLAN.seed_tight])
        order, rank = _ranks(cands.hand, cands.bound)
        picked = order[rank < PLAN.seed]
        picked = picked[cands.bound[picked] >= best.threshold[cands.hand[picked]]]
        best.add(cands.hand[picked], cands.back[picked])
        rest = np.ones(len(cands.hand), dtype=bool)
        rest[picked] = False
        cands.select(rest & (cands.bound >= best.threshold[cands.hand]))
    cands.tighten(bounds, np.arange(len(cands.hand)))
    cands.select(cands.bound >= best.threshold[cands.hand])
    if bounds.splits and len(cands.hand):
        split = in_slices(partial(bounds.tight, split=True), cands.hand, cands.back)
        cands.bound = np.minimum(cands.bound, split)
        cands.select(cands.bound >= best.threshold[cands.hand])

    order, rank = _ranks(cands.hand, cands.bound)
    hand, back, bound = cands.hand[order], cands.back[order], cands.bound[order]
    start = 0
    for stop in (*PLAN.rounds, BACKS):
        now = (rank >= start) & (rank < stop)
        now &= bound >= best.threshold[hand]
        best.add(hand[now], back[now])
        start = stop
    return found_list(best.pool, count)

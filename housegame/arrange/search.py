"""The exact search over all 72,072 splits of each hand, given a value function and bounds.

It knows no payouts: the objective comes in as a value function (``ValueFn``) and an upper
bound per back. Shared machinery: each hand's subset ordinals (``hands_of``), exact
evaluation of every legal split of chosen backs, a slice at a time (``with_backs``), and each
hand's K best entries (``top_splits``). A back is left out only when an upper bound on all its
splits is below the K-th best value already found, so the answer is exact. Equal values are
ordered by the lexicographic strength of (back, middle, front), then by split id. A batch of
one hand takes the same functions, with no per-hand offsets (``hand`` None). ``lexicographic``
is the simplest user; ``staged`` holds the ``ev`` objective's staged search for large batches.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from itertools import pairwise

import numpy as np

from housegame.arrange.lookup import RankTables
from housegame.arrange.plan import PLAN, THRESHOLD_MARGIN
from housegame.arrange.spaces import (
    F64,
    Bools,
    CardIndices,
    ColexRanks,
    Entries,
    HandIds,
    Ordinals,
    Ordinals16,
    PositionMasks,
    SplitIds,
    Strengths,
    SubsetIds,
)
from housegame.arrange.splits import (
    BACKS,
    FIVES_BY_CARD,
    FIVES_PER_HAND,
    FRONT_OF,
    MIDDLE_OF,
    MIDDLES_PER_BACK,
    THREES_BY_CARD,
    THREES_PER_HAND,
    in_lane_order,
)


@dataclass(frozen=True)
class Found:
    """Best splits of one hand, best first: split ids and their objective values."""

    splits: tuple[int, ...]
    values: tuple[float, ...]


@dataclass
class Hands:
    """Ordinals and strengths of every subset of a batch of hands, flattened hand-major."""

    count: int
    o5: Ordinals
    o3: Ordinals
    s5: Strengths
    s3: Strengths
    u5: Ordinals16
    """``o5`` as stored in the table: 2 bytes sort by radix."""
    u3: Ordinals16
    c5: ColexRanks
    """Each subset's colex rank (what tables over every lane hand are read by)."""
    c3: ColexRanks
    lanes: tuple[Ordinals, Ordinals, Ordinals]
    """Per lane, each subset's ordinal as the lane ranks it (``o3``, ``o5``, ``o5``, a lane
    ranked for low its own): what values and ties read; ``o5`` etc. rank high, as fouls do."""
    lanes16: tuple[Ordinals16, Ordinals16, Ordinals16]
    low: tuple[int, ...]  # the lanes ranked for low (``RankingRules.low_lanes``)
    repeats: PositionMasks | None = None  # per hand, bit p: its cards at p and p + 1 alike


def hands_of(cards: CardIndices, tables: RankTables) -> Hands:
    """Every subset's ordinal and strength; ``cards``: (B, 13), each row ascending."""
    count = len(cards)
    colex = tables.terms[:, cards]  # (5, B, 13): each card's colex term at each position
    idx5 = colex[0].take(FIVES_BY_CARD[0], axis=1)
    for k in range(1, 5):
        idx5 += colex[k].take(FIVES_BY_CARD[k], axis=1)
    idx3 = colex[0].take(THREES_BY_CARD[0], axis=1)
    for k in range(1, 3):
        idx3 += colex[k].take(THREES_BY_CARD[k], axis=1)
    c5, c3 = idx5.ravel(), idx3.ravel()
    u5, u3 = tables.ord5.take(c5), tables.ord3.take(c3)
    o5, o3 = u5.astype(np.int64), u3.astype(np.int64)
    low = tables.rules.low_lanes
    lanes16, lanes = [u3, u5, u5], [o3, o5, o5]
    for lane in low:  # ``RankTables.lane_ordinals``, read as fields: no call on the path
        table = tables.low3 if lane == 0 else tables.low5
        assert table is not None  # built for every lane ranked low
        lanes16[lane] = table.take(c3 if lane == 0 else c5)
        lanes[lane] = lanes16[lane].astype(np.int64)
    s5, s3 = tables.strength.take(o5).astype(np.int64), tables.strength.take(o3).astype(np.int64)
    own, own16 = (lanes[0], lanes[1], lanes[2]), (lanes16[0], lanes16[1], lanes16[2])
    same = cards[:, 1:] == cards[:, :-1]  # identical cards side by side (jokers, a card twice)
    repeats = (same << np.arange(12)).sum(axis=1) if same.any() else None
    return Hands(count, o5, o3, s5, s3, u5, u3, c5, c3, own, own16, low, repeats)


ValueFn = Callable[[HandIds | None, SubsetIds, SubsetIds, SubsetIds], F64]
"""(hand, back, middle, front) -> objective values; hand None: a batch of one hand (every
subset id is then the hand's own)."""


@dataclass
class Pool:
    """Evaluated splits: hand (None: a batch of one hand), value and split id of each."""

    hand: HandIds | None
    value: F64
    split: SplitIds


def _lexi(hands: Hands, hand: HandIds | None, split: SplitIds) -> Ordinals:
    """The tie-break: (back, middle, front) ordinals packed, computed only for tied entries."""
    back, j = split // MIDDLES_PER_BACK, split % MIDDLES_PER_BACK
    middle, front = MIDDLE_OF[back, j], FRONT_OF[back, j]
    if hand is not None:
        at5, at3 = hand * FIVES_PER_HAND, hand * THREES_PER_HAND
        back, middle, front = at5 + back, at5 + middle, at3 + front
    ords = hands.lanes
    packed: Ordinals = (ords[2][back] << 32) | (ords[1][middle] << 16) | ords[0][front]
    return packed


def _evaluate_slice(
    hands: Hands, hand: HandIds | None, backs: SubsetIds, values: ValueFn, distinct: bool
) -> Pool:
    """Every legal split of ``backs`` (of hands ``hand``) and its value; ``distinct``: one
    split of each setting of identical cards (for K best settings that differ)."""
    middles, fronts = MIDDLE_OF.take(backs, axis=0), FRONT_OF.take(backs, axis=0)
    at5, at3, back5 = middles, fronts, backs
    if hand is not None:
        at5 = middles + (hand * FIVES_PER_HAND)[:, None]
        at3 = fronts + (hand * THREES_PER_HAND)[:, None]
        back5 = backs + hand * FIVES_PER_HAND
    lanes, strengths = (at3, at5, back5[:, None]), (hands.s3, hands.s5, hands.s5)
    high = [strengths[i].take(lanes[i]) for i in range(3) if i not in hands.low]
    legal = high[0] <= high[1] if len(high) > 1 else np.ones(middles.shape, dtype=bool)
    for lower, upper in pairwise(high[1:]):  # the foul check leaves a lane ranked low out
        legal &= lower <= upper
    at = np.flatnonzero(legal)
    row = at // MIDDLES_PER_BACK
    back = backs.take(row)
    middle, front = middles.ravel().take(at), fronts.ravel().take(at)
    h = hand.take(row) if hand is not None else None
    if distinct and hands.repeats is not None:
        kept = in_lane_order(hands.repeats, h, back, middle, front)
        at, row, back, middle, front = (a.take(kept) for a in (at, row, back, middle, front))
        h = h.take(kept) if h is not None else None
    return Pool(h, values(h, back, middle, front), back * MIDDLES_PER_BACK + at % MIDDLES_PER_BACK)


def evaluate_backs(
    hands: Hands, hand: HandIds | None, backs: SubsetIds, values: ValueFn, distinct: bool = False
) -> Iterator[Pool]:
    """``_evaluate_slice`` in slices of at most ``PLAN.slice`` splits."""
    step = max(1, PLAN.slice // MIDDLES_PER_BACK)  # slices.pairs_a_slice, read inline
    for i in range(0, len(backs), step):
        rows = hand[i : i + step] if hand is not None else None
        yield _evaluate_slice(hands, rows, backs[i : i + step], values, distinct)


def empty_pool(count: int) -> Pool:
    """No entries yet, for a batch of ``count`` hands."""
    return Pool(np.empty(0, np.int64) if count > 1 else None, np.empty(0), np.empty(0, np.int64))


def with_backs(
    hands: Hands, best: Pool, hand: HandIds | None, backs: SubsetIds, values: ValueFn, keep: int
) -> Pool:
    """``best`` (each hand's ``keep`` best) with every legal split of ``backs`` weighed in."""
    for pool in evaluate_backs(hands, hand, backs, values, keep > 1):
        best = top_splits(hands, [best, pool], keep)
    return best


def _concat(pools: list[Pool]) -> Pool:
    first = pools[0].hand
    hand = None if first is None else np.concatenate([p.hand for p in pools if p.hand is not None])
    return Pool(
        hand,
        np.concatenate([p.value for p in pools]),
        np.concatenate([p.split for p in pools]),
    )


def top_splits(hands: Hands, pools: list[Pool], keep: int) -> Pool:
    """Each hand's ``keep`` best entries, hand-major, best first.

    One pass per rank kept: a per-hand maximum, then the few entries equal to it are ordered
    by lexicographic strength and split id. Cheaper than sorting everything. A batch of one
    hand takes its maximum directly (no per-hand ``maximum.at``)."""
    pool = _concat(pools)
    h, v, s = pool.hand, pool.value, pool.split
    alive: Bools | None = None
    chosen: list[Entries] = []
    for _ in range(min(keep, len(v))):
        if h is None:
            if alive is None:
                tied = np.flatnonzero(v == v.max())
            else:
                tied = np.flatnonzero(alive & (v == v[alive].max()))
            if len(tied) > 1:
                lexi = _lexi(hands, None, s.take(tied))
                tied = tied[np.lexsort((s.take(tied), -lexi))]
            picked = tied[:1]
        else:
            best = np.full(hands.count, -np.inf)
            where = alive if alive is not None else slice(None)
            np.maximum.at(best, h[where], v[where])
            mask = v == best[h]
            if alive is not None:
                mask &= alive
            tied = np.flatnonzero(mask)
            if not len(tied):
                break
            order = tied[np.lexsort((s[tied], -_lexi(hands, h[tied], s[tied]), h[tied]))]
            first = np.ones(len(order), dtype=bool)
            first[1:] = h[order][1:] != h[order][:-1]
            picked = order[first]
        chosen.append(picked.astype(np.int64))
        if keep > 1:
            alive = np.ones(len(v), dtype=bool) if alive is None else alive
            alive[picked] = False
    picked = np.concatenate(chosen) if chosen else np.empty(0, dtype=np.int64)
    if h is None:
        return Pool(None, v.take(picked), s.take(picked))
    # hand-major, and within a hand in the order picked (best first)
    rank = np.concatenate([np.full(len(c), i) for i, c in enumerate(chosen)]) if chosen else picked
    picked = picked[np.lexsort((rank, h[picked]))]
    return Pool(h[picked], v[picked], s[picked])


def thresholds(best: Pool, count: int, keep: int) -> F64:
    """Each hand's K-th best value found so far (less a rounding margin), or -inf."""
    threshold = np.full(count, -np.inf)
    if best.hand is None:
        if len(best.value) >= keep:
            value = float(best.value[keep - 1])
            threshold[0] = value - THRESHOLD_MARGIN * max(1.0, abs(value))
        return threshold
    found = np.bincount(best.hand, minlength=count)
    last = np.searchsorted(best.hand, np.arange(count, dtype=np.int64), side="right") - 1
    full = found >= keep
    threshold[full] = best.value[last[full]]
    threshold -= THRESHOLD_MARGIN * np.maximum(
        1.0, np.abs(np.where(threshold > -np.inf, threshold, 0.0))
    )
    return threshold


Tighten = Callable[[HandIds, SubsetIds], F64]  # (hand, back) pairs -> a tighter bound


def search_direct(
    hands: Hands, bound: F64, values: ValueFn, keep: int, first: int, tighten: Tighten | None = None
) -> list[Found]:
    """The ``keep`` best legal splits of every hand, given an upper bound per (hand, back):
    the ``first`` best-bounded backs set the thresholds, then every other back whose bound
    (and ``tighten``'s, when given) reaches its hand's threshold is evaluated. A batch of one
    hand runs the same steps on its own arrays (no hand ids)."""
    count = hands.count
    first, one = min(first, BACKS), count == 1
    if first < BACKS:
        head = np.argpartition(bound, BACKS - first, axis=1)[:, BACKS - first :]
    else:
        head = np.broadcast_to(np.arange(BACKS), (count, BACKS))
    hand_ids = np.arange(count, dtype=np.int64)
    first_hand = None if one else np.repeat(hand_ids, first)
    first_backs = head.ravel().astype(np.int64, copy=False)
    best = with_backs(hands, empty_pool(count), first_hand, first_backs, values, keep)
    threshold = thresholds(best, count, keep)
    reach = bound >= threshold[:, None]
    reach[hand_ids[:, None], head] = False
    rows, backs = (found.astype(np.int64) for found in np.nonzero(reach))
    if tighten is not None and len(backs):
        near = tighten(rows, backs) >= threshold[rows]
        rows, backs = rows[near], backs[near]
    best = with_backs(hands, best, None if one else rows, backs, values, keep)
    return found_list(best, count)


def found_list(best: Pool, count: int) -> list[Found]:
    """A hand-major pool of each hand's best entries, as one ``Found`` per hand."""
    splits: list[int] = best.split.tolist()
    values: list[float] = best.value.tolist()
    if best.hand is None:
        return [Found(tuple(splits), tuple(values))]
    ends: list[int] = np.searchsorted(best.hand, np.arange(count + 1)).tolist()
    return [Found(tuple(splits[lo:hi]), tuple(values[lo:hi])) for lo, hi in pairwise(ends)]

"""The exact search over all 72,072 splits of each hand, batched and pruned by sound bounds.

For each hand and each of its 1,287 backs an upper bound on every split with that back is
computed: exact back features, and intervals covering every middle and front weak enough to
sit in front of it (see ``interval``). Then, for a whole batch of hands at once: evaluate the
``FIRST_BACKS`` best-bounded backs of every hand; take each hand's K-th best value as its
threshold; evaluate every other back whose bound reaches the threshold. A back left out has a
bound below a value already found, so it cannot hold one of the K best splits: the answer is
exact. Equal values are ordered by the lexicographic strength of (back, middle, front), then
by split id, so the answer is deterministic. Working on many hands at once is what makes
numpy fast here: each array operation covers thousands of splits.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from housegame.arrange.interval import Interval
from housegame.arrange.lookup import COLEX32, RankTables
from housegame.arrange.model import (
    FEATURES, NONNEG_FEATURES, UNIT_FEATURES, EvModel, LaneVals, leaf_holds, used_rows,
)
from housegame.arrange.splits import FIVES, FRONT_OF, MIDDLE_OF, MIDDLES_PER_BACK, THREES

F64 = npt.NDArray[np.float64]
I64 = npt.NDArray[np.int64]
IntP = npt.NDArray[np.intp]
N5, N3 = len(FIVES), len(THREES)
FIRST_BACKS = 48
"""Backs per hand evaluated before the thresholds are known."""
_EPS = 1e-9
_SLICE = 1 << 18
"""At most this many splits are evaluated in one array pass (bounds memory)."""


@dataclass(frozen=True)
class Found:
    """Best splits of one hand, best first: split ids and their objective values."""

    splits: tuple[int, ...]
    values: tuple[float, ...]


@dataclass
class Hands:
    """Ordinals and strengths of every subset of a batch of hands, flattened hand-major."""

    count: int
    o5: I64
    o3: I64
    s5: I64
    s3: I64


def hands_of(cards: IntP, tables: RankTables) -> Hands:
    """``cards``: (B, 13) card indices, each row ascending."""
    count = len(cards)
    colex = COLEX32[:, cards]  # (5, B, 13): each card's colex term at each position
    idx5 = colex[0][:, FIVES[:, 0]]
    for k in range(1, 5):
        idx5 = idx5 + colex[k][:, FIVES[:, k]]
    idx3 = colex[0][:, THREES[:, 0]] + colex[1][:, THREES[:, 1]] + colex[2][:, THREES[:, 2]]
    o5 = tables.ord5.take(idx5.ravel()).astype(np.int64)
    o3 = tables.ord3.take(idx3.ravel()).astype(np.int64)
    return Hands(count, o5, o3, tables.strength.take(o5).astype(np.int64),
                 tables.strength.take(o3).astype(np.int64))


Values = Callable[[I64, I64, I64, I64], F64]
"""(hand, back, middle, front) subset ids -> objective values."""


@dataclass
class _Pool:
    hand: I64
    value: F64
    split: I64


def _lexi(hands: Hands, hand: I64, split: I64) -> I64:
    """The tie-break: (back, middle, front) ordinals packed, computed only for tied entries."""
    back, j = split // MIDDLES_PER_BACK, split % MIDDLES_PER_BACK
    middle, front = MIDDLE_OF[back, j], FRONT_OF[back, j]
    packed: I64 = ((hands.o5[hand * N5 + back] << 32) | (hands.o5[hand * N5 + middle] << 16)
                   | hands.o3[hand * N3 + front])
    return packed


def _evaluate(hands: Hands, hand: I64, backs: I64, values: Values) -> _Pool:
    middles, fronts = MIDDLE_OF[backs], FRONT_OF[backs]
    base5, base3 = (hand * N5)[:, None], (hand * N3)[:, None]
    mid_strength = hands.s5[base5 + middles]
    legal = (hands.s3[base3 + fronts] <= mid_strength) & (mid_strength <= hands.s5[hand * N5 + backs][:, None])
    rows, cols = np.nonzero(legal)
    h, b = hand[rows], backs[rows]
    m, f = middles[rows, cols].astype(np.int64), fronts[rows, cols].astype(np.int64)
    return _Pool(h, values(h, b, m, f), b * MIDDLES_PER_BACK + cols)


def _evaluate_all(hands: Hands, hand: I64, backs: I64, values: Values) -> list[_Pool]:
    step = max(1, _SLICE // MIDDLES_PER_BACK)
    return [_evaluate(hands, hand[i:i + step], backs[i:i + step], values)
            for i in range(0, len(hand), step)]


def _top(hands: Hands, pools: list[_Pool], count: int, keep: int) -> _Pool:
    """Each hand's ``keep`` best entries, hand-major, best first.

    One pass per rank kept: a per-hand maximum (``maximum.at``), then the few entries equal to
    it are ordered by lexicographic strength and split id. Cheaper than sorting everything.
    """
    h = np.concatenate([p.hand for p in pools])
    v = np.concatenate([p.value for p in pools])
    s = np.concatenate([p.split for p in pools])
    alive = np.ones(len(h), dtype=bool)
    chosen: list[I64] = []
    for _ in range(keep):
        best = np.full(count, -np.inf)
        np.maximum.at(best, h[alive], v[alive])
        tied = np.flatnonzero(alive & (v == best[h]))
        if not len(tied):
            break
        order = tied[np.lexsort((s[tied], -_lexi(hands, h[tied], s[tied]), h[tied]))]
        first = np.ones(len(order), dtype=bool)
        first[1:] = h[order][1:] != h[order][:-1]
        picked = order[first]
        chosen.append(picked)
        alive[picked] = False
    picked = np.concatenate(chosen) if chosen else np.empty(0, dtype=np.int64)
    # hand-major, and within a hand in the order picked (best first)
    rank = np.concatenate([np.full(len(c), i) for i, c in enumerate(chosen)]) if chosen else picked
    order = np.lexsort((rank, h[picked]))
    picked = picked[order]
    return _Pool(h[picked], v[picked], s[picked])


def search_batch(hands: Hands, bound: F64, values: Values, keep: int,
                 first: int = FIRST_BACKS) -> list[Found]:
    """The ``keep`` best legal splits of every hand (see module docstring)."""
    count = hands.count
    order = np.argsort(-bound, axis=1, kind="stable")
    first = min(first, N5)
    hand_ids = np.arange(count, dtype=np.int64)
    head = order[:, :first]
    pools = _evaluate_all(hands, np.repeat(hand_ids, first), head.ravel().astype(np.int64), values)
    best = _top(hands, pools, count, keep)
    threshold = np.full(count, -np.inf)
    found = np.bincount(best.hand, minlength=count)
    last = np.searchsorted(best.hand, hand_ids, side="right") - 1
    full = found >= keep
    threshold[full] = best.value[last[full]]
    threshold -= _EPS * np.maximum(1.0, np.abs(np.where(full, threshold, 0.0)))
    rest = order[:, first:]
    rest_bound = np.take_along_axis(bound, rest, axis=1)
    rows, cols = np.nonzero(rest_bound >= threshold[:, None])
    if len(rows):
        more = _evaluate_all(hands, rows.astype(np.int64), rest[rows, cols].astype(np.int64), values)
        best = _top(hands, [best, *more], count, keep)
    out = []
    bounds = np.searchsorted(best.hand, np.arange(count + 1))
    for i in range(count):
        lo, hi = bounds[i], bounds[i + 1]
        out.append(Found(tuple(int(x) for x in best.split[lo:hi]),
                         tuple(float(x) for x in best.value[lo:hi])))
    return out


def search_lexicographic(cards: IntP, tables: RankTables, keep: int) -> list[Found]:
    """Strongest back, then middle, then front; the value is the packed ordinals."""
    hands = hands_of(cards, tables)
    bound = ((hands.o5.astype(np.float64) + 1.0) * 2.0 ** 32 - 1.0).reshape(hands.count, N5)

    def values(h: I64, b: I64, m: I64, f: I64) -> F64:
        packed: I64 = (hands.o5[h * N5 + b] << 32) | (hands.o5[h * N5 + m] << 16) | hands.o3[h * N3 + f]
        return packed.astype(np.float64)

    return search_batch(hands, bound, values, keep, first=4)


def _unit(i: int) -> bool:
    """Leaves (after the features) are 0 or 1."""
    return i >= len(FEATURES) or UNIT_FEATURES[i]


def _nonneg(i: int) -> bool:
    return i >= len(FEATURES) or NONNEG_FEATURES[i]


class EvSearch:
    """The ``ev`` objective's per-subset features and per-back bounds for one compiled model.

    Features are stored feature-major, ``(features, hands * subsets)``, so every array the
    formula touches is contiguous.
    """

    def __init__(self, model: EvModel) -> None:
        self.model = model
        self.rows = used_rows(model)

    def _lane(self, lane: int, values: Sequence[Any]) -> LaneVals:
        """LaneVals from the used rows' values; rows the formula never reads are zero."""
        full: list[Any] = [0.0] * (len(FEATURES) + len(self.model.leaves[lane]))
        for row, value in zip(self.rows[lane], values):
            full[row] = value
        return LaneVals.of(full[: len(FEATURES)], full[len(FEATURES):])

    def _features(self, lane: int, ords: I64, cards: IntP, subsets: IntP) -> F64:
        """(used rows, hands * subsets) for one lane: features, then bonus-condition leaves."""
        rows = self.rows[lane]
        features = [r for r in rows if r < len(FEATURES)]
        base: F64 = self.model.lanes[lane][features][:, ords]
        conditions = [self.model.leaves[lane][r - len(FEATURES)] for r in rows if r >= len(FEATURES)]
        if not conditions:
            return base
        chosen = cards[:, subsets].reshape(-1, subsets.shape[1])
        suits = chosen % 4
        suited = (suits == suits[:, :1]).all(axis=1)
        ranks = np.bitwise_or.reduce(np.int64(1) << (chosen // 4 + 2).astype(np.int64), axis=1)
        category = self.model.tables.category[ords]
        leaves = [leaf_holds(c, category, suited, ranks) for c in conditions]
        return np.vstack([base, *leaves])

    def search(self, cards: IntP, keep: int) -> list[Found]:
        """``cards``: (B, 13) ascending rows; the ``keep`` best splits of each hand."""
        model = self.model
        hands = hands_of(cards, model.tables)
        front = self._features(0, hands.o3, cards, THREES)
        middle = self._features(1, hands.o5, cards, FIVES)
        back = self._features(2, hands.o5, cards, FIVES)
        bound = self._bound(hands, front, middle, back)

        def values(h: I64, b: I64, m: I64, f: I64) -> F64:
            lanes = [self._lane(i, list(x)) for i, x in enumerate(
                (front[:, h * N3 + f], middle[:, h * N5 + m], back[:, h * N5 + b]))]
            return np.broadcast_to(np.asarray(model.value(lanes), dtype=np.float64), h.shape)

        return search_batch(hands, bound, values, keep)

    def _bound(self, hands: Hands, front: F64, middle: F64, back: F64) -> F64:
        """Upper bound per (hand, back). Backs sorted by strength in each hand make the middles
        allowed with a back a prefix of the same order, and the fronts a prefix of the fronts'
        order, so prefix minima and maxima give the intervals. Backs with the same ordinal
        share features and prefixes, hence bounds: the formula runs once per distinct ordinal
        (about 380 of the 1,287 backs in a typical hand)."""
        count = hands.count
        rows = np.arange(count, dtype=np.int64)[:, None]
        order5 = np.argsort(hands.s5.reshape(count, N5), axis=1, kind="stable")
        flat5 = (order5 + rows * N5).ravel()
        strength5 = hands.s5[flat5].reshape(count, N5)
        is_end = np.ones((count, N5), dtype=bool)
        is_end[:, :-1] = strength5[:, 1:] != strength5[:, :-1]
        last = np.where(is_end, np.arange(N5), N5)
        mid_upto = np.minimum.accumulate(last[:, ::-1], axis=1)[:, ::-1]

        order3 = np.argsort(hands.s3.reshape(count, N3), axis=1, kind="stable")
        flat3 = (order3 + rows * N3).ravel()
        offset = 1 << 20  # above any strength ordinal: keeps hands apart in one sorted array
        keyed3 = (hands.s3[flat3].reshape(count, N3) + rows * offset).ravel()
        front_upto = (np.searchsorted(keyed3, (strength5 + rows * offset).ravel(), side="right")
                      .reshape(count, N5) - 1 - rows * N3)

        # one representative back (in sorted position) per distinct (hand, ordinal)
        sorted_ords = hands.o5[flat5]
        distinct, first, inverse = np.unique(sorted_ords + np.repeat(rows.ravel(), N5) * (1 << 16),
                                             return_index=True, return_inverse=True)
        rep_row = first // N5
        rep_front = front_upto.ravel()[first]
        has_front = rep_front >= 0

        def intervals(lane: int, features: F64, flat: IntP, width: int, at: I64) -> LaneVals:
            ranked = features[:, flat].reshape(len(features), count, width)
            low = np.minimum.accumulate(ranked, axis=2).reshape(len(features), -1).take(at, axis=1)
            high = np.maximum.accumulate(ranked, axis=2).reshape(len(features), -1).take(at, axis=1)
            return self._lane(lane, [Interval(low[k], high[k], _nonneg(i), _unit(i))
                                     for k, i in enumerate(self.rows[lane])])

        fronts = intervals(0, front, flat3, N3, rep_row * N3 + np.maximum(rep_front, 0))
        middles = intervals(1, middle, flat5, N5, rep_row * N5 + mid_upto.ravel()[first])
        exact = back[:, flat5[first]]
        backs = self._lane(2, [Interval.exact(exact[k], _nonneg(i), _unit(i))
                               for k, i in enumerate(self.rows[2])])
        out = self.model.value([fronts, middles, backs])
        high = np.broadcast_to(out.hi if isinstance(out, Interval) else float(out), (len(first),))
        per_rep = np.where(has_front, high, -np.inf)
        bound = np.empty((count, N5))
        np.put_along_axis(bound, order5, per_rep[inverse].reshape(count, N5), axis=1)
        return bound

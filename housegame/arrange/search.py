"""The exact search over all 72,072 splits of each hand, batched and pruned by sound bounds.

Shared machinery: each hand's subset ordinals (``hands_of``), exact evaluation of every legal
split of chosen backs (``evaluate_backs``), and each hand's K best entries (``top_splits``).
A back is left out only when an upper bound on all its splits is below the K-th best value
already found, so it cannot hold one of the K best splits: the answer is exact. Equal values
are ordered by the lexicographic strength of (back, middle, front), then by split id, so the
answer is deterministic. Working on many hands at once is what makes numpy fast here: each
array operation covers thousands of splits. ``search_lexicographic`` is the simplest user;
``evsearch`` holds the ``ev`` objective's staged search.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import pairwise

import numpy as np
import numpy.typing as npt

from housegame.arrange.arrays import F64, I64, IntP
from housegame.arrange.lookup import COLEX32, RankTables
from housegame.arrange.splits import (
    FIVES,
    FIVES_BY_CARD,
    FRONT_OF,
    MIDDLE_OF,
    MIDDLES_PER_BACK,
    THREES,
    THREES_BY_CARD,
)

N5, N3 = len(FIVES), len(THREES)
BATCH = 256
"""Hands searched together: enough to amortize numpy's per-call cost, small enough to keep a
batch's arrays in cache."""
FIRST_BACKS = 4
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
    u5: npt.NDArray[np.uint16]
    """``o5`` as stored in the table: 2 bytes sort by radix."""
    u3: npt.NDArray[np.uint16]


def hands_of(cards: IntP, tables: RankTables) -> Hands:
    """``cards``: (B, 13) card indices, each row ascending."""
    count = len(cards)
    colex = COLEX32[:, cards]  # (5, B, 13): each card's colex term at each position
    idx5 = colex[0].take(FIVES_BY_CARD[0], axis=1)
    for k in range(1, 5):
        idx5 += colex[k].take(FIVES_BY_CARD[k], axis=1)
    idx3 = colex[0].take(THREES_BY_CARD[0], axis=1)
    for k in range(1, 3):
        idx3 += colex[k].take(THREES_BY_CARD[k], axis=1)
    u5 = tables.ord5.take(idx5.ravel())
    u3 = tables.ord3.take(idx3.ravel())
    o5, o3 = u5.astype(np.int64), u3.astype(np.int64)
    return Hands(
        count,
        o5,
        o3,
        tables.strength.take(o5).astype(np.int64),
        tables.strength.take(o3).astype(np.int64),
        u5,
        u3,
    )


Values = Callable[[I64 | None, I64, I64, I64], F64]
"""(hand, back, middle, front) subset ids -> objective values; hand None: a batch of one hand
(every subset id is then the hand's own)."""


@dataclass
class Pool:
    """Evaluated splits: hand, value and split id of each."""

    hand: I64
    value: F64
    split: I64


def _lexi(hands: Hands, hand: I64, split: I64) -> I64:
    """The tie-break: (back, middle, front) ordinals packed, computed only for tied entries."""
    back, j = split // MIDDLES_PER_BACK, split % MIDDLES_PER_BACK
    middle, front = MIDDLE_OF[back, j], FRONT_OF[back, j]
    packed: I64 = (
        (hands.o5[hand * N5 + back] << 32)
        | (hands.o5[hand * N5 + middle] << 16)
        | hands.o3[hand * N3 + front]
    )
    return packed


def _evaluate_slice(hands: Hands, hand: I64, backs: I64, values: Values) -> Pool:
    middles, fronts = MIDDLE_OF[backs], FRONT_OF[backs]
    base5, base3 = (hand * N5)[:, None], (hand * N3)[:, None]
    mid_strength = hands.s5[base5 + middles]
    legal = (hands.s3[base3 + fronts] <= mid_strength) & (
        mid_strength <= hands.s5[hand * N5 + backs][:, None]
    )
    rows, cols = np.nonzero(legal)
    h, b = hand[rows], backs[rows]
    m, f = middles[rows, cols].astype(np.int64), fronts[rows, cols].astype(np.int64)
    return Pool(h, values(h, b, m, f), b * MIDDLES_PER_BACK + cols)


def evaluate_backs(hands: Hands, hand: I64, backs: I64, values: Values) -> list[Pool]:
    step = max(1, _SLICE // MIDDLES_PER_BACK)
    return [
        _evaluate_slice(hands, hand[i : i + step], backs[i : i + step], values)
        for i in range(0, len(hand), step)
    ]


def top_splits(hands: Hands, pools: list[Pool], count: int, keep: int) -> Pool:
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
    return Pool(h[picked], v[picked], s[picked])


def thresholds(best: Pool, count: int, keep: int) -> F64:
    """Each hand's K-th best value found so far (less a rounding margin), or -inf."""
    hand_ids = np.arange(count, dtype=np.int64)
    threshold = np.full(count, -np.inf)
    found = np.bincount(best.hand, minlength=count)
    last = np.searchsorted(best.hand, hand_ids, side="right") - 1
    full = found >= keep
    threshold[full] = best.value[last[full]]
    threshold -= _EPS * np.maximum(1.0, np.abs(np.where(full, threshold, 0.0)))
    return threshold


def search_batch(
    hands: Hands, bound: F64, values: Values, keep: int, first: int = FIRST_BACKS
) -> list[Found]:
    """The ``keep`` best legal splits of every hand, given an upper bound per (hand, back):
    the ``first`` best-bounded backs set the thresholds, then every other back whose bound
    reaches its hand's threshold is evaluated."""
    count = hands.count
    first = min(first, N5)
    hand_ids = np.arange(count, dtype=np.int64)
    head = (
        np.argpartition(-bound, first - 1, axis=1)[:, :first]
        if first < N5
        else np.broadcast_to(np.arange(N5), (count, N5))
    )
    pools = evaluate_backs(hands, np.repeat(hand_ids, first), head.ravel().astype(np.int64), values)
    best = top_splits(hands, pools, count, keep)
    threshold = thresholds(best, count, keep)
    reach = bound >= threshold[:, None]
    reach[hand_ids[:, None], head] = False
    rows, backs = np.nonzero(reach)
    rows, backs = rows.astype(np.int64), backs.astype(np.int64)
    if len(rows):
        more = evaluate_backs(hands, rows, backs, values)
        best = top_splits(hands, [best, *more], count, keep)
    return found_list(best, count)


def _one_hand_splits(hands: Hands, backs: I64, values: Values) -> tuple[F64, I64]:
    """``evaluate_backs`` for a batch of one hand: the values and split ids of every legal
    split of ``backs``."""
    middles, fronts = MIDDLE_OF.take(backs, axis=0), FRONT_OF.take(backs, axis=0)
    strength = hands.s5.take(middles)
    legal = hands.s3.take(fronts) <= strength
    legal &= strength <= hands.s5.take(backs)[:, None]
    at = np.flatnonzero(legal)
    back = backs.take(at // MIDDLES_PER_BACK)
    middle, front = middles.ravel().take(at), fronts.ravel().take(at)
    value = values(None, back, middle, front)
    return value, back * MIDDLES_PER_BACK + at % MIDDLES_PER_BACK


def _one_hand_top(hands: Hands, value: F64, split: I64, keep: int) -> tuple[F64, I64]:
    """``top_splits`` for a batch of one hand: its ``keep`` best entries, best first."""
    alive: npt.NDArray[np.bool_] | None = None
    picked: list[int] = []
    for _ in range(min(keep, len(value))):
        if alive is None:
            tied = np.flatnonzero(value == value.max())
        else:
            tied = np.flatnonzero(alive & (value == value[alive].max()))
        if len(tied) > 1:
            lexi = _lexi(hands, np.zeros(len(tied), dtype=np.int64), split.take(tied))
            tied = tied[np.lexsort((split.take(tied), -lexi))]
        picked.append(int(tied[0]))
        if keep > 1:
            alive = np.ones(len(value), dtype=bool) if alive is None else alive
            alive[tied[0]] = False
    at = np.array(picked, dtype=np.int64)
    return value.take(at), split.take(at)


def search_one(hands: Hands, bound: F64, values: Values, keep: int, first: int) -> Found:
    """``search_batch`` for a batch of one hand (``bound``: its backs' bounds): the same
    answer in fewer array operations, which is what one hand's search costs."""
    first = min(first, N5)
    head = np.argpartition(-bound, first - 1)[:first] if first < N5 else np.arange(N5)
    value, split = _one_hand_top(hands, *_one_hand_splits(hands, head, values), keep)
    threshold = -np.inf
    if len(value) >= keep:
        threshold = float(value[keep - 1])
        threshold -= _EPS * max(1.0, abs(threshold))
    reach = bound >= threshold
    reach[head] = False
    backs = np.flatnonzero(reach)
    if len(backs):
        more, more_split = _one_hand_splits(hands, backs, values)
        value, split = _one_hand_top(
            hands, np.concatenate([value, more]), np.concatenate([split, more_split]), keep
        )
    return Found(tuple(split.tolist()), tuple(value.tolist()))


def found_list(best: Pool, count: int) -> list[Found]:
    """A hand-major pool of each hand's best entries, as one ``Found`` per hand."""
    bounds: list[int] = np.searchsorted(best.hand, np.arange(count + 1)).tolist()
    splits: list[int] = best.split.tolist()
    values: list[float] = best.value.tolist()
    return [Found(tuple(splits[lo:hi]), tuple(values[lo:hi])) for lo, hi in pairwise(bounds)]


def search_lexicographic(cards: IntP, tables: RankTables, keep: int) -> list[Found]:
    """Strongest back, then middle, then front; the value is the packed ordinals."""
    hands = hands_of(cards, tables)
    bound = ((hands.o5.astype(np.float64) + 1.0) * 2.0**32 - 1.0).reshape(hands.count, N5)

    def values(h: I64 | None, b: I64, m: I64, f: I64) -> F64:
        at5, at3 = (0, 0) if h is None else (h * N5, h * N3)
        packed: I64 = (hands.o5[at5 + b] << 32) | (hands.o5[at5 + m] << 16) | hands.o3[at3 + f]
        return packed.astype(np.float64)

    return search_batch(hands, bound, values, keep, first=4)

"""The ``ev`` objective's exact search: bounds in stages, cheapest first, over a batch of hands.

Per batch (see ``bounds`` for the bounds themselves; ``hints``, the backs other rulesets chose
for the same hands, are evaluated first when given, and one seed round, ``HINTED_ROUNDS``,
then suffices):

1. ``blocks``: a bound per block of 33 backs, for every block of every hand;
2. the blocks in rounds, best block bound first (``BLOCK_ROUNDS``): the ``semi`` bound of
   every back of the round's blocks that reach the threshold; each round but the last ends with
   a seed: the ``tight`` bound of the ``SEED_TIGHT`` best candidates and the exact values of
   the ``SEED`` best of those, which raise each hand's threshold (its K-th best value);
3. the ``tight`` (and, where used, ``split``) bound of the candidates that still reach it;
4. the backs whose bound still reaches the threshold, best bound first, evaluated exactly in
   rounds (``ROUNDS``), the threshold rising after each round.

A batch of at most ``SMALL`` hands (one hand from ``arrange``, a table's loose hands) skips the
stages, whose many small array operations then cost more than they prune: the ``semi`` bound of
every back, then ``search.search_batch`` (the ``DIRECT_FIRST`` best-bounded backs exactly, then
every back still reaching the threshold).

Every back left out has a bound below a value already found (thresholds only rise), so the
answer is the same as evaluating every split.
"""

from __future__ import annotations

import weakref
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from housegame.arrange.arrays import F64, I64, IntP
from housegame.arrange.batch import HandBatch
from housegame.arrange.bounds import BLOCKS, Bounds, RowPlan, intervals, plans, reads_corners
from housegame.arrange.features import LaneRows, lane_rows
from housegame.arrange.model import EvModel
from housegame.arrange.search import (
    N3,
    N5,
    Found,
    Hands,
    Pool,
    Values,
    evaluate_backs,
    found_list,
    search_batch,
    search_one,
    thresholds,
    top_splits,
)
from housegame.arrange.tape import Formula
from housegame.arrange.upper import Upper
from housegame.thirteen.payout import FEATURES, LaneVals

SEED_TIGHT = 16
"""Backs per hand of the best block whose tight bound is computed first."""
SEED = 2
"""Backs per hand evaluated exactly to set the first thresholds."""
BLOCK_ROUNDS = (1, 2, 4, BLOCKS)
"""Rank (by block bound, within a hand) at which each round of blocks stops: each but the last
ends with a seed (``SEED_TIGHT`` tight bounds, ``SEED`` exact values) raising the threshold."""
HINTED_ROUNDS = (1, BLOCKS)
"""``BLOCK_ROUNDS`` when hints set the first thresholds: one seed round is enough (measured:
docs/simulate.md)."""
ROUNDS = (1, 3, 9, 27)
"""Rank (by tight bound, within a hand) at which each exact round after the first stops."""
SMALL = 4
"""Batches up to this many hands take the direct search (measured: docs/arrange.md)."""
DIRECT_FIRST = 8
"""Backs per hand evaluated first by the direct search, to set the thresholds."""


def _ranks(hand: I64, bound: F64) -> tuple[IntP, IntP]:
    """An order by hand, then bound descending, and each entry's rank within its hand."""
    order = np.lexsort((-bound, hand))
    ordered = hand[order]
    starts = np.flatnonzero(np.r_[True, ordered[1:] != ordered[:-1]])
    sizes = np.diff(np.r_[starts, len(order)])
    rank = np.arange(len(order)) - np.repeat(starts, sizes)
    return order, rank


class _Best:
    """Each hand's K best splits found so far and its threshold."""

    def __init__(self, hands: Hands, values: Values, keep: int) -> None:
        self.hands, self.values, self.keep = hands, values, keep
        empty = np.empty(0, dtype=np.int64)
        self.pool = Pool(empty, np.empty(0), empty)
        self.threshold = np.full(hands.count, -np.inf)

    def add(self, hand: I64, back: I64) -> None:
        if not len(hand):
            return
        more = evaluate_backs(self.hands, hand, back, self.values)
        self.pool = top_splits(self.hands, [self.pool, *more], self.hands.count, self.keep)
        self.threshold = thresholds(self.pool, self.hands.count, self.keep)


class _Candidates:
    """(hand, back) pairs not yet evaluated, with their best bound so far."""

    def __init__(self, hand: I64, back: I64, bound: F64) -> None:
        self.hand, self.back, self.bound = hand, back, bound
        self.tight = np.zeros(len(hand), dtype=bool)

    def select(self, keep: npt.NDArray[np.bool_] | IntP) -> None:
        self.hand, self.back = self.hand[keep], self.back[keep]
        self.bound, self.tight = self.bound[keep], self.tight[keep]

    def extend(self, hand: I64, back: I64, bound: F64) -> None:
        self.hand, self.back = np.concatenate([self.hand, hand]), np.concatenate([self.back, back])
        self.bound = np.concatenate([self.bound, bound])
        self.tight = np.concatenate([self.tight, np.zeros(len(hand), dtype=bool)])

    def tighten(self, bounds: Bounds, which: IntP) -> None:
        which = which[~self.tight[which]]
        self.bound[which] = bounds.tight(self.hand[which], self.back[which])
        self.tight[which] = True


def search_staged(
    hands: Hands, bounds: Bounds, values: Values, keep: int, hints: tuple[I64, I64] | None = None
) -> list[Found]:
    """The ``keep`` best legal splits of every hand (see module docstring). ``hints``: (hand,
    back) pairs evaluated first, e.g. the backs other rulesets chose for the same hands: a
    good first threshold prunes more, and the answer is the same whatever they are."""
    count = hands.count
    ids = np.arange(count, dtype=np.int64)
    best = _Best(hands, values, keep)
    done = np.zeros((count, N5), dtype=bool)
    rounds: tuple[int, ...] = BLOCK_ROUNDS
    if hints is not None and len(hints[0]):
        done[hints[0], hints[1]] = True
        hint_hand, hint_back = np.nonzero(done)
        best.add(hint_hand.astype(np.int64), hint_back.astype(np.int64))
        rounds = HINTED_ROUNDS
    block = bounds.blocks()
    block_rank = np.empty(block.shape, dtype=np.int64)
    block_rank[ids[:, None], np.argsort(-block, axis=1, kind="stable")] = np.arange(BLOCKS)
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
            cands.extend(hand, back, bounds.semi(hand, back))
        cands.select(cands.bound >= best.threshold[cands.hand])
        if stop >= BLOCKS:
            break
        order, rank = _ranks(cands.hand, cands.bound)
        cands.tighten(bounds, order[rank < SEED_TIGHT])
        order, rank = _ranks(cands.hand, cands.bound)
        picked = order[rank < SEED]
        picked = picked[cands.bound[picked] >= best.threshold[cands.hand[picked]]]
        best.add(cands.hand[picked], cands.back[picked])
        rest = np.ones(len(cands.hand), dtype=bool)
        rest[picked] = False
        cands.select(rest & (cands.bound >= best.threshold[cands.hand]))
    cands.tighten(bounds, np.arange(len(cands.hand)))
    cands.select(cands.bound >= best.threshold[cands.hand])
    if bounds.splits and len(cands.hand):
        cands.bound = np.minimum(cands.bound, bounds.split(cands.hand, cands.back))
        cands.select(cands.bound >= best.threshold[cands.hand])

    order, rank = _ranks(cands.hand, cands.bound)
    hand, back, bound = cands.hand[order], cands.back[order], cands.bound[order]
    start = 0
    for stop in (*ROUNDS, N5):
        now = (rank >= start) & (rank < stop)
        now &= bound >= best.threshold[hand]
        best.add(hand[now], back[now])
        start = stop
    return found_list(best.pool, count)


VARIANTS = 256
"""At most this many formulas specialised to the conditions a hand cannot meet, per model."""


@dataclass
class _Compiled:
    """What a model's search reads, worked out once: compiling reads the 2.6-million-entry
    table (nothing here refers back to the model, which stays collectable)."""

    lanes: tuple[LaneRows, LaneRows, LaneRows]
    corner: bool
    """Whether its bounds read corners (``bounds.reads_corners``)."""
    formula: Formula
    upper: Upper
    """The formula's upper end over intervals."""
    plans: tuple[RowPlan, RowPlan, RowPlan]
    """How ranges read each lane's rows."""
    conditions: list[tuple[int, list[int], list[int]]]
    """Per lane with bonus conditions: the lane, their rows and their formula inputs."""
    variants: dict[frozenset[int], tuple[Formula, Upper]]
    """The formula with some conditions constant 0 (``EvSearch.variant``)."""


_COMPILED: weakref.WeakKeyDictionary[EvModel, _Compiled] = weakref.WeakKeyDictionary()


def _flags(lanes: tuple[LaneRows, LaneRows, LaneRows]) -> list[tuple[bool, bool]]:
    """Each formula input's ``nonneg`` and ``unit`` flags."""
    return [f for lane in lanes for f in zip(lane.nonneg, lane.unit, strict=True)]


class EvSearch:
    """The ``ev`` objective's search for one compiled model: bounds from ``bounds``, exact
    values from the per-ordinal rows of ``features``."""

    def __init__(self, model: EvModel) -> None:
        self.model = model
        compiled = _COMPILED.get(model)
        if compiled is None:
            lanes = self.lanes = lane_rows(model)
            formula = Formula(model, [len(lane.rows) for lane in lanes], self._lane)
            upper = Upper(formula, _flags(lanes))
            corner = reads_corners(model, lanes)
            conditions = []
            slot = 0
            for lane, rows in enumerate(lanes):
                ks = [k for k, row in enumerate(rows.rows) if row >= len(FEATURES)]
                if ks:
                    conditions.append((lane, ks, [slot + k for k in ks]))
                slot += len(rows.rows)
            compiled = _Compiled(
                lanes, corner, formula, upper, plans(upper, lanes, corner), conditions, {}
            )
            _COMPILED[model] = compiled
        self.compiled = compiled
        self.lanes, self.corner = compiled.lanes, compiled.corner
        self.formula, self.upper, self.plans = compiled.formula, compiled.upper, compiled.plans

    def _lane(self, lane: int, values: Sequence[Any]) -> LaneVals:
        """LaneVals from the used rows' values and the lane's constant rows; rows the formula
        never reads are zero."""
        full: list[Any] = [0.0] * (len(FEATURES) + len(self.model.leaves[lane]))
        for row, constant in self.lanes[lane].constants:
            full[row] = constant
        for row, value in zip(self.lanes[lane].rows, values):
            full[row] = value
        return LaneVals.of(full[: len(FEATURES)], full[len(FEATURES) :])

    def variant(self, zeros: frozenset[int]) -> tuple[Formula, Upper]:
        """The formula and its upper end with the inputs ``zeros`` constant 0: bonus
        conditions that no subset of a hand meets, whose terms then drop out (``x * 0``,
        ``x + 0``). The same values (but for a zero's sign); recorded once per set of inputs
        (a few sets cover most hands), and not used where its upper end would read a range
        end the rows' plans do not gather."""
        compiled = self.compiled
        found = compiled.variants.get(zeros)
        if found is not None:
            return found
        if len(compiled.variants) >= VARIANTS:
            return compiled.formula, compiled.upper
        starts = np.cumsum([0, *(len(lane.rows) for lane in self.lanes)]).tolist()

        def lane_of(lane: int, values: Sequence[Any]) -> LaneVals:
            start = starts[lane]
            return self._lane(lane, [0 if start + k in zeros else v for k, v in enumerate(values)])

        formula = Formula(self.model, [len(lane.rows) for lane in self.lanes], lane_of)
        upper = Upper(formula, _flags(self.lanes))
        front, middle, back = (intervals(lane, self.corner) for lane in self.lanes)
        reads = upper.needs((*front, *middle, *(False,) * len(back)))
        gathered = [need for plan in self.plans[:2] for need in plan.needs]
        unread = any((r[0] and not g[0]) or (r[1] and not g[1]) for r, g in zip(reads, gathered))
        found = compiled.variants[zeros] = (
            (compiled.formula, compiled.upper) if unread else (formula, upper)
        )
        return found

    def _zeros(self, bounds: Bounds) -> frozenset[int]:
        """A batch of one hand: the formula inputs of the bonus conditions no subset of the
        hand meets."""
        zeros: list[int] = []
        for lane, rows, slots in self.compiled.conditions:
            met = np.asarray(bounds.whole(lane).take(rows, axis=0).any(axis=1))
            zeros.extend(slot for slot, hit in zip(slots, met.tolist()) if not hit)
        return frozenset(zeros)

    def prepare(self, batch: HandBatch) -> tuple[Hands, Bounds, Values]:
        """A batch's subsets, its bound state and its exact values under this model."""
        model = self.model
        hands = batch.subsets(model.tables)
        bounds = Bounds(
            model,
            self.lanes,
            self.upper,
            batch.cards,
            hands.u5,
            hands.u3,
            self.corner,
            self.plans,
            batch.ranked(model.tables),
        )

        formula = self.formula
        if len(batch) == 1 and self.compiled.conditions:
            formula, bounds.upper = self.variant(self._zeros(bounds))

        def values(h: I64 | None, b: I64, m: I64, f: I64) -> F64:
            if h is not None:
                f, m, b = h * N3 + f, h * N5 + m, h * N5 + b
            out = np.asarray(
                formula(*(bounds.exact(lane, at) for lane, at in enumerate((f, m, b)))),
                dtype=np.float64,
            )
            return out if out.shape == b.shape else np.broadcast_to(out, b.shape)

        return hands, bounds, values

    def search(self, cards: IntP | HandBatch, keep: int, direct: bool | None = None) -> list[Found]:
        """``cards``: (B, 13) ascending rows, or a ``HandBatch`` (its ranking-only arrays
        shared with other rulesets); the ``keep`` best splits of each hand. ``direct``:
        whether to skip the stages (default: for batches of at most ``SMALL`` hands); the
        answer is the same either way."""
        batch = cards if isinstance(cards, HandBatch) else HandBatch.of_cards(cards)
        hands, bounds, values = self.prepare(batch)
        if direct if direct is not None else len(batch) <= SMALL:
            if len(batch) == 1:
                return [search_one(hands, bounds.semi_all()[0], values, keep, DIRECT_FIRST)]
            return search_batch(hands, bounds.semi_all(), values, keep, DIRECT_FIRST)
        found = search_staged(hands, bounds, values, keep, batch.hints())
        batch.hint(found)
        return found

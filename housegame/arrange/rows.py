"""The rows the ``ev`` formula reads, per lane, and how ranges of lane hands read them.

Each hand's subsets sorted by ordinal, hence by strength (``Ranked``), turn "every subset no
stronger than X" into a prefix of that order.

The search knows rows, not payouts: a ``LaneRows`` is a table of values per ordinal (made by
the compile step, ``compile``), with what is known of each row (its trend over the ordinals,
whether it is a 0/1 condition, whether it is an outcome chance a range may read at its
strongest hand). A ``RowPlan`` (per model) says how a range reads them; ``Rows`` (per batch)
holds the scans a range's extremes come from.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

import numpy as np

from housegame.arrange.plan import PLAN
from housegame.arrange.spaces import (
    F64,
    Bools,
    Ordinals,
    Ordinals16,
    Positions64,
    SortedPositions,
    Strengths,
    Strengths32,
    SubsetIds,
)
from housegame.arrange.splits import FIVES_PER_HAND, THREES_PER_HAND

Span = tuple[F64, F64]
"""An interval's (lower, upper) ends, as ``upper.Upper`` reads them (what is known of its
range, ``nonneg`` and ``unit``, is the row's, in ``LaneRows``)."""
RangeRows = list[Span | F64]
"""One lane's used rows over a range of lane hands: spans, or plain arrays where exact
(``corner``)."""
_UNREAD: F64 = np.zeros(0)
"""An interval end no bound reads (``RowPlan.needs``)."""

HAND_OFFSET = 1 << 20
"""Above any strength: keeps hands apart in one sorted array."""
_SUBSET_BITS = 11
_SUBSET_MASK = (1 << _SUBSET_BITS) - 1
"""A subset's index within its hand (below 1,287) fits in 11 bits, an ordinal in 16."""

_LOCAL_IDS = {
    width: np.arange(width, dtype=np.int32) for width in (FIVES_PER_HAND, THREES_PER_HAND)
}
"""0 .. width - 1 as int32: a hand's own subset ids, per subset size."""


class Ranked:
    """One subset size's subsets of every hand of a batch, in ascending ordinal order."""

    def __init__(self, ords: Ordinals16, width: int, strength: Strengths32) -> None:
        count = len(ords) // width
        assert count * width < 1 << 31 and width <= _SUBSET_MASK
        # sort (ordinal, subset) packed in an int32: a plain sort, faster than an argsort
        packed = ords.reshape(count, width).astype(np.int32)
        packed <<= _SUBSET_BITS
        packed |= _LOCAL_IDS[width]
        packed.sort(axis=1)
        self.width = width
        flat = (packed & _SUBSET_MASK).astype(np.int64)
        if count > 1:
            flat += (np.arange(count, dtype=np.int64) * width)[:, None]
        self.flat: SubsetIds = flat.ravel()
        """Sorted position -> subset (both flat, hand-major)."""
        ords64 = (packed >> _SUBSET_BITS).astype(np.int64)
        self.ords: Ordinals = ords64.ravel()
        keyed = strength.take(ords64).astype(np.int64)
        if count > 1:
            keyed += (np.arange(count, dtype=np.int64) * HAND_OFFSET)[:, None]
        self.keyed: Strengths = keyed.ravel()
        """Strength plus the hand's offset: ascending over the whole batch."""

    @cached_property
    def position(self) -> SortedPositions:
        """Subset -> sorted position (made on first use, as ``upto``: a one-hand search reads
        neither of the fronts')."""
        size = len(self.flat)
        position = np.empty(size, dtype=np.uint32)
        position[self.flat] = np.arange(size, dtype=np.uint32)
        return position

    @cached_property
    def upto(self) -> SortedPositions:
        """Sorted position -> the last sorted position no stronger (equal strength)."""
        is_end = np.empty(len(self.keyed), dtype=bool)
        is_end[-1] = True
        np.not_equal(self.keyed[1:], self.keyed[:-1], out=is_end[:-1])
        ends = np.flatnonzero(is_end).astype(np.uint32)
        run = np.empty(len(ends), dtype=np.intp)
        run[0] = ends[0] + 1
        np.subtract(ends[1:], ends[:-1], out=run[1:])
        upto: SortedPositions = np.repeat(ends, run)
        return upto

    def last_at_most(self, key: Strengths) -> Positions64:
        """The last sorted position whose keyed strength is at most ``key``."""
        return np.searchsorted(self.keyed, key, side="right").astype(np.int64) - 1


@dataclass(frozen=True)
class LaneRows:
    """One lane's used rows (model row numbers, formula order) and how to read each."""

    rows: tuple[int, ...]
    table: F64
    """(used rows, ordinals): the row's value per ordinal; zero for card rows."""
    cards: tuple[tuple[int, Bools], ...]
    """(position in ``rows``, its value for every lane hand by colex rank) of the bonus
    conditions read from the cards (``OrdinalFacts.every_hand``)."""
    trend: tuple[int, ...]
    """Per used row: +1 non-decreasing, -1 non-increasing over the lane's ordinals, else 0."""
    slack: tuple[float, ...]
    """Per monotone row: its largest step the wrong way (float rounding in the odds' running
    sums, about 1e-16), which the bounds widen their intervals by to stay sound."""
    nonneg: tuple[bool, ...]
    unit: tuple[bool, ...]
    bits: tuple[bool, ...]
    """Per used row: a 0/1 condition."""
    outcome: tuple[bool, ...]
    """Per used row: a win, tie or loss chance (what ``corner`` ranges read at their
    strongest hand)."""
    constants: tuple[tuple[int, float], ...] = ()
    """(model row, value) of the rows the formula reads that have one value on every ordinal
    the lane holds: the formula takes them as constants, not as inputs."""


class RowPlan:
    """How one lane's ranges read its used rows, worked out once per model: which are read
    as plain values at a range's strongest end (``corner``), which at its two ends (monotone
    rows), which ends of each the bounds read (``needs``: lower, upper; from ``Upper.needs``).
    The other rows are scanned, as two stacks scanned in one pass each: the 0/1 rows (bonus
    conditions; those that read the cards last) and the rest."""

    def __init__(
        self, lane: LaneRows, corner: bool, needs: Sequence[tuple[bool, bool]] | None = None
    ) -> None:
        self.lane = lane
        self.corner = frozenset(k for k, outcome in enumerate(lane.outcome) if corner and outcome)
        self.needs = list(needs) if needs is not None else [(True, True)] * len(lane.rows)
        ends = [k for k, trend in enumerate(lane.trend) if trend or k in self.corner]
        self.at_ends = {k: i for i, k in enumerate(ends)}
        """Rows read at a range's ends (monotone or ``corner``): their index in ``ends``."""
        self.ends: F64 = lane.table[ends]
        self.first_end = any(
            self.needs[k][0 if lane.trend[k] > 0 else 1] for k in ends if k not in self.corner
        )
        """Whether any row reads a range's weakest end."""
        cards = {k for k, _ in lane.cards}
        scanned = [k for k in range(len(lane.rows)) if k not in self.at_ends]
        leaf = [k for k in scanned if lane.bits[k]]
        self.bit_rows = [k for k in leaf if k not in cards] + [k for k in leaf if k in cards]
        """The 0/1 rows scanned, those read from the table first."""
        self.bit_table = lane.table[[k for k in self.bit_rows if k not in cards]] > 0.5
        self.value_rows = [k for k in scanned if not lane.bits[k]]
        """The other rows scanned (never card rows: those are all 0/1)."""
        assert not cards & set(self.value_rows)
        self.value_table: F64 = lane.table[self.value_rows]
        self.scan = {k: (group, i) for group in (0, 1) for i, k in enumerate(self.groups[group])}
        """Scanned row -> (its stack: 0 the 0/1 rows, 1 the rest; its index there)."""
        self.reads = [
            (
                any(self.needs[k][0] for k in rows),
                any(self.needs[k][1] for k in rows),
            )
            for rows in self.groups
        ]
        """Per stack: whether any row's lower end, and any row's upper end, is read."""

    @property
    def groups(self) -> tuple[list[int], list[int]]:
        return self.bit_rows, self.value_rows


class Rows:
    """One lane's used rows over one ``Ranked`` order, as ``plan`` reads them: values at
    sorted positions, and for rows not monotone in the ordinal their running (``prefix``
    scan: per hand, from its weakest subset) or per-block (``block``) extremes; for a 0/1
    row's prefix, the sorted position of its first 1 and of its first 0 (the hand's end when
    there is none). Ends no bound reads are not scanned."""

    def __init__(self, plan: RowPlan, ranked: Ranked, cards: dict[int, F64], scan: str) -> None:
        self.lane, self.plan, self.ranked, self.prefix_scan = (
            plan.lane,
            plan,
            ranked,
            scan == "prefix",
        )
        width = ranked.width
        self.low: list[np.ndarray | None] = [None, None]
        """Per stack (``RowPlan.scan``): the lower ends' scan, or None when none is read."""
        self.high: list[np.ndarray | None] = [None, None]
        if plan.bit_rows:
            held = np.empty((len(plan.bit_rows), len(ranked.flat)), dtype=bool)
            table = len(plan.bit_table)
            plan.bit_table.take(ranked.ords, axis=1, out=held[:table])
            for i, k in enumerate(plan.bit_rows[table:], table):
                np.greater(cards[k].take(ranked.flat), 0.5, out=held[i])
            low, high = plan.reads[0]
            if self.prefix_scan:
                shaped = held.reshape(len(held), -1, width)
                if high:
                    self.high[0] = np.where(shaped.any(axis=2), shaped.argmax(axis=2), width)
                if low:
                    self.low[0] = np.where(shaped.all(axis=2), width, shaped.argmin(axis=2))
                if shaped.shape[1] > 1:  # to flat positions: each hand's first one added
                    base = np.arange(shaped.shape[1], dtype=np.int64) * width
                    for ends in self.high[0], self.low[0]:
                        if ends is not None:
                            ends += base
            else:
                blocks = held.reshape(len(held), -1, PLAN.block)
                if low:
                    self.low[0] = np.asarray(blocks.all(axis=2), dtype=np.float64)
                if high:
                    self.high[0] = np.asarray(blocks.any(axis=2), dtype=np.float64)
        if plan.value_rows:
            rows = plan.value_table.take(ranked.ords, axis=1)
            low, high = plan.reads[1]
            if self.prefix_scan:
                shaped = rows.reshape(len(rows), -1, width)
                if low:
                    self.low[1] = np.minimum.accumulate(shaped, axis=2).reshape(len(rows), -1)
                if high:
                    self.high[1] = np.maximum.accumulate(shaped, axis=2).reshape(len(rows), -1)
            else:
                blocks = rows.reshape(len(rows), -1, PLAN.block)
                if low:
                    self.low[1] = blocks.min(axis=2)
                if high:
                    self.high[1] = blocks.max(axis=2)

    def _scanned(self, extreme_at: Positions64) -> tuple[list[F64 | None], list[F64 | None]]:
        """Each stack's lower and upper ends at ``extreme_at`` (None: not read)."""
        low: list[F64 | None] = [None, None]
        high: list[F64 | None] = [None, None]
        width = self.ranked.width
        hand = None
        if self.prefix_scan and len(self.ranked.flat) > width:
            hand = extreme_at // width
        for group in (0, 1):
            first_one, first_zero = self.high[group], self.low[group]
            if group == 0 and self.prefix_scan:
                # one hand: its (rows, 1) first positions broadcast against every end
                if first_one is not None:
                    at = first_one if hand is None else first_one.take(hand, axis=1)
                    high[0] = (extreme_at >= at).astype(np.float64)
                if first_zero is not None:
                    at = first_zero if hand is None else first_zero.take(hand, axis=1)
                    low[0] = (extreme_at < at).astype(np.float64)
                continue
            if first_zero is not None:
                low[group] = first_zero.take(extreme_at, axis=1)
            if first_one is not None:
                high[group] = first_one.take(extreme_at, axis=1)
        return low, high

    def span(
        self, start: Positions64 | int, end: Positions64, extreme_at: Positions64
    ) -> RangeRows:
        """Intervals over the sorted positions ``start..end``; ``extreme_at`` indexes the
        running or block extremes of the non-monotone rows. An end no bound reads is the
        other end (or empty, when neither is read)."""
        lane, plan = self.lane, self.plan
        last = plan.ends.take(self.ranked.ords.take(end), axis=1)
        first = plan.ends.take(self.ranked.ords.take(start), axis=1) if plan.first_end else last
        low, high = self._scanned(extreme_at) if plan.scan else ([None, None], [None, None])
        out: RangeRows = []
        for k, trend in enumerate(lane.trend):
            if k in plan.corner:
                out.append(last[plan.at_ends[k]])
                continue
            low_read, high_read = plan.needs[k]
            lo = hi = _UNREAD
            if k in plan.scan:
                group, i = plan.scan[k]
                lows, highs = low[group], high[group]
                lo = lows[i] if lows is not None else lo
                hi = highs[i] if highs is not None else hi
            else:
                i, slack = plan.at_ends[k], lane.slack[k]
                lo, hi = (first[i], last[i]) if trend > 0 else (last[i], first[i])
                if slack and low_read:
                    lo = np.maximum(lo - slack, 0.0) if lane.nonneg[k] else lo - slack
                if slack and high_read:
                    hi = np.minimum(hi + slack, 1.0) if lane.unit[k] else hi + slack
            out.append((lo if low_read else hi, hi if high_read else lo))
        return out

    def prefix(self, end: Positions64) -> RangeRows:
        """Intervals over each hand's sorted subsets up to ``end`` (flat sorted positions)."""
        return self.span(end - end % self.ranked.width, end, end)

"""Upper bounds on the ``ev`` value of every split sharing a back (or a block of backs).

All bounds run the model's own formula on intervals (see ``interval``), so they are sound
whatever the ruleset; ``upper`` lowers it to the operations its upper end needs, and a range
gathers only the ends of its rows that those read (``needs``). Each hand's subsets are sorted
by ordinal, hence by strength, which turns "every subset no stronger than X" into a prefix of
that order; a row monotone in the ordinal has its prefix minimum and maximum at the prefix's
two ends, other rows keep running extremes. From loosest and cheapest to tightest:

- ``blocks``: the backs of a hand, in that order, cut into ``BLOCK`` consecutive ones. One
  bound covers a block: the back interval spans the block, the middle interval covers every
  5-card subset no stronger than its strongest back, the front every 3-card subset no
  stronger than that (cards shared with the back included). 39 formula runs a hand.
- ``semi``: one back; the middle prefix ends at the strongest of *its own 56 middles* no
  stronger than it (so the back's cards are left out), the front prefix at the last 3-card
  subset no stronger than that middle.
- ``tight``: as ``semi``, but only middles with a legal front count, and the front prefix
  ends at the strongest front legal with one of them.
- ``split``: as ``tight``, with the front range bounded in two parts (``_split_front``; also
  used by ``blocks`` and ``semi``), for rulesets whose rows are not all monotone.

Outcome-table and pool rulesets whose formula never gains from a lane doing worse
(``EvModel.monotone_in_outcomes``, checked on the ruleset's numbers) read a range's win, tie and
loss chances at its strongest hand (``corner``) instead of as three unrelated intervals: a
stronger hand's outcome dominates a weaker one's (win chance up, loss chance down), so that
point bounds every hand of the range; only the bonus conditions stay intervals.

Positions are ``uint32`` so "the largest position at most X" is one wrapping subtraction and
a minimum: a position above X wraps to at least 2**31 (positions stay below 2**31).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cached_property
from typing import Any

import numpy as np
import numpy.typing as npt

from housegame.arrange.arrays import F64, I64, IntP
from housegame.arrange.features import LaneRows, card_rows
from housegame.arrange.interval import Interval
from housegame.arrange.model import EvModel
from housegame.arrange.splits import FIVES, FRONT_OF, MIDDLE_OF, THREES
from housegame.arrange.upper import Upper
from housegame.thirteen.payout import FEATURES

U32 = npt.NDArray[np.uint32]
U16 = npt.NDArray[np.uint16]
N5, N3 = len(FIVES), len(THREES)
BLOCK = 33
"""Backs per block: 1,287 = 39 blocks of 33."""
BLOCKS = N5 // BLOCK
SPLIT = 16
"""The strongest 1/SPLIT of a front range is bounded apart from the rest (``_split_front``)."""
_OFFSET = 1 << 20
"""Above any strength: keeps hands apart in one sorted array."""
_HIGH = np.uint32(1 << 31)
_HIGH16 = 1 << 15
"""``_HIGH`` for 16-bit positions (batches of fewer than 2**15 subsets)."""
_SUBSET_BITS = 11
_SUBSET_MASK = (1 << _SUBSET_BITS) - 1
"""A subset's index within its hand (below 1,287) fits in 11 bits, an ordinal in 16."""
_MIDDLES: I64 = MIDDLE_OF.astype(np.int64)
OUTCOME_ROWS = (0, 1, 2)
"""Model rows of a lane's win, tie and loss chances (``FEATURES``)."""
MARGIN = 1e-9
"""Relative margin added to ``corner`` bounds: far above float rounding in the formula."""
_UNREAD: F64 = np.zeros(0)
"""An interval end no bound reads (``Rows.needs``)."""
_FRONTS: I64 = FRONT_OF.astype(np.int64)
_MIDDLES_T: I64 = np.ascontiguousarray(_MIDDLES.T)
"""(56, backs): each back's middles, middle-major."""

Values = list[Interval | F64]
"""One lane's used rows over a range: intervals, or plain arrays where exact (``corner``)."""


_SUBSET_IDS: dict[int, npt.NDArray[np.int32]] = {}


def _subset_ids(width: int) -> npt.NDArray[np.int32]:
    """0 .. width - 1, made once per width."""
    found = _SUBSET_IDS.get(width)
    if found is None:
        found = _SUBSET_IDS[width] = np.arange(width, dtype=np.int32)
    return found


class Ranked:
    """One subset size's subsets of every hand of a batch, in ascending ordinal order."""

    def __init__(self, ords: U16, width: int, strength: npt.NDArray[np.int32]) -> None:
        count = len(ords) // width
        assert count * width < 1 << 31 and width <= _SUBSET_MASK
        # sort (ordinal, subset) packed in an int32: a plain sort, faster than an argsort
        packed = ords.reshape(count, width).astype(np.int32)
        packed <<= _SUBSET_BITS
        packed |= _subset_ids(width)
        packed.sort(axis=1)
        self.width = width
        flat = (packed & _SUBSET_MASK).astype(np.int64)
        if count > 1:
            flat += (np.arange(count, dtype=np.int64) * width)[:, None]
        self.flat: I64 = flat.ravel()
        """Sorted position -> subset (both flat, hand-major)."""
        size = len(self.flat)
        self.position: U32 = np.empty(size, dtype=np.uint32)
        """Subset -> sorted position."""
        self.position[self.flat] = np.arange(size, dtype=np.uint32)
        ords64 = (packed >> _SUBSET_BITS).astype(np.int64)
        self.ords: I64 = ords64.ravel()
        keyed = strength.take(ords64).astype(np.int64)
        if count > 1:
            keyed += (np.arange(count, dtype=np.int64) * _OFFSET)[:, None]
        self.keyed: I64 = keyed.ravel()
        """Strength plus the hand's offset: ascending over the whole batch."""
        is_end = np.empty(size, dtype=bool)
        is_end[-1] = True
        np.not_equal(self.keyed[1:], self.keyed[:-1], out=is_end[:-1])
        ends = np.flatnonzero(is_end).astype(np.uint32)
        run = np.empty(len(ends), dtype=np.intp)
        run[0] = ends[0] + 1
        np.subtract(ends[1:], ends[:-1], out=run[1:])
        self.upto: U32 = np.repeat(ends, run)
        """Sorted position -> the last sorted position no stronger (equal strength)."""

    def last_at_most(self, key: I64) -> I64:
        """The last sorted position whose keyed strength is at most ``key``."""
        return np.searchsorted(self.keyed, key, side="right").astype(np.int64) - 1


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
        self.corner = frozenset(
            k for k, row in enumerate(lane.rows) if corner and row in OUTCOME_ROWS
        )
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
        leaf = [k for k in scanned if lane.rows[k] >= len(FEATURES)]
        self.bit_rows = [k for k in leaf if k not in cards] + [k for k in leaf if k in cards]
        """The 0/1 rows scanned, those read from the table first."""
        self.bit_table = lane.table[[k for k in self.bit_rows if k not in cards]] > 0.5
        self.value_rows = [k for k in scanned if lane.rows[k] < len(FEATURES)]
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
        self.low: list[npt.NDArray[Any] | None] = [None, None]
        """Per stack (``RowPlan.scan``): the lower ends' scan, or None when none is read."""
        self.high: list[npt.NDArray[Any] | None] = [None, None]
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
                blocks = held.reshape(len(held), -1, BLOCK)
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
                blocks = rows.reshape(len(rows), -1, BLOCK)
                if low:
                    self.low[1] = blocks.min(axis=2)
                if high:
                    self.high[1] = blocks.max(axis=2)

    def _scanned(self, extreme_at: I64) -> tuple[list[F64 | None], list[F64 | None]]:
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

    def span(self, start: I64 | int, end: I64, extreme_at: I64) -> Values:
        """Intervals over the sorted positions ``start..end``; ``extreme_at`` indexes the
        running or block extremes of the non-monotone rows. An end no bound reads is the
        other end (or empty, when neither is read)."""
        lane, plan = self.lane, self.plan
        last = plan.ends.take(self.ranked.ords.take(end), axis=1)
        first = plan.ends.take(self.ranked.ords.take(start), axis=1) if plan.first_end else last
        low, high = self._scanned(extreme_at) if plan.scan else ([None, None], [None, None])
        out: Values = []
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
            out.append(
                Interval(
                    lo if low_read else hi, hi if high_read else lo, lane.nonneg[k], lane.unit[k]
                )
            )
        return out

    def prefix(self, end: I64) -> Values:
        """Intervals over each hand's sorted subsets up to ``end`` (flat sorted positions)."""
        return self.span(end - end % self.ranked.width, end, end)


def reads_corners(model: EvModel, lanes: tuple[LaneRows, LaneRows, LaneRows]) -> bool:
    """Whether ranges read their win, tie and loss chances at the strongest end (module
    docstring): the formula must be monotone in outcomes and the rows ordered by strength."""
    return model.monotone_in_outcomes() and all(
        dict(zip(lane.rows, lane.trend)).get(row, trend) == trend
        for lane in lanes
        for row, trend in ((0, 1), (2, -1))
    )


def intervals(lane: LaneRows, corner: bool) -> tuple[bool, ...]:
    """Which of a lane's used rows a range gives as intervals (the rest: plain values, read
    at the strongest end, ``corner``)."""
    return tuple(not (corner and row in OUTCOME_ROWS) for row in lane.rows)


def plans(
    upper: Upper, lanes: tuple[LaneRows, LaneRows, LaneRows], corner: bool
) -> tuple[RowPlan, RowPlan, RowPlan]:
    """Each lane's ``RowPlan``, with the ends of its rows that some bound reads: the front
    and middle ranges go with an exact back (``semi``, ``tight``, ``split``) or a block of
    backs (``blocks``)."""
    front, middle = (intervals(lane, corner) for lane in lanes[:2])
    exact = upper.needs((*front, *middle, *(False,) * len(lanes[2].rows)))
    block = upper.needs((*front, *middle, *intervals(lanes[2], corner)))
    both = [(a[0] or b[0], a[1] or b[1]) for a, b in zip(exact, block, strict=True)]
    cut = (len(front), len(front) + len(middle))
    reads = both[: cut[0]], both[cut[0] : cut[1]], block[cut[1] :]
    return (
        RowPlan(lanes[0], corner, reads[0]),
        RowPlan(lanes[1], corner, reads[1]),
        RowPlan(lanes[2], corner, reads[2]),
    )


class Bounds:
    """Per-batch state for the bounds and for the exact evaluation's gathers."""

    def __init__(
        self,
        model: EvModel,
        lanes: tuple[LaneRows, LaneRows, LaneRows],
        upper: Upper,
        cards: IntP,
        o5: U16,
        o3: U16,
        corner: bool,
        plan: tuple[RowPlan, RowPlan, RowPlan],
        ranked: tuple[Ranked, Ranked] | None = None,
    ) -> None:
        """``upper``: the model's formula lowered to its upper end; ``corner``:
        ``reads_corners(model, lanes)`` and ``plan``: ``plans(upper, lanes, corner)``, both
        worked out once per model; ``ranked``: the subsets in strength order when already
        built (``HandBatch.ranked``)."""
        self.model, self.lanes, self.upper = model, lanes, upper
        self.corner = corner
        self.splits = not corner and any(not trend for lane in lanes for trend in lane.trend)
        """Whether to cut the front range (see ``_split_front``): only where some row read is
        not monotone, i.e. where intervals are loose anyway; elsewhere it costs more than
        it prunes."""
        self.count = len(cards)
        tables = model.tables
        self.o5, self.o3 = o5, o3
        self.cards: tuple[dict[int, F64], ...] = card_rows(lanes, cards, o3, o5, tables)
        if ranked is None:
            ranked = Ranked(o5, N5, tables.strength), Ranked(o3, N3, tables.strength)
        self.r5, self.r3 = ranked
        self.plan = plan
        self._wholes: list[F64 | None] = [None, None, None]
        self.front = Rows(plan[0], self.r3, self.cards[0], "prefix")
        self.middle = Rows(plan[1], self.r5, self.cards[1], "prefix")

    @cached_property
    def back(self) -> Rows:
        """The back's block scans: only ``blocks`` reads them (a small batch never does)."""
        return Rows(self.plan[2], self.r5, self.cards[2], "block")

    def exact(self, lane: int, subsets: I64) -> list[F64]:
        """The used rows of ``lane`` for flat subset ids (3-card for the front, else 5-card)."""
        if self.count == 1:
            return list(self.whole(lane).take(subsets, axis=1))
        rows = self.lanes[lane]
        ords = (self.o3 if lane == 0 else self.o5).take(subsets)
        values = rows.table.take(ords, axis=1)
        cards = self.cards[lane]
        return [cards[k].take(subsets) if k in cards else values[k] for k in range(len(rows.rows))]

    def whole(self, lane: int) -> F64:
        """A batch of one hand: the used rows of ``lane`` for every subset of the hand, read
        once (the bounds and both exact rounds read them)."""
        whole = self._wholes[lane]
        if whole is None:
            whole = self.lanes[lane].table.take(self.o3 if lane == 0 else self.o5, axis=1)
            for k, values in self.cards[lane].items():
                whole[k] = values
            self._wholes[lane] = whole
        return whole

    def _upper(self, front: Values, middle: Values, back: Values, size: int) -> F64:
        high = np.asarray(self.upper(front, middle, back), dtype=np.float64)
        if self.corner:
            # the win, tie and loss rows are monotone only up to float rounding (``slack``,
            # about 1e-16) and the corner is evaluated in another order than the exact value
            high = high + MARGIN * (1.0 + np.abs(high))
        return high if high.shape == (size,) else np.broadcast_to(high, (size,))

    def _exact_back(self, at: I64) -> Values:
        """The back's rows, exact: plain arrays (``Upper`` reads them as ``Interval.exact``)."""
        return list(self.exact(2, at))

    def blocks(self) -> F64:
        """(hands, ``BLOCKS``): a bound on every back of each block (see module docstring)."""
        block = np.arange(self.count * BLOCKS, dtype=np.int64)
        start = block * BLOCK
        end = start + BLOCK - 1
        upto = self.r5.upto.take(end).astype(np.int64)
        front = self.r3.last_at_most(self.r5.keyed.take(end))
        start3 = end // N5 * N3
        front_end = np.maximum(front, start3)
        middle, back = self.middle.prefix(upto), self.back.span(start, end, block)
        high = self._split_front(start3, front_end, middle, back, len(block))
        return np.where(front >= start3, high, -np.inf).reshape(self.count, BLOCKS)

    def _split_front(
        self, start: I64 | int, end: I64, middle: Values, back: Values, size: int
    ) -> F64:
        """The formula's upper end with the front range ``start..end`` cut in two (its
        strongest 1/``SPLIT`` and the rest) and bounded apart: narrower intervals where the
        formula is not monotone (an outcome table reads a lane's win, tie and loss chances as
        unrelated)."""
        if not self.splits:
            return self._upper(self.front.prefix(end), middle, back, size)
        cut = end - (end - start) // SPLIT
        return np.maximum(
            self._upper(
                self.front.span(start, np.maximum(cut - 1, start), end), middle, back, size
            ),
            self._upper(self.front.span(cut, end, end), middle, back, size),
        )

    def _middles(self, hand: I64, back: I64) -> tuple[I64, U32, U32, I64]:
        """Each back's subset id, the last position no stronger than it, and its 56 middles'
        sorted positions and subset ids."""
        at = hand * N5 + back
        upto = self.r5.upto.take(self.r5.position.take(at))
        ids = _MIDDLES[back]
        ids += (hand * N5)[:, None]
        return at, upto, self.r5.position.take(ids), ids

    def semi(self, hand: I64, back: I64) -> F64:
        """Bounds of the given (hand, back) pairs (see module docstring)."""
        at, upto, mid, _ = self._middles(hand, back)
        # wraps past 2**31 for middles above upto
        ok, mid_end = self._middle_end(hand, upto, (upto[:, None] - mid).min(axis=1), 1 << 31)
        front_end = self.r3.last_at_most(self.r5.keyed.take(mid_end))
        return self._semi(hand, ok, mid_end, front_end, self._exact_back(at))

    def semi_all(self) -> F64:
        """(hands, backs): ``semi`` of every back of every hand, the middles' sorted positions
        read in one gather, laid out middle-major (``_MIDDLES_T``) so that each back's least
        distance is a minimum across rows, several times faster than along them; in 16 bits
        where the positions fit (a few hands: half the memory to move)."""
        position = self.r5.position.reshape(self.count, N5)
        upto = self.r5.upto.take(position)
        small = len(self.r5.flat) < _HIGH16
        if small:
            position, upto = position.astype(np.uint16), upto.astype(np.uint16)
        gaps = position.take(_MIDDLES_T, axis=1)  # (hands, 56, backs)
        np.subtract(upto[:, None, :], gaps, out=gaps)
        hand: I64 | int = 0 if self.count == 1 else np.repeat(np.arange(self.count), N5)
        below = gaps.min(axis=1).ravel()
        ok, mid_end = self._middle_end(hand, upto.ravel(), below, _HIGH16 if small else 1 << 31)
        # every middle position's front end, searched in order (faster), then read
        front_end = self.r3.last_at_most(self.r5.keyed).take(mid_end)
        at = np.arange(self.count * N5, dtype=np.int64)
        back = list(self.whole(2)) if self.count == 1 else self._exact_back(at)
        return self._semi(hand, ok, mid_end, front_end, back).reshape(self.count, N5)

    @staticmethod
    def _middle_end(
        hand: I64 | int, upto: U32 | U16, below: U32 | U16, none: int
    ) -> tuple[npt.NDArray[np.bool_], I64]:
        """Whether each back has a middle no stronger among its own, and the sorted position
        of the strongest; ``below``: the distance down to it from the back's last
        equal-strength position (``none`` or more when there is none)."""
        ok = below < none
        return ok, np.where(ok, upto.astype(np.int64) - below, hand * N5)

    def _semi(
        self, hand: I64 | int, ok: npt.NDArray[np.bool_], mid_end: I64, front_end: I64, back: Values
    ) -> F64:
        """The ``semi`` bound from each back's middle and front range ends and its rows;
        ``hand``: 0 for a batch of one hand."""
        start = hand * N3
        ok &= front_end >= start
        high = self._split_front(
            start, np.maximum(front_end, start), self.middle.prefix(mid_end), back, len(mid_end)
        )
        return np.where(ok, high, -np.inf)

    def _legal_ends(self, hand: I64, back: I64) -> tuple[I64, npt.NDArray[np.bool_], I64, I64]:
        """Each back's subset id, whether it has a legal split, and the sorted positions of
        its strongest legal middle and strongest legal front."""
        at, upto, mid, _ = self._middles(hand, back)
        fronts = _FRONTS[back]
        fronts += (hand * N3)[:, None]
        front_at = self.r3.position.take(fronts)
        stronger_front = self.r5.keyed.take(mid) < self.r3.keyed.take(front_at)
        below = (upto[:, None] - mid) | np.where(stronger_front, _HIGH, np.uint32(0))
        least = below.min(axis=1)
        ok = least < _HIGH
        top3 = np.uint32(len(self.r3.flat))
        front_below = ((top3 - front_at) | (below & _HIGH)).min(axis=1)
        mid_end = np.where(ok, upto.astype(np.int64) - least, hand * N5)
        front_end = np.where(ok, int(top3) - front_below.astype(np.int64), hand * N3)
        return at, ok, mid_end, front_end

    def tight(self, hand: I64, back: I64) -> F64:
        """Bounds of the given (hand, back) pairs (see module docstring)."""
        at, ok, mid_end, front_end = self._legal_ends(hand, back)
        high = self._upper(
            self.front.prefix(front_end), self.middle.prefix(mid_end), self._exact_back(at), len(at)
        )
        return np.where(ok, high, -np.inf)

    def split(self, hand: I64, back: I64) -> F64:
        """``tight`` with the front range cut in two (see ``_split_front``)."""
        at, ok, mid_end, front_end = self._legal_ends(hand, back)
        high = self._split_front(
            hand * N3, front_end, self.middle.prefix(mid_end), self._exact_back(at), len(at)
        )
        return np.where(ok, high, -np.inf)

    def block_backs(self, hand: I64, block: I64) -> tuple[I64, I64]:
        """Every (hand, back) of the given (hand, block) pairs, backs as subset ids."""
        position = (hand * N5 + block * BLOCK)[:, None] + np.arange(BLOCK)
        hands = np.repeat(hand, BLOCK)
        return hands, self.r5.flat.take(position.ravel()) - hands * N5

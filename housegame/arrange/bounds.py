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
(``monotone.monotone_in_outcomes``, checked on the ruleset's numbers) read a range's win, tie and
loss chances at its strongest hand (``corner``) instead of as three unrelated intervals: a
stronger hand's outcome dominates a weaker one's (win chance up, loss chance down), so that
point bounds every hand of the range; only the bonus conditions stay intervals.

Positions are ``uint32`` so "the largest position at most X" is one wrapping subtraction and
a minimum: a position above X wraps to at least 2**31 (positions stay below 2**31).
"""

from __future__ import annotations

from functools import cached_property

import numpy as np

from housegame.arrange.plan import CORNER_MARGIN, PLAN
from housegame.arrange.rows import LaneRows, RangeRows, Ranked, RowPlan, Rows
from housegame.arrange.spaces import (
    F64,
    BlockIds,
    Bools,
    HandIds,
    Ordinals16,
    Positions64,
    SortedPositions,
    SortedPositions16,
    SubsetIds,
)
from housegame.arrange.splits import BACKS, FIVES_PER_HAND, FRONT_OF, MIDDLE_OF, THREES_PER_HAND
from housegame.arrange.upper import Upper

_HIGH = np.uint32(1 << 31)
_HIGH16 = 1 << 15
"""``_HIGH`` for 16-bit positions (batches of fewer than 2**15 subsets)."""
_MIDDLES: SubsetIds = MIDDLE_OF.astype(np.int64)
_FRONTS: SubsetIds = FRONT_OF.astype(np.int64)
_MIDDLES_T: SubsetIds = np.ascontiguousarray(_MIDDLES.T)
"""(56, backs): each back's middles, middle-major."""


def blocks_per_hand() -> int:
    """Blocks of ``PLAN.block`` backs in a hand."""
    return BACKS // PLAN.block


class Bounds:
    """Per-batch state for the bounds and for the exact evaluation's gathers."""

    def __init__(
        self,
        lanes: tuple[LaneRows, LaneRows, LaneRows],
        upper: Upper,
        cards: tuple[dict[int, F64], dict[int, F64], dict[int, F64]],
        o5: Ordinals16,
        o3: Ordinals16,
        corner: bool,
        plan: tuple[RowPlan, RowPlan, RowPlan],
        ranked: tuple[Ranked, Ranked],
    ) -> None:
        """``upper``: the formula lowered to its upper end; ``cards``: each lane's rows read
        from the cards, per subset of the batch; ``corner`` and ``plan``: worked out once per
        model (``compile``); ``ranked``: the subsets in strength order (``HandBatch.ranked``)."""
        self.lanes, self.upper = lanes, upper
        self.corner = corner
        self.splits = not corner and any(not trend for lane in lanes for trend in lane.trend)
        """Whether to cut the front range (see ``_split_front``): only where some row read is
        not monotone, i.e. where intervals are loose anyway; elsewhere it costs more than
        it prunes."""
        self.count = len(o5) // FIVES_PER_HAND
        self.o5, self.o3 = o5, o3
        self.cards = cards
        self.r5, self.r3 = ranked
        self.plan = plan
        self._wholes: list[F64 | None] = [None, None, None]
        self.front = Rows(plan[0], self.r3, self.cards[0], "prefix")
        self.middle = Rows(plan[1], self.r5, self.cards[1], "prefix")

    @cached_property
    def back(self) -> Rows:
        """The back's block scans: only ``blocks`` reads them (a small batch never does)."""
        return Rows(self.plan[2], self.r5, self.cards[2], "block")

    def exact(self, lane: int, subsets: SubsetIds) -> list[F64]:
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

    def _upper(self, front: RangeRows, middle: RangeRows, back: RangeRows, size: int) -> F64:
        high = np.asarray(self.upper(front, middle, back), dtype=np.float64)
        if self.corner:
            # the win, tie and loss rows are monotone only up to float rounding (``slack``,
            # about 1e-16) and the corner is evaluated in another order than the exact value
            high = high + CORNER_MARGIN * (1.0 + np.abs(high))
        return high if high.shape == (size,) else np.broadcast_to(high, (size,))

    def _exact_back(self, at: SubsetIds) -> RangeRows:
        """The back's rows, exact: plain arrays (``Upper`` reads them as exact intervals)."""
        return list(self.exact(2, at))

    def blocks(self) -> F64:
        """(hands, blocks): a bound on every back of each block (see module docstring)."""
        block = np.arange(self.count * blocks_per_hand(), dtype=np.int64)
        start = block * PLAN.block
        end = start + PLAN.block - 1
        upto = self.r5.upto.take(end).astype(np.int64)
        front = self.r3.last_at_most(self.r5.keyed.take(end))
        start3 = end // FIVES_PER_HAND * THREES_PER_HAND
        front_end = np.maximum(front, start3)
        middle, back = self.middle.prefix(upto), self.back.span(start, end, block)
        high = self._split_front(start3, front_end, middle, back, len(block))
        return np.where(front >= start3, high, -np.inf).reshape(self.count, blocks_per_hand())

    def _split_front(
        self,
        start: Positions64 | int,
        end: Positions64,
        middle: RangeRows,
        back: RangeRows,
        size: int,
    ) -> F64:
        """The formula's upper end with the front range ``start..end`` cut in two (its
        strongest 1/``PLAN.split`` and the rest) and bounded apart: narrower intervals where the
        formula is not monotone (an outcome table reads a lane's win, tie and loss chances as
        unrelated)."""
        if not self.splits:
            return self._upper(self.front.prefix(end), middle, back, size)
        cut = end - (end - start) // PLAN.split
        return np.maximum(
            self._upper(
                self.front.span(start, np.maximum(cut - 1, start), end), middle, back, size
            ),
            self._upper(self.front.span(cut, end, end), middle, back, size),
        )

    def _middles(
        self, hand: HandIds, back: SubsetIds
    ) -> tuple[SubsetIds, SortedPositions, SortedPositions, SubsetIds]:
        """Each back's subset id, the last position no stronger than it, and its 56 middles'
        sorted positions and subset ids."""
        at = hand * FIVES_PER_HAND + back
        upto = self.r5.upto.take(self.r5.position.take(at))
        ids = _MIDDLES[back]
        ids += (hand * FIVES_PER_HAND)[:, None]
        return at, upto, self.r5.position.take(ids), ids

    def semi(self, hand: HandIds | None = None, back: SubsetIds | None = None) -> F64:
        """Bounds of the given (hand, back) pairs (see module docstring), or, given none,
        of every back of every hand as (hands, backs). Over every back, each back's least
        distance down to its middles is a minimum across the rows of a middle-major gather
        (``_MIDDLES_T``: contiguous indices), several times faster than along short rows, in
        16 bits where the positions fit (a few hands: half the memory to move), and the front
        ends are searched in order (faster), then read; chosen pairs gather their middles
        row by row (a column gather of ``_MIDDLES_T`` would cost more)."""
        if hand is None or back is None:
            position = self.r5.position.reshape(self.count, FIVES_PER_HAND)
            upto = self.r5.upto.take(position)
            small = len(self.r5.flat) < _HIGH16
            if small:
                position, upto = position.astype(np.uint16), upto.astype(np.uint16)
            gaps = position.take(_MIDDLES_T, axis=1)  # (hands, 56, backs)
            np.subtract(upto[:, None, :], gaps, out=gaps)  # wraps for middles above upto
            hands: HandIds | int = (
                0 if self.count == 1 else np.repeat(np.arange(self.count), FIVES_PER_HAND)
            )
            below = gaps.min(axis=1).ravel()
            ok, mid_end = self._middle_end(
                hands, upto.ravel(), below, _HIGH16 if small else 1 << 31
            )
            front_end = self.r3.last_at_most(self.r5.keyed).take(mid_end)
            at = np.arange(self.count * FIVES_PER_HAND, dtype=np.int64)
            rows = list(self.whole(2)) if self.count == 1 else self._exact_back(at)
            out = self._semi(hands, ok, mid_end, front_end, rows)
            return out.reshape(self.count, FIVES_PER_HAND)
        at, upto, mids, _ = self._middles(hand, back)  # (pairs, 56): rows gather faster here
        ok, mid_end = self._middle_end(hand, upto, (upto[:, None] - mids).min(axis=1), 1 << 31)
        front_end = self.r3.last_at_most(self.r5.keyed.take(mid_end))
        return self._semi(hand, ok, mid_end, front_end, self._exact_back(at))

    @staticmethod
    def _middle_end(
        hand: HandIds | int,
        upto: SortedPositions | SortedPositions16,
        below: SortedPositions | SortedPositions16,
        none: int,
    ) -> tuple[Bools, Positions64]:
        """Whether each back has a middle no stronger among its own, and the sorted position
        of the strongest; ``below``: the distance down to it from the back's last
        equal-strength position (``none`` or more when there is none)."""
        ok = below < none
        return ok, np.where(ok, upto.astype(np.int64) - below, hand * FIVES_PER_HAND)

    def _semi(
        self,
        hand: HandIds | int,
        ok: Bools,
        mid_end: Positions64,
        front_end: Positions64,
        back: RangeRows,
    ) -> F64:
        """The ``semi`` bound from each back's middle and front range ends and its rows;
        ``hand``: 0 for a batch of one hand."""
        start = hand * THREES_PER_HAND
        ok &= front_end >= start
        high = self._split_front(
            start, np.maximum(front_end, start), self.middle.prefix(mid_end), back, len(mid_end)
        )
        return np.where(ok, high, -np.inf)

    def _legal_ends(
        self, hand: HandIds, back: SubsetIds
    ) -> tuple[SubsetIds, Bools, Positions64, Positions64]:
        """Each back's subset id, whether it has a legal split, and the sorted positions of
        its strongest legal middle and strongest legal front."""
        at, upto, mid, _ = self._middles(hand, back)
        fronts = _FRONTS[back]
        fronts += (hand * THREES_PER_HAND)[:, None]
        front_at = self.r3.position.take(fronts)
        stronger_front = self.r5.keyed.take(mid) < self.r3.keyed.take(front_at)
        below = (upto[:, None] - mid) | np.where(stronger_front, _HIGH, np.uint32(0))
        least = below.min(axis=1)
        ok = least < _HIGH
        top3 = np.uint32(len(self.r3.flat))
        front_below = ((top3 - front_at) | (below & _HIGH)).min(axis=1)
        mid_end = np.where(ok, upto.astype(np.int64) - least, hand * FIVES_PER_HAND)
        front_end = np.where(ok, int(top3) - front_below.astype(np.int64), hand * THREES_PER_HAND)
        return at, ok, mid_end, front_end

    def tight(self, hand: HandIds, back: SubsetIds) -> F64:
        """Bounds of the given (hand, back) pairs (see module docstring)."""
        at, ok, mid_end, front_end = self._legal_ends(hand, back)
        high = self._upper(
            self.front.prefix(front_end), self.middle.prefix(mid_end), self._exact_back(at), len(at)
        )
        return np.where(ok, high, -np.inf)

    def split(self, hand: HandIds, back: SubsetIds) -> F64:
        """``tight`` with the front range cut in two (see ``_split_front``)."""
        at, ok, mid_end, front_end = self._legal_ends(hand, back)
        high = self._split_front(
            hand * THREES_PER_HAND,
            front_end,
            self.middle.prefix(mid_end),
            self._exact_back(at),
            len(at),
        )
        return np.where(ok, high, -np.inf)

    def block_backs(self, hand: HandIds, block: BlockIds) -> tuple[HandIds, SubsetIds]:
        """Every (hand, back) of the given (hand, block) pairs, backs as subset ids."""
        position = (hand * FIVES_PER_HAND + block * PLAN.block)[:, None] + np.arange(PLAN.block)
        hands = np.repeat(hand, PLAN.block)
        return hands, self.r5.flat.take(position.ravel()) - hands * FIVES_PER_HAND

"""Upper bounds on the ``ev`` value of every split sharing a back (or a block of backs).

All bounds run the model's own formula on intervals (see ``interval``), so they are sound
whatever the ruleset; ``upper`` lowers it to the operations its upper end needs, and a range
gathers only the ends of its rows that those read (``needs``). Each hand's subsets are sorted
by ordinal, hence by strength, which turns "every subset no stronger than X" into a prefix of
that order; a row monotone in the ordinal has its prefix minimum and maximum at the prefix's
two ends, other rows keep running extremes. From loosest and cheapest to tightest:

- ``blocks``: the backs of a hand, in that order, cut into ``BLOCK`` consecutive ones, one
  bound a block: the back interval spans it, the middle covers every 5-card subset no stronger
  than its strongest back, the front every 3-card subset no stronger than that (39 a hand).
- ``semi``: one back; the middle prefix ends at the strongest of *its own 56 middles* no
  stronger than it (so the back's cards are left out), the front prefix at the last 3-card
  subset no stronger than that middle.
- ``tight``: as ``semi``, but the prefixes end at the strongest legal middle and front, each
  in its lane's order; where a lane is ranked for low, after ``caps`` (see there).
- ``split`` (``tight(..., split=True)``): the front range bounded in two parts
  (``_split_front``, as ``blocks`` and ``semi`` do) where rows are not all monotone.

Outcome-table and pool rulesets whose formula never gains from a lane doing worse
(``monotone.monotone_in_outcomes``, checked on the ruleset's numbers) read a range's win, tie
and loss chances at its strongest hand (``corner``), not as three unrelated intervals: a
stronger hand's outcome dominates (win up, loss down); only the bonus conditions stay intervals.

Positions are ``uint32`` so "the largest position at most X" is one wrapping subtraction and
a minimum: a position above X wraps to at least 2**31 (positions stay below 2**31).
"""

from __future__ import annotations

from functools import cached_property
from itertools import pairwise

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
from housegame.arrange.splits import (
    BACKS,
    FIVES_PER_HAND,
    FRONT_OF,
    MIDDLE_OF,
    THREES_PER_HAND,
)
from housegame.arrange.upper import Upper

_HIGH16 = 1 << 15  # 2**31 (below) for 16-bit positions (batches under 2**15 subsets)
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
        ords: tuple[Ordinals16, Ordinals16, Ordinals16],
        corner: bool,
        plan: tuple[RowPlan, RowPlan, RowPlan],
        ranked: tuple[Ranked, Ranked, Ranked],
        low: tuple[int, ...] = (),
    ) -> None:
        """``upper``: the formula lowered to its upper end; ``cards``, ``ords``: each lane's
        rows read from the cards and ordinals, per subset of the batch; ``corner``, ``plan``:
        worked out once per model (``compile``); ``ranked``: each lane's subsets in its order
        (``HandBatch.ranked``; one 5-card order where the middle and back are ranked high,
        which all bounds but ``caps`` and ``tight`` assume); ``low``: the lanes ranked low."""
        self.lanes, self.upper, self.corner = lanes, upper, corner
        self.splits = not corner and any(not trend for lane in lanes for trend in lane.trend)
        """Whether to cut the front range (see ``_split_front``): only where some row read is
        not monotone (intervals are loose anyway); elsewhere it costs more than it prunes."""
        self.count = len(ords[2]) // FIVES_PER_HAND
        self.ords, self.cards, self.plan = ords, cards, plan
        self.ranked, self.low, self.r3, self.r5 = ranked, low, ranked[0], ranked[2]
        self._wholes: list[F64 | None] = [None, None, None]
        self.front = Rows(plan[0], self.r3, self.cards[0], "prefix")
        self.middle = Rows(plan[1], ranked[1], self.cards[1], "prefix")

    @cached_property
    def back(self) -> Rows:
        """The back's block scans: only ``blocks`` reads them (a small batch never does)."""
        return Rows(self.plan[2], self.r5, self.cards[2], "block")

    def exact(self, lane: int, subsets: SubsetIds) -> RangeRows:
        """The used rows of ``lane`` at flat subset ids (3-card for the front): plain arrays."""
        if self.count == 1:
            return list(self.whole(lane).take(subsets, axis=1))
        rows, cards, ords = self.lanes[lane], self.cards[lane], self.ords[lane]
        values = rows.table.take(ords.take(subsets), axis=1)
        return [cards[k].take(subsets) if k in cards else values[k] for k in range(len(rows.rows))]

    def whole(self, lane: int) -> F64:
        """A batch of one hand: the used rows of ``lane`` for every subset of the hand, read
        once (the bounds and both exact rounds read them)."""
        whole = self._wholes[lane]
        if whole is None:
            whole = self.lanes[lane].table.take(self.ords[lane], axis=1)
            for k, values in self.cards[lane].items():
                whole[k] = values
            self._wholes[lane] = whole
        return whole

    def upper_end(self, front: RangeRows, middle: RangeRows, back: RangeRows, size: int) -> F64:
        high = np.asarray(self.upper(front, middle, back), dtype=np.float64)
        if self.corner:
            # outcome rows are monotone up to rounding (``slack``), read in another order
            high = high + CORNER_MARGIN * (1.0 + np.abs(high))
        return high if high.shape == (size,) else np.broadcast_to(high, (size,))

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
            return self.upper_end(self.front.prefix(end), middle, back, size)
        cut = end - (end - start) // PLAN.split
        return np.maximum(
            self.upper_end(
                self.front.span(start, np.maximum(cut - 1, start), end), middle, back, size
            ),
            self.upper_end(self.front.span(cut, end, end), middle, back, size),
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
        """Bounds of the given (hand, back) pairs (see module docstring), or, given none, of
        every back of every hand as (hands, backs). Over every back, each back's least distance
        down to its middles is a minimum across the rows of a middle-major gather (contiguous
        indices: several times faster than along short rows), in 16 bits where positions fit,
        and the front ends searched in order, then read; chosen pairs gather row by row."""
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
            rows = list(self.whole(2)) if self.count == 1 else self.exact(2, at)
            out = self._semi(hands, ok, mid_end, front_end, rows)
            return out.reshape(self.count, FIVES_PER_HAND)
        at, upto, mids, _ = self._middles(hand, back)  # (pairs, 56): rows gather faster here
        ok, mid_end = self._middle_end(hand, upto, (upto[:, None] - mids).min(axis=1), 1 << 31)
        front_end = self.r3.last_at_most(self.r5.keyed.take(mid_end))
        return self._semi(hand, ok, mid_end, front_end, self.exact(2, at))

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
        """Each back's subset id, whether it has a legal split, and the sorted positions of its
        strongest legal middle and front in their lanes' orders (the foul check's high lanes)."""
        at = hand * FIVES_PER_HAND + back
        fronts, mids = _FRONTS[back], _MIDDLES[back]
        fronts += (hand * THREES_PER_HAND)[:, None]
        mids += (hand * FIVES_PER_HAND)[:, None]
        r = self.ranked  # positions stay below 2**31: int32 views, compared with int32 caps
        pos = [r[0].position.view(np.int32).take(fronts), r[1].position.view(np.int32).take(mids)]
        at_back = r[2].position.take(at)  # a high middle below it: the back's own order
        legal = [
            pos[1] <= r[1].upto.take(at_back).view(np.int32)[:, None]
            if (lower, upper) == (1, 2)
            else pos[0] <= r[0].last_at_most(r[2].keyed.take(at_back)).astype(np.int32)[:, None]
            if upper == 2
            else r[0].keyed.take(pos[0]) <= r[1].keyed.take(pos[1])
            for lower, upper in pairwise([lane for lane in range(3) if lane not in self.low])
        ]
        both = legal[0] & legal[1] if len(legal) > 1 else legal[0] if legal else True
        ok: Bools = np.logical_or.reduce(np.broadcast_to(both, mids.shape), axis=1)
        ends = [(p * both).max(axis=1).astype(np.int64) for p in pos]
        front_end = np.where(ok, ends[0], hand * THREES_PER_HAND)
        return at, ok, np.where(ok, ends[1], hand * FIVES_PER_HAND), front_end

    def tight(self, hand: HandIds, back: SubsetIds, split: bool = False) -> F64:
        """Bounds of the given (hand, back) pairs (see module docstring); ``split``: the
        ``split`` bound (the front range cut in two, see ``_split_front``)."""
        at, ok, mid_end, front_end = self._legal_ends(hand, back)
        middle, rows = self.middle.prefix(mid_end), self.exact(2, at)
        if split:
            high = self._split_front(hand * THREES_PER_HAND, front_end, middle, rows, len(at))
        else:
            high = self.upper_end(self.front.prefix(front_end), middle, rows, len(at))
        return np.where(ok, high, -np.inf)

    def caps(self) -> F64:
        """(hands, backs): the upper end over each lane's order up to what the lanes above allow
        (no stronger than the back where both rank high, else the hand's last), the back exact:
        where a lane ranks low, the first bound (no gather per split; ``tight`` follows)."""
        r, low = self.ranked, self.low
        at = np.arange(self.count * BACKS, dtype=np.int64)
        key, hand = r[2].keyed.take(r[2].position.take(at)), at // BACKS
        start5, start3 = hand * FIVES_PER_HAND, hand * THREES_PER_HAND
        both = 1 not in low and 2 not in low
        mid_end = r[1].last_at_most(key) if both else start5 + FIVES_PER_HAND - 1
        front_end = start3 + THREES_PER_HAND - 1
        if 0 not in low and (1 not in low or 2 not in low):
            cap = r[1].keyed.take(np.maximum(mid_end, start5)) if 1 not in low else key
            front_end = r[0].last_at_most(cap)
        ok = (mid_end >= start5) & (front_end >= start3)
        mid_end, front_end = np.maximum(mid_end, start5), np.maximum(front_end, start3)
        middle, back = self.middle.prefix(mid_end), self.exact(2, at)
        high = self.upper_end(self.front.prefix(front_end), middle, back, len(at))
        return np.where(ok, high, -np.inf).reshape(self.count, BACKS)

    def block_backs(self, hand: HandIds, block: BlockIds) -> tuple[HandIds, SubsetIds]:
        """Every (hand, back) of the given (hand, block) pairs, backs as subset ids."""
        position = (hand * FIVES_PER_HAND + block * PLAN.block)[:, None] + np.arange(PLAN.block)
        hands = np.repeat(hand, PLAN.block)
        return hands, self.r5.flat.take(position.ravel()) - hands * FIVES_PER_HAND

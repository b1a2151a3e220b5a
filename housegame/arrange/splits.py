"""Every way to split 13 cards into a 3-card front, 5-card middle and 5-card back, as index tables.

The tables are built once at import: positions 0..12 refer to a hand sorted ascending, so a
subset of positions is also a sorted subset of cards, which the lookup evaluator needs.
Splits are laid out back-major, ``(1287 backs, 56 middles)``: all the splits sharing a back
are one row, which lets the search bound and skip whole rows (see ``search``).
"""

from __future__ import annotations

from itertools import combinations

import numpy as np
import numpy.typing as npt

from housegame.arrange.spaces import (
    CardPositions,
    Entries,
    HandIds,
    PositionMasks,
    SubsetIds,
)

IndexArray = npt.NDArray[np.intp]
"""Subset id -> card positions, and split tables of subset ids."""

HAND = 13
FIVES: IndexArray = np.array(list(combinations(range(HAND), 5)), dtype=np.intp)
"""The 1,287 five-card subsets of a hand, as sorted positions."""
THREES: IndexArray = np.array(list(combinations(range(HAND), 3)), dtype=np.intp)
"""The 286 three-card subsets of a hand, as sorted positions."""
FIVES_BY_CARD: tuple[IndexArray, ...] = tuple(np.ascontiguousarray(FIVES[:, k]) for k in range(5))
"""Each 5-card subset's k-th position, one array per k: gathers a card position at a time
read a contiguous index array (several times faster than a column of ``FIVES``)."""
THREES_BY_CARD: tuple[IndexArray, ...] = tuple(np.ascontiguousarray(THREES[:, k]) for k in range(3))
FIVES_PER_HAND = len(FIVES)
"""1,287: a hand's 5-card subsets (each can be a back or a middle); the stride of a batch's
flat 5-card arrays."""
BACKS = FIVES_PER_HAND
"""Backs a hand can set: any of its 5-card subsets."""
THREES_PER_HAND = len(THREES)
"""286: a hand's 3-card subsets (fronts)."""
MIDDLES_PER_BACK = 56
SPLITS = len(FIVES) * MIDDLES_PER_BACK
"""72,072: C(13,5) backs times C(8,5) middles; the front is what is left."""


def _subset_of_mask(subsets: CardPositions) -> dict[int, int]:
    """Bit mask of positions -> subset id."""
    return {sum(1 << int(p) for p in row): i for i, row in enumerate(subsets)}


def _build() -> tuple[IndexArray, IndexArray]:
    five_id, three_id = _subset_of_mask(FIVES), _subset_of_mask(THREES)
    middle = np.empty((len(FIVES), MIDDLES_PER_BACK), dtype=np.intp)
    front = np.empty_like(middle)
    full = (1 << HAND) - 1
    for b, back in enumerate(FIVES):
        back_mask = sum(1 << int(p) for p in back)
        rest = [p for p in range(HAND) if not back_mask >> p & 1]
        for j, mid in enumerate(combinations(rest, 5)):
            mid_mask = sum(1 << p for p in mid)
            middle[b, j] = five_id[mid_mask]
            front[b, j] = three_id[full & ~back_mask & ~mid_mask]
    return middle, front


MIDDLE_OF, FRONT_OF = _build()
"""``MIDDLE_OF[b, j]`` / ``FRONT_OF[b, j]``: subset ids of split ``b * 56 + j`` (back ``b``)."""


FIVE_MASKS: PositionMasks = (1 << FIVES).sum(axis=1)
"""Each 5-card subset's positions as bits (bit ``p``: position ``p`` is in it)."""
THREE_MASKS: PositionMasks = (1 << THREES).sum(axis=1)


def in_lane_order(
    repeats: PositionMasks,
    hand: HandIds | None,
    back: SubsetIds,
    middle: SubsetIds,
    front: SubsetIds,
) -> Entries:
    """The splits (of hands ``hand``, None: a batch of one) that set each hand's identical
    cards in lane order: of two identical cards at ``p`` and ``p + 1`` (``repeats``), ``p`` is
    in no later lane (front, middle, back) than ``p + 1``. Of the splits that differ only in
    which of two identical cards goes where (the same setting), exactly one is kept."""
    repeated = repeats.take(hand) if hand is not None else repeats[0]
    backs, middles, fronts = FIVE_MASKS.take(back), FIVE_MASKS.take(middle), THREE_MASKS.take(front)
    later = (backs & ((middles | fronts) >> 1)) | (middles & (fronts >> 1))
    kept: Entries = np.flatnonzero((repeated & later) == 0)
    return kept


FIVE_POSITIONS: list[tuple[int, ...]] = [tuple(row) for row in FIVES.tolist()]
"""``FIVES`` as tuples of Python ints (one subset's positions, read one at a time)."""
THREE_POSITIONS: list[tuple[int, ...]] = [tuple(row) for row in THREES.tolist()]


def split_positions(split: int) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """(front, middle, back) positions in the sorted hand for one split id."""
    back, j = divmod(split, MIDDLES_PER_BACK)
    return (
        THREE_POSITIONS[int(FRONT_OF[back, j])],
        FIVE_POSITIONS[int(MIDDLE_OF[back, j])],
        FIVE_POSITIONS[back],
    )

"""One subset size's subsets of every hand of a batch, in strength order: what the bounds read.

Sorting each hand's subsets by ordinal (hence by strength) turns "every subset no stronger
than X" into a prefix of that order (``rows``, ``bounds``).
"""

from __future__ import annotations

import numpy as np

from housegame.arrange.spaces import (
    Ordinals,
    Ordinals16,
    Positions64,
    SortedPositions,
    Strengths,
    SubsetIds,
)

HAND_OFFSET = 1 << 20
"""Above any strength: keeps hands apart in one sorted array."""
_SUBSET_BITS = 11
_SUBSET_MASK = (1 << _SUBSET_BITS) - 1
"""A subset's index within its hand (below 1,287) fits in 11 bits, an ordinal in 16."""

_LOCAL_IDS: dict[int, np.ndarray] = {}


def _local_ids(width: int) -> np.ndarray:
    """0 .. width - 1 as int32 (a hand's own subset ids), made once per width."""
    found = _LOCAL_IDS.get(width)
    if found is None:
        found = _LOCAL_IDS[width] = np.arange(width, dtype=np.int32)
    return found


class Ranked:
    """One subset size's subsets of every hand of a batch, in ascending ordinal order."""

    def __init__(self, ords: Ordinals16, width: int, strength: np.ndarray) -> None:
        count = len(ords) // width
        assert count * width < 1 << 31 and width <= _SUBSET_MASK
        # sort (ordinal, subset) packed in an int32: a plain sort, faster than an argsort
        packed = ords.reshape(count, width).astype(np.int32)
        packed <<= _SUBSET_BITS
        packed |= _local_ids(width)
        packed.sort(axis=1)
        self.width = width
        flat = (packed & _SUBSET_MASK).astype(np.int64)
        if count > 1:
            flat += (np.arange(count, dtype=np.int64) * width)[:, None]
        self.flat: SubsetIds = flat.ravel()
        """Sorted position -> subset (both flat, hand-major)."""
        size = len(self.flat)
        self.position: SortedPositions = np.empty(size, dtype=np.uint32)
        """Subset -> sorted position."""
        self.position[self.flat] = np.arange(size, dtype=np.uint32)
        ords64 = (packed >> _SUBSET_BITS).astype(np.int64)
        self.ords: Ordinals = ords64.ravel()
        keyed = strength.take(ords64).astype(np.int64)
        if count > 1:
            keyed += (np.arange(count, dtype=np.int64) * HAND_OFFSET)[:, None]
        self.keyed: Strengths = keyed.ravel()
        """Strength plus the hand's offset: ascending over the whole batch."""
        is_end = np.empty(size, dtype=bool)
        is_end[-1] = True
        np.not_equal(self.keyed[1:], self.keyed[:-1], out=is_end[:-1])
        ends = np.flatnonzero(is_end).astype(np.uint32)
        run = np.empty(len(ends), dtype=np.intp)
        run[0] = ends[0] + 1
        np.subtract(ends[1:], ends[:-1], out=run[1:])
        self.upto: SortedPositions = np.repeat(ends, run)
        """Sorted position -> the last sorted position no stronger (equal strength)."""

    def last_at_most(self, key: Strengths) -> Positions64:
        """The last sorted position whose keyed strength is at most ``key``."""
        return np.searchsorted(self.keyed, key, side="right").astype(np.int64) - 1

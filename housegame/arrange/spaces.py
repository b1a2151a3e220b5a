"""The search's integer index spaces, named: each alias means one thing wherever it appears.

numpy arrays of one dtype are one type to mypy, so these names do not stop a mix-up; they say
in every signature which space an array indexes (as python-chess names ``Square`` and
``Bitboard``). Batch arrays are flat and hand-major: entry ``hand * per_hand + i``.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

F64 = npt.NDArray[np.float64]
"""Values: a row of the formula's inputs, bounds, objective values."""
Bools = npt.NDArray[np.bool_]

CardIndices = npt.NDArray[np.intp]
"""(hands, 13) card indices (``Card.index``, 0..51), each row ascending."""
LaneCards = npt.NDArray[np.integer]
"""(hands, 3 or 5) card indices of lane hands, each row ascending."""
RankMasks = npt.NDArray[np.int64]
"""Per hand: bit ``rank`` set for each rank it holds."""
Entries = npt.NDArray[np.intp]
"""Positions in a list of candidates or evaluated splits."""
CardPositions = npt.NDArray[np.intp]
"""Positions 0..12 of cards in a hand sorted ascending (a subset's cards, ``splits.FIVES``)."""
HandIds = npt.NDArray[np.int64]
"""A hand's number within its batch."""
PositionMasks = npt.NDArray[np.int64]
"""Per hand or subset: bit ``p`` for position ``p`` (0..12) of its hand sorted ascending."""
SubsetIds = npt.NDArray[np.int64]
"""A 5-card (or 3-card) subset of a hand: its row in ``splits.FIVES`` (``THREES``), plus
``hand * FIVES_PER_HAND`` (``THREES_PER_HAND``) in a batch's flat arrays. A back and a middle
are 5-card subset ids."""
SplitIds = npt.NDArray[np.int64]
"""A split of a hand: ``back * MIDDLES_PER_BACK + j``, ``j`` the middle among the back's 56."""
BlockIds = npt.NDArray[np.int64]
"""A block of ``PLAN.block`` consecutive backs in strength order, flat over the batch."""
Ordinals = npt.NDArray[np.int64]
"""A lane hand's ordinal: its key's row in ``RankTables.keys`` (ascending keys)."""
Ordinals16 = npt.NDArray[np.uint16]
"""Ordinals as the lookup table stores them (2 bytes: they sort by radix)."""
Keys = npt.NDArray[np.int64]
"""Hand keys (``housegame.ranking``); in ``odds``, their counts too."""
ColexRanks = npt.NDArray[np.int32]
"""A lane hand's colex rank (the sum of its cards' ``ColexTerms``): its row in the lookup
tables, which hold every hand of its size; a batch's subsets' ranks are flat, hand-major."""
ColexTerms = npt.NDArray[np.int64]
"""``C(card, k + 1)``: summed over a sorted hand's cards, its colex rank (the table's index)."""
ColexTerms32 = npt.NDArray[np.int32]
Categories = npt.NDArray[np.int32]
"""A hand's ``ranking.Category``."""
Strengths32 = npt.NDArray[np.int32]
"""Strengths as the lookup table stores them."""
Strengths = npt.NDArray[np.int64]
"""A lane hand's strength (``RankTables.strength``): what fouls and ties compare."""
SortedPositions = npt.NDArray[np.uint32]
"""A subset's place in its batch's strength order (``ranked.Ranked``), flat over the batch."""
SortedPositions16 = npt.NDArray[np.uint16]
"""The same in 16 bits, where a batch's positions fit (half the memory to move)."""
Positions64 = npt.NDArray[np.int64]
"""``SortedPositions`` widened for arithmetic (range ends)."""

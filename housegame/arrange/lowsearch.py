"""The exact search where a lane is ranked for low (``ranking.low_lanes``): every legal split.

The staged search and its bounds read each hand's 5-card subsets in one strength order, the
middle's and the back's alike, and "every middle no stronger than this back" as a prefix of
it. A lane ranked for low has an order of its own (its hands keyed by ``ranking.low_key``,
ordinals above every high one in the same tables: ``RankTables.lane_ordinals``) and takes no
part in the foul check, so neither holds. This search needs neither: it reads each lane's
ordinals from that lane's own table, keeps the splits whose lanes ranked high are in order,
evaluates every one (the value function's rows gathered per subset, then per split) and keeps
the ``keep`` best, ties ordered as ``search.top_splits`` orders them (lexicographic strength of
back, middle, front by their lanes' ordinals, then split id). It knows no payouts: the ``ev``
objective comes in as a function of a lane's subsets to its rows and the formula over them
(``evsearch``), the lexicographic one as the ordinals themselves. 72,072 splits a hand and no
pruning: slower than the staged search, and exact.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from housegame.arrange.lookup import RankTables
from housegame.arrange.search import Found, Hands, hands_of, search_lexicographic
from housegame.arrange.spaces import F64, Bools, CardIndices, ColexRanks, Ordinals, SubsetIds
from housegame.arrange.splits import (
    BACKS,
    FIVES_PER_HAND,
    FRONT_OF,
    MIDDLE_OF,
    MIDDLES_PER_BACK,
    THREES_PER_HAND,
)

_SUBSETS: tuple[SubsetIds, SubsetIds, SubsetIds] = (
    FRONT_OF.ravel().astype(np.int64),
    MIDDLE_OF.ravel().astype(np.int64),
    np.repeat(np.arange(BACKS, dtype=np.int64), MIDDLES_PER_BACK),
)
"""Per split id (back * 56 + j): its front, middle and back subset ids."""

LaneValues = Callable[[int, ColexRanks, Ordinals], list[F64]]
"""(lane, subsets' colex ranks, their ordinals) -> the lane's rows for those subsets."""
Value = Callable[..., Any]
"""The front's, middle's and back's rows at the splits evaluated (three lists) -> their values
(an array, or one number): ``tape.Formula``."""


def legal(tables: RankTables, ords: Sequence[Ordinals]) -> Bools:
    """Per split, whether the lanes ranked high are in order by strength (front <= middle <=
    back among them; a lane ranked low is left out, as ``Setting.fouled`` leaves it)."""
    high = [tables.strength.take(o) for i, o in enumerate(ords) if i not in tables.rules.low_lanes]
    ok = np.ones(len(ords[0]), dtype=bool)
    for lower, upper in itertools.pairwise(high):
        ok &= lower <= upper
    return ok


def _hand(
    tables: RankTables,
    colex: tuple[ColexRanks, ColexRanks],
    keep: int,
    rows: LaneValues | None = None,
    value: Value | None = None,
) -> Found:
    """One hand's ``keep`` best legal splits; ``rows`` None: the lexicographic objective."""
    sizes = (colex[0], colex[1], colex[1])
    own = [tables.lane_ordinals(lane).take(sizes[lane]).astype(np.int64) for lane in range(3)]
    at = [own[lane].take(_SUBSETS[lane]) for lane in range(3)]
    split = np.flatnonzero(legal(tables, at))
    lexi: Ordinals = (at[2][split] << 32) | (at[1][split] << 16) | at[0][split]
    if rows is None or value is None:
        values: F64 = lexi.astype(np.float64)
    else:
        subsets = [_SUBSETS[lane].take(split) for lane in range(3)]
        per = [rows(lane, sizes[lane], own[lane]) for lane in range(3)]
        out = value(*([r.take(subsets[lane]) for r in per[lane]] for lane in range(3)))
        values = np.broadcast_to(np.asarray(out, dtype=np.float64), split.shape)
    order = np.lexsort((split, -lexi, -values))[:keep]
    return Found(tuple(split[order].tolist()), tuple(values[order].tolist()))


def search_low(
    hands: Hands, tables: RankTables, rows: LaneValues, formula: Value, keep: int
) -> list[Found]:
    """The ``ev`` objective's ``keep`` best splits of every hand: ``rows`` its rows of a lane's
    subsets, ``formula`` the value of the three lanes' rows (``compile``)."""
    return [_hand(tables, c, keep, rows, formula) for c in _colex(hands)]


def _colex(hands: Hands) -> list[tuple[ColexRanks, ColexRanks]]:
    """Each hand's 3- and 5-card subsets' colex ranks."""
    return [
        (
            hands.c3[h * THREES_PER_HAND : (h + 1) * THREES_PER_HAND],
            hands.c5[h * FIVES_PER_HAND : (h + 1) * FIVES_PER_HAND],
        )
        for h in range(hands.count)
    ]


def lexicographic(cards: CardIndices, tables: RankTables, keep: int) -> list[Found]:
    """Strongest back, then middle, then front, each by its own lane's ranking (the best low
    in a lane ranked for low); the value is the packed ordinals. ``search_lexicographic`` where
    every lane is ranked high."""
    if not tables.rules.low_lanes:
        return search_lexicographic(cards, tables, keep)
    return [_hand(tables, c, keep) for c in _colex(hands_of(cards, tables))]

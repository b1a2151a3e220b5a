"""The exact search where a lane is ranked for low without bounds: every legal split of a hand
evaluated, the ``keep`` best kept. What ``arrange/lowsearch.py`` was before it was bounded;
kept as the readable oracle the pruned search must equal split for split, value for value,
ties in the same order (lexicographic strength of back, middle, front by their lanes'
ordinals, then split id)."""

from __future__ import annotations

import itertools

import numpy as np

from housegame.arrange.evsearch import EvSearch, card_rows
from housegame.arrange.lookup import RankTables
from housegame.arrange.search import Found, hands_of
from housegame.arrange.spaces import F64, CardIndices, ColexRanks, Ordinals
from housegame.arrange.splits import (
    BACKS,
    FIVES_PER_HAND,
    FRONT_OF,
    MIDDLE_OF,
    MIDDLES_PER_BACK,
    THREES_PER_HAND,
)

SUBSETS = (
    FRONT_OF.ravel().astype(np.int64),
    MIDDLE_OF.ravel().astype(np.int64),
    np.repeat(np.arange(BACKS, dtype=np.int64), MIDDLES_PER_BACK),
)
"""Per split id (back * 56 + j): its front, middle and back subset ids."""


def legal(tables: RankTables, ords: list[Ordinals]) -> np.ndarray:
    """Per split, whether the lanes ranked high are in order by strength."""
    high = [tables.strength.take(o) for i, o in enumerate(ords) if i not in tables.rules.low_lanes]
    ok = np.ones(len(ords[0]), dtype=bool)
    for lower, upper in itertools.pairwise(high):
        ok &= lower <= upper
    return ok


def _rows(search: EvSearch, lane: int, colex: ColexRanks, ords: Ordinals) -> list[F64]:
    rows = search.lanes[lane]
    values, cards = rows.table.take(ords, axis=1), card_rows(rows, colex)
    return [cards[k] if k in cards else values[k] for k in range(len(rows.rows))]


def unpruned(
    cards: CardIndices, tables: RankTables, keep: int, search: EvSearch | None = None
) -> list[Found]:
    """Each hand's ``keep`` best legal splits: the ``ev`` objective of ``search``'s model, or
    (None) the lexicographic one, whose value is the packed ordinals."""
    hands = hands_of(cards, tables)
    out = []
    for h in range(hands.count):
        c3 = hands.c3[h * THREES_PER_HAND : (h + 1) * THREES_PER_HAND]
        c5 = hands.c5[h * FIVES_PER_HAND : (h + 1) * FIVES_PER_HAND]
        sizes = (c3, c5, c5)
        own = [tables.lane_ordinals(lane).take(sizes[lane]).astype(np.int64) for lane in range(3)]
        at = [own[lane].take(SUBSETS[lane]) for lane in range(3)]
        split = np.flatnonzero(legal(tables, at))
        lexi = (at[2][split] << 32) | (at[1][split] << 16) | at[0][split]
        if search is None:
            values: F64 = lexi.astype(np.float64)
        else:
            subsets = [SUBSETS[lane].take(split) for lane in range(3)]
            per = [_rows(search, lane, sizes[lane], own[lane]) for lane in range(3)]
            got = search.formula(*([r.take(subsets[lane]) for r in per[lane]] for lane in range(3)))
            values = np.broadcast_to(np.asarray(got, dtype=np.float64), split.shape)
        order = np.lexsort((split, -lexi, -values))[:keep]
        out.append(Found(tuple(split[order].tolist()), tuple(values[order].tolist())))
    return out

"""The lexicographic objective's search: the strongest back, then middle, then front, with the
search's exact machinery (``search``) and the back's own strength as its bound."""

from __future__ import annotations

import numpy as np

from housegame.arrange.lookup import RankTables
from housegame.arrange.plan import PLAN
from housegame.arrange.search import Found, hands_of, search_direct
from housegame.arrange.spaces import F64, CardIndices, HandIds, Ordinals, SubsetIds
from housegame.arrange.splits import BACKS, FIVES_PER_HAND, THREES_PER_HAND
from housegame.budget import check


def search_lexicographic(cards: CardIndices, tables: RankTables, keep: int) -> list[Found]:
    """Strongest back, then middle, then front, each by its own lane's ranking (the best low
    in a lane ranked for low); the value is the packed ordinals."""
    check()
    hands = hands_of(cards, tables)
    front, middle, back = hands.lanes
    bound = ((back.astype(np.float64) + 1.0) * 2.0**32 - 1.0).reshape(hands.count, BACKS)

    def values(h: HandIds | None, b: SubsetIds, m: SubsetIds, f: SubsetIds) -> F64:
        at5, at3 = (0, 0) if h is None else (h * FIVES_PER_HAND, h * THREES_PER_HAND)
        packed: Ordinals = (back[at5 + b] << 32) | (middle[at5 + m] << 16) | front[at3 + f]
        return packed.astype(np.float64)

    return search_direct(hands, bound, values, keep, PLAN.lexicographic_first)

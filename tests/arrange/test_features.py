"""Bonus conditions on suits and ranks read per ordinal: every hand with an ordinal agrees."""

from __future__ import annotations

from functools import cache
from itertools import combinations

import numpy as np
import pytest

from housegame.arrange.decktables import rank_tables
from housegame.arrange.features import OrdinalFacts
from housegame.arrange.lookup import COLEX
from housegame.ranking import RankingRules


@cache
def every_hand(width: int) -> np.ndarray:
    return np.array(list(combinations(range(52), width)), dtype=np.int64)


@pytest.mark.slow  # every hand of each width
@pytest.mark.parametrize(
    "rules",
    [
        RankingRules(),
        RankingRules(
            wheel_straight="second-highest",
            wheel_straight_flush="second-highest",
            suit_order=(0, 1, 2, 3),
        ),
    ],
)
@pytest.mark.parametrize("width", [3, 5])
def test_every_hand_of_an_ordinal_has_its_ranks(rules: RankingRules, width: int) -> None:
    tables = rank_tables(rules)
    ordinals = tables.ord5 if width == 5 else tables.ord3
    facts = OrdinalFacts(ordinals, width, len(tables.keys))
    hands = every_hand(width)
    colex = sum(COLEX[k].take(hands[:, k]) for k in range(width))
    ords = ordinals.take(colex)
    ranks = np.bitwise_or.reduce(np.int64(1) << (hands // 4 + 2), axis=1)
    assert (facts.ranks.take(ords) == ranks).all()
    assert facts.held.sum() == len(np.unique(ords))
    suited = (hands % 4 == hands[:, :1] % 4).all(axis=1)
    if width == 5:  # a 5-card ordinal is a flush or not; 3-card ones mix (the front reads cards)
        assert (facts.suited.take(ords) == suited).all()
    else:
        assert not (facts.suited.take(ords) == suited).all()

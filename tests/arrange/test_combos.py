"""Every hand of the deck in colex order: the same hands as ``itertools``, row i of colex
rank i (what the lookup tables are indexed by)."""

from __future__ import annotations

from itertools import combinations
from math import comb

import numpy as np
import pytest

from housegame.arrange.combos import colex_hands
from housegame.arrange.lookup import COLEX


@pytest.mark.parametrize(("size", "deck"), [(1, 52), (3, 52), (5, 52), (4, 9)])
def test_colex_hands(size: int, deck: int) -> None:
    hands = colex_hands(size, deck)
    assert hands.shape == (comb(deck, size), size)
    assert (np.diff(hands.astype(np.int64), axis=1) > 0).all()
    ranks = sum(COLEX[k].take(hands[:, k].astype(np.intp)) for k in range(size))
    assert np.array_equal(ranks, np.arange(comb(deck, size)))
    if size <= 3 or deck < 52:
        assert sorted(map(tuple, hands.tolist())) == list(combinations(range(deck), size))

"""Every k-card hand of the deck as a numpy array, in colex order, without a Python loop per
hand: what building the lookup tables starts from (``itertools`` took a second for the
2,598,960 five-card hands)."""

from __future__ import annotations

from math import comb

import numpy as np

from housegame.arrange.spaces import LaneCards


def colex_hands(size: int, deck: int = 52) -> LaneCards:
    """(C(deck, size), size) ascending rows; row i is the hand whose colex rank is i.

    Colex order lists the hands topped by card c (c ascending) after all hands of lower cards,
    and the rest of such a hand is any (size-1)-card hand of the cards below c, again in colex
    order: the first C(c, size-1) rows of the smaller table."""
    hands = np.arange(deck, dtype=np.int8)[:, None]
    for width in range(2, size + 1):
        parts = []
        for top in range(width - 1, deck):
            below = hands[: comb(top, width - 1)]
            parts.append(np.hstack([below, np.full((len(below), 1), top, dtype=np.int8)]))
        hands = np.concatenate(parts)
    return hands

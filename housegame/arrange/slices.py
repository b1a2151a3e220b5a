"""Work in slices. The search's arrays hold a row per (hand, back, middle): where its bounds
prune nothing, a batch of 400 hands has 500,000 (hand, back) pairs and 28 million rows (a
sensitivity run peaked at 770 MB on one such model). Taken at most ``PLAN.slice`` rows at a
time, what it holds at once stays bounded whatever the model, at no cost in speed.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from housegame.arrange.plan import PLAN
from housegame.arrange.spaces import F64, HandIds, SubsetIds
from housegame.arrange.splits import MIDDLES_PER_BACK


def pairs_a_slice() -> int:
    """(hand, back) pairs in one slice: ``PLAN.slice`` rows, a row per middle of the back."""
    return max(1, PLAN.slice // MIDDLES_PER_BACK)


def in_slices(bound: Callable[[HandIds, SubsetIds], F64], hand: HandIds, back: SubsetIds) -> F64:
    """``bound`` of (hand, back) pairs (``Bounds.semi``, ``Bounds.tight``), a slice of them at a
    time."""
    step = pairs_a_slice()
    if len(hand) <= step:
        return bound(hand, back)
    parts = [bound(hand[i : i + step], back[i : i + step]) for i in range(0, len(hand), step)]
    return np.concatenate(parts)

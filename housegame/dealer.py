"""The seeded dealer: reproducible 13-card hands from a seed, as card indices.

Benchmarks, the lane-odds build and simulations deal from it, so one seed names the same
hands everywhere.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

PLAYERS = 4
"""Hands per deal: a full 52-card deck."""


def deal_hands(seed: int, deals: int) -> npt.NDArray[np.intp]:
    """``deals * 4`` hands of 13 card indices, each row sorted, from a seeded shuffle."""
    rng = np.random.default_rng(seed)
    decks = np.argsort(rng.random((deals, 52)), axis=1)
    return np.sort(decks.reshape(deals * PLAYERS, 13), axis=1).astype(np.intp)

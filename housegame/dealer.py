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


def deal_from(
    rng: np.random.Generator, deals: int, cards: npt.NDArray[np.intp], seats: int
) -> npt.NDArray[np.intp]:
    """(deals, seats, 13) card indices, each hand sorted: every deal a shuffle of ``cards``
    (a deck's card identities, a card held twice listed twice) dealt 13 a seat from the top.
    With the 52 cards in order, the deals of every run before decks were data."""
    order = np.argsort(rng.random((deals, len(cards))), axis=1)
    dealt = cards.take(order[:, : seats * 13]).reshape(deals, seats, 13)
    return np.sort(dealt, axis=2).astype(np.intp)


def deal_deck(seed: int, deals: int, cards: npt.NDArray[np.intp]) -> npt.NDArray[np.intp]:
    """``deal_hands`` from any deck: ``deals`` deals of as many 13-card hands as ``cards``
    hold, (deals * hands, 13), each row sorted."""
    seats = len(cards) // 13
    return deal_from(np.random.default_rng(seed), deals, cards, seats).reshape(-1, 13)

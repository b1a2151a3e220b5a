from __future__ import annotations

import random

import pytest

from housegame.cards import DECK, Card


def seeded_hands(seed: int, count: int) -> list[list[Card]]:
    """``count`` random 13-card hands from a fixed seed."""
    rng = random.Random(seed)
    return [rng.sample(DECK, 13) for _ in range(count)]


@pytest.fixture(scope="session")
def hands() -> list[list[Card]]:
    return seeded_hands(2026, 200)

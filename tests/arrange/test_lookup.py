"""The table-lookup evaluator against the reference evaluators."""

from __future__ import annotations

import numpy as np
import pytest

from housegame.arrange.decktables import rank_tables
from housegame.arrange.lookup import rules_slug
from housegame.cards import DECK
from housegame.ranking import RankingRules, evaluate, evaluate_batch

RULES = [
    RankingRules(),
    RankingRules(wheel_straight="second-highest", suit_order=(3, 2, 1, 0)),
    RankingRules(front_straights=True, front_flushes=True),
]


def random_hands(count: int, size: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return np.sort(np.argsort(rng.random((count, 52)), axis=1)[:, :size], axis=1)


@pytest.mark.parametrize("rules", RULES)
@pytest.mark.parametrize("count", [0, 1, 32_768, 100_003])
def test_batched_lookup_matches_evaluate_batch(rules: RankingRules, count: int) -> None:
    tables = rank_tables(rules)
    hands = random_hands(count, 5, count)
    assert (tables.evaluate5(hands) == evaluate_batch(hands, rules)).all()


@pytest.mark.parametrize("rules", RULES)
def test_lookup_matches_the_scalar_evaluator(rules: RankingRules) -> None:
    tables = rank_tables(rules)
    for size in (3, 5):
        hands = random_hands(2_000, size, size)
        ordinals = tables.ordinals5(hands) if size == 5 else tables.ordinals3(hands)
        keys = tables.keys.take(ordinals)
        expected = [evaluate([DECK[c] for c in row], rules) for row in hands]
        assert keys.tolist() == expected
        assert [tables.key(row.tolist()) for row in hands] == expected


@pytest.mark.parametrize(
    ("rules", "slug"),
    [
        (RankingRules(), "wl-sfl-none"),
        (RankingRules(front_straights=True), "wl-sfl-none-front-s"),
        (RankingRules(front_flushes=True), "wl-sfl-none-front-f"),
        (RankingRules(front_straights=True, front_flushes=True), "wl-sfl-none-front-sf"),
    ],
)
def test_front_shapes_get_their_own_tables(rules: RankingRules, slug: str) -> None:
    assert rules_slug(rules) == slug

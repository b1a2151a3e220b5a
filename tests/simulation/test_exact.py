"""Exact special-hand chances: against formulas worked by hand, and against seeded deals."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from math import comb, factorial, prod
from statistics import NormalDist

import pytest

from housegame.cards import Card
from housegame.rulesets.loader import bundled_of
from housegame.rulesets.thirteen import HandCondition, SpecialHand, ThirteenCardRuleset
from housegame.simulation.exact import condition_probability, special_probability
from housegame.simulation.stats import rate_interval
from housegame.simulation.thirteen import deal_chunk
from housegame.thirteen.conditions import HandCounts
from housegame.thirteen.specials import special_points

HANDS = comb(52, 13)


def ways(pattern: list[int]) -> int:
    """Hands whose rank counts are ``pattern`` (one rank per entry, largest first)."""
    held = Counter(pattern)
    held[0] = 13 - len(pattern)
    ranks = factorial(13) // prod(factorial(m) for m in held.values())
    return ranks * prod(comb(4, k) for k in pattern)


def cond(data: object) -> HandCondition:
    hand = SpecialHand.model_validate({"id": "x", "name": "x", "points": 1, "when": data})
    assert hand.when is not None
    return hand.when


@pytest.mark.parametrize(
    ("condition", "expected"),
    [
        ({"distinct_ranks": 13}, Fraction(4**13, HANDS)),
        ({"distinct_suits": 1}, Fraction(4, HANDS)),
        ({"all": [{"distinct_ranks": 13}, {"distinct_suits": 1}]}, Fraction(4, HANDS)),
        ({"count_cards": {"ranks": ["J", "Q", "K"], "count": 0}}, Fraction(comb(40, 13), HANDS)),
        (
            {
                "any": [
                    {"count_cards": {"colour": "red", "count": 13}},
                    {"count_cards": {"colour": "black", "count": 13}},
                ]
            },
            Fraction(2 * comb(26, 13), HANDS),
        ),
        ({"count_cards": {"colour": "red", "count": 1}}, Fraction(26 * comb(26, 12), HANDS)),
        ({"count_cards": {"min_rank": "8", "count": 13}}, Fraction(comb(28, 13), HANDS)),
        ({"suit_pattern": [5, 5, 3]}, Fraction(12 * comb(13, 5) ** 2 * comb(13, 3), HANDS)),
        ({"rank_pattern": [4, 4, 4, 1]}, Fraction(comb(13, 3) * 10 * 4, HANDS)),
        ({"rank_pattern": [2, 2, 2, 2, 2, 2, 1]}, Fraction(13 * comb(12, 6) * 6**6 * 4, HANDS)),
        ({"can_set": {"front": "straight", "middle": "straight", "back": "straight"}}, None),
    ],
)
def test_closed_forms(condition: object, expected: Fraction | None) -> None:
    assert condition_probability(cond(condition)) == expected


def test_six_pairs_counts_quads_as_two_pairs_and_trips_as_one() -> None:
    patterns = [
        [2, 2, 2, 2, 2, 2, 1],
        [4, 2, 2, 2, 2, 1],
        [4, 4, 2, 2, 1],
        [4, 4, 4, 1],
        [3, 2, 2, 2, 2, 2],
        [4, 3, 2, 2, 2],
        [4, 4, 3, 2],
    ]
    assert all(sum(p) == 13 and sum(k // 2 for k in p) == 6 for p in patterns)
    chance = condition_probability(cond({"pairs": 6}))
    assert chance == Fraction(sum(ways(p) for p in patterns), HANDS)


def _specials() -> list[SpecialHand]:
    seen: dict[str, SpecialHand] = {}
    for rules in bundled_of(ThirteenCardRuleset):
        for hand in rules.specials.hands:
            seen.setdefault(hand.model_dump_json(include={"when", "tiers"}), hand)
    return list(seen.values())


@pytest.mark.slow  # many seeded deals against exact chances
def test_seeded_deals_agree_with_the_exact_chances() -> None:
    """20,000 seeded hands: each special's rate covers its exact chance. The intervals are 95%
    for all of them together (Bonferroni: 2.5%/k in each tail for k specials)."""
    hands = deal_chunk(2026, 0, 5000, 4).reshape(-1, 13)
    counts = [HandCounts.of([Card(int(c)) for c in row]) for row in hands]
    known = [(h, p) for h in _specials() if (p := special_probability(h)) is not None]
    assert len(known) >= 15
    z = NormalDist().inv_cdf(1 - 0.025 / len(known))
    for hand, expected in known:
        held = sum(special_points(hand, c) is not None for c in counts)
        _, low, high = rate_interval(held, len(counts), z)
        assert low <= float(expected) <= high, (hand.id, held, float(expected))

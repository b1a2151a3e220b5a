"""The strongest shaped split (pagat's tie-break between equal specials) is found by trying
backs strongest first; it equals the maximum over every shaped split, and a hand of one suit,
where every split is three flushes, is answered exactly."""

from __future__ import annotations

import random

import pytest

from housegame.cards import DECK, Card, parse_cards
from housegame.ranking import RankingRules, evaluate, strength
from housegame.rulesets.loader import load_ruleset
from housegame.rulesets.thirteen import CanSet, ThirteenCardRuleset
from housegame.thirteen.conditions import (
    _front_shape_key,
    best_shaped_lanes,
    shaped_settings,
)
from housegame.thirteen.specials import holding

RULES = RankingRules()
SHAPES = [
    CanSet(front="straight", middle="straight", back="straight"),
    CanSet(front="flush", middle="flush", back="flush"),
    CanSet(front="straight", middle="flush", back="straight-flush"),
]


def every_split_max(can_set: CanSet, cards: list[Card]) -> tuple[int, ...]:
    """The definition: the largest (back, middle, front) key over all shaped splits."""
    keys = [
        (
            strength(evaluate(back, RULES)),
            strength(evaluate(middle, RULES)),
            _front_shape_key(front, RULES),
        )
        for front, middle, back in shaped_settings(can_set, cards)
    ]
    return max(keys, default=())


def crowded_hands(seed: int, count: int) -> list[list[Card]]:
    """Hands from two or three suits and six to nine neighbouring ranks: many straights,
    flushes and straight flushes, often several shaped splits."""
    rng = random.Random(seed)
    hands = []
    for _ in range(count):
        suits = rng.sample(range(4), rng.choice((2, 3)))
        width = rng.randint(6, 9) if len(suits) == 3 else rng.randint(7, 9)
        low = rng.randint(2, 15 - width)
        ranks = range(low, low + width)
        pool = [c for c in DECK if c.suit in suits and c.rank in ranks]
        hands.append(rng.sample(pool, 13))
        hands.append(three_runs(rng))
    return hands


def three_runs(rng: random.Random) -> list[Card]:
    """Runs of 5, 5 and 3 cards in random suits (a three-straights hand, often more)."""
    while True:
        tops = [rng.randint(5, 14), rng.randint(5, 14), rng.randint(3, 14)]
        ranks = [top - i for top, size in zip(tops, (5, 5, 3)) for i in range(size)]
        cards = {Card((14 if r == 1 else r) * 4 - 8 + rng.randrange(4)) for r in ranks}
        if len(cards) == 13:
            return sorted(cards)


@pytest.mark.parametrize("can_set", SHAPES, ids=["straights", "flushes", "mixed"])
def test_strongest_first_equals_the_maximum_over_every_split(can_set: CanSet) -> None:
    found = 0
    for cards in crowded_hands(14, 30):
        best = every_split_max(can_set, cards)
        assert best_shaped_lanes(can_set, cards, RULES) == best
        found += best != ()
    assert found >= 5, "the hands make the shape often enough to test the search"


@pytest.mark.parametrize("suit", "SHDC")
def test_a_hand_of_one_suit_declares_and_breaks_ties_exactly(suit: str) -> None:
    cards = parse_cards(" ".join(f"{rank}{suit}" for rank in "AKQJT98765432"))
    ruleset = load_ruleset("pagat")
    assert isinstance(ruleset, ThirteenCardRuleset)
    found = {d.hand.id: d for d in holding(cards, ruleset)}
    assert list(found) == ["complete-straight", "three-flushes", "three-straights"]
    back = parse_cards(f"A{suit} K{suit} Q{suit} J{suit} T{suit}")
    middle = parse_cards(f"9{suit} 8{suit} 7{suit} 6{suit} 5{suit}")
    lanes = (strength(evaluate(back, RULES)), strength(evaluate(middle, RULES)), 4)
    assert found["three-flushes"].rank[2:] == lanes
    assert found["three-straights"].rank[2:] == lanes

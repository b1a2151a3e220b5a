"""Three straights and three flushes decided on rank and suit counts agree with the search."""

from __future__ import annotations

import random

import pytest

from housegame.cards import DECK, Card, parse_cards
from housegame.rulesets.thirteen import CanSet, CanSetCondition, PairsCount
from housegame.thirteen.conditions import HandCounts, can_set_holds, shaped_settings

STRAIGHTS = CanSet(front="straight", middle="straight", back="straight")
FLUSHES = CanSet(front="flush", middle="flush", back="flush")


def by_search(can_set: CanSet, cards: list[Card]) -> bool:
    return next(shaped_settings(can_set, cards), None) is not None


def by_counts(can_set: CanSet, cards: list[Card]) -> bool:
    return can_set_holds(can_set, HandCounts.of(cards))


def near_misses(seed: int, count: int) -> list[list[Card]]:
    """Hands built from three runs or three suits, then one card swapped: about half hold."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        if rng.random() < 0.5:
            tops = [rng.randint(5, 14), rng.randint(5, 14), rng.randint(3, 14)]
            ranks = [t - i for t, size in zip(tops, (5, 5, 3)) for i in range(size)]
            ranks = [14 if r == 1 else r for r in ranks]
            pool = [c for c in DECK]
            hand = []
            for r in ranks:
                choices = [c for c in pool if c.rank == r and c not in hand]
                if not choices:
                    break
                hand.append(rng.choice(choices))
            if len(hand) < 13:
                continue
        else:
            suits = rng.sample(range(4), 3)
            hand = []
            for suit, size in zip(suits, (3, 5, 5)):
                hand += rng.sample([c for c in DECK if c.suit == suit and c not in hand], size)
        if rng.random() < 0.5:
            hand[rng.randrange(13)] = rng.choice([c for c in DECK if c not in hand])
        out.append(hand)
    return out


@pytest.mark.parametrize("can_set", [STRAIGHTS, FLUSHES], ids=["straights", "flushes"])
def test_counts_agree_with_the_search(can_set: CanSet) -> None:
    rng = random.Random(7)
    hands = [rng.sample(DECK, 13) for _ in range(300)] + near_misses(11, 600)
    held = 0
    for hand in hands:
        expected = by_search(can_set, hand)
        assert by_counts(can_set, hand) == expected, hand
        held += expected
    assert held > 50  # the near misses really test both answers


def test_worked_hands() -> None:
    straights = parse_cards("AS 2H 3D 4C 5S 9H 10D JC QS KH 6C 7D 8H")
    assert by_counts(STRAIGHTS, straights) and by_search(STRAIGHTS, straights)
    flushes = parse_cards("2S 5S 9S 3H 4H 8H JH KH 2D 6D 7D QD AD")
    assert by_counts(FLUSHES, flushes) and by_search(FLUSHES, flushes)
    eight_spades = parse_cards("2S 3S 4S 5S 6S 7S 8S 9S 2H 5H 7H JH KH")
    assert by_counts(FLUSHES, eight_spades)
    assert not by_counts(FLUSHES, parse_cards("2S 3S 4S 5S 6S 7S 8S 9S 2H 5H 7H JH KD"))


def test_hand_counts_remember_answers_by_condition_content() -> None:
    """Rulesets sharing a condition (equal content, different objects) ask it once per hand;
    different conditions keep their own answers."""
    cards = parse_cards("AD 2C 3H 4S 5D 6C 7D 8H 8S 9D 10S JC QH")
    counts = HandCounts.of(cards)
    straights = CanSetCondition.model_validate({"can_set": STRAIGHTS.model_dump()})
    again = CanSetCondition.model_validate({"can_set": STRAIGHTS.model_dump()})
    flushes = CanSetCondition.model_validate({"can_set": FLUSHES.model_dump()})
    assert straights is not again
    assert counts.holds(straights) and counts.holds(again) and not counts.holds(flushes)
    six_pairs = PairsCount.model_validate({"pairs": 6})
    assert not counts.holds(six_pairs)
    assert len(counts.held) == 3

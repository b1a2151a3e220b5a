"""Ranking with composed decks: five of a kind and its place, duplicate cards in flushes and
full houses, identical hands tying, jokers standing for the best card; the numpy batch agrees
with the plain evaluator (the oracle) on hands from decks holding cards twice."""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations, combinations_with_replacement

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from housegame.cards import DECK, Card, parse_cards
from housegame.ranking import (
    DEFAULT_RULES,
    Category,
    RankingRules,
    category_of,
    describe,
    evaluate,
    evaluate_batch,
    wild_best,
)
from housegame.rulesets.common import DeckSpec
from tests.suite import examples

TWO_DECKS = DeckSpec(decks=2, extra_suits=["spades"]).deck()
JOKERS = DeckSpec(jokers=2).deck()
BELOW = replace(DEFAULT_RULES, five_of_a_kind="below-straight-flush")


def key(text: str, rules: RankingRules = DEFAULT_RULES) -> int:
    return evaluate(parse_cards(text, None), rules)


@pytest.mark.parametrize(
    ("text", "category"),
    [
        ("AS AS AH AD AC", Category.FIVE_OF_A_KIND),
        ("7S 7S 7S 7S 7S", Category.FIVE_OF_A_KIND),
        ("AS AS KS QS 9S", Category.FLUSH),
        ("AS AS AS KS KS", Category.FULL_HOUSE),  # a full house of one suit: not a flush
        ("KS KS KS KS 2S", Category.QUADS),
        ("AS AS AH KD KC", Category.FULL_HOUSE),
        ("AS AS KD KC 2H", Category.TWO_PAIR),
        ("AS AS KS", Category.PAIR),
        ("AS AS AS", Category.TRIPS),
    ],
)
def test_categories_with_duplicate_cards(text: str, category: Category) -> None:
    assert category_of(key(text)) is category


def test_five_of_a_kind_above_the_straight_flush_by_default() -> None:
    royal, five_twos = key("AS KS QS JS TS"), key("2S 2S 2H 2D 2C")
    assert five_twos > royal
    assert describe(key("AS AS AH AD AC")) == "five-of-a-kind A A A A A"


def test_five_of_a_kind_below_the_straight_flush_where_the_ruleset_says() -> None:
    wheel_flush, five_aces = key("AS 2S 3S 4S 5S", BELOW), key("AS AS AH AD AC", BELOW)
    quads = key("AS AH AD AC KS", BELOW)
    assert wheel_flush > five_aces > quads
    assert category_of(wheel_flush) is Category.STRAIGHT_FLUSH


@pytest.mark.parametrize(
    ("high", "low"),
    [
        ("AS AS KS QS 9S", "AS KS QS JS 9S"),  # flush: A A K Q 9 over A K Q J 9
        ("AS KS KS QS 9S", "AS KS QS JS 9S"),  # flush ranks high to low: A K K over A K Q
        ("AS AS AH KS KS", "AS AH AD KH KD"),  # full houses tie on ranks...
        ("AS AS AS AS 3S", "AS AH AD AC 2S"),
        ("3S 3S 3H 3D 3C", "2S 2S 2H 2D 2C"),
    ],
)
def test_duplicate_cards_compare_by_rank(high: str, low: str) -> None:
    if "AH KS KS" in high:
        assert key(high) == key(low)
    else:
        assert key(high) > key(low)


def test_identical_hands_tie() -> None:
    assert key("AS AS KS QS 9S") == key("AS KS AS 9S QS")
    assert key("QH QH QH") == key("QH QH QH")


@pytest.mark.parametrize(
    ("text", "described", "stands"),
    [
        ("AS KS QS JS JK", "straight-flush to A", "TS"),
        ("JK JK AS AH AD", "five-of-a-kind A A A A A", "AS AS"),
        ("JK AS AH", "trips A A A", "AS"),
        ("JK 2C 7D", "pair 7 7 2", "7S"),
        ("JK 9H 9D 4C 4S", "full-house 9 9 9 4 4", "9S"),
    ],
)
def test_a_joker_stands_for_the_best_card(text: str, described: str, stands: str) -> None:
    cards = tuple(sorted(parse_cards(text, None)))
    best, chosen = wild_best(cards, DEFAULT_RULES)
    assert describe(best) == described
    assert sorted(chosen) == sorted(parse_cards(stands, None))


def test_a_joker_that_may_not_repeat_a_card() -> None:
    strict = replace(DEFAULT_RULES, joker_duplicates=False)
    assert describe(key("JK AS AH AD AC", strict)) == "quads A A A A K"
    assert describe(key("JK AS AH AD AC")) == "five-of-a-kind A A A A A"
    assert describe(key("JK JK AS AH AD", strict)) == "quads A A A A K"


def test_a_natural_hand_beats_the_same_wild_hand_where_the_ruleset_says() -> None:
    natural, wild = "AS KS QS JS TS", "AS KS QS JS JK"
    assert key(natural) == key(wild)
    ruled = replace(DEFAULT_RULES, natural_beats_joker=True)
    assert key(natural, ruled) > key(wild, ruled)
    assert key(wild, ruled) > key("KS QS JS TS 9S", ruled)  # but only over the same hand
    assert key("AS KS QS JS 9S", ruled) < key("AH KH QH JH JK", ruled)


def _full_wild_best(cards: tuple[Card, ...], rules: RankingRules) -> int:
    """Every card for every joker: the oracle of ``wild_best``'s short list of candidates."""
    naturals = [c for c in cards if not c.is_joker]
    wild = len(cards) - len(naturals)
    plain = replace(rules, natural_beats_joker=False)
    if rules.joker_duplicates:
        return max(
            evaluate([*naturals, *p], plain) for p in combinations_with_replacement(DECK, wild)
        )
    others = [c for c in DECK if c not in naturals]
    return max(evaluate([*naturals, *p], plain) for p in combinations(others, wild))


SUIT_ORDER = replace(DEFAULT_RULES, suit_order=(3, 2, 0, 1))


@settings(max_examples=examples(40), deadline=None)
@given(
    st.lists(st.integers(0, 51), min_size=2, max_size=4),
    st.sampled_from([DEFAULT_RULES, SUIT_ORDER, replace(DEFAULT_RULES, joker_duplicates=False)]),
    st.booleans(),
)
def test_wild_best_matches_trying_every_card(
    naturals: list[int], rules: RankingRules, front: bool
) -> None:
    size = 3 if front else 5
    cards = [Card(i) for i in naturals][: size - 1]
    cards += [parse_cards("JK", None)[0]] * (size - len(cards))
    if not rules.joker_duplicates and len(set(cards)) < len([c for c in cards if not c.is_joker]):
        return
    hand = tuple(sorted(cards))
    assert wild_best(hand, rules)[0] == _full_wild_best(hand, rules)


@settings(max_examples=examples(60), deadline=None)
@given(
    st.lists(st.sampled_from(TWO_DECKS.cards()), min_size=5, max_size=5),
    st.sampled_from([DEFAULT_RULES, BELOW, SUIT_ORDER]),
)
def test_batch_agrees_with_the_plain_evaluator_on_duplicates(
    cards: list[Card], rules: RankingRules
) -> None:
    for lane in (cards, cards[:3]):
        batch = evaluate_batch(np.array([[c.index for c in lane]]), rules)
        assert int(batch[0]) == evaluate(lane, rules)


def test_batch_refuses_jokers() -> None:
    with pytest.raises(ValueError, match="without jokers"):
        evaluate_batch(np.array([[0, 1, 2, 3, 52]]))

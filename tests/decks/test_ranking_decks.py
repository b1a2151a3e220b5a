"""Ranking with composed decks: five of a kind and its place, duplicate cards in flushes and
full houses, identical hands tying, jokers standing for the best card; the numpy batch agrees
with the plain evaluator (the oracle) on hands from decks holding cards twice."""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations, combinations_with_replacement

import numpy as np
import pytest
from hypothesis import assume, given, settings
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


def _every_stand_in(
    cards: tuple[Card, ...], rules: RankingRules, low: bool = False
) -> tuple[int, tuple[Card, ...]]:
    """Every card for every joker, the plain reference of ``wild_best``'s reasoning: the
    highest key, and of the stand-ins making it the highest cards (rank, then the suit a
    joker shows first: the strongest, then spades)."""
    naturals = [c for c in cards if not c.is_joker]
    wild = len(cards) - len(naturals)
    plain = replace(rules, natural_beats_joker=False)
    shown = sorted(range(4), key=lambda s: (rules.suit_strength(s), s))

    def height(stand: tuple[Card, ...]) -> list[tuple[int, int]]:
        return sorted(((c.rank, shown.index(c.suit)) for c in stand), reverse=True)

    pool = DECK if rules.joker_duplicates else [c for c in DECK if c not in naturals]
    pick = combinations_with_replacement if rules.joker_duplicates else combinations
    keyed = [(evaluate([*naturals, *p], plain, low), p) for p in pick(pool, wild)]
    top = max(k for k, _ in keyed)
    stand = max((p for k, p in keyed if k == top), key=height)
    return top, tuple(sorted(stand, key=lambda c: (c.rank, shown.index(c.suit)), reverse=True))


SUIT_ORDER = replace(DEFAULT_RULES, suit_order=(3, 2, 0, 1))
RULES = [
    DEFAULT_RULES,
    SUIT_ORDER,
    replace(DEFAULT_RULES, suit_order=(0, 2, 1, 3)),
    replace(DEFAULT_RULES, joker_duplicates=False),
    replace(DEFAULT_RULES, front_straights=True, front_flushes=True),
    replace(BELOW, wheel_straight="second-highest", wheel_straight_flush="second-highest"),
    replace(DEFAULT_RULES, joker_duplicates=False, suit_order=(1, 0, 3, 2), front_flushes=True),
]


def _lanes(draw: st.DrawFn, wild: int, rules: RankingRules, size: int) -> tuple[Card, ...]:
    """A lane of ``size`` cards with ``wild`` jokers; half the time its naturals are one suit
    in close ranks, where straights and flushes are made."""
    if draw(st.booleans()):
        suit, low = draw(st.integers(0, 3)), draw(st.integers(0, 8))
        steps = draw(st.lists(st.integers(1, 2), min_size=size - wild, max_size=size - wild))
        ranks = [min(14, 2 + low + sum(steps[: i + 1])) for i in range(size - wild)]
        naturals = [Card((r - 2) * 4 + suit) for r in ranks]
    else:
        count = size - wild
        naturals = [
            Card(i) for i in draw(st.lists(st.integers(0, 51), min_size=count, max_size=count))
        ]
    if not rules.joker_duplicates:
        assume(len(set(naturals)) == len(naturals))
    return tuple(sorted([*naturals, *parse_cards("JK", None) * wild]))


@st.composite
def wild_lanes(draw: st.DrawFn, most: int) -> tuple[tuple[Card, ...], RankingRules, bool]:
    rules = draw(st.sampled_from(RULES))
    size = draw(st.sampled_from([3, 5]))
    wild = draw(st.integers(1, min(most, size)))
    return _lanes(draw, wild, rules, size), rules, draw(st.booleans())


@settings(max_examples=examples(80), deadline=None)
@given(wild_lanes(2))
def test_wild_best_reasons_as_every_card_would(
    lane: tuple[tuple[Card, ...], RankingRules, bool],
) -> None:
    cards, rules, low = lane
    assert wild_best(cards, rules, low) == _every_stand_in(cards, rules, low)


@pytest.mark.slow
@settings(max_examples=120, deadline=None)
@given(wild_lanes(3))
def test_wild_best_reasons_as_every_card_would_with_three_jokers(
    lane: tuple[tuple[Card, ...], RankingRules, bool],
) -> None:
    cards, rules, low = lane
    assert wild_best(cards, rules, low) == _every_stand_in(cards, rules, low)


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

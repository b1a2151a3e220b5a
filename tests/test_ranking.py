"""Hand ranking: one exhaustive pass over all 2,598,960 five-card hands pins the evaluator."""

from __future__ import annotations

import hashlib
from functools import cache
from itertools import chain, combinations

import numpy as np
import numpy.typing as npt
import pytest

from housegame.cards import parse_cards
from housegame.ranking import (
    Category,
    RankingRules,
    category_of,
    evaluate,
    evaluate_batch,
    strength,
)

ORDER_DIGEST = "53197b1a15eed5184c3a16f2f54c24db3576acd06bc458f57d2b184cd84215da"
"""sha256 of every hand's strength class (dense rank, combination order), wheel lowest."""


@cache
def all_hands() -> npt.NDArray[np.int8]:
    flat = np.fromiter(
        chain.from_iterable(combinations(range(52), 5)), dtype=np.int8, count=2_598_960 * 5
    )
    return flat.reshape(-1, 5)


@cache
def all_strengths(wheel: str) -> npt.NDArray[np.int64]:
    rules = RankingRules(wheel_straight=wheel, wheel_straight_flush=wheel)  # type: ignore[arg-type]
    return evaluate_batch(all_hands(), rules) >> 4


def test_every_category_has_its_combinatorial_count() -> None:
    counts = np.bincount(all_strengths("lowest") >> 20, minlength=9)
    assert counts.tolist() == [1302540, 1098240, 123552, 54912, 10200, 5108, 3744, 624, 40]


def test_the_whole_order_matches_the_stored_digest() -> None:
    classes, dense = np.unique(all_strengths("lowest"), return_inverse=True)
    assert len(classes) == 7462
    assert hashlib.sha256(dense.astype(np.int32).tobytes()).hexdigest() == ORDER_DIGEST


def test_second_highest_wheel_sits_just_below_ten_to_ace() -> None:
    classes = np.unique(all_strengths("second-highest"))
    assert len(classes) == 7462

    def rank_of(text: str) -> int:
        key = strength(
            evaluate(parse_cards(text), RankingRules("second-highest", "second-highest"))
        )
        return int(np.searchsorted(classes, key))

    for suffix in ("", "flush"):
        broadway = "AS KS QS JS 10S" if suffix else "AS KH QS JS 10S"
        wheel = "AS 2S 3S 4S 5S" if suffix else "AS 2H 3S 4S 5S"
        king = "KS QS JS 10S 9S" if suffix else "KS QH JS 10S 9S"
        assert rank_of(broadway) - 1 == rank_of(wheel) == rank_of(king) + 1


def test_scalar_and_batch_evaluators_agree() -> None:
    rng = np.random.default_rng(7)
    sample = all_hands()[rng.choice(len(all_hands()), 20_000, replace=False)]
    fronts = np.array([rng.choice(52, 3, replace=False) for _ in range(2_000)])
    rules = RankingRules(suit_order=(3, 2, 0, 1))
    for hands in (sample, fronts):
        batch = evaluate_batch(hands, rules)
        scalar = [evaluate(parse_cards([_name(c) for c in row]), rules) for row in hands]
        assert batch.tolist() == scalar


def _name(index: int) -> str:
    return "23456789TJQKA"[index // 4] + "CDHS"[index % 4]


@pytest.mark.parametrize(
    ("front", "middle", "front_is_higher"),
    [
        ("KS KH AD", "KD KC QH JS 10S", True),  # seed 000 example 3: a foul
        ("KS KH QH", "KD KC AD JS 10S", False),  # the legal swap
        ("KS KH QH", "KD KC QD JS 10S", False),  # equal over the front's cards: legal
        ("9S 9H 9D", "5C 5H 5D KC 2S", True),  # front trips over lower middle trips
        ("AS KS QS", "AH KH QD 2C 3C", False),  # a 3-card flush/straight is high card
    ],
)
def test_front_against_middle(front: str, middle: str, front_is_higher: bool) -> None:
    f, m = strength(evaluate(parse_cards(front))), strength(evaluate(parse_cards(middle)))
    assert (f > m) is front_is_higher


def test_suit_order_breaks_ties_by_the_highest_cards_suit() -> None:
    rules = RankingRules(suit_order=(3, 2, 0, 1))  # spades > hearts > clubs > diamonds
    a = evaluate(parse_cards("AS KD 9D 7C 4H"), rules)
    b = evaluate(parse_cards("AH KC 9C 7D 4S"), rules)
    assert a > b and strength(a) == strength(b)
    assert category_of(a) is Category.HIGH_CARD


FRONT_SHAPES = RankingRules(front_straights=True, front_flushes=True)


@pytest.mark.parametrize(
    ("front", "rules", "category"),
    [
        ("AH 2D 3C", RankingRules(front_straights=True), "straight"),
        ("QH KD AC", RankingRules(front_straights=True), "straight"),
        ("KH AD 2C", RankingRules(front_straights=True), "high-card"),  # no wrap
        ("2H 7H 9H", RankingRules(front_flushes=True), "flush"),
        ("2H 3H 4H", RankingRules(front_flushes=True), "flush"),
        ("2H 3H 4H", RankingRules(front_straights=True), "straight"),
        ("2H 3H 4H", FRONT_SHAPES, "straight-flush"),
        ("2H 3H 4H", RankingRules(), "high-card"),
        ("2H 2D 2C", FRONT_SHAPES, "trips"),
    ],
)
def test_three_card_front_shapes(front: str, rules: RankingRules, category: str) -> None:
    assert category_of(evaluate(parse_cards(front), rules)).label == category


@pytest.mark.parametrize(
    ("front", "middle", "fouled"),
    [
        ("2H 7H 9H", "KS KH QD QC 3S", True),  # a front flush is above a middle two pair
        ("2H 7H 9H", "4S 5H 6D 7C 8S", True),  # ... and above a middle straight
        ("2H 7H 9H", "2S 7S 9S JS KS", False),  # a middle flush to K is higher
        ("AH 2D 3C", "KS KH KD QC 3S", True),  # a front straight is above middle trips
        ("QH KD AC", "10S JH QD KC AS", False),  # equal straights to the ace: legal
        ("QH KD AC", "9S 10H JD QC KS", True),  # a front straight to A beats one to K
        ("2H 3H 4H", "5S 5H 6D 6C 6S", True),  # a front straight flush is above a full house
        ("2H 3H 4H", "4S 5S 6S 7S 8S", False),  # only a straight flush in the middle holds it
    ],
)
def test_front_shapes_on_the_five_card_scale_for_fouls(
    front: str, middle: str, fouled: bool
) -> None:
    assert (
        strength(evaluate(parse_cards(front), FRONT_SHAPES))
        > strength(evaluate(parse_cards(middle), FRONT_SHAPES))
    ) == fouled


@pytest.mark.parametrize("straights", [False, True])
@pytest.mark.parametrize("flushes", [False, True])
def test_front_shapes_batch_matches_scalar(straights: bool, flushes: bool) -> None:
    rules = RankingRules(front_straights=straights, front_flushes=flushes)
    hands = np.array(list(combinations(range(52), 3)), dtype=np.int64)
    from housegame.cards import DECK

    expected = [evaluate([DECK[c] for c in row], rules) for row in hands.tolist()]
    assert evaluate_batch(hands, rules).tolist() == expected

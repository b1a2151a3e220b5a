"""Conditions that can never hold: the profile oracle agrees with the hand test on real hands,
and each kind of impossible condition is refused with its reason."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import TypeAdapter, ValidationError

from housegame.cards import Card
from housegame.rulesets.possible import Profile, never_holds, profiles, truth
from housegame.rulesets.thirteen import HandCondition, SpecialHand
from housegame.thirteen.conditions import HandCounts, hand_holds
from tests.suite import examples

CONDITION: TypeAdapter[HandCondition] = TypeAdapter(HandCondition)
TESTS = [
    {"pairs": {"min": 3}},
    {"distinct_ranks": 13},
    {"repeated_ranks": {"max": 2}},
    {"most_of_a_rank": 3},
    {"distinct_suits": {"min": 3}},
    {"rank_pattern": [2, 2, 2, 2, 2, 2, 1]},
    {"suit_pattern": [5, 4, 2, 2]},
    {"all": [{"pairs": {"min": 1}}, {"not": {"distinct_suits": 4}}]},
    {"any": [{"most_of_a_rank": 4}, {"distinct_suits": 2}]},
]


def _profile(hand: HandCounts) -> Profile:
    return Profile(
        tuple(sorted(hand.ranks.values(), reverse=True)),
        tuple(sorted(hand.suits.values(), reverse=True)),
    )


@settings(max_examples=examples(300), deadline=None)
@given(st.lists(st.integers(0, 51), min_size=13, max_size=13, unique=True))
def test_every_hand_has_a_listed_profile_and_truth_agrees(indices: list[int]) -> None:
    hand = HandCounts.of([Card(i) for i in indices])
    profile = _profile(hand)
    assert profile in profiles()
    for test in TESTS:
        cond = CONDITION.validate_python(test)
        assert truth(cond, profile) == hand_holds(cond, hand)


def test_the_profiles_are_exactly_those_of_real_hands() -> None:
    """Each listed profile is met by a hand built greedily (largest rank counts first, suits
    filled largest first): none is listed that no deck can deal."""
    for profile in profiles():
        need = list(profile.suits) + [0] * (4 - len(profile.suits))
        cards: list[Card] = []
        for rank, count in enumerate(profile.ranks):
            suits = sorted(range(4), key=lambda s: -need[s])[:count]
            assert all(need[s] > 0 for s in suits), profile
            for s in suits:
                need[s] -= 1
                cards.append(Card(rank * 4 + s))
        assert _profile(HandCounts.of(cards)) == profile


@pytest.mark.parametrize(
    ("when", "reason"),
    [
        ({"rank_pattern": [2, 2, 2, 2, 2, 2]}, "counts 12 cards; a hand has 13"),
        ({"rank_pattern": [1, 2, 2, 2, 2, 2, 2]}, "not largest first: write [2, 2, 2, 2, 2, 2, 1]"),
        ({"rank_pattern": [5, 4, 4]}, "a rank holds 1 to 4 cards, not 5"),
        ({"suit_pattern": [4, 3, 3, 2, 1]}, "5 suits; a deck has 4"),
        ({"count_cards": {"min_rank": "8", "count": 14}}, "count 14 of the cards that pass"),
        ({"count_cards": {"ranks": ["J", "Q", "K"], "count": 13}}, "12 cards of the deck pass"),
        ({"pairs": 7}, "pairs 7: 13 cards hold at most 6 pairs"),
        ({"distinct_suits": {"min": 5}}, "distinct_suits 5 or more: a deck has 4 suits"),
        ({"all": [{"distinct_suits": 1}, {"pairs": 6}]}, "{distinct_suits: 1} and {pairs: 6}"),
        ({"all": [{"most_of_a_rank": 4}, {"distinct_suits": {"max": 3}}]}, "never hold together"),
        ({"not": {"pairs": {"max": 6}}}, "every hand meets {pairs: {max: 6}}"),
    ],
)
def test_an_impossible_condition_is_refused_with_its_reason(when: object, reason: str) -> None:
    assert never_holds(CONDITION.validate_python(when)) is not None
    with pytest.raises(ValidationError, match="can never hold: .*" + _escaped(reason)):
        SpecialHand.model_validate({"id": "x", "name": "X", "points": 1, "when": when})


def _escaped(text: str) -> str:
    return "".join("\\" + c if c in "[]{}()." else c for c in text)


@pytest.mark.parametrize(
    "when", [*TESTS, {"can_set": {"front": "flush", "middle": "flush", "back": "flush"}}]
)
def test_a_possible_condition_is_kept(when: object) -> None:
    assert never_holds(CONDITION.validate_python(when)) is None

"""Legal moves and hints, checked against brute force over every subset of a hand."""

from __future__ import annotations

from itertools import combinations
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from housegame.bigtwo import (
    BigTwoError,
    Combo,
    Rules,
    all_plays,
    beats,
    classify,
    hint,
    legal_plays,
    load_rules,
)
from housegame.cards import DECK, Card, parse_cards
from tests.bigtwo.bigtwo_shipped import BIG_TWO_IDS, variant
from tests.suite import examples

hands = st.lists(st.sampled_from(DECK), min_size=1, max_size=13, unique=True)


def brute_force(hand: list[Card], rules: Rules) -> set[frozenset[Card]]:
    found = set()
    for size in (1, 2, 3, 4, 5):
        for group in combinations(hand, size):
            try:
                classify(group, rules)
            except BigTwoError:
                continue
            found.add(frozenset(group))
    return found


@pytest.mark.parametrize("ruleset_id", BIG_TWO_IDS)
@settings(max_examples=examples(15), deadline=None)
@given(hand=hands)
def test_all_plays_finds_exactly_the_legal_combinations(ruleset_id: str, hand: list[Card]) -> None:
    rules = load_rules(ruleset_id)
    plays = all_plays(hand, rules)
    assert {frozenset(p.cards) for p in plays} == brute_force(hand, rules)
    assert len(plays) == len({frozenset(p.cards) for p in plays})


def test_all_plays_without_a_kicker(tmp_path: Path) -> None:
    rules = variant(tmp_path, "quads_kicker: false\n")
    hand = parse_cards("4C 4D 4H 4S 5C 6C 7C 8C 9S 9H 2S")
    assert {frozenset(p.cards) for p in all_plays(hand, rules)} == brute_force(hand, rules)


def _family_then_strength(plays: list[Combo]) -> list[tuple[int, tuple[int, ...]]]:
    families = ("single", "pair", "triple", "five-card")
    return [(families.index(p.family), p.strength) for p in plays]


@pytest.mark.parametrize("ruleset_id", BIG_TWO_IDS)
@settings(max_examples=examples(15), deadline=None)
@given(hand=hands, table=st.lists(st.sampled_from(DECK), min_size=1, max_size=5, unique=True))
def test_legal_plays_beat_the_table_weakest_first(
    ruleset_id: str, hand: list[Card], table: list[Card]
) -> None:
    rules = load_rules(ruleset_id)
    hand = [c for c in hand if c not in table]
    try:
        on_table = classify(table, rules)
    except BigTwoError:
        return
    plays = legal_plays(hand, rules, on_table)
    assert all(beats(p, on_table, rules) for p in plays)
    assert {frozenset(p.cards) for p in plays} == {
        frozenset(p.cards) for p in all_plays(hand, rules) if beats(p, on_table, rules)
    }
    keys = _family_then_strength(plays)
    assert keys == sorted(keys)
    suggestion = hint(hand, rules, on_table)
    assert suggestion == (plays[0] if plays else None)


def test_hint_is_the_weakest_play_that_beats_the_table(maceplay: Rules) -> None:
    hand = parse_cards("3C 3D 5S 9H 9S KS 2H")
    assert (
        str(hint(hand, maceplay, classify(parse_cards("8C 8D"), maceplay))) == "pair of 9s (9H 9S)"
    )
    assert str(hint(hand, maceplay, classify(parse_cards("10C"), maceplay))) == "single KS"
    assert hint(hand, maceplay, classify(parse_cards("2S"), maceplay)) is None
    assert str(hint(hand, maceplay)) == "single 3C"


def test_the_first_play_holds_the_lead_card(maceplay: Rules) -> None:
    hand = parse_cards("3C 3D 4H 5S 6C 7D 9S")
    plays = legal_plays(hand, maceplay, None, maceplay.lead_card)
    assert plays and all(maceplay.lead_card in p.cards for p in plays)
    assert {p.kind for p in plays} == {"single", "pair", "straight"}

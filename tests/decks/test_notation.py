"""Card notation with the ruleset's deck: jokers (JK, JKS, JKB), a card the deck holds twice
written twice, and over-counts refused with the card and the count."""

from __future__ import annotations

import pytest

from housegame.cards import (
    BIG_JOKER,
    JOKER,
    LITTLE_JOKER,
    STANDARD_DECK,
    check_no_duplicates,
    format_cards,
    parse_card,
    parse_cards,
)
from housegame.errors import CardError
from housegame.rulesets.common import DeckSpec

EXTRA_SPADES = DeckSpec(extra_suits=["spades"]).deck()
JOKERS = DeckSpec(jokers=2).deck()
APART = DeckSpec(jokers=2, joker_kinds="little-big").deck()


@pytest.mark.parametrize(
    ("text", "card"),
    [
        ("JK", JOKER),
        ("jk", JOKER),
        ("JKS", LITTLE_JOKER),
        ("JKB", BIG_JOKER),
        ("小王", LITTLE_JOKER),
    ],
)
def test_joker_spellings(text: str, card: object) -> None:
    assert parse_card(text) == card


def test_jokers_print_as_written() -> None:
    assert [str(c) for c in (JOKER, LITTLE_JOKER, BIG_JOKER)] == ["JK", "JKS", "JKB"]
    assert format_cards(parse_cards("2C JK AS", JOKERS)) == "JK AS 2C"


@pytest.mark.parametrize(
    ("text", "deck", "message"),
    [
        ("AS KS AS", STANDARD_DECK, "card AS appears twice in 'AS KS AS'"),
        ("AS AS AS", EXTRA_SPADES, "'AS AS AS' holds AS 3 times; the deck holds AS 2"),
        ("AH AH", EXTRA_SPADES, "'AH AH' holds AH 2 times; the deck holds AH 1"),
        ("AS JK", STANDARD_DECK, "JK in 'AS JK': the deck has no such card"),
        ("JK JK JK", JOKERS, "'JK JK JK' holds JK 3 times; the deck holds JK 2"),
        ("AS JK", APART, "JK in 'AS JK': the deck has no such card"),
        ("JKS JKS", APART, "card JKS appears twice"),
    ],
)
def test_over_counts_are_refused_with_card_and_count(text: str, deck: object, message: str) -> None:
    with pytest.raises(CardError) as raised:
        parse_cards(text, deck)  # type: ignore[arg-type]
    assert message in str(raised.value)


def test_hints_say_what_the_deck_holds() -> None:
    with pytest.raises(CardError, match="has no jokers"):
        parse_cards("JK", STANDARD_DECK)
    with pytest.raises(CardError, match=r"write JKS \(little\) or JKB"):
        parse_cards("JK", APART)


def test_a_card_the_deck_holds_twice_is_written_twice() -> None:
    assert [str(c) for c in parse_cards("AS AS KS", EXTRA_SPADES)] == ["AS", "AS", "KS"]
    assert [str(c) for c in parse_cards("JK JK", JOKERS)] == ["JK", "JK"]


@pytest.mark.parametrize(
    ("holdings", "deck", "message"),
    [
        ({"A": "AS 2C", "B": "AS"}, EXTRA_SPADES, None),
        (
            {"A": "AS 2C", "B": "AS", "C": "AS"},
            EXTRA_SPADES,
            "too many copies: AS held 3 times (by A, B, C), the deck has 2",
        ),
        ({"A": "2C", "B": "2C"}, EXTRA_SPADES, "too many copies: 2C held 2 times (by A, B)"),
        ({"A": "JK", "B": "JK"}, JOKERS, None),
        ({"A": "JK"}, STANDARD_DECK, "JK: the deck has no such card (held by A)"),
        (
            {"East": "QD 2C", "North": "QD"},
            STANDARD_DECK,
            "duplicate card: QD (held by East, North)",
        ),
    ],
)
def test_a_table_holds_a_card_at_most_as_often_as_the_deck(
    holdings: dict[str, str], deck: object, message: str | None
) -> None:
    parsed = {name: parse_cards(text, None) for name, text in holdings.items()}
    if message is None:
        check_no_duplicates(parsed, deck)  # type: ignore[arg-type]
        return
    with pytest.raises(CardError) as raised:
        check_no_duplicates(parsed, deck)  # type: ignore[arg-type]
    assert message in str(raised.value)

from __future__ import annotations

import pytest

from housegame.cards import Card, check_no_duplicates, format_cards, parse_cards
from housegame.errors import CardError


@pytest.mark.parametrize("text", ["AS", "as", "As", "A♠", "a♤"])
def test_ace_of_spades_spellings(text: str) -> None:
    assert parse_cards(text) == [Card(51)]


@pytest.mark.parametrize("text", ["10S", "TS", "ts", "10♠", "10s"])
def test_ten_spellings(text: str) -> None:
    assert str(parse_cards(text)[0]) == "TS"


def test_spaces_and_commas_separate_cards() -> None:
    assert [str(c) for c in parse_cards("2c, 3D 4h,5s")] == ["2C", "3D", "4H", "5S"]


@pytest.mark.parametrize(
    ("text", "bad"), [("AS 1S KS", "'1S'"), ("AS KX", "'KX'"), ("ZZ", "'ZZ'"), ("AS 10", "'10'")]
)
def test_errors_name_the_bad_token(text: str, bad: str) -> None:
    with pytest.raises(CardError, match=bad):
        parse_cards(text)


def test_duplicate_within_one_hand() -> None:
    with pytest.raises(CardError, match="card AS appears twice"):
        parse_cards("AS KS as")


def test_duplicate_across_players_names_card_and_holders() -> None:
    with pytest.raises(CardError, match=r"duplicate card: QD \(held by East, North\)"):
        check_no_duplicates(
            {"East": parse_cards("QD 2C"), "West": parse_cards("3C"), "North": parse_cards("QD")}
        )


def test_format_is_highest_first() -> None:
    assert format_cards(parse_cards("2C AS 10H")) == "AS TH 2C"


def test_a_card_mistake_reads_in_both_languages() -> None:
    with pytest.raises(CardError) as raised:
        parse_cards("AS ZZ")
    assert raised.value.text("en") == str(raised.value)
    assert raised.value.text("zh").splitlines()[0] == "'ZZ' 不是一张牌"
    plain = CardError("duplicate card: AS", hint="one deck has each card once")
    assert plain.text("zh") == plain.text("en") == str(plain)  # no Chinese: English

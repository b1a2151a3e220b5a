"""Every example of seed 002 (MacePlay 大老二) and RULES.md 3.8, as tests."""

from __future__ import annotations

import pytest

from housegame.bigtwo import BigTwoError, Rules, beats, load_rules, parse_play, settle, why_not
from housegame.cards import parse_cards

TEN_TO_ACE = "10C JD QH KC AS"
# Seed example 1 writes 5♣ in both straights; one deck has one 5♣, so the first uses 5♥.
ACE_TO_FIVE = "AD 2C 3S 4H 5H"
TWO_TO_SIX = "2D 3C 4C 5C 6H"


@pytest.mark.parametrize(
    ("play", "table", "expected"),
    [
        (ACE_TO_FIVE, TEN_TO_ACE, True),  # A-2-3-4-5 beats 10-J-Q-K-A
        (TWO_TO_SIX, ACE_TO_FIVE, True),  # 2-3-4-5-6 beats A-2-3-4-5
        (TEN_TO_ACE, ACE_TO_FIVE, False),
        (ACE_TO_FIVE, TWO_TO_SIX, False),
        (
            "AH QH 8H 5H 3H",
            "AS QS 8S 5S 4S",
            False,
        ),  # example 2: the 4 beats the 3 before suits count
        ("AS QS 8S 5S 4S", "AH QH 8H 5H 3H", True),
        ("4S 4H 4D 4C 3D", "2S 2H 2D AS AH", True),  # quads + 1 beat the full house 2-2-2-A-A
        ("2S 2H 2D AS AH", "4S 4H 4D 4C 3D", False),
        ("4S 4H 4D 4C 3D", "2S", False),  # quads cannot be played over a single 2
        ("KS KC", "KH KD", None),  # ♠K♣K beats ♥K♦K: the pair with the highest suit wins
        ("KH KD", "KS KC", None),
    ],
)
def test_seed_examples(rules: Rules, play: str, table: str, expected: bool | None) -> None:
    if expected is None:  # suits decide: the ruleset's order (♠ highest but in Pusoy Dos, ♦)
        order: list[str] = list(rules.ruleset.suit_order)
        top = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
        expected = max(order.index(top[c[-1]]) for c in play.split()) > max(
            order.index(top[c[-1]]) for c in table.split()
        )
    assert beats(parse_play(play, rules), parse_play(table, rules), rules) is expected


def test_two_to_six_is_the_strongest_straight(rules: Rules) -> None:
    top = parse_play("2S 3C 4C 5C 6H", rules)
    assert top.strength[1] == len(rules.ruleset.straights) - 1
    assert rules.ruleset.straights[-2:] == ["A-2-3-4-5", "2-3-4-5-6"]
    assert rules.ruleset.straights[-3] == "10-J-Q-K-A"


def test_quads_over_a_single_gives_the_reason(maceplay: Rules) -> None:
    reason = why_not(parse_play("4S 4H 4D 4C 3D", maceplay), parse_play("2S", maceplay), maceplay)
    assert reason == "four 4s + 1 cannot be played over single 2S: follow with 1 card"


@pytest.mark.parametrize(
    ("cards", "run"),
    [
        ("JS QD KH AC 2S", "J-Q-K-A-2"),
        ("QS KD AH 2C 3S", "Q-K-A-2-3"),
        ("KS AD 2H 3C 4S", "K-A-2-3-4"),
    ],
)
def test_wraps_are_not_straights(rules: Rules, cards: str, run: str) -> None:
    with pytest.raises(BigTwoError) as err:
        parse_play(cards, rules)
    assert err.value.message == f"{run} is not a straight in this ruleset"


def test_a_suited_wrap_is_still_a_flush(maceplay: Rules) -> None:
    assert parse_play("JS QS KS AS 2S", maceplay).kind == "flush"


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        (
            "3C 3D 3H 3S",
            "3C 3D 3H 3S: four cards are not a play (four of a kind needs a fifth card here)",
        ),
        ("3C 3D 4H 4S 9C", "3C 3D 4H 4S 9C is two pairs and a card, not a play"),
        ("3C 4D", "3C 4D is not a pair: the ranks differ"),
        ("3C 3D 4S", "3C 3D 4S is not a triple: the ranks differ"),
        ("3C 4D 5S 6H 7C 8D", "6 cards are not a play: a play has 1, 2, 3 or 5 cards"),
    ],
)
def test_other_card_sets_are_refused_with_a_reason(
    maceplay: Rules, cards: str, message: str
) -> None:
    with pytest.raises(BigTwoError) as err:
        parse_play(cards, maceplay)
    assert err.value.message == message


def test_example_3_scoring(maceplay: Rules) -> None:
    result = settle(maceplay, {"Win": 0, "A": 1, "B": 10, "C": 13})
    assert result.scores == {"Win": 0, "A": 1, "B": 20, "C": 39}
    assert result.totals == {"Win": 60, "A": -1, "B": -20, "C": -39}


@pytest.mark.parametrize(("left", "points"), [(1, 1), (9, 9), (10, 20), (12, 24), (13, 39)])
def test_maceplay_penalty_table(maceplay: Rules, left: int, points: int) -> None:
    assert settle(maceplay, {"W": 0, "L": left, "M": 1, "N": 1}).scores["L"] == points


def test_no_penalty_for_twos_left_at_maceplay(maceplay: Rules) -> None:
    held = {"L": parse_cards("2S 2H 2D 2C 3C 4C 5C 6C 7C")}
    assert settle(maceplay, {"W": 0, "L": 9, "M": 1, "N": 1}, held).scores["L"] == 9


def test_taiwan_funmily_place_room_example() -> None:
    """big2.funmily.com's tutorial, Place room: 0, 1, 8 and 12 cards left, every pair settling
    the difference (at a stake of 10: +530, +490, -110, -910)."""
    taiwan = load_rules("taiwan-big-two")
    result = settle(taiwan, {"甲": 0, "乙": 1, "丙": 8, "丁": 12})
    assert result.scores == {"甲": 0, "乙": 1, "丙": 16, "丁": 36}
    assert result.totals == {"甲": 53, "乙": 49, "丙": -11, "丁": -91}


def test_taiwan_stepped_penalty_example() -> None:
    taiwan = load_rules("taiwan-big-two")
    result = settle(taiwan, {"A": 5, "B": 8, "C": 0, "D": 12})
    assert result.scores == {"A": 5, "B": 16, "C": 0, "D": 36}
    assert result.totals == {"A": 37, "B": -7, "C": 57, "D": -87}


@pytest.mark.parametrize(
    ("left", "holding", "points"),
    [
        (7, "2S", 7),  # fewer than 8 left: no doubling
        (8, "2S", 32),  # 2n = 16, doubled again
        (8, "2H", 16),
        (13, "2S", 104),  # 4n = 52, doubled
    ],
)
def test_taiwan_spade_two_doubles_with_eight_or_more(left: int, holding: str, points: int) -> None:
    taiwan = load_rules("taiwan-big-two")
    assert (
        settle(taiwan, {"W": 0, "L": left, "M": 1, "N": 1}, {"L": parse_cards(holding)}).scores["L"]
        == points
    )


@pytest.mark.parametrize(
    ("ruleset_id", "lowest", "lead"),
    [
        ("maceplay-big-two", "3C", "3C"),
        ("hong-kong-big-two", "3D", "3D"),
        ("taiwan-big-two", "3C", "3C"),
    ],
)
def test_lowest_card_and_lead_card(ruleset_id: str, lowest: str, lead: str) -> None:
    rules = load_rules(ruleset_id)
    deck = parse_cards("3C 3D 3H 3S 2C 2D 2H 2S")
    assert str(min(deck, key=rules.power)) == lowest
    assert str(max(deck, key=rules.power)) == "2S"
    assert str(rules.lead_card) == lead


def test_timers_are_data(maceplay: Rules) -> None:
    timeout = maceplay.ruleset.timeout
    assert (timeout.lead_seconds, timeout.follow_seconds) == (20, 15)
    assert (timeout.on_lead, timeout.on_follow) == ("lowest-single", "pass")

"""Shanghai, Macau and Malayan (RULES.md 3.2, 3.3, 3.5): payouts worked by hand."""

from __future__ import annotations

import pytest

from housegame.errors import TableError
from tests.thirteen.conftest import lanes, plain_opponent, run

# ---- Shanghai ---------------------------------------------------------------------------

MAX_HAND = lanes("M", "AS AH AD", "5C 6C 7C 8C 9C", "9H 10H JH QH KH")


def test_shanghai_maximum_normal_hand_is_18() -> None:
    weak = lanes("W", "2D 3S 4D", "6D 7S 8D 10S JS", "QS QD 3C 4C 2S")
    result = run("shanghai", [MAX_HAND, weak])
    assert result.totals["M"] == 3 + 10 + 5
    assert result.pairs[0].scooped_by == "M"  # a scoop, but Shanghai pays nothing for it


def test_shanghai_equal_ranks_compare_the_suit_of_the_highest_card() -> None:
    a = lanes("A", "2C 3C 4D", "AS KD 9D 7C 4H", "QS QH QD QC 5S")
    b = lanes("B", "2D 3D 4C", "AH KC 9C 7D 4S", "JS JH JD JC 5H")
    result = run("shanghai", [a, b])
    labels = [i.label for i in result.pairs[0].items]
    assert labels == ["front to B", "middle to A", "back to A"]  # 4D beats 4C; AS beats AH


def test_shanghai_suit_beats_the_banker_but_a_banker_may_still_win() -> None:
    bank = lanes("Bank", "2C 3C 4D", "AS KD 9D 7C 4H", "QS QH QD QC 5S")
    player = lanes("P", "2D 3D 4C", "AH KC 9C 7D 4S", "JS JH JD JC 5H")
    result = run("shanghai", [bank, player], banker="Bank")
    assert result.totals["P"] == 1 - 1 - 4


def test_shanghai_foul_pays_every_lane_at_the_opponents_value() -> None:
    foul = lanes("X", "2D 2H 2S", "3D 4D 6H 8S 10S", "JS JD 3S 4S 6S")
    result = run("shanghai", [foul, MAX_HAND])
    assert result.totals["X"] == -18


@pytest.mark.parametrize(
    ("cards", "special", "points"),
    [
        ("8S 8H 9S 9H 10S 10H JS JH QS QH KS KH AS", "all-big", 8),  # all >= 8 (and six pairs 6)
        ("7S 8H 9S 9H 10S 10H JS JH QS QH KS KH AS", "all-big", 7),
        ("JS JH JD QS QH QD KS KH KD AS AH AD JC", "all-big", 11),
        ("2S 2H 2D 3S 3H 3D 4S 4H 5S 5H 6S 6H 6D", "all-small", 8),  # all <= 6
        ("2S 2H 2D 2C 3S 3H 3D 3C 4S 4H 4D 5S 5H", "all-small", 9),
        ("AS AC KS KC QS QC JS JC 10S 10C 9S 9C 2H", "one-red", 13),
        ("2S 2H 3C 4D 5S 6H 7C 8D 9S 10H JC QD AS", "lone-pair", 3),
        ("2S 2H 3C 4D 5S 6H 7C 8D 9S 10H 10C 9D AS", "half-small", 3),
        ("2S 5S 9S 3S 6S 2H 5H 9H 3H 6H 10D QD KD", "three-flushes", 3),  # exactly 5-5-3
        ("AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S", "green-dragon", 100),
    ],
)
def test_shanghai_specials(cards: str, special: str, points: int) -> None:
    result = run("shanghai", [{"name": "D", "cards": cards}, plain_opponent("shanghai", cards)])
    assert result.seats[0].declared is not None
    assert (result.seats[0].declared.hand.id, result.totals["D"]) == (special, points)


def test_shanghai_banker_pays_a_declaring_player_even_when_the_bankers_special_is_higher() -> None:
    bank = "AS AC KS KC QS QC JS JC 10S 10C 9S 9C 2H"  # 一点红 13
    player = "2S 2D 3H 3D 4H 4D 5H 5D 6H 6D 6C 2C 3C"  # 全小 <= 6: 8
    result = run(
        "shanghai", [{"name": "Bank", "cards": bank}, {"name": "P", "cards": player}], banker="Bank"
    )
    assert result.totals["P"] == 8


def test_shanghai_two_declaring_players_without_banker_higher_wins() -> None:
    a = "AS AC KS KC QS QC JS JC 10S 10C 9S 9C 2H"
    b = "2S 2D 3H 3D 4H 4D 5H 5D 6H 6D 6C 2C 3C"
    assert run("shanghai", [{"name": "A", "cards": a}, {"name": "B", "cards": b}]).totals["A"] == 13


# ---- Macau ------------------------------------------------------------------------------


def test_macau_wheel_is_the_second_highest_straight() -> None:
    bank = lanes("Bank", "2C 3D 7H", "9H 10S JS QD KC", "4S 4H 4D 8C 8D")
    player = lanes("P", "2D 3C 8H", "AS 2H 3S 4C 5S", "6C 6D 6H 9C 9D")
    result = run("macau", [bank, player], banker="Bank")
    assert [i.label for i in result.pairs[0].items][:2] == ["front to P", "middle to P"]


def test_macau_ties_go_to_the_banker() -> None:
    bank = lanes("Bank", "AS KS 2C", "QS QH 7C 5D 3H", "9S 9H 9D 4C 4D")
    player = lanes("P", "AH KH 2D", "JS JH 7D 5C 3C", "10S 10H 10D 6C 6D")
    result = run("macau", [bank, player], banker="Bank")
    # front tie -> banker 1; middle banker 1; back: player full house 1 (back full house is 1)
    assert result.totals["Bank"] == 1 + 1 - 1


def test_macau_foul_loses_at_the_bankers_values() -> None:
    bank = lanes("Bank", "5S 5H 5D", "KS KH KD 9C 3C", "QS QH QD 2S 2H")
    foul = lanes("X", "AS AH AD", "2C 3D 4H 6S 8C", "JC JD 10C 9D 7S")
    assert run("macau", [bank, foul], banker="Bank").totals["X"] == -(3 + 1 + 1)


def test_macau_fixed_combination_wins_3_and_two_fixed_push() -> None:
    dragon = "AS 2H 3D 4C 5S 6H 7D 8C 9S 10H JD QC KS"
    pairs = "AH AD KH KD QH QD JH JC 10S 10C 9H 9D 2C"
    bank = plain_opponent("macau", dragon, pairs, name="Bank")
    result = run("macau", [bank, {"name": "D", "cards": dragon}], banker="Bank")
    assert result.totals["D"] == 3
    both = run(
        "macau", [{"name": "Bank", "cards": pairs}, {"name": "D", "cards": dragon}], banker="Bank"
    )
    assert both.totals["D"] == 0


def test_macau_needs_a_banker() -> None:
    with pytest.raises(TableError, match="no banker is named"):
        run("macau", [MAX_HAND, lanes("W", "2D 3S 4D", "6D 7S 8D 10S JS", "QS QD 3C 4C 2S")])


def test_banker_must_sit_at_the_table() -> None:
    with pytest.raises(TableError, match="banker 'Nobody' is not at the table"):
        run("macau", [MAX_HAND], banker="Nobody")


def test_all_pairs_ruleset_refuses_a_banker() -> None:
    with pytest.raises(TableError, match="has no banker"):
        run("maceplay", [MAX_HAND], banker="M")


# ---- Malayan ----------------------------------------------------------------------------


def test_malayan_extras_are_paid_win_or_lose() -> None:
    bank = lanes("Bank", "AS AH AD", "KS KH KD 2C 2D", "3S 3H 3D 3C 9C")
    player = lanes("P", "QS QH QD", "4S 5S 6S 7S 8S", "10C JC QC KC AC")
    result = run("malayan", [bank, player], banker="Bank")
    # lanes: bank front, player middle and back = player +1
    # extras: player 2 + 8 + 6 = 16; bank 2 + 2 + 4 = 8
    assert result.totals["P"] == 1 + 16 - 8


def test_malayan_specials_settle_the_difference() -> None:
    bank = "AS AH KS KH QS QH JS JH 10S 10H 9S 9H 6C"  # six and a half pairs: 4
    player = "2S 2H 2D 2C 3S 3H 3D 3C 4S 4H 4D 4C 5S"  # three fours of a kind: 16
    result = run(
        "malayan", [{"name": "Bank", "cards": bank}, {"name": "P", "cards": player}], banker="Bank"
    )
    assert result.totals["P"] == 16 - 4

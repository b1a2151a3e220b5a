"""pagat.com's Chinese Poker and its variations (RULES.md 3.6), payouts worked by hand."""

from __future__ import annotations

import pytest

from housegame.errors import TableError
from tests.thirteen.conftest import lanes, plain_opponent, run

A = lanes("A", "6S 6H 6D", "4S 4H 4D 9S 9H", "KS KH KD 8S 8H")
B = lanes("B", "QS QH 7C", "JS JH JD 2S 2H", "5S 5H 5D 5C AS")
FOUL = lanes("X", "AS AH AD", "2C 3D 4H 6S 8C", "JC JD 10C 9D 7S")
CLEAN = lanes("C", "5S 5H 5D", "KS KH KD 9C 3C", "QS QH QD 2S 2H")


def test_worked_example_a_pays_b_3() -> None:
    result = run("pagat", [A, B])
    assert [i.units for i in result.pairs[0].items] == [3, -2, -4]
    assert result.totals == {"A": -3, "B": 3}


def test_foul_loses_every_lane_at_the_opponents_values() -> None:
    # C wins front with trips (3), middle (1), back (1); no sweep bonus in the base game
    assert run("pagat", [FOUL, CLEAN]).totals["X"] == -5


def test_sweep_bonus_3_also_applies_to_a_foul() -> None:
    assert run("pagat-sweep-3", [FOUL, CLEAN]).totals["X"] == -5 - 3


def test_sweep_bonus_1() -> None:
    assert run("pagat-sweep-1", [FOUL, CLEAN]).totals["C"] == 5 + 1


def test_overall_point_goes_to_the_net_winner() -> None:
    assert run("pagat-overall-point", [A, B]).totals["A"] == -3 - 1


def test_extras_counted_for_losing() -> None:
    # lanes: A +1 front, -1 middle, -1 back; extras win or lose: A front trips +2, A middle full
    # house +1, B middle full house -1, B back quads -3; net -2, then the overall point to B
    result = run("pagat-extras-for-losing", [A, B])
    assert result.totals["A"] == -3


@pytest.mark.parametrize(
    ("ruleset", "units"), [("pagat-surrender", 1), ("pagat-surrender-overall-point", 2)]
)
# with the overall point, the 1 unit of "losing two of three" plus the overall point makes 2
def test_surrender_pays_each_other_player(ruleset: str, units: int) -> None:
    result = run(
        ruleset,
        [
            {**A, "surrender": True},
            B,
            CLEAN | {"name": "C", **lanes("C", "3S 3H 7D", "KC 9C 8C 6C 2C", "10S 10H 10D 7H 4C")},
        ],
    )
    assert result.totals["A"] == -2 * units


def test_surrender_is_refused_where_the_ruleset_has_none() -> None:
    with pytest.raises(TableError, match="has no surrender"):
        run("pagat", [{**A, "surrender": True}, B])


def test_against_the_house_ties_go_to_the_bank() -> None:
    bank = lanes("Bank", "AS KS 2C", "QS QH 7C 5D 3H", "9S 9H 9D 4C 4D")
    player = lanes("P", "AH KH 2D", "JS JH 7D 5C 3C", "8S 8H 8D 6C 6D")
    result = run("pagat-house", [bank, player], banker="Bank")
    assert [i.label for i in result.pairs[0].items] == [
        "front to Bank",
        "middle to Bank",
        "back to Bank",
    ]
    assert result.totals["Bank"] == 3


def test_banker_game_without_banker_is_an_error() -> None:
    with pytest.raises(TableError, match="banker game and no banker is named"):
        run("pagat-house", [A, B])


def test_pool_best_lanes_collect_and_a_sweep_takes_3_more() -> None:
    strong = lanes("S", "AS AH AD", "KS KH KD KC 2C", "QS JS 10S 9S 8S")
    w = lanes("W", "2D 3D 5H", "4C 4D 6C 7D 9C", "8C 8D 8H JC JD")
    x = lanes("X", "3C 4H 6D", "5C 5D 7C 10C QC", "9D 9H 10D 10H 2H")
    y = lanes("Y", "2S 3S 6S", "4S 5S 7H 7S JH", "QD QH 6H AC 3H")
    result = run("pagat-pool", [strong, w, x, y])
    assert result.pairs == []
    assert result.totals == {"S": -3 + 12 + 9, "W": -6, "X": -6, "Y": -6}


def test_pool_tied_lane_splits_its_share() -> None:
    a = lanes("A", "AS KS 2C", "QS QH 7C 5D 3H", "9S 9H 9D 4C 4D")
    b = lanes("B", "AH KH 2D", "JS JH 7D 5C 3C", "8S 8H 8D 6C 6D")
    result = run("pagat-pool", [a, b])
    # pool of 6, a third (2) a lane: front split 1/1, middle and back to A
    assert result.totals == {"A": -3 + 1 + 2 + 2, "B": -3 + 1}


SIX_PAIRS_HIGH = "AS AH KS KH QS QH JS JH 10S 10H 9S 9H 2C"
SIX_PAIRS_LOW = "AD AC KD KC QD QC JD JC 10D 10C 8D 8C 3C"
THREE_STRAIGHTS = "AD 2C 3H 4S 5D 6C 7D 8H 8S 9D 10S JC QH"
SIX_PAIRS_QUADS = "KS KH KD KC 2S 2H 3S 3D 4C 4D 5S 5H 6S"


def test_equal_special_kinds_compare_pairs_high_to_low() -> None:
    result = run(
        "pagat", [{"name": "H", "cards": SIX_PAIRS_HIGH}, {"name": "L", "cards": SIX_PAIRS_LOW}]
    )
    assert result.totals == {"H": 3, "L": -3}


def test_specials_rank_by_list_order_in_pagat_but_by_points_in_maceplay() -> None:
    players = [{"name": "S", "cards": THREE_STRAIGHTS}, {"name": "P", "cards": SIX_PAIRS_QUADS}]
    assert run("pagat", players).totals["S"] == 3
    assert run("maceplay", players).totals["S"] == 0


def test_a_special_holder_may_set_instead_in_pagat() -> None:
    opponent = plain_opponent("pagat", SIX_PAIRS_HIGH)
    setting = lanes("H", "2C 9S 9H", "10S 10H JS JH QS", "AS AH KS KH QH", declare="none")
    result = run("pagat", [setting, opponent])
    assert result.seats[0].declared is None


def test_complete_straight_beats_three_flushes_for_13() -> None:
    dragon = "AS 2H 3D 4C 5S 6H 7D 8C 9S 10S JD QC KS"
    flushes = "2D 5D 9D 3C 6C 10C JC KC 3H 7H 10H QH AH"
    result = run("pagat", [{"name": "D", "cards": dragon}, {"name": "F", "cards": flushes}])
    assert result.totals["D"] == 13


def test_higher_front_trips_take_the_bonus_from_lower_trips() -> None:
    a = lanes("A", "6S 6H 6D", "4S 4H 4D 9S 9H", "KS KH KD 8S 8H")
    b = lanes("B", "QS QH QD", "JS JH JD 2S 2H", "5S 5H 5D 5C AS")
    assert run("pagat", [a, b]).pairs[0].items[0].units == -3

"""MacePlay 十三張 (seed 000, RULES.md 3.1): every worked example, plus hand-worked cases."""

from __future__ import annotations

import pytest

from housegame.errors import FoulError
from tests.thirteen.conftest import lanes, plain_opponent, run

YOU = lanes("You", "QS QH QD", "5S 5H 5D KS KH", "9S 9H 9D 9C 2S")
OPPONENT = lanes("Opponent", "AC KD 7C", "JC JD 8S 6C 4D", "AH 10H 6H 3H 2H")
WEST = lanes("West", "2C 3C 4C", "6D 7D 8D 10C 2D", "AD AS 3D 3S 4S")
NORTH = lanes("North", "5C 6S 7S", "10D 10S KC QC 7H", "8C 8H JH JS 4H")


def test_example_1_bonus_lanes_and_scoop_make_18() -> None:
    result = run("maceplay", [YOU, OPPONENT])
    (pair,) = result.pairs
    assert [i.units for i in pair.items if i.kind == "lane"] == [3, 2, 4]
    assert pair.scooped_by == "You"
    assert result.totals == {"You": 18, "Opponent": -18}


def test_example_1_home_run_makes_36_from_each() -> None:
    result = run("maceplay", [YOU, OPPONENT, WEST, NORTH])
    you_pairs = [p for p in result.pairs if "You" in (p.first, p.second)]
    assert [p.net for p in you_pairs] == [36, 36, 36]
    assert result.totals["You"] == 108


def test_home_run_needs_four_players() -> None:
    result = run("maceplay", [YOU, OPPONENT, WEST])
    assert result.totals["You"] == 36  # two scoops of 18, no home run at three seats


def test_example_2_mixed_result_is_minus_1() -> None:
    you = lanes("You", "KS KH 8C", "AS AH 5S 5H 2C", "7C 8D 9S 10C JD")
    opp = lanes("Opp", "AD JC 4C", "3S 3H 3D KC 7H", "QH 10H 9H 6H 2H")
    assert run("maceplay", [you, opp]).totals == {"You": -1, "Opp": 1}


def test_example_3_front_pair_with_ace_over_middle_pair_is_refused() -> None:
    foul = lanes("You", "KS KH AD", "KD KC QH JS 10S", "2C 2D 2H 2S 3C")
    other = lanes("Opp", "4C 5D 7H", "8C 9D JH QS 3S", "4D 4H 6C 6D 9C")
    with pytest.raises(FoulError, match="front pair K K A beats middle pair K K Q J 10"):
        run("maceplay", [foul, other])


def test_example_3_swapping_ace_and_queen_is_legal() -> None:
    legal = lanes("You", "KS KH QH", "KD KC AD JS 10S", "2C 2D 2H 2S 3C")
    other = lanes("Opp", "4C 5D 7H", "8C 9D JH QS 3S", "4D 4H 6C 6D 9C")
    # front KKQ beats 754 (1), middle KK beats high card (1), back quads 2s beat two pair (4); x2
    assert run("maceplay", [legal, other]).totals["You"] == 12


def test_a_tied_lane_breaks_the_scoop() -> None:
    a = lanes("A", "AS KS 2C", "QS QH 7C 5D 3H", "9S 9H 9D 4C 4D")
    b = lanes("B", "AH KH 2D", "JS JH 7D 5C 3C", "8S 8H 8D 6C 6D")
    result = run("maceplay", [a, b])
    assert result.pairs[0].scooped_by is None
    assert result.totals["A"] == 2


@pytest.mark.parametrize(
    ("cards", "special", "points"),
    [
        ("AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S", "supreme-dragon", 26),
        ("AS KH QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S", "dragon", 13),
        ("AS AH KS KH QS QH JS JH 10S 10H 9S 9H 2C", "six-pairs", 3),
        ("AS AH AD AC QS QH JS JH 10S 10H 9S 9H 2C", "six-pairs", 3),  # quads = two pairs
        ("2H 5H 9H 3C 6C 8C JC KC 3S 7S 10S QS AS", "three-flushes", 3),
        ("AD 2C 3H 4S 5D 6C 7D 8H 8S 9D 10S JC QH", "three-straights", 3),
    ],
)
def test_declared_special_wins_its_points_without_scoop(
    cards: str, special: str, points: int
) -> None:
    other = plain_opponent("maceplay", cards)
    result = run("maceplay", [{"name": "Dec", "cards": cards}, other])
    assert result.seats[0].declared is not None
    assert result.seats[0].declared.hand.id == special
    assert result.totals["Dec"] == points
    assert result.pairs[0].scooped_by is None

"""福建十三水 (``rulesets/fujian.yaml``), worked by hand from its sources: the 福建兄弟十三水
app's 十三水算分 (1 a lane, 冲三 3, 中墩葫芦 2, 铁支 8 / 4, 同花顺 10 / 5, 打枪 x2, 全垒打 x2
again), and the 13 特殊牌型 of tergar-taiwan.tw and the CSDN article, each won from every other
player, the highest special beating the others and equal ones tying."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from housegame.cards import parse_cards
from housegame.rulesets.loader import load_ruleset
from housegame.rulesets.thirteen import ThirteenCardRuleset
from housegame.tables import TableFile
from housegame.thirteen import score_thirteen
from housegame.thirteen.specials import holding
from tests.thirteen.conftest import lanes


def fujian() -> ThirteenCardRuleset:
    ruleset = load_ruleset("fujian")
    assert isinstance(ruleset, ThirteenCardRuleset)
    return ruleset


def totals(players: list[dict[str, Any]]) -> dict[str, Fraction]:
    return score_thirteen(fujian(), TableFile.model_validate({"players": players})).totals


X = lanes("X", "7H 7D 7C", "5S 5H 5D 5C 3S", "9S 9H 9D 9C 2D")
"""冲三 in front (3), 铁支 in the middle (8), 铁支 in the back (4)."""
Y = lanes("Y", "AH AD 4C", "KH KD 8S 8H 6C", "2H 4H 6H 10H QH")
Z = lanes("Z", "KS QC 2S", "3D 3C 4D JS 10S", "6D 6S 8D 8C AS")


def test_lane_values_replace_the_one_of_a_lane_won() -> None:
    """X wins the front with 冲三 (+3) and the middle with 铁支 (+8); Y's back royal flush beats
    X's quads (+5 to Y, a back 同花顺): X +6."""
    royal = lanes("Y", "AH AD 4C", "KH KD 8S 8H 6C", "10C JC QC KC AC")
    assert totals([X, royal]) == {"X": 6, "Y": -6}


def test_a_shot_doubles_the_pair() -> None:
    """打枪: X wins all three lanes, (3 + 8 + 4) x2 = 30; two players make no 全垒打."""
    assert totals([X, Y]) == {"X": 30, "Y": -30}


def test_a_home_run_doubles_each_shot_pair_again() -> None:
    """全垒打 at three players: X shoots Y and Z, 30 each, x2 again = 60 each. Y shoots Z at 1 a
    lane (AA over K-high, two pair over a pair, a flush over two pair): 3 x2 = 6."""
    assert totals([X, Y, Z]) == {"X": 120, "Y": -60 + 6, "Z": -60 - 6}


def test_a_foul_is_shot_by_a_clean_hand() -> None:
    """相公 (front pair of aces over a middle pair of kings) loses every lane at the clean
    hand's values: X's 3 + 8 + 4, doubled as 打枪."""
    fouled = lanes("Y", "AH AD 4C", "KH KD 8S 6H 6C", "2H 4H 8H 10H QH")
    assert totals([X, fouled]) == {"X": 30, "Y": -30}


SUPREME = {"name": "S", "cards": "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS", "declare": "auto"}
NO_SPADES_U = lanes("U", "2C 3C 5D", "7C 7D 9C 9D JC", "10D JD QD KC AC")


def test_a_special_wins_its_points_from_every_set_hand() -> None:
    """至尊清龙 wins 108 from each (no 打枪 or 全垒打 on top); the set hands compare as usual:
    Y shoots U at 1 a lane (AA over 5-high, KK88 over 9977, a flush over a straight), 6."""
    no_spades_y = lanes("Y", "AH AD 4C", "KH KD 8D 8H 6C", "2H 4H 6H 10H QH")
    assert totals([SUPREME, no_spades_y, NO_SPADES_U]) == {
        "S": 216,
        "Y": -108 + 6,
        "U": -108 - 6,
    }


def test_two_dragons_tie_and_each_wins_from_the_set_hand() -> None:
    """Two dragons: "若巧遇别家也有一条龙时, 则以和局论, 不输不赢"; each wins 36 from Z, nothing
    between them."""
    first = {"name": "D1", "cards": "AS 2H 3D 4C 5S 6H 7D 8C 9S 10H JD QC KS", "declare": "auto"}
    second = {"name": "D2", "cards": "AH 2D 3C 4S 5H 6D 7C 8S 9H 10D JC QS KH", "declare": "auto"}
    z = lanes("Z", "2S 2C 3S", "4D 4H 5D 5C 6S", "7S 7H 8D 8H 9D")
    assert totals([first, second, z]) == {"D1": 36, "D2": 36, "Z": -72}


def test_three_flushes_beat_three_straights() -> None:
    """Both pay 3; "三同花大于三顺子", so the three flushes win their 3."""
    flushes = {"name": "F", "cards": "2H 5H 9H 2S 6S 8S JS KS 4D 7D 10D QD AD", "declare": "auto"}
    straights = {"name": "R", "cards": "QC KC AH 3C 4C 5C 6D 7H 8C 9C 10C JC QH", "declare": "auto"}
    held = {d.hand.id for d in holding(parse_cards(str(straights["cards"])), fujian())}
    assert held == {"three-straights"}
    assert totals([flushes, straights]) == {"F": 3, "R": -3}


def test_the_higher_of_two_specials_a_hand_holds_is_declared() -> None:
    """Five pairs and trips is also six pairs (trips count one pair): 五对三条 (5) is higher."""
    hand = {"name": "P", "cards": "2S 2C 9S 9C 5S 5C QS QC KS KC AS AC AD", "declare": "auto"}
    held = [d.hand.id for d in holding(parse_cards(str(hand["cards"])), fujian())]
    assert held == ["five-pairs-and-trips", "six-pairs"]
    other = lanes("Z", "3D 4H 6D", "7D 7H 8D 8H 10D", "JD JH JC 3H 3C")
    assert totals([hand, other]) == {"P": 5, "Z": -5}


@pytest.mark.parametrize(
    ("cards", "best"),
    [
        ("2H 3H 4H 5S 6S 7S 8S 9S 9D 10D JD QD KD", "three-straight-flushes"),
        ("JS JH JD JC QS QH QD QC KS KH KD AS AH", "twelve-royals"),
        ("2S 2H 2D 2C 5S 5H 5D 5C 9S 9H 9D 9C KD", "three-quads"),
        ("8S 8H 9D 10C JS QH KD AC AS 9S 10D JH QC", "all-big"),  # "都是8-A": 8s count
        ("2S 3H 4D 5C 6S 7H 8D 8C 2H 3D 4C 5S 6D", "all-small"),  # "都是2-8": 8s count
        ("AH KH QH 2H 3H 5H 9H AD KD 4D 6D 7D 8D", "one-colour"),  # hearts and diamonds
        ("2S 2H 2D 5S 5H 5D 9S 9H 9D KS KH KD 3C", "four-trips"),
        ("2S 2H 5D 5C 7S 7H 9D 9C JS JH KD KC AS", "six-pairs"),
    ],
)
def test_each_special_is_told_by_its_cards(cards: str, best: str) -> None:
    assert holding(parse_cards(cards), fujian())[0].hand.id == best


def test_the_specials_are_listed_highest_first_as_the_pages_list_them() -> None:
    """至尊清龙 > 一条龙 > 十二皇族 > 三同花顺 > 三套炸弹 > 全大 > 全小 > 凑一色 > 四套三条 >
    五对三条 > 六对半 > 三同花 > 三顺子, at 108, 36, 24, 22, 20, 15, 12, 10, 6, 5, 4, 3, 3."""
    hands = fujian().specials.hands
    assert [h.points for h in hands] == [108, 36, 24, 22, 20, 15, 12, 10, 6, 5, 4, 3, 3]
    places = [fujian().specials.place(h) for h in hands]
    assert places == sorted(places, reverse=True)

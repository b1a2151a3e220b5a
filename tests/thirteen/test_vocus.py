"""Taiwan 十三支 as vocus.cc's guide scores it (``rulesets/vocus.yaml``,
https://vocus.cc/article/68ac6acffd89780001dd026b). The stored copy of the page works no
example, so the hands below are built from its stated rules, each total worked by hand from
them: "逐墩+1/-1" (a lane won +1, lost -1), "全收額外 +3" (all three lanes won against one
opponent), the 特殊牌型加分 on top of a won lane (back 同花順 +5, 鐵支 +4, 葫蘆 +2; middle +8,
+6, +4; front 三條 +3, 高對 (AA) +1), and a foul (倒水) losing every lane to each opponent."""

from __future__ import annotations

from typing import Any

import pytest

from housegame.rulesets.loader import load_ruleset
from housegame.rulesets.thirteen import ThirteenCardRuleset
from tests.thirteen.conftest import lanes, run

# (A's front, middle, back), (B's front, middle, back), A's total against B, and how.
CASES: list[tuple[str, tuple[str, str, str], tuple[str, str, str], int]] = [
    (
        "two lanes won, one lost: +1",
        ("AS KD 2C", "9S 9C 4D 5H 7C", "JS JC JD 3S 5C"),
        ("QS TD 3D", "TH TC 6D 6H 2S", "8S 8C 8D 4S 2D"),
        2 - 1,
    ),
    (
        "全收: all three won: 3 + 3",
        ("AS KD 2C", "TS TC 6D 6H 2S", "JS JC JD 3S 5C"),
        ("QS TD 3D", "9S 9C 4D 5H 7C", "AH AD 8D 4S 4C"),
        3 + 3,
    ),
    (
        "a tied lane is no 全收: 2",
        ("AS KD 2C", "TS TC 6D 6H 2S", "JS JC JD 3S 5C"),
        ("AH KC 2D", "9S 9C 4D 5H 7C", "AC AD 8D 4S 4C"),
        2,
    ),
    (
        "back 同花順 +5 on its won lane: (1 + 5) - 2",
        ("2C 3D 5H", "6C 6D 8H 9S JC", "9H TH JH QH KH"),
        ("AS KD QC", "7S 7D 2S 3S 4C", "AH AD AC 5C 5D"),
        1 + 5 - 2,
    ),
    (
        "back 鐵支 +4: (1 + 4) - 2",
        ("2C 3D 5H", "6C 6D 8H 9S JC", "KS KC KD KH 4D"),
        ("AS JD QC", "7S 7D 2S 3S 4C", "AH AD AC 5C 5D"),
        1 + 4 - 2,
    ),
    (
        "back 葫蘆 +2: (1 + 2) - 2",
        ("2C 3D 5H", "6C 6D 8H 9S JC", "TC TD TS 4D 4S"),
        ("AS KD QC", "7S 7D 2S 3S 4C", "AH AD 9D 7C 2D"),
        1 + 2 - 2,
    ),
    (
        "middle 同花順 +8; the opponent's royal flush takes the back with its +5",
        ("2C 3D 5H", "4S 5S 6S 7S 8S", "9H TH JH QH KH"),
        ("AS KD JD", "7D 7C 7H 2D 2H", "TC JC QC KC AC"),
        (1 + 8) - 1 - (1 + 5),
    ),
    (
        "middle 鐵支 +6, the front won, the back lost to a straight flush",
        ("AD QC 3S", "9S 9C 9D 9H 4C", "KS KC KD KH 4D"),
        ("QS JD TC", "7S 7D 7C 2S 2D", "3H 4H 5H 6H 7H"),
        1 + (1 + 6) - (1 + 5),
    ),
    (
        "middle 葫蘆 +4; the opponent's middle flush pays nothing",
        ("2C 3D 6H", "9S 9C 9D 4C 4D", "KS KC KD 6C 6D"),
        ("KH QD JC", "2S 5S 7S JS AS", "8H 9H TH JH QH"),
        (1 + 4) - 1 - (1 + 5),
    ),
    (
        "front 三條 +3 on a won front, both other lanes lost",
        ("QS QC QD", "KS KC KD 2C 3D", "AS AC AD 4C 5D"),
        ("JS JC 2S", "6D 7C 8S 9H TC", "2H 4H 6H 8H TH"),
        (1 + 3) - 2,
    ),
    (
        "front AA +1, back 葫蘆 +2, the middle lost",
        ("AS AC 2D", "3S 3C 4D 4H 6C", "8S 8C 8D 2C 2H"),
        ("KS KD QC", "TS JD QD KC AD", "5H 6H 9H JH QH"),
        (1 + 1) + (1 + 2) - 1,
    ),
    (
        "a front pair of kings is no 高對 (AA): 1",
        ("KS KD 2D", "3S 3C 4D 4H 6C", "8S 8C 8D 2C 2H"),
        ("QS QD 3D", "TS JD QC KC AD", "5H 6H 9H JH QH"),
        1 + (1 + 2) - 1,
    ),
]


def player(name: str, hand: tuple[str, str, str]) -> dict[str, Any]:
    return lanes(name, *hand)


@pytest.mark.parametrize(("a", "b", "expected"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_pair_totals(a: tuple[str, str, str], b: tuple[str, str, str], expected: int) -> None:
    assert run("vocus", [player("A", a), player("B", b)]).totals == {"A": expected, "B": -expected}


C = lanes("C", "AS AD 4H", "KS QS JS 9S 2S", "TH TD TC 7H 7S")
D = lanes("D", "KC KD 3H", "QH JH 9H 8H 2H", "5S 5D 5C 6H 6D")
F = lanes("F", "AH AC 5H", "2C 3C 4D 6C 7C", "8S 8C 4S 3S 9C")  # front pair A A over the middle


def test_a_full_sweep_pays_every_bonus_and_the_3() -> None:
    """C wins every lane against D: 3, 全收 +3, 後墩葫蘆 +2 and 前墩高對 (AA) +1."""
    assert run("vocus", [C, D]).totals == {"C": 3 + 3 + 2 + 1, "D": -9}


def test_a_foul_loses_every_lane_to_each_opponent() -> None:
    """倒水: "本局 全輸 給每位對手". Each clean hand wins all three lanes (+3, 全收 +3) with its
    own lane bonuses (C +2 +1, D +2); F's own front pair of aces earns nothing; C and D still
    compare with each other (C +9)."""
    result = run("vocus", [C, D, F])
    assert result.totals == {"C": 9 + (6 + 3), "D": -9 + (6 + 2), "F": -9 - 8}


def test_the_page_names_no_special_hand_and_deals_one_deck() -> None:
    ruleset = load_ruleset("vocus", ThirteenCardRuleset)
    assert ruleset.specials.hands == []
    assert ruleset.deck.deck().size == 52
    assert (ruleset.table.seats.min, ruleset.table.seats.max) == (2, 4)
    assert ruleset.home_run is None

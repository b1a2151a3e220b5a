"""Mậu Binh (``rulesets/mau-binh.yaml``), worked by hand from its source's scoring code
(cuctot/chinese_poker, ``src/cardEngine.js`` and the "chuan" preset of ``src/ruleset.js``):
lane values by the winner's hand and rank, sập (scoop) x2, sập làng (home run) x2 again, a
foul lost as a scoop, two fouls compared lane by lane, instant wins (thắng trắng) that end the
round, a false declaration (báo ù sai), chi Á (aces held, outside the pairs), and three
straights without A-2-3 and A-2-3-4-5."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from housegame.cards import parse_cards
from housegame.errors import TableError
from housegame.rulesets.loader import load_ruleset
from housegame.rulesets.thirteen import CanSet, ThirteenCardRuleset
from housegame.tables import TableFile
from housegame.thirteen import score_thirteen
from housegame.thirteen.specials import holding
from tests.thirteen.conftest import lanes


def mau_binh() -> ThirteenCardRuleset:
    ruleset = load_ruleset("mau-binh")
    assert isinstance(ruleset, ThirteenCardRuleset)
    return ruleset


def totals(
    players: list[dict[str, Any]], ruleset: ThirteenCardRuleset | None = None
) -> dict[str, Fraction]:
    table = TableFile.model_validate({"players": players})
    return score_thirteen(ruleset or mau_binh(), table).totals


A = lanes("A", "AH AD AC", "9S 9H 9D 9C 2C", "10S JS QS KS AS")
"""Front AAA (12), middle quads (8), back 10-J-Q-K-A straight flush (10): 30 a lane sweep."""
B = lanes("B", "KH KD 2D", "QH QD 3D 3H 4D", "10H 10D 10C 5D 5H")
C = lanes("C", "JH JD 2H", "6C 6D 6H 7C 8C", "4S 5S 6S 7S 8S")
D = lanes("D", "QC JC 2S", "7H 7D 4H 4C 5C", "8H 8D 3S 3C KC")
FOULED_D = lanes("D", "8H 8D 2S", "3S 3C QC JC 5C", "7H 7D 4H 4C KC")
"""D's cards with the front (pair of 8s) above the middle (pair of 3s): binh lủng."""


def test_a_four_player_table() -> None:
    """A sweeps every lane against everyone: (12 + 8 + 10) x2 (sập) x2 (sập làng) = 120 from
    each. B-C: front KK over JJ +1 to B, middle trips over two pair +1 to C, back straight flush
    over a full house +5 to C: C +5. B-D: B sweeps at 1 a lane, x2: +6. C-D: C sweeps
    1 + 1 + 5, x2: +14. Chi Á: A holds four aces, 1 x (4 - 1) = +3; the others -1."""
    assert totals([A, B, C, D]) == {
        "A": 360 + 3,
        "B": -120 - 5 + 6 - 1,
        "C": -120 + 5 + 14 - 1,
        "D": -120 - 6 - 14 - 1,
    }


def test_a_foul_loses_every_lane_at_the_valid_hands_values_as_a_scoop() -> None:
    """binhLungPenalty (countAsSap): A's own lanes 30, x2; heads-up every scoop is a sập làng
    (x2 again). Chi Á, two players: A holds 4 aces against an average of 2: +2."""
    assert totals([A, FOULED_D]) == {"A": 120 + 2, "D": -122}


def test_two_fouled_hands_compare_their_lanes() -> None:
    """Neither hand is valid (aHopLe === bHopLe), so the lanes are compared as set: front AAA
    over 88 +12 to A, middle pair of 3s over K-high +1 to D, back quads over two pair +4 to A."""
    fouled_a = lanes("A", "AH AD AC", "10S JS QS KS 2C", "9S 9H 9D 9C AS")
    assert totals([fouled_a, FOULED_D]) == {"A": 12 - 1 + 4 + 2, "D": -(12 - 1 + 4 + 2)}


def test_a_wheel_straight_flush_in_the_middle_is_worth_14() -> None:
    """A-2-3-4-5 is the second-highest straight flush ("mạnh thứ nhì"), worth 14 in the middle
    (Hạ); the back's 10-J-Q-K-A is Thượng (10). X: 1 + 14 + 10, x2, x2; chi Á: 2 aces against
    an average of 1."""
    x = lanes("X", "2C 7D 9C", "AH 2H 3H 4H 5H", "10S JS QS KS AS")
    y = lanes("Y", "3C 4C 8D", "6H 7H 8H 9H JH", "KH KD KC QD QC")
    assert totals([x, y]) == {"X": 100 + 1, "Y": -101}


SIX_PAIRS = {
    "name": "P",
    "cards": "JH JD 6C 6D 7C 7S 8C 8S 4S 4H 5S 5C KC",
    "declare": "luc-phe-bon",
}


def test_an_instant_win_ends_the_round() -> None:
    """P declares Lục phế bôn (6): A and B do not compare (A would sweep B for 60) and chi Á
    (A's four aces) is not paid."""
    assert totals([A, B, SIX_PAIRS]) == {"A": -6, "B": -6, "P": 12}


def test_two_instant_wins_settle_the_difference() -> None:
    """Rồng cuốn (24) against Lục phế bôn (6): each collects its own points from the other."""
    hearts = {"name": "R", "cards": "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH", "declare": "auto"}
    pairs = {"name": "P", "cards": "2S 2C 3S 3C 4S 4C 5S 5C 6S 6C 7S 7C 9D", "declare": "auto"}
    assert totals([hearts, pairs]) == {"R": 18, "P": -18}


def test_a_false_declaration_pays_each_opponent_and_ends_the_round() -> None:
    """D calls Ba sảnh without holding it: 6 to each opponent (phatBaoUSai), nothing else."""
    false = {"name": "D", "cards": "QC JC 2S 7H 7D 4H 4C 5C 8H 8D 3S 3C KC", "declare": "ba-sanh"}
    assert totals([A, B, C, false]) == {"A": 6, "B": 6, "C": 6, "D": -18}


def test_a_false_declaration_is_refused_where_the_ruleset_has_no_penalty() -> None:
    false = {"name": "D", "cards": "QC JC 2S 7H 7D 4H 4C 5C 8H 8D 3S 3C KC", "declare": "ba-sanh"}
    pagat = load_ruleset("pagat")
    assert isinstance(pagat, ThirteenCardRuleset)
    ba_sanh = {"name": "D", **{k: v for k, v in false.items() if k != "name"}}
    ba_sanh["declare"] = "three-straights"
    with pytest.raises(TableError, match="do not make it"):
        totals([A, B, C, ba_sanh], pagat)


@pytest.mark.parametrize(
    ("cards", "ba_sanh"),
    [
        ("2C 3D 4H 5S 6C 7D 8H 9S 10C JD QH KS AC", True),  # 2-3-4 / 5-9 / 10-A
        ("AC 2D 3H 4S 5C 6D 7H 8S 9C 10D JH QS KC", True),  # Q-K-A / 2-6 / 7-J
        ("AC 2D 3H 3S 4C 5D 6H 7S 8C 9D 10H JS QC", False),  # needs A-2-3 or A-2-3-4-5
    ],
)
def test_three_straights_leave_out_the_ace_low_runs(cards: str, ba_sanh: bool) -> None:
    """Ba sảnh's front runs from 2-3-4 to Q-K-A, its middle and back from 2-3-4-5-6 to
    10-J-Q-K-A (coBaSanh); pagat's three straights take A-2-3 and A-2-3-4-5 too."""
    held = {d.hand.id for d in holding(parse_cards(cards), mau_binh())}
    assert ("ba-sanh" in held) is ba_sanh
    pagat = load_ruleset("pagat")
    assert isinstance(pagat, ThirteenCardRuleset)
    assert "three-straights" in {d.hand.id for d in holding(parse_cards(cards), pagat)}


def test_a_lane_value_with_a_rank_merges_apart_from_its_category(tmp_path: Path) -> None:
    """Extending mau-binh: a front AAA entry and the front trips entry are two entries, told
    apart by ``rank`` (an entry without one is the category's)."""
    path = tmp_path / "house.yaml"
    path.write_text(
        "id: house\nname: House\nsummary: s\nextends: mau-binh\nlane_values:\n  values:\n"
        "    - {lane: front, category: [trips], rank: A, units: 20}\n"
        "    - {lane: front, category: [trips], units: 2}\n",
        encoding="utf-8",
    )
    rules = load_ruleset(path)
    assert isinstance(rules, ThirteenCardRuleset)
    front = [(v.rank, v.units) for v in rules.lane_values.values if v.lane == "front"]
    assert front == [(None, 2), ("A", 20)]


@pytest.mark.parametrize("run", ["A-3-4", "2-3", "J-Q-K-A-2"])
def test_an_excluded_run_must_be_a_straight(run: str) -> None:
    with pytest.raises(ValidationError, match="not a straight"):
        CanSet.model_validate(
            {"front": "straight", "middle": "straight", "back": "straight", "exclude": [run]}
        )

"""thebluetiki.com's Chinese poker (``rulesets/bluetiki.yaml``) and its lowball-in-the-middle
option (``rulesets/bluetiki-lowball.yaml``), worked from the page
(https://thebluetiki.com/howtoplay13.html): "4-2 scoring" (a point a lane, and a bonus point
to the pair's net winner: three of three wins 3 + 1 = 4, two of three 2 - 1 + 1 = 2), and the
middle played for low ("23457 becomes the best", straights and flushes count against it,
"A2345 is the best ace-high hand and not a straight", "the bottom hand must be stronger than
the top hand. Any hand can be played in the middle")."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from housegame.cards import parse_cards
from housegame.errors import HousegameError
from housegame.ranking import Category, category_of, evaluate, is_low
from housegame.rulesets.loader import load_ruleset
from housegame.rulesets.thirteen import ThirteenCardRuleset
from housegame.setting import Setting
from tests.thirteen.conftest import lanes, run


def ruleset(ruleset_id: str) -> ThirteenCardRuleset:
    found = load_ruleset(ruleset_id)
    assert isinstance(found, ThirteenCardRuleset)
    return found


LOW = ruleset("bluetiki-lowball").ranking.rules()


def totals(ruleset_id: str, players: list[dict[str, Any]]) -> dict[str, Fraction]:
    return run(ruleset_id, players).totals


def low(text: str) -> int:
    return evaluate(parse_cards(text), LOW, low=True)


ANN = lanes("Ann", "KS KH 4D", "7C 5D 4S 3H 2C", "AS AH 9C 9S 9H")
BO = lanes("Bo", "QS QC 6D", "AC 5S 4H 3C 2D", "TS JS QH KC AD")
CY = lanes("Cy", "8S 8D 2S", "6H 5H 4C 3S 2H", "JH JD JC TC TD")


def test_four_two_scoring() -> None:
    """Three of three wins 4 (3 lanes + the bonus point), two of three wins 2 (2 - 1 + 1); a
    pair that splits its lanes with a tie (1-1-1) nets 0 and no bonus point."""
    ann = lanes("Ann", "KS KH 4D", "9C 9D 5S 5H 2C", "AS AH AD 7S 7H")
    bo = lanes("Bo", "QS QC 6D", "8S 8D 4H 4C 3D", "JS JH JC TC TD")
    assert totals("bluetiki", [ann, bo]) == {"Ann": 4, "Bo": -4}
    cy = lanes("Cy", "AC KC 3S", "TS TH 6C 6H 2D", "KS KD KH 8C 8H")  # loses the front only
    assert totals("bluetiki", [bo, cy]) == {"Bo": -2, "Cy": 2}
    tie = lanes("Di", "QH QD 6S", "9S 9H 5C 5D 3C", "KD 9D 7D 4D 2D")  # ties Bo's front
    assert totals("bluetiki", [bo, tie]) == {"Bo": 0, "Di": 0}


def test_the_best_low_is_seven_five() -> None:
    assert low("7C 5D 4S 3H 2C") > low("8C 5D 4S 3H 2C") > low("8C 6D 4S 3H 2C")
    assert low("KC QD JS 9H 8C") > low("AC 5D 4S 3H 2C")  # every king-high beats an ace-high
    assert low("AC 5D 4S 3H 2C") > low("AC 6D 4S 3H 2C") > low("AC KD QS JH 9C")
    assert low("AC KD QS JH 9C") > low("2C 2D 3S 4H 5C")  # a pair counts against it


def test_a_wheel_is_an_ace_high_hand_and_a_straight_or_flush_counts_against_it() -> None:
    assert category_of(low("AC 5D 4S 3H 2C")) is Category.HIGH_CARD
    assert category_of(low("6C 5D 4S 3H 2C")) is Category.STRAIGHT
    assert low("AS AD 3S 4H 5C") > low("6C 5D 4S 3H 2C")  # a pair beats a straight for low
    assert low("KS KD QC QH 2C") > low("7S 5S 4S 3S 2S")  # two pair beats a flush
    assert low("AS KS QS JS TH") > low("2S 3S 4S 5S 6S")  # a straight flush is the worst


@pytest.mark.parametrize("text", ["AC 2D 3S 4H 5C", "TC JD QS KH AC", "7S 5S 4S 3S 2S"])
def test_the_batch_evaluator_ranks_low_as_the_scalar_one(text: str) -> None:
    import numpy as np

    from housegame.ranking import evaluate_batch

    cards = np.array([sorted(c.index for c in parse_cards(text))])
    assert int(evaluate_batch(cards, LOW, low=True)[0]) == low(text)


def test_a_low_middle_wins_by_the_weaker_hand() -> None:
    """Ann's 7-5-4-3-2 beats Bo's A-5-4-3-2 (ace-high) and Cy's 6-high straight; Bo's ace-high
    beats Cy's straight. Ann: 4 from Bo, 2 from Cy (Cy's back wins); Bo: 2 from Cy. Played
    for high, Ann's setting fouls (her front pair over her middle), and is refused."""
    assert totals("bluetiki-lowball", [ANN, BO, CY]) == {"Ann": 6, "Bo": -2, "Cy": -4}
    with pytest.raises(HousegameError, match="front pair K K 4 beats middle") as raised:
        totals("bluetiki", [ANN, BO, CY])
    assert raised.value.hint == "bluetiki refuses foul settings: back >= middle >= front"


def setting(front: str, middle: str, back: str) -> Setting:
    return Setting.of(parse_cards(front), parse_cards(middle), parse_cards(back), LOW)


def test_any_hand_may_be_the_middle_but_the_back_must_beat_the_front() -> None:
    straight_middle = setting("KS KH 4D", "TC JD QS KC AH", "9C 9S 5H 5D 2C")
    assert is_low(straight_middle.keys[1]) and not straight_middle.fouled
    front_over_back = setting("AS AH AD", "7C 5D 4S 3H 2C", "KS KH QC QH 2D")
    assert front_over_back.fouled
    assert front_over_back.foul_reason() == ("front trips A A A beats back two-pair K K Q Q 2")
    assert front_over_back.foul_reason("zh").startswith("头道")


def test_a_foul_is_refused() -> None:
    fouled = lanes("Di", "QS QD QC", "7H 5H 4C 3D 2D", "JS JD TC TD 2H")
    with pytest.raises(HousegameError, match="front trips Q Q Q beats back") as raised:
        totals("bluetiki-lowball", [ANN, fouled])
    assert raised.value.hint == "bluetiki-lowball refuses foul settings: back >= front"


def test_the_breakdown_marks_the_low_lane() -> None:
    result = run("bluetiki-lowball", [ANN, BO])
    middle = result.pairs[0].lanes[1]
    assert middle.first == "high-card 7 5 4 3 2 (low)"
    assert middle.second == "high-card A 5 4 3 2 (low)"


def test_ofc_refuses_a_lane_ranked_low(tmp_path: Path) -> None:
    path = tmp_path / "low-ofc.yaml"
    path.write_text(
        "id: low-ofc\nextends: ofc-classic\nname: n\nsummary: s\n"
        "ranking: {low_lanes: {middle: deuce-to-seven}}\n",
        encoding="utf-8",
    )
    with pytest.raises(HousegameError, match="low_lanes: lanes ranked for low are a 13-card"):
        load_ruleset(path)

"""Taiwan 十三支 打枪/红不让 (RULES.md 3.4), payouts worked by hand."""

from __future__ import annotations

import pytest

from tests.thirteen.conftest import lanes, plain_opponent, run

P = lanes("P", "AS AH 3C", "KS KH KD 4C 5D", "2S 3S 7S 9S JS")
O1 = lanes("O1", "4D 5H 7D", "QH QC 6C 6D 2H", "8C 9C 10D JD QD")
O2 = lanes("O2", "2C 4H 6H", "8D 8H 9D 9H AD", "10C 10H 10S 2D 5C")
O3 = lanes("O3", "3D 4S 5S", "3H 7C 7H 8S QS", "JC JH 6S KC AC")

JIA = lanes("甲", "2S 2H 2D", "4S 4H 4D 7C 8C", "5S 5H 5D 9D 9H")
YI = lanes("乙", "3S 5C 7S", "9C 10D JD QC KC", "AH JH 8H 3H 10H")
BING = lanes("丙", "7D 8D 2C", "QH QS 10S JS 3C", "AC AD AS 4C 6C")
DING = lanes("丁", "3D 6D 7H", "8S 9S 10C JC QD", "KS KH KD 6S 6H")


def test_hong_bu_rang_is_36() -> None:
    result = run("taiwan", [P, O1, O2, O3])
    mine = [p for p in result.pairs if "P" in (p.first, p.second)]
    assert [p.net for p in mine] == [12, 12, 12]
    assert result.totals["P"] == 36


def test_add_on_goes_to_the_pair_winner_only() -> None:
    """The seed's example: 甲 beats 乙 and 丙 but loses to 丁, and collects 冲三 from 乙 and 丙."""
    result = run("taiwan", [JIA, YI, BING, DING])
    by_opponent = {
        (p.second if p.first == "甲" else p.first): p
        for p in result.pairs
        if "甲" in (p.first, p.second)
    }
    assert by_opponent["乙"].net == 1 + 3  # 2-1-0 and 冲三
    assert by_opponent["丙"].net == 6 + 3  # 打枪 and 冲三
    assert by_opponent["丁"].net == -1  # 1-2-0, no add-on
    bonus_labels = [i.label for p in by_opponent.values() for i in p.items if i.kind == "bonus"]
    assert bonus_labels == ["冲三 (甲)", "冲三 (甲)"]


def test_direct_add_on_is_paid_even_by_the_pair_winner() -> None:
    result = run("taiwan-direct", [JIA, DING])
    assert result.totals["甲"] == -1 + 3


@pytest.mark.parametrize(
    ("a", "b", "expected"),
    [
        # 2-0-1 (辗过, treated as 打枪): front tie, middle and back to A
        (
            lanes("A", "AS KS 2C", "QS QH 7C 5D 3H", "9S 9H 9D 4C 4D"),
            lanes("B", "AH KH 2D", "JS JH 7D 5C 3C", "8S 8H 8D 6C 6D"),
            6,
        ),
        # 2-1-0: +1
        (
            lanes("A", "AS KS 2C", "QS QH 7C 5D 3H", "9S 9H 9D 4C 4D"),
            lanes("B", "4H 4S 2D", "JS JH 7D 5C 3C", "8S 8H 8D 6C 6D"),
            1,
        ),
        # 1-1-1: 0
        (
            lanes("A", "AS KS 2C", "QS QH 7C 5D 3H", "9S 9H 9D 4C 4D"),
            lanes("B", "AH KH 2D", "AC AD 7D 5C 3C", "8S 8H 8D 6C 6D"),
            0,
        ),
    ],
)
def test_outcome_table(a: dict[str, str], b: dict[str, str], expected: int) -> None:
    assert run("taiwan", [a, b]).totals["A"] == expected


def test_double_monster_chong_san_is_9() -> None:
    a = lanes("A", "QS QH QD", "5S 5H 5D 5C 2C", "9S 9H 9D 9C 3C")
    b = lanes("B", "AC KD 7C", "JC JD 8S 6C 4D", "AH 10H 6H 3H 2H")
    result = run("taiwan", [a, b])
    bonuses = sorted((i.label, i.units) for i in result.pairs[0].items if i.kind == "bonus")
    assert bonuses == [("中墩铁枝 (A)", 8), ("双怪冲三 (A)", 9), ("后墩铁枝 (A)", 4)]
    assert result.totals["A"] == 6 + 9 + 8 + 4


def test_special_add_ons_three_flushes_two_full_houses_seven_eleven() -> None:
    flushes = lanes("F", "2H 5H 9H", "3C 6C 8C JC KC", "3S 7S 10S QS AS")
    houses = lanes("H", "4D 4H 2C", "7D 7H 7C JD JH", "KD KH KS 9D 9C")
    result = run("taiwan", [flushes, houses])
    items = {i.label: i.units for i in result.pairs[0].items}
    # F: front 9-high loses to H's pair of 4s, middle flush loses to 7s full, back flush loses
    # to Ks full: 0-3-0 = -6; H is the winner and collects 两葫冲柸 5 and 7-11 3
    assert items["0-3-0 (won-lost-tied)"] == -6
    assert items["两葫冲柸 (H)"] == -5
    assert items["7-11 (H)"] == -3
    assert "三同花 (F)" not in items
    assert result.totals["F"] == -6 - 5 - 3  # the scoop row; no home run at 2 seats


def test_foul_is_shot_by_everyone() -> None:
    foul = lanes("X", "AS AH AD", "2C 3D 4H 6S 8C", "JC JD 10C 9D 7S")
    a = lanes("A", "5S 5H 5D", "KS KH KD 9C 3C", "QS QH QD 2S 2H")
    result = run("taiwan", [foul, a])
    assert result.totals["X"] == -6 - 3  # shot, and A's 冲三 (A wins the pair)


DRAGON = "AS 2H 3D 4C 5S 6H 7D 8C 9S 10H JD QC KS"


def test_a_lone_dragon_wins_the_round() -> None:
    o1 = plain_opponent("taiwan", DRAGON, name="O1", seed=1)
    o2 = plain_opponent(
        "taiwan", DRAGON, *(o1[k] for k in ("front", "middle", "back")), name="O2", seed=2
    )
    used = [DRAGON] + [o[k] for o in (o1, o2) for k in ("front", "middle", "back")]
    o3 = plain_opponent("taiwan", *used, name="O3", seed=3)
    result = run("taiwan", [{"name": "D", "cards": DRAGON}, o1, o2, o3])
    assert len(result.pairs) == 3  # the others do not compare
    assert result.totals["D"] == 3 * (6 + 6 + 13)
    assert all(result.totals[o] == -25 for o in ("O1", "O2", "O3"))


def test_two_equal_dragons_tie_and_the_others_still_compare() -> None:
    other = "AH 2S 3C 4D 5H 6S 7C 8D 9H 10S JC QD KH"
    o1 = plain_opponent("taiwan", DRAGON, other, name="O1", seed=4)
    used = [DRAGON, other] + [o1[k] for k in ("front", "middle", "back")]
    o2 = plain_opponent("taiwan", *used, name="O2", seed=5)
    result = run(
        "taiwan", [{"name": "D1", "cards": DRAGON}, {"name": "D2", "cards": other}, o1, o2]
    )
    assert len(result.pairs) == 6
    assert result.totals["D1"] == result.totals["D2"] == 2 * (6 + 13)


def test_suited_dragon_takes_hong_bu_rang_over_a_plain_dragon() -> None:
    suited = "AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S"
    plain = "AH 2H 3D 4C 5H 6D 7C 8H 9D 10C JH QD KC"
    o1 = plain_opponent("taiwan", suited, plain, name="O1", seed=6)
    used = [suited, plain] + [o1[k] for k in ("front", "middle", "back")]
    o2 = plain_opponent("taiwan", *used, name="O2", seed=7)
    result = run("taiwan", [{"name": "S", "cards": suited}, {"name": "P", "cards": plain}, o1, o2])
    assert len(result.pairs) == 5  # O1 and O2 do not compare
    # rule b: S and P draw; both 打枪 O1 and O2 (6) with 加赌 (13); 红不让 (6) to S, from O1
    # and O2 only, not from the dragon it drew with
    assert result.totals["S"] == 2 * (6 + 13 + 6)
    assert result.totals["P"] == 2 * (6 + 13)
    assert result.totals["O1"] == result.totals["O2"] == -(6 + 13 + 6) - (6 + 13)
    between = next(p for p in result.pairs if {p.first, p.second} == {"S", "P"})
    assert between.net == 0


def test_four_dragons_compare_nothing() -> None:
    """Rule c: when all four hold dragons, nothing is compared and nobody pays."""
    hands = [
        "AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S",
        "AH 2H 3D 4C 5H 6D 7C 8H 9D 10C JH QD KC",
        "AD 2D 3H 4H 5D 6H 7H 8D 9H 10D JD QH KH",
        "AC 2C 3C 4D 5C 6C 7D 8C 9C 10H JC QC KD",
    ]
    result = run("taiwan", [{"name": f"D{i}", "cards": h} for i, h in enumerate(hands)])
    assert result.pairs == []
    assert set(result.totals.values()) == {0}


def test_lower_pays_home_run_is_a_setting() -> None:
    """``specials: {lower_pays_home_run: true}``: the suited dragon also collects 红不让 from the
    plain dragon it drew with (the reading before rule b was a setting)."""
    from housegame.rulesets.loader import load_ruleset
    from housegame.rulesets.thirteen import ThirteenCardRuleset
    from housegame.tables import TableFile
    from housegame.thirteen import score_thirteen

    taiwan = load_ruleset("taiwan")
    assert isinstance(taiwan, ThirteenCardRuleset)
    specials = taiwan.specials.model_copy(update={"lower_pays_home_run": True})
    ruleset = taiwan.model_copy(update={"specials": specials})
    suited = "AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S"
    plain = "AH 2H 3D 4C 5H 6D 7C 8H 9D 10C JH QD KC"
    o1 = plain_opponent("taiwan", suited, plain, name="O1", seed=6)
    used = [suited, plain] + [o1[k] for k in ("front", "middle", "back")]
    o2 = plain_opponent("taiwan", *used, name="O2", seed=7)
    players = [{"name": "S", "cards": suited}, {"name": "P", "cards": plain}, o1, o2]
    result = score_thirteen(ruleset, TableFile.model_validate({"players": players}))
    assert result.totals["S"] == 6 + 2 * (6 + 13 + 6)
    assert result.totals["P"] == -6 + 2 * (6 + 13)

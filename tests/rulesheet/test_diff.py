"""`housegame diff`: the exact differences between pairs of bundled rulesets, aligned by the
identity of list entries, metadata left out."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from housegame.cli import app
from housegame.errors import RulesetError
from housegame.rulesets.diff import diff_rulesets
from housegame.rulesets.loader import bundled_rulesets, load_ruleset, load_ruleset_file

PAGAT_SCALE = [
    ("lane_values.values[front trips]", {"lane": "front", "category": ["trips"], "units": 3}),
    (
        "lane_values.values[middle full-house]",
        {"lane": "middle", "category": ["full-house"], "units": 2},
    ),
    ("lane_values.values[middle quads]", {"lane": "middle", "category": ["quads"], "units": 4}),
    ("lane_values.values[back quads]", {"lane": "back", "category": ["quads"], "units": 4}),
    (
        "lane_values.values[middle straight-flush]",
        {"lane": "middle", "category": ["straight-flush"], "units": 5},
    ),
    (
        "lane_values.values[back straight-flush]",
        {"lane": "back", "category": ["straight-flush"], "units": 5},
    ),
]

EXPECTED: dict[tuple[str, str], list[tuple[str, Any, Any]]] = {
    ("pagat", "pagat-sweep-3"): [("scoop.bonus", 0, 3)],
    ("pagat", "pagat-sweep-1"): [("scoop.bonus", 0, 1)],
    ("pagat", "pagat-overall-point"): [("overall_point", 0, 1)],
    ("pagat", "pagat-surrender"): [("surrender", None, {"units": 1})],
    ("pagat", "pagat-surrender-overall-point"): [
        ("overall_point", 0, 1),
        ("surrender", None, {"units": 1}),
    ],
    ("pagat", "pagat-house"): [
        ("table.compare", "all-pairs", "banker"),
        ("table.ties", "split", "banker-wins"),
    ],
    ("pagat", "pagat-pool"): [
        ("table.compare", "all-pairs", "pool"),
        ("pool", None, {"stake": 3, "sweep_bonus": 3}),
    ],
    ("taiwan", "taiwan-direct"): [
        ("bonuses.ordinary.pay_when", "match-won", "always"),
        ("bonuses.special.pay_when", "match-won", "any-lane-won"),
    ],
    ("golden-nugget-pineapple", "ofc-classic"): [
        ("players.max", 3, 4),
        (
            "deal",
            [{"dealt": 5, "placed": 5, "discarded": 0}]
            + [{"dealt": 3, "placed": 2, "discarded": 1}] * 4,
            [{"dealt": 5, "placed": 5, "discarded": 0}]
            + [{"dealt": 1, "placed": 1, "discarded": 0}] * 8,
        ),
        ("fantasyland.cards.fixed", 14, 13),
        ("fantasyland.stay.cards", 14, 13),
    ],
    ("maceplay-big-two", "hong-kong-big-two"): [
        (
            "suit_order",
            ["clubs", "diamonds", "hearts", "spades"],
            ["diamonds", "clubs", "hearts", "spades"],
        ),
        ("lead_card", {"rank": "3", "suit": "clubs"}, {"rank": "3", "suit": "diamonds"}),
    ],
    ("maceplay-big-two", "taiwan-big-two"): [
        ("penalty.tiers[1-9]", {"cards": {"min": 1, "max": 9}, "per_card": 1}, None),
        ("penalty.tiers[10-12].per_card", 2, 3),
        ("penalty.tiers[13-13].per_card", 3, 4),
        ("penalty.tiers[1-7]", None, {"cards": {"min": 1, "max": 7}, "per_card": 1}),
        ("penalty.tiers[8-9]", None, {"cards": {"min": 8, "max": 9}, "per_card": 2}),
        (
            "penalty.multipliers[2-spades]",
            None,
            {"card": {"rank": "2", "suit": "spades"}, "min_left": 8, "factor": 2},
        ),
        ("penalty.settlement", "winner-collects", "pairwise-difference"),
    ],
    ("hong-kong-big-two", "amarillo-big-two"): [
        ("deal[3]", None, {"players": 3, "cards": 17, "rest": "to-opener"}),
        ("deal[2]", None, {"players": 2, "cards": 13, "rest": "out-of-play"}),
        ("penalty.tiers[13-13]", {"cards": {"min": 13, "max": 13}, "per_card": 3}, None),
        ("penalty.tiers[13]", None, {"cards": {"min": 13}, "per_card": 3}),
    ],
}


@pytest.mark.parametrize(("a", "b"), list(EXPECTED), ids=[f"{a}-vs-{b}" for a, b in EXPECTED])
def test_exact_differences(a: str, b: str) -> None:
    found = [(d.setting, d.a, d.b) for d in diff_rulesets(load_ruleset(a), load_ruleset(b))]
    assert found == EXPECTED[(a, b)]


def test_extras_for_losing_moves_the_scale_into_bonuses() -> None:
    found = diff_rulesets(load_ruleset("pagat"), load_ruleset("pagat-extras-for-losing"))
    removed = [(d.setting, d.a) for d in found if d.b is None]
    assert removed == PAGAT_SCALE
    assert [(d.setting, d.a, d.b) for d in found if d.a is not None and d.b is not None] == [
        ("overall_point", 0, 1)
    ]
    (added,) = [d for d in found if d.a is None]
    assert added.setting == "bonuses.extras" and added.b["pay_when"] == "always"
    assert [item["units"] for item in added.b["items"]] == [2, 1, 3, 3, 4, 4]


def test_maceplay_vs_shanghai_one_line_per_setting() -> None:
    found = diff_rulesets(load_ruleset("maceplay"), load_ruleset("shanghai"))
    assert [d.setting for d in found] == [
        "ranking.suit_order",
        "table.compare",
        "table.ties",
        "scoop.multiplier",
        "home_run",
        "foul.handling",
        "specials.declare",
        "specials.home_run_ends_round",  # moot without shanghai's home run
        "specials.hands[three-flushes].when",
        "specials.hands[six-pairs].points",
        "specials.hands[supreme-dragon]",
        "specials.hands[lone-pair]",
        "specials.hands[half-small]",
        "specials.hands[all-big]",
        "specials.hands[all-small]",
        "specials.hands[one-red]",
        "specials.hands[one-black]",
        "specials.hands[green-dragon]",
        "specials.hands order",
        "specials.vs_special_with_banker",
    ]
    by_setting = {d.setting: d for d in found}
    assert by_setting["specials.hands[six-pairs].points"].text == (
        "specials.hands[six-pairs].points: 3 -> 6"
    )
    assert by_setting["home_run"].text == (
        'home_run: removed (was {"opponents": 3, "multiplier": 2, "bonus": 0})'
    )


@pytest.mark.parametrize("ruleset", list(bundled_rulesets()))
def test_a_ruleset_equals_itself(ruleset: str) -> None:
    assert diff_rulesets(load_ruleset(ruleset), load_ruleset(ruleset)) == []


def test_entries_align_by_identity_not_position() -> None:
    """Lane values reordered and a special renamed: no difference; specials reordered: their
    order is a rule (specials.order: listed), one difference."""
    pagat = load_ruleset("pagat")
    data = pagat.model_dump(by_alias=True)
    data["lane_values"]["values"].reverse()
    data["specials"]["hands"][0]["name"] = "another name"
    assert diff_rulesets(pagat, type(pagat).model_validate(data)) == []
    data["specials"]["hands"].reverse()
    (found,) = diff_rulesets(pagat, type(pagat).model_validate(data))
    ids = ["six-pairs", "three-straights", "three-flushes", "complete-straight"]
    assert (found.setting, found.a, found.b) == ("specials.hands order", ids, ids[::-1])


def test_cli_json_keeps_the_key_paths() -> None:
    runner = CliRunner()
    result = runner.invoke(app, ["diff", "pagat", "pagat-sweep-3", "--json"])
    assert result.exit_code == 0
    document = json.loads(result.stdout)
    assert (document["a"], document["b"]) == ("pagat", "pagat-sweep-3")
    assert document["differences"] == [
        {"setting": "scoop.bonus", "a": 0, "b": 3, "text": "scoop.bonus: 0 -> 3"}
    ]
    same = runner.invoke(app, ["diff", "pagat", "pagat", "--json"])
    assert (same.exit_code, json.loads(same.stdout)["differences"]) == (0, [])
    assert json.loads(same.stdout)["topics"] == []


def test_different_games_exit_2() -> None:
    result = CliRunner().invoke(app, ["diff", "pagat", "maceplay-big-two"])
    assert result.exit_code == 2
    assert result.output == (
        "error: 'pagat' (game thirteen-card) and 'maceplay-big-two' (game big-two) are rulesets "
        "of two games: only rulesets of one game compare\n"
        "  hint: `housegame rulesets` lists each ruleset's game\n"
    )
    with pytest.raises(RulesetError):
        diff_rulesets(load_ruleset("maceplay"), load_ruleset("golden-nugget-pineapple"))


def test_multipliers_align_by_id() -> None:
    variants = Path(__file__).resolve().parents[1] / "arrange" / "variants"
    horse = load_ruleset_file(variants / "pagat-horse.yaml")
    one = horse.model_copy(update={"multipliers": horse.multipliers[1:]})  # type: ignore[attr-defined]
    found = [(d.setting, d.a, d.b) for d in diff_rulesets(one, horse)]
    assert found == [
        (
            "multipliers[horse]",
            None,
            {"id": "horse", "name": "马牌", "when": {"holds": ["AH"]}, "factor": 2},
        )
    ]


def test_diff_in_chinese() -> None:
    out = CliRunner().invoke(app, ["diff", "pagat", "pagat-extras-for-losing", "--lang", "zh"])
    assert out.exit_code == 0, out.output
    lines = out.output.splitlines()
    assert lines[0] == "pagat -> pagat-extras-for-losing: 14 处不同"
    assert "赔付" in lines and "加赌" in lines
    assert "  头道 三条: 3 → 1" in lines
    assert "  总分奖励: — → 两人之间总分赢家再 +1" in lines
    assert "  four of a kind in the back: — → 尾道, 3, 尾道 铁支" in lines
    one = CliRunner().invoke(app, ["diff", "pagat", "pagat-sweep-3", "--lang", "zh"])
    assert one.output == "pagat -> pagat-sweep-3: 1 处不同\n赔付\n  打枪: 无额外赔付 → +3\n"


def test_the_deal_for_each_seat_count_in_words() -> None:
    """A Big Two ruleset's `deal:` in the sheet's words, English and Chinese."""
    lines = {
        lang: CliRunner()
        .invoke(app, ["diff", "hong-kong-big-two", "amarillo-big-two", "--lang", lang])
        .output.splitlines()
        for lang in ("en", "zh")
    }
    assert (
        "  seats: 4, 13 cards each → 4, 13 cards each; 3, 17 cards each, the 1 left over to the "
        "opener; 2, 13 cards each, 26 out of play"
    ) in lines["en"]
    assert (
        "  人数: 4, 每人 13 张 → 4, 每人 13 张; 3, 每人 17 张, 剩下的 1 张给先出的人; "
        "2, 每人 13 张, 26 张不发"
    ) in lines["zh"]
    assert "  — → 首出的牌没有发出时, 以发出的最小一张牌代替" in lines["zh"]

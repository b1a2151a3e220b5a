"""``housegame arrange``, the special-hand decision, and ``housegame score`` with loose cards."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from housegame.arrange import arrange
from housegame.cards import parse_cards
from housegame.cli import app
from housegame.rulesets.loader import load_ruleset
from housegame.rulesets.thirteen import ThirteenCardRuleset

runner = CliRunner()
HAND = "AS KS QS JS TS 9H 9D 4C 4S 3H 3D 2C 7S"
SIX_PAIRS = "AS AD QS QD TS TH 9D 9C 4S 4H 3D 3C 7S"


def thirteen(ruleset_id: str) -> ThirteenCardRuleset:
    ruleset = load_ruleset(ruleset_id)
    assert isinstance(ruleset, ThirteenCardRuleset)
    return ruleset


def test_json_shape() -> None:
    result = runner.invoke(app, ["arrange", HAND, "--ruleset", "maceplay", "--top", "2", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert set(data) == {"front", "middle", "back", "declare", "value", "alternatives"}
    assert data["back"] == "AS KS QS JS TS"
    assert data["declare"] is None
    assert len(data["alternatives"]) == 2
    assert all(set(a) == {"front", "middle", "back", "value"} for a in data["alternatives"])
    assert data["alternatives"][0]["value"] <= data["value"]


def test_text_output_lexicographic() -> None:
    result = runner.invoke(app, ["arrange", HAND, "-r", "taiwan", "--objective", "lexicographic"])
    assert result.exit_code == 0, result.output
    assert "AS KS QS JS TS" in result.output and "lexicographic" in result.output


def test_automatic_special_is_declared() -> None:
    result = runner.invoke(app, ["arrange", SIX_PAIRS, "-r", "maceplay", "--json"])
    assert json.loads(result.stdout)["declare"] == "six-pairs"


def test_optional_special_says_by_how_much() -> None:
    answer = arrange(parse_cards(SIX_PAIRS), thirteen("pagat"))
    assert answer.special is not None and not answer.special.automatic
    assert answer.special.declare and answer.special.gain > 0
    assert answer.special.gain == pytest.approx(answer.special.value - answer.best.value)
    result = runner.invoke(app, ["arrange", SIX_PAIRS, "-r", "pagat"])
    assert f"beats the best set hand by {answer.special.gain:.3f} units" in result.output


@pytest.mark.parametrize(
    "args, message",
    [
        (["AS KS QS JS TS 9H 9D 4C 4S 3H 3D 2C 1S"], "'1S' is not a card"),
        (["AS KS QS JS TS 9H 9D 4C 4S 3H 3D 2C"], "13 cards, not 12"),
        (["AS KS QS JS TS 9H 9D 4C 4S 3H 3D 2C 2C"], "appears twice"),
        ([HAND, "--objective", "best"], "unknown objective"),
    ],
)
def test_bad_cards_exit_2(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["arrange", *args[:1], "-r", "maceplay", *args[1:]])
    assert result.exit_code == 2
    assert message in result.output


def test_unknown_ruleset_exits_2() -> None:
    result = runner.invoke(app, ["arrange", HAND, "-r", "maceplai"])
    assert result.exit_code == 2
    assert "unknown ruleset 'maceplai'" in result.output


def test_score_sets_loose_cards(tmp_path: Path) -> None:
    table = tmp_path / "table.yaml"
    table.write_text(
        "ruleset: maceplay\nplayers:\n"
        f"  - {{name: A, cards: '{HAND}'}}\n"
        "  - {name: B, front: 2D 5C 6H, middle: 8C 8D JD QC KD, back: 5D 6D 7D TD AD}\n"
    )
    result = runner.invoke(app, ["score", str(table), "--json"])
    assert result.exit_code == 0, result.output
    seats = {p["name"]: p for p in json.loads(result.stdout)["players"]}
    assert seats["A"]["back"] == "AS KS QS JS TS"
    assert not seats["A"]["fouled"]


@pytest.mark.slow  # builds the lane-odds tables twice
def test_tables_build_is_reproducible(tmp_path: Path) -> None:
    from housegame.arrange.build import build_lane_odds
    from housegame.ranking import RankingRules

    first = build_lane_odds(RankingRules(), 3, 30)
    second = build_lane_odds(RankingRules(), 3, 30)
    for a, b in zip(first.keys + first.counts, second.keys + second.counts):
        assert (a == b).all()
    result = runner.invoke(
        app, ["tables", "build", "--seed", "3", "--deals", "5", "--out", str(tmp_path)]
    )
    assert result.exit_code == 0, result.output
    assert len(list(tmp_path.glob("lane-odds-v1-*.npz"))) >= 3

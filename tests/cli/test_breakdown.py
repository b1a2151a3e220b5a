"""`housegame score` breakdowns name each lane's winner and hands, under every ruleset, in
English or Chinese."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from housegame.cli import app
from housegame.rulesets.loader import bundled_of
from housegame.rulesets.thirteen import ThirteenCardRuleset

EXAMPLE = "examples/maceplay-table.yaml"
THIRTEEN = [rules.id for rules in bundled_of(ThirteenCardRuleset)]


def score(*args: str) -> str:
    result = CliRunner().invoke(app, ["score", *args])
    assert result.exit_code == 0, result.output
    return result.output


@pytest.mark.parametrize("ruleset", THIRTEEN)
def test_every_breakdown_names_each_lanes_winner_and_hands(ruleset: str) -> None:
    rules = next(r for r in bundled_of(ThirteenCardRuleset) if r.id == ruleset)
    banker = ["--banker", "You"] if rules.table.compare == "banker" else []
    out = score(EXAMPLE, "-r", ruleset, *banker)
    if ruleset == "pagat-pool":  # a pool: the best hand of each lane, not pairs
        assert "best front" in out
        return
    assert re.search(r"front to You +trips Q Q Q vs high-card A K 7", out), out
    assert re.search(r"back to You +quads 9 9 9 9 2 vs flush A 10 6 3 2", out), out


def test_outcome_table_breakdown_lists_lanes_then_the_outcome() -> None:
    out = score(EXAMPLE, "-r", "taiwan")
    block = out.split("You vs Opponent\n")[1].split("\n\n")[0].splitlines()
    assert [line.split()[:3] for line in block[:3]] == [
        ["front", "to", "You"],
        ["middle", "to", "You"],
        ["back", "to", "You"],
    ]
    assert block[3].split() == ["+6", "3-0-0", "(won-lost-tied)"]


ENGLISH_EVENTS = ("home run", "scoop", "net to", "won-lost-tied", "front to", "totals", "player")


@pytest.mark.parametrize("ruleset", ["taiwan", "maceplay", "pagat-pool"])
def test_lang_zh_has_no_english_events(ruleset: str) -> None:
    out = score(EXAMPLE, "-r", ruleset, "--lang", "zh")
    for words in ENGLISH_EVENTS:
        assert words not in out
    if ruleset == "taiwan":
        assert "头道 You 胜  三条 Q Q Q vs 乌龙 A K 7" in out
        assert "+6  3-0-0 (胜-负-平)" in out and "全垒打 You" in out and "净得 You" in out


def test_lang_zh_ofc() -> None:
    out = score("examples/ofc-table.yaml", "--lang", "zh")
    assert "头道" in out and "奖励分" in out and "royalt" not in out


def test_bad_lang_is_exit_2() -> None:
    result = CliRunner().invoke(app, ["score", EXAMPLE, "--lang", "fr"])
    assert result.exit_code == 2 and "--lang: 'fr' is not one of en, zh" in result.output


def test_lang_zh_bigtwo_and_ofc_replay() -> None:
    runner = CliRunner()
    left = ("--left", "A=0", "--left", "B=3", "--left", "C=1", "--left", "D=1")
    settled = runner.invoke(app, ["bigtwo", "score", *left, "--lang", "zh"]).output
    assert "玩家  剩余牌数  罚分  净得" in settled and "winner" not in settled
    replayed = runner.invoke(app, ["ofc", "replay", "examples/ofc-hand.yaml", "--lang", "zh"])
    assert replayed.exit_code == 0 and "头道" in replayed.output
    assert "net to" not in replayed.output and "qualify" not in replayed.output


def test_lang_zh_names_a_declaration(tmp_path: Path) -> None:
    table = tmp_path / "table.yaml"
    table.write_text(
        "ruleset: pagat\nplayers:\n"
        "  - {name: A, declare: force, cards: 5H 6H 7H 8H 9H 5S 6S 7S 8S 9S KD KC AH}\n"
        "  - {name: B, front: 2C 3D 4C, middle: 5C 6D 7C 8D JC, back: 9C TC JD QC AD}\n",
        encoding="utf-8",
    )
    out = score(str(table), "--lang", "zh")
    assert "+3  Six pairs (six-pairs)  A 报到" in out and "declares" not in out


def test_lang_zh_compare_and_arrange() -> None:
    runner = CliRunner()
    compared = runner.invoke(
        app, ["compare", EXAMPLE, "-r", "maceplay", "-r", "taiwan", "--explain", "--lang", "zh"]
    )
    assert compared.exit_code == 0, compared.output
    assert compared.output.splitlines()[0].split()[0] == "规则"
    assert "头道 You 胜  三条 Q Q Q vs 乌龙 A K 7" in compared.output
    for words in ENGLISH_EVENTS:
        assert words not in compared.output
    hand = "AS AH KS KH QS QH JS JH 10S 10H 2C 2D 3C"
    arranged = runner.invoke(app, ["arrange", hand, "-r", "pagat", "--lang", "zh"])
    assert arranged.exit_code == 0, arranged.output
    lines = arranged.output.splitlines()
    assert lines[0].split() == ["规则", "pagat", "目标", "equilibrium"]
    assert lines[1].split() == ["头道", "中道", "尾道", "期望"]
    assert lines[2].startswith("最佳") and lines[2].endswith("注")
    assert lines[-1].startswith("不报到 Six pairs (six-pairs): 摆牌多")
    english = runner.invoke(app, ["arrange", hand, "-r", "pagat"]).output.splitlines()
    assert english[-1].startswith("do not declare Six pairs (six-pairs): the set hand is better")


def test_lang_zh_simulate() -> None:
    result = CliRunner().invoke(
        app,
        ["simulate", "-r", "macau", "--deals", "10", "--seed", "3", "--explain", "--lang", "zh"],
    )
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].split()[:3] == ["规则", "局数", "庄家优势"]
    assert lines[1].startswith("macau (庄家)") and "局," in lines[1]
    assert "macau: 赔付项目" in result.stdout and "头道 胜" in result.stdout
    for words in ("deals", "banker edge", "payout terms", "front to", "seat 1/deal"):
        assert words not in result.stdout

"""``housegame explain``: the text and JSON answers, Chinese, and bad input in one line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from housegame.cli import app
from housegame.trainer import explain_table

ROOT = Path(__file__).resolve().parents[2]
TWO = str(ROOT / "examples" / "two-players.yaml")
FOUR = str(ROOT / "examples" / "maceplay-table.yaml")


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, ["explain", *args], env={"COLUMNS": "100"})
    return result.exit_code, result.stdout, result.stderr


def test_the_json_is_the_librarys_answer() -> None:
    code, out, _ = run(TWO, "--player", "Ann", "--json")
    assert code == 0
    shown = json.loads(out)
    assert shown == explain_table(TWO, player="Ann").as_dict()
    assert shown["ruleset"] == "taiwan" and shown["opponents"] == 1
    assert shown["yours"]["front"] == "QS QH 3D" and shown["best"]["front"] == "KS KH 3D"
    assert shown["regret"] > 0
    assert sum(part["regret"] for part in shown["parts"]) == pytest.approx(shown["regret"])


def test_the_text_names_each_term() -> None:
    code, out, _ = run(FOUR, "--player", "North")
    assert code == 0
    assert "ruleset maceplay   opponents 3" in out
    assert "yours  7S 6S 5C  KC QC TS TD 7H  JS JH 8H 8C 4H  -15.373 units" in out
    assert "best   KC TS TD  QC JS JH 8H 7S  8C 7H 6S 5C 4H  -4.776 units" in out
    assert "regret 10.597 units" in out
    for label in ("front", "middle", "back", "scoop", "home run"):
        assert f"\n{label} " in out


def test_chinese_and_another_ruleset() -> None:
    code, out, _ = run(FOUR, "--player", "North", "-r", "pagat", "--lang", "zh")
    assert code == 0
    assert "规则 pagat   对手 3" in out and "损失 4.995 注" in out and "头道" in out


def test_the_best_setting_says_so() -> None:
    explained = explain_table(FOUR)
    best = explained.best.setting
    assert best is not None
    lanes = best.text()
    table = (
        f"ruleset: maceplay\nplayers:\n  - {{name: You, front: {lanes['front']}, "
        f"middle: {lanes['middle']}, back: {lanes['back']}}}\n"
    )
    result = CliRunner().invoke(app, ["explain", "-"], input=table)
    assert result.exit_code == 0
    assert "your choice is the best under maceplay: regret 0" in result.stdout


@pytest.mark.parametrize(
    ("args", "error"),
    [
        ((TWO, "--player", "Cy"), "error: player 'Cy' is not at the table\n  hint: players: Ann"),
        ((TWO, "-r", "taiwn"), "error: unknown ruleset 'taiwn'"),
        ((TWO, "-r", "ofc-classic"), "error: "),
        ((TWO, "--lang", "fr"), "error: --lang: 'fr' is not one of en, zh"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args: tuple[str, ...], error: str) -> None:
    code, out, err = run(*args)
    assert (code, out) == (2, "")
    assert err.startswith(error) and "Traceback" not in err

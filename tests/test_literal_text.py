"""User text (names, units, special-hand names, typed moves) is shown exactly as written:
markup is not interpreted, control characters are made visible, JSON is unchanged."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from housegame.cli import app
from housegame.cli.safe import literal, visible

runner = CliRunner()

HOSTILE = ["[/]", "[bold red]Mallory", "\x1b]0;pwned\x07Eve", "back\\[x]", ":thumbs_up:"]
SHOWN = ["[/]", "[bold red]Mallory", "\\x1b]0;pwned\\x07Eve", "back\\[x]", ":thumbs_up:"]


def invoke(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args), input=stdin)
    return result.exit_code, result.stdout, result.stderr


def _table(tmp_path: Path, names: list[str], ruleset: str = "pagat") -> Path:
    hands = [
        ("QS QH QD", "5S 5H 5D KS KH", "9S 9H 9D 9C 2S"),
        ("2C 3C 4C", "6D 7D 8D TC 2D", "AD AS 3D 3S 4S"),
        ("JS JH 2H", "6S 6H 7S 7H 8S", "TS TH TD JD JC"),
        ("3H 4H 8H", "QC KC AC KD AH", "5C 6C 7C 8C 4D"),
    ]
    players = [
        {"name": name, "front": f, "middle": m, "back": b} for name, (f, m, b) in zip(names, hands)
    ]
    file = tmp_path / "table.json"
    file.write_text(json.dumps({"ruleset": ruleset, "players": players}), encoding="utf-8")
    return file


def test_visible_and_literal() -> None:
    assert visible("a\x1b[2Jb\u202ec\nd") == "a\\x1b[2Jb\\u202ec\\x0ad"
    assert visible("a\nb", lines=True) == "a\nb"
    assert literal("[bold]x[/]") == "\\[bold]x\\[/]"


@pytest.mark.parametrize("command", ["score", "compare"])
def test_names_in_a_table_print_literally(tmp_path: Path, command: str) -> None:
    code, out, err = invoke(command, str(_table(tmp_path, HOSTILE[:4])), "-r", "pagat")
    assert code == 0, err
    assert "\x1b" not in out
    for shown in SHOWN[:4]:
        assert shown in out


def test_json_output_keeps_names_unchanged(tmp_path: Path) -> None:
    code, out, _ = invoke("score", str(_table(tmp_path, HOSTILE[:4])), "--json")
    assert code == 0
    assert list(json.loads(out)["totals"]) == HOSTILE[:4]


def test_a_bigtwo_name_prints_literally() -> None:
    code, out, _ = invoke(
        "bigtwo", "score", "-r", "amarillo-big-two", "--left", "[/]=0", "--left", "[red]B\x1b=3"
    )
    assert code == 0
    assert "[/]" in out and "[red]B\\x1b" in out


def test_an_ofc_name_and_a_typed_move_print_literally() -> None:
    code, out, _ = invoke("ofc", "play", "--seed", "3", "--name", "[/]", stdin="[bold]\x1b\n")
    assert code == 2
    assert "[/], Computer 1" in out
    assert "not legal:" in out and "\x1b" not in out


def test_ruleset_names_units_and_special_hands_print_literally(tmp_path: Path) -> None:
    rules = tmp_path / "odd.yaml"
    rules.write_text(
        "extends: maceplay\nid: odd\nname: '[/] rules'\nsummary: '[bold]x'\n"
        "display: {unit: '[/]u'}\n",
        encoding="utf-8",
    )
    code, out, err = invoke("score", str(_table(tmp_path, ["A", "B"])), "-r", str(rules))
    assert code == 0, err
    assert "total ([/]u)" in out
    code, out, _ = invoke("validate", str(rules))
    assert code == 0 and f"{rules}: ok (odd)" in out


def test_error_messages_quote_user_text_literally(tmp_path: Path) -> None:
    code, _, err = invoke("arrange", "[/] \x1b[2J", "-r", "pagat")
    assert code == 2
    assert "'[/]' is not a card" in err and "\x1b" not in err


@pytest.mark.parametrize("fmt", ["text", "markdown", "html", "yaml", "json"])
def test_a_rules_sheet_never_sends_a_control_character(tmp_path: Path, fmt: str) -> None:
    rules = tmp_path / "odd.yaml"
    rules.write_text(
        'extends: pagat\nid: odd\nname: "[bold]Odd \\e]0;title\\a"\nsummary: s\n', encoding="utf-8"
    )
    code, out, err = invoke("show", str(rules), "--format", fmt)
    assert code == 0, err
    assert "\x1b" not in out and "\x07" not in out
    assert "[bold]Odd" in out

"""`housegame validate`: any housegame file, every problem in one run, text or JSON, lint."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from housegame.cli import app
from housegame.filecheck import check_file, file_kind

runner = CliRunner()
ROOT = Path(__file__).resolve().parents[1]


def invoke(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def write(tmp_path: Path, name: str, body: str) -> str:
    path = tmp_path / name
    path.write_text(body, encoding="utf-8")
    return str(path)


@pytest.mark.parametrize(
    ("file", "out"),
    [
        ("examples/maceplay-table.yaml", "examples/maceplay-table.yaml: ok (table, 4 players)"),
        ("examples/ofc-table.yaml", "examples/ofc-table.yaml: ok (table, 2 players)"),
        ("examples/ofc-hand.yaml", "examples/ofc-hand.yaml: ok (OFC hand log, 10 moves)"),
        (
            "examples/bigtwo-game.yaml",
            "examples/bigtwo-game.yaml: ok (Big Two game log, 27 moves)",
        ),
        ("rulesets/taiwan.yaml", "rulesets/taiwan.yaml: ok (taiwan)"),
    ],
)
def test_validate_recognises_each_kind_of_file(
    file: str, out: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)
    code, stdout, stderr = invoke("validate", file)
    assert (code, stdout, stderr) == (0, out + "\n", "")


def test_file_kinds() -> None:
    assert file_kind({"players": [{"name": "A"}]}) == "table"
    assert file_kind({"players": ["A", "B"], "moves": []}) == "ofc-log"
    assert file_kind({"players": [{"name": "A"}], "moves": []}) == "bigtwo-log"
    assert file_kind({"id": "x", "players": {"min": 2}}) == "ruleset"


TABLE = (
    "ruleset: maceplay\nplayers:\n"
    "  - {name: A, front: QS QH QX, middle: 5S 5H 5D KS KH, back: 9S 9H 9D 9C 2S}\n"
    "  - {name: B, front: AC KD, middle: JC JD 8S 6C 4D, back: AH 10H 6H 3H 2H}\n"
    "  - {name: C, front: AC 2D 3D, middle: 7C 7D 8D 10C 3C, back: 4H 4S 5C 6S 8H}\n"
)


def test_a_table_reports_every_card_problem_in_one_run(tmp_path: Path) -> None:
    file = write(tmp_path, "table.yaml", TABLE)
    code, out, err = invoke("validate", file)
    assert code == 2 and out == ""
    assert err.replace(file, "table.yaml").splitlines() == [
        "invalid table table.yaml (3 problems):",
        "table.yaml:3: players[0].front: player 'A' front: 'QX' has no suit 'X'",
        "  hint: suits are S H D C or ♠ ♥ ♦ ♣",
        "table.yaml:4: players[1].front: player 'B': front has 2 cards, needs 3",
        "table.yaml:5: players[2].front: duplicate card: AC (held by B, C)",
        "  hint: one deck has each card once",
    ]


def test_a_table_that_cannot_be_scored_names_the_player(tmp_path: Path) -> None:
    body = (
        "ruleset: maceplay\nplayers:\n"
        "  - {name: A, front: 4C 5D 7H, middle: 8C 9D JH QS 3S, back: 4D 4H 6C 6D 9C}\n"
        "  - {name: B, front: KS KH AD, middle: KD KC QH JS 10S, back: 2C 2D 2H 2S 3C}\n"
    )
    file = write(tmp_path, "foul.yaml", body)
    code, out, _ = invoke("validate", file, "--format", "json")
    assert code == 2
    [problem] = json.loads(out)
    assert problem["line"] == 4 and problem["path"] == "players[1]"
    assert problem["message"].startswith("player 'B' fouls")


def test_a_table_without_a_ruleset_is_checked_as_a_table(tmp_path: Path) -> None:
    body = "players:\n  - {name: A, cards: AS 2H 3D 4C 5S 6H 7D 8C 9S TH JD QC KS}\n"
    file = write(tmp_path, "loose.yaml", body)
    assert invoke("validate", file) == (0, f"{file}: ok (table, 1 players, no ruleset named)\n", "")


def test_a_bad_game_log_move_has_its_line(tmp_path: Path) -> None:
    text = (ROOT / "examples/bigtwo-game.yaml").read_text(encoding="utf-8")
    file = write(tmp_path, "game.yaml", text.replace("- Di: 6D 8D KD AD 2D", "- Di: 6D 8D KD AD"))
    [problem] = check_file(Path(file)).errors
    assert (problem.line, problem.message.split(":")[0]) == (14, "move 2 (Di")


def test_the_issue_special_pairs_range_is_one_line() -> None:
    code, _, err = invoke("validate", "tests/rulesets/negative/special-pairs-range.yaml")
    assert code == 2
    assert err.splitlines() == [
        "invalid ruleset tests/rulesets/negative/special-pairs-range.yaml (1 problem):",
        "tests/rulesets/negative/special-pairs-range.yaml:7: specials.hands[0].when.pairs: "
        "min 7 is above max 6",
        "  hint: swap them: {min: 6, max: 7}",
    ]


LINTED = "extends: pagat\nid: h\nname: H\nsummary: s\ntable: {ties: banker-wins}\n"


def test_warnings_are_printed_one_per_line(tmp_path: Path) -> None:
    file = write(tmp_path, "h.yaml", LINTED)
    code, out, err = invoke("validate", file)
    assert code == 0 and err == ""
    assert out.splitlines() == [
        f"{file}: ok (h)",
        f"{file}:5: warning: table.ties: a banker setting, but table.compare is all-pairs: "
        "there is no banker",
    ]


def test_strict_makes_warnings_errors(tmp_path: Path) -> None:
    file = write(tmp_path, "h.yaml", LINTED)
    code, out, err = invoke("validate", "--strict", file)
    assert code == 2 and out == ""
    assert err.splitlines()[0] == f"invalid ruleset {file} (1 problem):"


def test_json_lists_every_problem(tmp_path: Path) -> None:
    good = write(tmp_path, "h.yaml", LINTED)
    bad = write(tmp_path, "bad.yaml", "extends: pagat\nid: b\nname: B\nsummary: s\nscop: 1\n")
    code, out, _ = invoke("validate", "--format", "json", good, bad)
    assert code == 2
    assert json.loads(out) == [
        {
            "file": good,
            "line": 5,
            "path": "table.ties",
            "message": "a banker setting, but table.compare is all-pairs: there is no banker",
            "hint": "drop it, or set table.compare to banker or banker-or-all-pairs",
            "severity": "warning",
        },
        {
            "file": bad,
            "line": 5,
            "path": "scop",
            "message": "unknown key 'scop'",
            "hint": "did you mean 'scoop'?",
            "severity": "error",
        },
    ]
    code, out, _ = invoke("validate", "--format", "json", "--strict", good)
    assert code == 2 and json.loads(out)[0]["severity"] == "error"
    assert invoke("validate", "--format", "json", "rulesets/pagat.yaml")[:2] == (0, "[]\n")

"""`housegame score`, `rulesets` and `validate` from the command line: output, JSON, exit codes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from housegame.cli import app

runner = CliRunner()
EXAMPLE = "examples/maceplay-table.yaml"


def invoke(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_score_json_totals_and_pairs() -> None:
    code, out, _ = invoke("score", EXAMPLE, "--json")
    assert code == 0
    data = json.loads(out)
    assert data["totals"] == {"You": 108, "Opponent": -24, "West": -43, "North": -41}
    first = data["pairs"][0]
    assert first["players"] == ["You", "Opponent"]
    assert [i["kind"] for i in first["items"]] == ["lane", "lane", "lane", "scoop", "home-run"]


def test_score_text_breakdown() -> None:
    code, out, _ = invoke("score", EXAMPLE)
    assert code == 0
    assert "scoop by You x2" in out and "home run by You x2" in out and "+108" in out


def test_ruleset_option_overrides_the_table() -> None:
    code, out, _ = invoke("score", EXAMPLE, "--ruleset", "pagat", "--json")
    assert code == 0 and json.loads(out)["totals"]["You"] == 27


def test_banker_option(tmp_path: Path) -> None:
    code, out, _ = invoke("score", EXAMPLE, "--ruleset", "macau", "--banker", "Opponent", "--json")
    assert code == 0 and json.loads(out)["banker"] == "Opponent"


def _table(tmp_path: Path, body: str) -> str:
    path = tmp_path / "table.yaml"
    path.write_text(body, encoding="utf-8")
    return str(path)


GOOD_B = "  - {name: B, front: AC KD 7C, middle: JC JD 8S 6C 4D, back: AH 10H 6H 3H 2H}\n"


@pytest.mark.parametrize(
    ("body", "args", "message"),
    [
        (
            "players:\n  - {name: A, front: QS QH QX, middle: 5S 5H 5D KS KH, back: 9S 9H 9D "
            "9C 2S}\n" + GOOD_B,
            ["--ruleset", "maceplay"],
            "player 'A' front: 'QX' has no suit",
        ),
        (
            "players:\n  - {name: A, front: AC QH QD, middle: 5S 5H 5D KS KH, back: 9S 9H 9D "
            "9C 2S}\n" + GOOD_B,
            ["--ruleset", "maceplay"],
            "duplicate card: AC (held by A, B)",
        ),
        (
            "players:\n  - {name: A, front: QS QH, middle: 5S 5H 5D KS KH, back: 9S 9H 9D 9C 2S}\n"
            + GOOD_B,
            ["--ruleset", "maceplay"],
            "player 'A': front has 2 cards, needs 3",
        ),
        (
            (
                "players:\n  - {name: A, front: KS KH AD, middle: KD KC QH JS 10S, back: 2C 2D "
                "2H 2S 3C}\n"
                "  - {name: B, front: 4C 5D 7H, middle: 8C 9D JH QS 3S, back: 4D 4H 6C 6D 9C}\n"
            ),
            ["--ruleset", "maceplay"],
            "player 'A' fouls: front pair K K A beats middle pair K K Q J 10",
        ),
        ("players:\n" + GOOD_B, ["--ruleset", "macua"], "unknown ruleset 'macua'"),
        (
            "players:\n" + GOOD_B,
            ["--ruleset", "macau"],
            "macau is a banker game and no banker is named",
        ),
        ("players:\n" + GOOD_B, [], "no ruleset given"),
        (
            "players:\n  - {name: A, frnt: QS QH QD}\n",
            ["--ruleset", "maceplay"],
            "table.yaml:2: players[0].frnt: unknown key 'frnt'",
        ),
        ("players: [\n", ["--ruleset", "maceplay"], "YAML syntax error"),
    ],
)
def test_bad_input_exits_2_with_a_message_on_stderr(
    tmp_path: Path, body: str, args: list[str], message: str
) -> None:
    code, out, err = invoke("score", _table(tmp_path, body), *args)
    assert code == 2
    assert message in " ".join(err.split())
    assert "Traceback" not in err + out


def test_missing_table_file() -> None:
    code, _, err = invoke("score", "no-such-table.yaml", "--ruleset", "maceplay")
    assert code == 2 and "cannot read no-such-table.yaml" in err


def test_rulesets_lists_every_bundled_id() -> None:
    code, out, _ = invoke("rulesets")
    assert code == 0
    for ruleset in ("maceplay", "shanghai", "macau", "taiwan", "malayan", "pagat", "pagat-pool"):
        assert ruleset in out


def test_validate_reports_ok_and_errors() -> None:
    code, out, _ = invoke(
        "validate", "rulesets/maceplay.yaml", "tests/rulesets/positive/maceplay-house.yaml"
    )
    assert code == 0 and out.count(": ok") == 2
    code, _, err = invoke("validate", "tests/rulesets/negative/unknown-key.yaml")
    assert code == 2 and "did you mean 'scoop'?" in err

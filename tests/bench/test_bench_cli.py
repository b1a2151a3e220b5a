"""``housegame bench`` and ``housegame tables equilibrium`` from the command line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from housegame.arrange import arrange
from housegame.arrange.equilibrium import Iteration, equilibrium_name, iterate
from housegame.cli import app
from housegame.rulesets.bigtwo import BigTwoRuleset
from housegame.rulesets.loader import bundled_of, load_ruleset
from housegame.rulesets.ofc import OfcRuleset
from housegame.rulesets.thirteen import ThirteenCardRuleset

runner = CliRunner()


def test_bench_thirteen_json() -> None:
    args = ["bench", "thirteen", "-r", "pagat", "-s", "lexicographic", "--players", "2"]
    result = runner.invoke(app, [*args, "--deals", "20", "--response-deals", "10", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    (row,) = data["rows"]
    assert (row["ruleset"], row["strategy"], row["players"], row["deals"]) == (
        "pagat",
        "lexicographic",
        2,
        20,
    )
    low, high = row["exploitability"]["ci95"]
    assert low <= row["exploitability"]["mean"] <= high
    assert row["response_hands"] == 40


def test_bench_thirteen_table() -> None:
    args = ["bench", "thirteen", "-r", "macau", "-s", "lexicographic", "--players", "2"]
    result = runner.invoke(app, [*args, "--deals", "10", "--response-deals", "10"])
    assert result.exit_code == 0, result.output
    header, row = result.stdout.splitlines()[:2]
    assert header.split() == [
        "ruleset",
        "strategy",
        "players",
        "deals",
        "exploitability",
        "agreement",
    ]
    assert row.split()[:4] == ["macau", "lexicographic", "2", "10"]


@pytest.mark.parametrize(
    ("game", "margin", "rate"),
    [("ofc", "points a hand", "fantasyland entry"), ("big-two", "net points a game", "win")],
)
def test_bench_games(game: str, margin: str, rate: str) -> None:
    count = "--hands" if game == "ofc" else "--games"
    result = runner.invoke(app, ["bench", game, "--against", "random", count, "2"])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert margin in lines[0] and rate in lines[0]
    kind: type[OfcRuleset | BigTwoRuleset] = OfcRuleset if game == "ofc" else BigTwoRuleset
    assert len(lines) == 1 + len(bundled_of(kind))  # a row per bundled ruleset
    data = json.loads(
        runner.invoke(app, ["bench", game, "-r", lines[1].split()[0], count, "2", "--json"]).stdout
    )
    assert [(r["bot"], r["baseline"]) for r in data["rows"]] == [("bot", "bot"), ("bot", "random")]
    assert data["rows"][0]["margin"]["mean"] == 0


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["thirteen", "-s", "best", "--deals", "1"], "unknown 13-card strategy 'best'"),
        (["ofc", "--bot", "mcts"], "unknown OFC strategy 'mcts'"),
        (["big-two", "--against", "ismcts"], "unknown Big Two strategy 'ismcts'"),
        (["thirteen", "-r", "ofc-classic"], "ofc-classic"),
    ],
)
def test_bad_input_exits_2(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["bench", *args])
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output


def test_tables_equilibrium_writes_what_the_library_builds(tmp_path: Path) -> None:
    args = ["tables", "equilibrium", "--out", str(tmp_path), "-r", "pagat", "-r", "macau"]
    result = runner.invoke(app, [*args, "--players", "2", "--deals", "20", "--steps", "1"])
    assert result.exit_code == 0, result.output
    pagat = load_ruleset("pagat")
    assert isinstance(pagat, ThirteenCardRuleset)
    path = tmp_path / equilibrium_name(pagat, 2)
    assert f"{path}: pagat against 1 opponents" in result.stdout.replace("\n", "")
    built = tmp_path / "again.npz"
    iterate(pagat, 2, Iteration(deals=20, steps=1)).save(built)
    assert path.read_bytes() == built.read_bytes()
    assert len(list(tmp_path.glob("equilibrium-*.npz"))) == 2


def test_arrange_with_the_equilibrium_objective() -> None:
    hand = "AS KS QS JS TS 9H 9D 4C 4S 3H 3D 2C 7S"
    args = ["arrange", hand, "-r", "pagat", "--objective", "equilibrium", "--players", "2"]
    result = runner.invoke(app, [*args, "--json"])
    assert result.exit_code == 0, result.output
    answer = arrange(hand, "pagat", "equilibrium", players=2)
    data = json.loads(result.stdout)
    assert (data["back"], data["value"]) == (answer.as_dict()["back"], answer.as_dict()["value"])
    bad = runner.invoke(app, ["arrange", hand, "-r", "pagat", "--objective", "best"])
    assert bad.exit_code == 2 and "use ev, equilibrium, lexicographic" in bad.output


def test_simulate_with_the_equilibrium_objective() -> None:
    args = ["simulate", "-r", "macau", "--deals", "3", "--players", "2", "--seed", "5"]
    result = runner.invoke(app, [*args, "--objective", "equilibrium", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert (data["objective"], data["players"]) == ("equilibrium", 2)
    bad = runner.invoke(app, [*args, "--objective", "best"])
    assert bad.exit_code == 2 and "use ev, equilibrium, lexicographic" in bad.output

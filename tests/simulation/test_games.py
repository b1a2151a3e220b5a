"""OFC and Big Two simulations: invariants, seeds, backends and the commands."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from housegame.cli import app
from housegame.errors import TableError
from housegame.rulesets.bigtwo import BigTwoRuleset
from housegame.rulesets.loader import bundled_of
from housegame.rulesets.ofc import OfcRuleset
from housegame.simulation import Backend
from housegame.simulation.games import GameReport, simulate_bigtwo, simulate_ofc

runner = CliRunner()


def check_invariants(report: GameReport, count: int) -> None:
    for stats in report.rulesets:
        assert stats.games == count
        assert stats.zero_sum  # every game's results sum to exactly zero
        assert sum(stats.seat_means) == pytest.approx(0.0, abs=1e-9)
        assert all(0.0 <= rate <= 1.0 for rate in stats.rates.values())
        assert all(value >= 0 for value in stats.per_hand.values())
        assert stats.worst <= stats.percentiles[5] <= stats.percentiles[95] <= stats.best


@pytest.fixture(scope="module")
def ofc_report() -> GameReport:
    return simulate_ofc(bundled_of(OfcRuleset), hands=12, seed=4, players=2)


def test_ofc_invariants_and_fantasyland(ofc_report: GameReport) -> None:
    check_invariants(ofc_report, 12)
    for stats in ofc_report.rulesets:
        assert set(stats.rates) >= {"foul", "royalty back", "fantasyland entry", "fantasyland stay"}


def test_a_game_report_prints_a_short_summary(ofc_report: GameReport) -> None:
    lines = repr(ofc_report).splitlines()
    assert lines[0] == "GameReport: ofc, 12 games, 2 players, seed 4"
    assert len(lines) == 1 + len(ofc_report.rulesets)
    assert lines[1].startswith(f"  GameStats({ofc_report.rulesets[0].ruleset}: 12 games; seat 1 ")


@pytest.mark.slow  # worker processes
def test_ofc_is_seeded_whatever_the_backend(ofc_report: GameReport) -> None:
    again = simulate_ofc(bundled_of(OfcRuleset), hands=12, seed=4, backend=Backend(jobs=2))
    assert again.as_dict() == ofc_report.as_dict()


def test_bigtwo_invariants_and_who_pays() -> None:
    report = simulate_bigtwo(bundled_of(BigTwoRuleset), games=30, seed=2)
    check_invariants(report, 30)
    for stats in report.rulesets:
        wins = [stats.rates[f"seat {s} wins"] for s in range(1, 5)]
        assert sum(wins) == pytest.approx(1.0)  # exactly one player goes out each game
        assert sum(stats.penalties.values()) == 3 * 30  # three losers a game
    assert report.as_dict() == simulate_bigtwo(bundled_of(BigTwoRuleset), 30, 2).as_dict()


def test_interrupt_keeps_finished_games() -> None:
    def stop(done: int) -> None:
        raise KeyboardInterrupt

    first, second = bundled_of(BigTwoRuleset)[:2]
    report = simulate_bigtwo([first, second], games=250, seed=1, progress=stop)
    assert report.interrupted
    assert [(s.ruleset, s.games) for s in report.rulesets] == [(first.id, 100)]


def test_refusals() -> None:
    with pytest.raises(TableError, match="does not seat 4"):
        simulate_ofc(bundled_of(OfcRuleset), hands=1, players=4)
    with pytest.raises(TableError, match="at least 1"):
        simulate_bigtwo(bundled_of(BigTwoRuleset), games=0)


def test_commands() -> None:
    out = runner.invoke(app, ["bigtwo", "simulate", "--games", "20", "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout)
    assert data["game"] == "big-two"
    assert [r["ruleset"] for r in data["rulesets"]] == [r.id for r in bundled_of(BigTwoRuleset)]
    text = runner.invoke(app, ["ofc", "simulate", "-r", "ofc-classic", "--hands", "3"])
    assert text.exit_code == 0, text.output
    assert text.stdout.splitlines()[1].startswith("ofc-classic")
    bad = runner.invoke(app, ["ofc", "simulate", "-r", "pagat", "--hands", "3"])
    assert bad.exit_code == 2 and "not an OFC ruleset" in bad.stderr
    bad = runner.invoke(app, ["bigtwo", "simulate", "-r", "pagat", "--games", "3"])
    assert bad.exit_code == 2 and "not a Big Two ruleset" in bad.stderr


@pytest.mark.parametrize(
    ("args", "english", "chinese"),
    [
        (
            ["ofc", "simulate", "-r", "ofc-classic", "--hands", "3"],
            "ruleset n seat 1 seat 2 sd 5%..95% foul royalty front royalty middle royalty back "
            "fantasyland entry fantasyland stay in fantasyland royalty units front "
            "royalty units middle royalty units back",
            "规则 局数 座位 1 座位 2 标准差 5%..95% 倒水 头道奖励分 中道奖励分 尾道奖励分 "
            "进入范特西 留在范特西 范特西中 头道奖励分均值 中道奖励分均值 尾道奖励分均值",
        ),
        (
            ["bigtwo", "simulate", "-r", "maceplay-big-two", "--games", "5"],
            "ruleset n seat 1 seat 2 seat 3 seat 4 sd 5%..95% seat 1 wins seat 1 pays "
            "seat 2 wins seat 2 pays seat 3 wins seat 3 pays seat 4 wins seat 4 pays "
            "penalty per loser",
            "规则 局数 座位 1 座位 2 座位 3 座位 4 标准差 5%..95% 座位 1 胜 座位 1 付分 "
            "座位 2 胜 座位 2 付分 座位 3 胜 座位 3 付分 座位 4 胜 座位 4 付分 输家平均罚分",
        ),
    ],
)
def test_the_report_in_chinese(args: list[str], english: str, chinese: str) -> None:
    """--lang zh names the columns with the glossary's words; the numbers are the same."""
    en = runner.invoke(app, args)
    zh = runner.invoke(app, [*args, "--lang", "zh"])
    assert en.exit_code == zh.exit_code == 0, zh.output
    en_lines, zh_lines = en.stdout.splitlines(), zh.stdout.splitlines()
    assert " ".join(en_lines[0].split()) == english
    assert " ".join(zh_lines[0].split()) == chinese
    assert [line.split() for line in en_lines[1:2]] == [line.split() for line in zh_lines[1:2]]
    if args[0] == "bigtwo":
        assert zh_lines[2].startswith("maceplay-big-two 输家罚分分布: ")

"""Comparing rulesets: one table under many, and the Monte Carlo over seeded deals."""

from __future__ import annotations

import importlib
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from housegame.arrange.simulate import ev_vs_lexicographic
from housegame.cli import app
from housegame.compare import compare_table, family_order, rulesets_like
from housegame.errors import CardError, FoulError, TableError
from housegame.rulesets.loader import load_ruleset
from housegame.rulesets.thirteen import ThirteenCardRuleset
from housegame.scoring import score
from housegame.tables import TableFile, load_table

ROOT = Path(__file__).resolve().parents[1]
MACEPLAY_TABLE = ROOT / "examples" / "maceplay-table.yaml"
runner = CliRunner()


def thirteen(ruleset_id: str) -> ThirteenCardRuleset:
    ruleset = load_ruleset(ruleset_id)
    assert isinstance(ruleset, ThirteenCardRuleset)
    return ruleset


def test_rulesets_are_ordered_by_family_base_first() -> None:
    ids = ["pagat-surrender-overall-point", "maceplay", "pagat-overall-point", "pagat", "x"]
    parents = ["pagat-overall-point", None, "pagat", None, "pagat-sweep-1"]
    # x extends pagat-sweep-1, which is not compared: it counts under pagat (its ancestor)
    assert family_order(ids, ids, parents) == [
        "maceplay",
        "pagat",
        "pagat-overall-point",
        "pagat-surrender-overall-point",
        "x",
    ]
    table = load_table(MACEPLAY_TABLE)
    order = list(
        compare_table(table, ["taiwan-direct", "pagat-sweep-1", "taiwan", "pagat"]).results
    )
    assert order == ["taiwan", "taiwan-direct", "pagat", "pagat-sweep-1"]


def test_each_column_is_that_rulesets_score() -> None:
    table = load_table(MACEPLAY_TABLE)
    comparison = compare_table(table, ["maceplay", "pagat", "taiwan"])
    assert list(comparison.results) == ["maceplay", "pagat", "taiwan"]
    for rid, totals in comparison.totals().items():
        assert totals == score(table, rid).totals
        assert sum(totals.values()) == 0
    assert comparison.totals()["maceplay"]["You"] == 108  # the seed's worked example
    assert comparison.skipped == {}


def test_every_ruleset_of_the_game_by_default_and_banker_games_need_a_banker() -> None:
    table = load_table(MACEPLAY_TABLE)
    comparison = compare_table(table)
    assert set(comparison.results) | set(comparison.skipped) == set(rulesets_like(table))
    assert set(comparison.skipped) == {"macau", "malayan", "pagat-house"}
    assert all("no banker is named" in why for why in comparison.skipped.values())
    with_banker = compare_table(table.model_copy(update={"banker": "West"}))
    assert with_banker.skipped == {}
    assert with_banker.totals()["macau"] == score(table, "macau", banker="West").totals
    # the banker counts only in banker games: pagat is scored as all-pairs
    assert with_banker.totals()["pagat"] == comparison.totals()["pagat"]


def test_a_named_ruleset_that_cannot_score_the_table_is_an_error() -> None:
    with pytest.raises(TableError, match="ruleset 'macau': macau is a banker game"):
        compare_table(load_table(MACEPLAY_TABLE), ["pagat", "macau"])


FOUL_TABLE = {
    "players": [
        {"name": "Ann", "front": "AS AD 3D", "middle": "2C 3S 4C 5C 9H", "back": "7C 8C 9C TC JC"},
        {"name": "Bo", "front": "KS KH 2D", "middle": "QS QH QD 4S 4H", "back": "AH KD QC JD TD"},
    ]
}
"""Ann fouls (a pair of aces in front of a high card): maceplay refuses it, pagat scores it."""


def test_a_named_ruleset_that_refuses_a_foul_is_skipped() -> None:
    table = TableFile.model_validate(FOUL_TABLE)
    comparison = compare_table(table, ["maceplay", "pagat", "taiwan"])
    assert list(comparison.results) == ["pagat", "taiwan"]
    assert comparison.skipped == {
        "maceplay": "player 'Ann' fouls: front pair A A 3 beats middle high-card 9 5 4 3 2"
    }
    assert comparison.totals()["pagat"] == score(table, "pagat").totals
    with pytest.raises(FoulError, match="ruleset 'maceplay': player 'Ann' fouls"):
        compare_table(table, ["maceplay"])  # nothing else to show: the problem itself


def test_compare_lists_a_ruleset_that_refuses_a_foul_as_skipped(tmp_path: Path) -> None:
    path = tmp_path / "foul.json"
    path.write_text(json.dumps(FOUL_TABLE), encoding="utf-8")
    out = runner.invoke(app, ["compare", str(path), "-r", "maceplay", "-r", "pagat"])
    assert out.exit_code == 0, out.output
    lines = out.stdout.splitlines()
    assert lines[1].split()[0] == "pagat" and len(lines) == 3
    assert lines[2] == (
        "skipped maceplay: player 'Ann' fouls: front pair A A 3 beats middle high-card 9 5 4 3 2"
    )


def test_a_ruleset_named_twice_is_an_error() -> None:
    with pytest.raises(TableError, match="given twice"):
        compare_table(load_table(MACEPLAY_TABLE), ["pagat", "maceplay", "pagat"])


def test_a_table_no_ruleset_can_score_raises_its_problem() -> None:
    table = TableFile.model_validate(
        {
            "players": [
                {"name": "A", "cards": "AD KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S"},
                {"name": "B", "cards": "AD KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H"},
            ]
        }
    )  # AD twice: no bundled deck holds it twice (加一色 doubles the spades, 加二色 the
    # clubs and hearts)
    with pytest.raises(CardError, match="AD"):
        compare_table(table)


def test_cli_compare_text_and_json() -> None:
    out = runner.invoke(
        app, ["compare", str(MACEPLAY_TABLE), "-r", "maceplay", "-r", "macau", "--banker", "You"]
    )
    assert out.exit_code == 0, out.output
    assert "maceplay" in out.output and "macau" in out.output and "+108" in out.output
    data = json.loads(runner.invoke(app, ["compare", str(MACEPLAY_TABLE), "--json"]).stdout)
    assert data["rulesets"]["maceplay"]["totals"]["You"] == 108
    assert "macau" in data["skipped"]


def test_cli_compare_explain_shows_each_rulesets_items() -> None:
    out = runner.invoke(
        app, ["compare", str(MACEPLAY_TABLE), "-r", "maceplay", "-r", "pagat-pool", "--explain"]
    )
    assert out.exit_code == 0, out.output
    result = compare_table(load_table(MACEPLAY_TABLE), ["maceplay", "pagat-pool"])
    for rid, scored in result.results.items():
        assert f"\n{rid} (unit)\n" in out.stdout
        for pair in scored.pairs:
            for item in pair.items:
                assert item.label in out.stdout
    assert "stake into the pool" in out.stdout


def test_cli_compare_bad_input_exits_2() -> None:
    out = runner.invoke(app, ["compare", str(MACEPLAY_TABLE), "-r", "macau"])
    assert out.exit_code == 2
    assert "no banker is named" in out.stderr
    out = runner.invoke(app, ["compare", str(MACEPLAY_TABLE), "-r", "no-such-ruleset"])
    assert out.exit_code == 2 and "unknown ruleset" in out.stderr


def test_ev_players_beat_lexicographic_ones_in_duplicate_deals() -> None:
    margin = ev_vs_lexicographic(thirteen("pagat"), seed=5, deals=30)
    assert margin.ev_mean == pytest.approx(-margin.lexicographic_mean)
    assert margin.margin == pytest.approx(margin.ev_mean - margin.lexicographic_mean)
    assert margin.margin > 2 * margin.stderr > 0


def test_a_comparison_takes_a_path_and_gives_records_of_numbers() -> None:
    by_path = compare_table(str(MACEPLAY_TABLE), ["maceplay", "pagat"])
    parsed = compare_table(load_table(MACEPLAY_TABLE), ["maceplay", "pagat"])
    assert by_path.totals() == parsed.totals()
    assert compare_table(MACEPLAY_TABLE, ["pagat"]).totals() == {"pagat": parsed.totals()["pagat"]}
    totals = by_path.totals()
    assert all(type(units) is int for row in totals.values() for units in row.values())
    assert by_path.exact_totals()["maceplay"] == score(MACEPLAY_TABLE, "maceplay").totals
    records = by_path.to_records()
    assert len(records) == 2 * len(by_path.players)
    assert records[0] == {
        "ruleset": "maceplay",
        "player": "You",
        "total": 108,
        "unit": "unit",
        "points": 108,
    }
    taiwan = compare_table(MACEPLAY_TABLE, ["taiwan"]).to_records()
    assert {(r["unit"], r["points"] == r["total"] * 100) for r in taiwan} == {("赌", True)}
    pandas = importlib.import_module("pandas")  # a test extra (pyproject)
    frame = pandas.DataFrame(records)
    assert frame["total"].dtype.kind == "i"
    assert pandas.DataFrame(totals)["maceplay"].dtype.kind == "i"


def test_a_comparison_prints_a_short_summary() -> None:
    comparison = compare_table(MACEPLAY_TABLE, ["maceplay", "pagat"])
    assert repr(comparison) == (
        "TableComparison: 4 players under 2 rulesets\n"
        "  maceplay  You +108, Opponent -24, West -43, North -41 (unit)\n"
        "  pagat     You +27, Opponent -3, West -13, North -11 (unit)"
    )
    every = repr(compare_table(MACEPLAY_TABLE))
    assert "  skipped macau: " in every and every.count("\n") < 25

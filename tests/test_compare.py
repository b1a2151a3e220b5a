"""Comparing rulesets: one table under many, and the Monte Carlo over seeded deals."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from housegame.arrange import Arranger
from housegame.arrange.build import deal_hands
from housegame.arrange.simulate import ev_vs_lexicographic, seat_of
from housegame.cards import Card
from housegame.cli import app
from housegame.compare import compare_table, rulesets_like, simulate
from housegame.errors import CardError, TableError
from housegame.rulesets.loader import load_ruleset
from housegame.rulesets.thirteen import ThirteenCardRuleset
from housegame.scoring import score
from housegame.tables import TableFile, load_table
from housegame.thirteen.settle import settle_table

ROOT = Path(__file__).resolve().parents[1]
MACEPLAY_TABLE = ROOT / "examples" / "maceplay-table.yaml"
runner = CliRunner()


def thirteen(ruleset_id: str) -> ThirteenCardRuleset:
    ruleset = load_ruleset(ruleset_id)
    assert isinstance(ruleset, ThirteenCardRuleset)
    return ruleset


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


def test_a_ruleset_named_twice_is_an_error() -> None:
    with pytest.raises(TableError, match="given twice"):
        compare_table(load_table(MACEPLAY_TABLE), ["pagat", "maceplay", "pagat"])


def test_a_table_no_ruleset_can_score_raises_its_problem() -> None:
    table = TableFile.model_validate(
        {
            "players": [
                {"name": "A", "cards": "AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S"},
                {"name": "B", "cards": "AS KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H"},
            ]
        }
    )
    with pytest.raises(CardError, match="AS"):
        compare_table(table)


def test_simulate_plays_the_ruleset_as_score_would() -> None:
    """One deal: each seat's result is what setting the hands and settling the table gives."""
    for rid in ("pagat", "macau", "taiwan"):
        rules = thirteen(rid)
        [stats] = simulate([rules], deals=1, seed=7)
        hands = [[Card(int(c)) for c in row] for row in deal_hands(7, 1)]
        arranged = Arranger(rules, "ev").arrange_many(hands)
        names = ["p1", "p2", "p3", "p4"]
        banker = "p1" if rules.table.compare == "banker" else None
        table = settle_table(rules, [seat_of(n, a) for n, a in zip(names, arranged)], banker)
        assert stats.seat_means == tuple(float(table.totals[n]) for n in names)
        assert stats.banker == (banker is not None)


def test_simulate_is_seeded_and_zero_sum() -> None:
    rulesets = [thirteen("pagat"), thirteen("taiwan"), thirteen("macau"), thirteen("pagat-pool")]
    first = simulate(rulesets, deals=60, seed=3, players=3)
    assert first == simulate(rulesets, deals=60, seed=3, players=3)
    assert first != simulate(rulesets, deals=60, seed=4, players=3)
    for stats in first:
        assert stats.players == 3 and stats.deals == 60
        assert sum(stats.seat_means) == pytest.approx(0.0, abs=1e-9)
        low, middle, high = stats.quantiles
        assert stats.worst <= low <= middle <= high <= stats.best
        assert 0.0 <= stats.scoop_rate <= 1.0 and 0.0 <= stats.special_rate <= 1.0


def test_simulate_refuses_seat_counts_a_ruleset_does_not_seat() -> None:
    with pytest.raises(TableError, match="2 to 4"):
        simulate([thirteen("pagat")], deals=5, players=5)
    with pytest.raises(TableError, match="at least 1"):
        simulate([thirteen("pagat")], deals=0)


def test_cli_compare_text_and_json() -> None:
    out = runner.invoke(
        app, ["compare", str(MACEPLAY_TABLE), "-r", "maceplay", "-r", "macau", "--banker", "You"]
    )
    assert out.exit_code == 0, out.output
    assert "maceplay" in out.output and "macau" in out.output and "+108" in out.output
    data = json.loads(runner.invoke(app, ["compare", str(MACEPLAY_TABLE), "--json"]).stdout)
    assert data["rulesets"]["maceplay"]["totals"]["You"] == 108
    assert "macau" in data["skipped"]


def test_cli_compare_bad_input_exits_2() -> None:
    out = runner.invoke(app, ["compare", str(MACEPLAY_TABLE), "-r", "macau"])
    assert out.exit_code == 2
    assert "no banker is named" in out.stderr
    out = runner.invoke(app, ["compare", str(MACEPLAY_TABLE), "-r", "no-such-ruleset"])
    assert out.exit_code == 2 and "unknown ruleset" in out.stderr


def test_cli_simulate() -> None:
    out = runner.invoke(app, ["simulate", "-r", "pagat", "-r", "macau", "--deals", "20", "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout)
    assert [d["ruleset"] for d in data] == ["pagat", "macau"]
    assert data[1]["banker"] is True
    text = runner.invoke(app, ["simulate", "-r", "pagat", "--deals", "10"])
    assert text.exit_code == 0 and "pagat" in text.stdout
    bad = runner.invoke(app, ["simulate", "-r", "ofc-classic", "--deals", "5"])
    assert bad.exit_code == 2 and "not a 13-card ruleset" in bad.stderr


def test_ev_players_beat_lexicographic_ones_in_duplicate_deals() -> None:
    margin = ev_vs_lexicographic(thirteen("pagat"), seed=5, deals=30)
    assert margin.ev_mean == pytest.approx(-margin.lexicographic_mean)
    assert margin.margin == pytest.approx(margin.ev_mean - margin.lexicographic_mean)
    assert margin.margin > 2 * margin.stderr > 0

"""The 13-card Monte Carlo: what it counts, that it is seeded, and its outputs."""

from __future__ import annotations

import json
import os
import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from housegame.arrange import DEFAULT_OBJECTIVE, Arranger
from housegame.arrange.simulate import seat_of
from housegame.cards import Card
from housegame.cli import app
from housegame.errors import TableError
from housegame.rulesets.loader import load_ruleset
from housegame.rulesets.thirteen import ThirteenCardRuleset
from housegame.simulation import Backend, simulate
from housegame.simulation.thirteen import deal_chunk
from housegame.thirteen.settle import settle_table

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "golden" / "simulate" / "pagat-macau-3-deals.json"
GOLDEN_ARGS = ["simulate", "-r", "pagat", "-r", "macau", "--deals", "3", "--players", "2"]
GOLDEN_ARGS += ["--seed", "5", "--json"]
"""Regenerate the golden file with ``HOUSEGAME_REGEN=1 pytest tests/simulation``."""
runner = CliRunner()


def thirteen(ruleset_id: str) -> ThirteenCardRuleset:
    ruleset = load_ruleset(ruleset_id)
    assert isinstance(ruleset, ThirteenCardRuleset)
    return ruleset


@pytest.mark.parametrize("rid", ["pagat", "macau", "taiwan", "pagat-pool"])
def test_a_deal_is_scored_as_score_would(rid: str) -> None:
    """One deal: each seat's result is what setting the hands and settling the table gives."""
    rules = thirteen(rid)
    report = simulate([rules], deals=1, seed=7)
    hands = [[Card(int(c)) for c in row] for row in deal_chunk(7, 0, 1, 4).reshape(-1, 13)]
    arranged = Arranger(rules, DEFAULT_OBJECTIVE, 4).arrange_many(hands)
    names = ["p1", "p2", "p3", "p4"]
    banker = "p1" if rules.table.compare == "banker" else None
    table = settle_table(rules, [seat_of(n, a) for n, a in zip(names, arranged)], banker)
    [stats] = report.rulesets
    assert stats.seat_means == tuple(float(table.totals[n]) for n in names)
    assert stats.banker == (banker is not None)
    moved = [t for t in table.totals.values() if t > 0]
    assert stats.moved_per_deal == float(sum(moved))
    paid = [(i.kind, abs(i.units)) for p in table.pairs for i in p.items]
    paid += [(e.item.kind, abs(e.item.units)) for e in table.pool]
    assert sum(t["units_per_deal"] for t in stats.terms) == pytest.approx(
        float(sum(u for _, u in paid))
    )
    assert sum(t["per_deal"] for t in stats.terms) == len(paid)


def test_seeded_zero_sum_and_rates_in_range() -> None:
    rulesets = [thirteen(r) for r in ("pagat", "taiwan", "macau", "pagat-pool", "shanghai")]
    first = simulate(rulesets, deals=60, seed=3, players=3)
    assert first.as_dict() == simulate(rulesets, deals=60, seed=3, players=3).as_dict()
    assert first.as_dict() != simulate(rulesets, deals=60, seed=4, players=3).as_dict()
    for stats in first.rulesets:
        assert stats.players == 3 and stats.deals == 60
        assert sum(stats.seat_means) == pytest.approx(0.0, abs=1e-9)
        low, middle, high = stats.quantiles
        assert stats.worst <= low <= middle <= high <= stats.best
        rates = [stats.scoop_rate, stats.special_rate, stats.foul_rate, stats.home_run_rate]
        rates += [t["share_of_units"] for t in stats.terms]
        rates += [lane[k] for lane in stats.lanes for k in ("won_rate", "tied_rate")]
        rates += [s[k] for s in stats.specials for k in ("declared_rate", "held_rate")]
        assert all(0.0 <= rate <= 1.0 for rate in rates)
        assert sum(t["share_of_units"] for t in stats.terms) == pytest.approx(1.0)
        for mean, (lo, hi) in zip(stats.seat_means, stats.seat_ci95):
            assert lo <= mean <= hi
        assert sum(stats.distribution.values()) == 60 * 3
    macau = first.rulesets[2]
    assert macau.banker_edge is not None
    assert macau.banker_edge["units"] == macau.seat_means[0]
    assert macau.banker_edge["share_of_action"] == pytest.approx(
        macau.seat_means[0] / macau.banker_edge["action_per_deal"]
    )


def test_a_report_prints_a_short_summary() -> None:
    report = simulate([thirteen("pagat"), thirteen("macau")], deals=20, seed=3, players=3)
    lines = repr(report).splitlines()
    assert lines[0] == "SimulationReport: 20 deals, 3 players, seed 3, equilibrium play"
    assert [line.split(":")[0] for line in lines[1:]] == [
        "  RulesetStats(pagat",
        "  RulesetStats(macau",
    ]
    pagat = report[0]
    lo, hi = pagat.seat_ci95[0]
    assert f"seat 1 {pagat.seat_means[0]:+.2f} [{lo:+.2f}, {hi:+.2f}]" in repr(pagat)
    assert f"moved {pagat.moved_per_deal:.2f}/deal)" in repr(pagat)


def test_lexicographic_objective_sets_hands_differently() -> None:
    rules = [thirteen("pagat")]
    by_ev = simulate(rules, deals=20, seed=2).as_dict()
    by_lexi = simulate(rules, deals=20, seed=2, objective="lexicographic").as_dict()
    assert by_lexi["objective"] == "lexicographic"
    assert by_ev["rulesets"][0]["terms"] != by_lexi["rulesets"][0]["terms"]


def test_refuses_seat_counts_a_ruleset_does_not_seat() -> None:
    with pytest.raises(TableError, match="2 to 4"):
        simulate([thirteen("pagat")], deals=5, players=5)
    with pytest.raises(TableError, match="at least 1"):
        simulate([thirteen("pagat")], deals=0)


def test_ctrl_c_keeps_the_deals_done() -> None:
    """KeyboardInterrupt from the progress hook ends the run like Ctrl-C: chunks run in order
    (chunk 0 under each ruleset, then chunk 1, ...), the finished ones are reported."""
    calls = iter(range(100))

    def interrupt_on_third(done: int) -> None:
        if next(calls) == 2:
            raise KeyboardInterrupt

    rulesets = [thirteen("pagat"), thirteen("macau")]
    report = simulate(rulesets, deals=250, seed=1, players=2, progress=interrupt_on_third)
    assert report.interrupted
    assert [(s.ruleset, s.deals) for s in report.rulesets] == [("pagat", 200), ("macau", 100)]
    whole = simulate(rulesets[:1], deals=200, seed=1, players=2)
    assert report.rulesets[0].as_dict() == whole.rulesets[0].as_dict()


def test_same_json_with_more_processes() -> None:
    rulesets = [thirteen("pagat"), thirteen("taiwan")]
    one = simulate(rulesets, deals=120, seed=9, players=3)
    two = simulate(rulesets, deals=120, seed=9, players=3, backend=Backend(jobs=2))
    assert json.dumps(two.as_dict(), default=str) == json.dumps(one.as_dict(), default=str)


@pytest.fixture(scope="module")
def dask_scheduler() -> Iterator[str]:
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None
    ) as cluster:
        yield str(cluster.scheduler_address)


def test_same_json_on_dask(dask_scheduler: str) -> None:
    rulesets = [thirteen("pagat"), thirteen("macau")]
    here = simulate(rulesets, deals=120, seed=9, players=2)
    there = simulate(rulesets, deals=120, seed=9, players=2, backend=Backend(dask=dask_scheduler))
    assert json.dumps(there.as_dict(), default=str) == json.dumps(here.as_dict(), default=str)
    out = runner.invoke(app, [*GOLDEN_ARGS, "--dask", dask_scheduler])
    assert out.exit_code == 0, out.output
    assert out.stdout == GOLDEN.read_text(encoding="utf-8")


def test_workers_with_the_malloc_trim_setting_get_a_notice(
    dask_scheduler: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    rulesets = [thirteen("pagat")]
    simulate(rulesets, deals=10, seed=1, players=2, backend=Backend(dask=dask_scheduler))
    assert "MALLOC_TRIM_THRESHOLD_" not in capsys.readouterr().err
    monkeypatch.setenv("MALLOC_TRIM_THRESHOLD_", "65536")  # the in-process workers' environment
    simulate(rulesets, deals=10, seed=1, players=2, backend=Backend(dask=dask_scheduler))
    assert capsys.readouterr().err == (
        "housegame: 2 of 2 Dask workers run with MALLOC_TRIM_THRESHOLD_ set, which about "
        "doubles this simulation's CPU; docs/simulate.md shows how to start them without it\n"
    )


def test_an_unreachable_scheduler_is_bad_input(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("distributed")
    monkeypatch.setattr("housegame.simulation.runner.CONNECT_TIMEOUT", "1s")
    out = runner.invoke(app, [*GOLDEN_ARGS, "--dask", "tcp://127.0.0.1:9"])
    assert out.exit_code == 2
    assert "cannot reach the Dask scheduler at tcp://127.0.0.1:9" in out.stderr


def test_cli_json_of_a_tiny_seeded_run_exactly() -> None:
    out = runner.invoke(app, GOLDEN_ARGS)
    assert out.exit_code == 0, out.output
    if os.environ.get("HOUSEGAME_REGEN"):
        GOLDEN.write_text(out.stdout, encoding="utf-8")
    assert out.stdout == GOLDEN.read_text(encoding="utf-8")
    assert runner.invoke(app, [*GOLDEN_ARGS, "--jobs", "2"]).stdout == out.stdout


def test_cli_table_only_on_stdout() -> None:
    out = runner.invoke(app, ["simulate", "-r", "pagat", "-r", "macau", "--deals", "20"])
    assert out.exit_code == 0, out.output
    lines = out.stdout.splitlines()
    assert lines[0].split()[:2] == ["ruleset", "deals"]
    assert [line.split()[0] for line in lines[1:]] == ["pagat", "macau"]
    bad = runner.invoke(app, ["simulate", "-r", "ofc-classic", "--deals", "5"])
    assert bad.exit_code == 2 and "not a 13-card ruleset" in bad.stderr
    bad = runner.invoke(app, ["simulate", "-r", "pagat", "--objective", "best"])
    assert bad.exit_code == 2 and "--objective best: unknown objective" in bad.stderr


def test_cli_csv_plots_and_html(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    house = tmp_path / "house.yaml"
    house.write_text("extends: pagat\nid: house\nname: Pagat <b>&</b> friends\nsummary: s\n")
    args = ["simulate", "-r", "pagat", "-r", str(house), "--deals", "15", "--players", "2"]
    out = runner.invoke(app, [*args, "--csv", str(tmp_path / "r.csv"), "--out", str(tmp_path)])
    assert out.exit_code == 0, out.output
    rows = (tmp_path / "r.csv").read_text(encoding="utf-8").splitlines()
    assert rows[0] == "ruleset,section,name,metric,value"
    assert {r.split(",")[0] for r in rows[1:]} == {"pagat", "house"}
    assert "pagat,seat,1,mean," in "\n".join(rows)
    pngs = sorted(p.name for p in tmp_path.glob("*.png"))
    assert pngs == ["banker-edge.png", "distribution.png", "terms.png"]  # rulesets side by side
    assert all((tmp_path / p).read_bytes().startswith(b"\x89PNG") for p in pngs)
    page = (tmp_path / "report.html").read_text(encoding="utf-8")
    assert page.count('src="data:image/png;base64,') == 3
    assert "Pagat &lt;b&gt;&amp;&lt;/b&gt; friends" in page and "<b>&</b>" not in page
    assert page.count("<dt>") == 12 and "<dt>moved/deal</dt><dd>units changing hands" in page
    assert "<b>house</b>: scores as pagat does" in page
    assert "width=device-width" in page


def test_outputs_that_cannot_be_written_are_refused_before_the_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    args = ["simulate", "-r", "pagat", "--deals", "5"]
    out = runner.invoke(app, [*args, "--csv", str(tmp_path / "no" / "r.csv")])
    assert out.exit_code == 2 and f"no folder {tmp_path / 'no'}" in out.stderr
    (tmp_path / "file").write_text("x")
    out = runner.invoke(app, [*args, "--out", str(tmp_path / "file")])
    assert out.exit_code == 2 and "is a file" in out.stderr
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # as if not installed
    out = runner.invoke(app, [*args, "--out", str(tmp_path / "plots")])
    assert out.exit_code == 2
    assert "plots need matplotlib" in out.stderr and "housegame[report]" in out.stderr
    assert not (tmp_path / "plots").exists() and out.stdout == ""


class InterruptingBar:
    """A progress bar whose second advance is Ctrl-C."""

    def __init__(self) -> None:
        self.calls = 0

    def __enter__(self) -> InterruptingBar:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def add_task(self, description: str, total: int) -> int:
        return 0

    def advance(self, task: int, done: int) -> None:
        self.calls += 1
        if self.calls == 2:
            raise KeyboardInterrupt


def test_cli_ctrl_c_prints_the_report_of_the_deals_done(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("housegame.cli.compare_cmd.progress_bar", InterruptingBar)
    out = runner.invoke(app, ["simulate", "-r", "pagat", "-r", "macau", "--deals", "300"])
    assert out.exit_code == 0, out.output
    assert [re.split(r"\s{2,}", line)[:2] for line in out.stdout.splitlines()[1:]] == [
        ["pagat", "100"],
        ["macau (banker)", "100"],
    ]
    assert "interrupted: the report covers the deals played (pagat 100, macau 100)" in out.stderr
    data = json.loads(
        runner.invoke(app, ["simulate", "-r", "pagat", "--deals", "300", "--json"]).stdout
    )
    assert data["interrupted"] is True and data["rulesets"][0]["deals"] == 200

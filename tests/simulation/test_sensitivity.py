"""`housegame sensitivity`: every one-setting variant on the same seeded deals; known effects
found, unreachable settings reported as no detectable effect, for all three games."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from housegame.arrange import objectives
from housegame.cli import app
from housegame.errors import TableError
from housegame.simulation import Backend
from housegame.simulation import sensitivity as sensitivity_module
from housegame.simulation.sensitivity import SensitivityReport, sensitivity
from housegame.simulation.sensitivity_out import CSV_COLUMNS, effect_rows

runner = CliRunner()


@pytest.fixture(scope="module")
def pagat() -> SensitivityReport:
    settings = ["scoop.multiplier", "specials.lower_pays_home_run", "lane_values.default"]
    return sensitivity("pagat", 200, seed=3, settings=settings)


def _effect(report: SensitivityReport, setting: str, change: str) -> dict[str, object]:
    found = next(e for e in report.effects if (e.setting, e.change) == (setting, change))
    return {key: c for key, c in found.changes.items()}


def test_a_bigger_scoop_multiplier_moves_more_units(pagat: SensitivityReport) -> None:
    changes = _effect(pagat, "scoop.multiplier", "+1")
    moved = changes["moved"]
    assert moved.detectable and moved.ci95[0] > 0  # type: ignore[attr-defined]
    assert moved.value == pytest.approx(moved.base + moved.change)  # type: ignore[attr-defined]
    assert changes["sd"].change > 0  # type: ignore[attr-defined]
    assert pagat.effects[0].setting in ("scoop.multiplier", "lane_values.default")


def test_a_setting_no_deal_reaches_has_no_detectable_effect(pagat: SensitivityReport) -> None:
    """pagat has no home run, so who pays one never comes up."""
    effect = next(e for e in pagat.effects if e.setting == "specials.lower_pays_home_run")
    assert not effect.detectable and effect.size == 0
    assert all(c.change == 0 and c.ci95 == (0.0, 0.0) for c in effect.changes.values())
    assert pagat.effects[-1] is effect  # ranked last
    row = effect_rows(pagat)[1][-1]
    assert row[2] == "no detectable effect" and set(row[3:]) == {"·"}


def test_every_change_carries_its_interval_and_words(pagat: SensitivityReport) -> None:
    lower = _effect(pagat, "lane_values.default", "-1")["moved"]
    assert lower.ci95[1] < 0  # type: ignore[attr-defined]
    assert [e.words for e in pagat.effects if e.setting == "scoop.multiplier"] == [
        "scoop: no extra payment → lane units x2"
    ]
    data = pagat.as_dict()
    assert data["deals"] == 200 and data["players"] == 4 and data["banker"] is False
    assert {m["key"] for m in data["metrics"]} >= {"seat 1", "sd", "moved", "skill", "scoops"}
    assert set(data["base"]) == {m["key"] for m in data["metrics"]}
    assert data["base"]["skill"] > 0  # ev play beats lexicographic


@pytest.mark.slow  # worker processes: tests/simulation/test_runner.py is the quick check
def test_the_same_numbers_on_two_processes() -> None:
    args = ("pagat", 120)
    one = sensitivity(*args, seed=5, settings=["scoop.bonus"])
    two = sensitivity(*args, seed=5, settings=["scoop.bonus"], backend=Backend(jobs=2))
    assert one.as_dict() == two.as_dict()


@pytest.mark.slow  # a local cluster
def test_the_same_numbers_on_dask() -> None:
    import distributed  # the dask extra, installed for the tests

    with distributed.LocalCluster(  # type: ignore[no-untyped-call]
        n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None
    ) as cluster:
        on_dask = sensitivity(
            "taiwan-big-two",
            40,
            seed=3,
            settings=["penalty.settlement"],
            backend=Backend(dask=str(cluster.scheduler_address)),
        )
    here = sensitivity("taiwan-big-two", 40, seed=3, settings=["penalty.settlement"])
    assert on_dask.as_dict() == here.as_dict()


def test_big_two_penalty_tiers() -> None:
    report = sensitivity("taiwan-big-two", 100, seed=2, settings=["penalty.tiers[1-7]"])
    up = next(e for e in report.effects if e.change == "+1").changes["moved"]
    assert up.detectable and up.change > 0
    assert report.game == "big-two" and report.players == 4


def test_ofc_scoring_and_fantasyland() -> None:
    report = sensitivity(
        "golden-nugget-pineapple",
        20,
        seed=1,
        settings=["scoring.lane_units", "fantasyland.stay.cards"],
    )
    lane = next(e for e in report.effects if e.setting == "scoring.lane_units" and e.change == "+1")
    assert lane.changes["moved"].detectable and lane.changes["moved"].change > 0
    assert {"fouls", "fantasyland", "royalties"} <= set(lane.changes)


def test_refusals() -> None:
    with pytest.raises(TableError, match="no setting of 'pagat' starts with nothing"):
        sensitivity("pagat", 10, settings=["nothing"])
    with pytest.raises(TableError, match="at least 2"):
        sensitivity("pagat", 1)
    with pytest.raises(TableError, match="does not seat 4 players"):
        sensitivity("golden-nugget-pineapple", 10, players=4)


def test_variants_the_arranger_cannot_set_are_skipped_and_listed() -> None:
    """bluetiki-lowball ranks its middle for low, which the arranger sets from one deck only:
    its deck variants are listed with why, the rest run."""
    report = sensitivity("bluetiki-lowball", 4, settings=["deck", "table.seats", "overall"])
    assert set(report.skipped) == {"deck.decks +1", "deck.jokers +1", "table.seats.max -1"}
    assert "ranked for low" in report.skipped["deck.jokers +1"]
    assert report.skipped["table.seats.max -1"] == "does not seat 4 players"
    assert report.effects and report.as_dict()["skipped"] == report.skipped
    said = runner.invoke(
        app, ["sensitivity", "bluetiki-lowball", "--deals", "4", "-s", "deck", "-s", "overall"]
    )
    assert said.exit_code == 0, said.stderr
    assert "skipped deck.jokers +1: the arranger sets a lane ranked for low" in " ".join(
        said.stderr.split()
    )


def test_cli_table_json_csv_and_chart(tmp_path: Path) -> None:
    args = ["sensitivity", "pagat", "--deals", "40", "-s", "scoop", "-s", "specials.lower"]
    out = runner.invoke(app, [*args, "--csv", str(tmp_path / "s.csv"), "--out", str(tmp_path)])
    assert out.exit_code == 0, out.output
    lines = out.stdout.splitlines()
    assert lines[0].split()[:3] == ["#", "setting", "changed"]
    assert "no detectable effect" in out.stdout
    assert lines[-1].startswith("each change with ± its 95% interval")
    rows = (tmp_path / "s.csv").read_text(encoding="utf-8").splitlines()
    assert rows[0] == ",".join(CSV_COLUMNS)
    assert (tmp_path / "sensitivity.png").read_bytes().startswith(b"\x89PNG")
    data = json.loads(runner.invoke(app, [*args, "--json"]).stdout)
    assert data["ruleset"] == "pagat" and len(data["effects"]) == 3
    chinese = runner.invoke(app, [*args, "--lang", "zh"])
    assert "无可检测的影响" in chinese.stdout and "打枪" in chinese.stdout
    bad = runner.invoke(app, ["sensitivity", "pagat", "-s", "nothing", "--deals", "5"])
    assert bad.exit_code == 2 and "no setting of 'pagat' starts with nothing" in bad.stderr


SMALL = {"seed": 5, "settings": ["scoop.bonus", "lane_values.default"]}
"""pagat and three variants: groups of two make two groups."""


def _in_small_groups(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sensitivity_module, "RULESETS_A_TASK", 2)
    monkeypatch.setattr(sensitivity_module, "PASS_CHUNKS", 1)


def test_the_same_numbers_whatever_the_groups_and_passes(monkeypatch: pytest.MonkeyPatch) -> None:
    whole = sensitivity("pagat", 300, **SMALL)  # type: ignore[arg-type]
    _in_small_groups(monkeypatch)
    assert sensitivity("pagat", 300, **SMALL).as_dict() == whole.as_dict()  # type: ignore[arg-type]


@pytest.mark.parametrize("tasks", [1, 3])
def test_a_stopped_run_measures_each_variant_on_the_deals_it_shares(
    monkeypatch: pytest.MonkeyPatch, tasks: int
) -> None:
    """Tasks run pass by pass, group by group (here: the first 100 deals under both groups,
    then the next 100...). Stopped after one task the second group has played nothing: its
    variants are listed as not played. Stopped after three, every variant has an effect over
    the deals it shares with the ruleset (200 for the first group's, 100 for the second's)."""
    _in_small_groups(monkeypatch)
    done: list[int] = []

    def stop(deals: int) -> None:
        done.append(deals)
        if len(done) == tasks:
            raise KeyboardInterrupt

    report = sensitivity("pagat", 300, progress=stop, **SMALL)  # type: ignore[arg-type]
    assert report.interrupted
    assert report.deals == (100 if tasks == 1 else 200)
    stopped = [label for label, why in report.skipped.items() if why.startswith("not played")]
    assert len(stopped) == (2 if tasks == 1 else 0)
    assert len(report.effects) == 3 - len(stopped)


def test_a_run_keeps_no_more_models_than_the_caches_allow(monkeypatch: pytest.MonkeyPatch) -> None:
    """Models are not held for the whole run: with room for one, one is kept between tasks
    (a run once held every variant's, 2.9 GB for shanghai)."""
    _in_small_groups(monkeypatch)
    models = objectives._MODELS
    models.clear()
    monkeypatch.setattr(models, "budget", 1)
    held: list[int] = []
    sensitivity("pagat", 200, progress=lambda _: held.append(len(models._values)), **SMALL)  # type: ignore[arg-type]
    assert held and max(held) == 1


def test_each_model_is_made_once_a_pass(monkeypatch: pytest.MonkeyPatch) -> None:
    models = objectives._MODELS
    models.clear()
    made: list[Any] = []
    getting = models.get

    def counted(key: Any, make: Any) -> Any:
        def making() -> Any:
            made.append(key)
            return make()

        return getting(key, making)

    monkeypatch.setattr(models, "get", counted)
    sensitivity("pagat", 300, **SMALL)  # type: ignore[arg-type]
    assert made and len(made) == len(set(made))

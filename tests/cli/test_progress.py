"""Long work on stderr: a plain line every 30 seconds where stderr is no terminal (a log, a
pipe), nothing for a short run; and a sensitivity run says what it costs before it starts."""

from __future__ import annotations

import io

import pytest
from rich.console import Console
from typer.testing import CliRunner

from housegame.cli import app, sensitivity_cmd
from housegame.cli.progress import PlainProgress
from housegame.durations import clock_text, cpu_text
from housegame.simulation.sensitivity import SECONDS_PER_DEAL, planned


def _plain(every: float = 30.0) -> tuple[PlainProgress, list[float], io.StringIO]:
    now = [0.0]
    out = io.StringIO()
    console = Console(file=out, width=200, force_terminal=False)
    return PlainProgress(console, every, lambda: now[0]), now, out


def test_a_long_run_says_where_it_is_every_30_seconds() -> None:
    progress, now, out = _plain()
    with progress:
        task = progress.add_task("deals played", total=1000)
        for _ in range(10):
            now[0] += 12.0
            progress.advance(task, 100)
    lines = out.getvalue().splitlines()
    assert lines == [
        "deals played: 300 of 1,000 (30%), 0:36 elapsed, about 1:24 left",
        "deals played: 600 of 1,000 (60%), 1:12 elapsed, about 0:48 left",
        "deals played: 900 of 1,000 (90%), 1:48 elapsed, about 0:12 left",
        "deals played: 1,000 of 1,000 (100%), 2:00 elapsed",
    ]


def test_a_short_run_says_nothing() -> None:
    progress, now, out = _plain()
    with progress:
        task = progress.add_task("deals played", total=10)
        now[0] += 5.0
        progress.advance(task, 10)
    assert out.getvalue() == ""


def test_durations_in_words() -> None:
    assert [clock_text(s) for s in (5, 65, 3725)] == ["0:05", "1:05", "1:02:05"]
    assert cpu_text(25) == "about 25 CPU-seconds" and cpu_text(2247) == "about 37 CPU-minutes"
    assert cpu_text(9000) == "about 2.5 CPU-hours"


def test_a_costly_sensitivity_run_says_so_before_it_starts(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The documented OFC run: 145 rulesets x 500 hands at 18 ms a hand, about 22 minutes.
    A small run, with the threshold for saying so lowered, says its own estimate."""
    plan = planned("golden-nugget-pineapple", None, ("royalties", "fantasyland"))
    assert plan.rulesets == 145
    assert plan.cpu_seconds(500) == SECONDS_PER_DEAL["ofc"] * 500 * 145
    assert cpu_text(plan.cpu_seconds(500)) == "about 22 CPU-minutes"
    monkeypatch.setattr(sensitivity_cmd, "NOTICE_SECONDS", 0.0)
    result = CliRunner().invoke(
        app, ["sensitivity", "pagat", "--deals", "20", "-s", "scoop.multiplier", "--json"]
    )
    assert result.exit_code == 0, result.stderr
    said = " ".join(result.stderr.split())
    assert "pagat: the ruleset and 1 variant, 20 deals each: about 1 CPU-seconds" in said
    assert "(fewer deals or --setting PREFIX run less)" in said

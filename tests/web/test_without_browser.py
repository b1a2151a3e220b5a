"""Which suite the README's test command runs: the quick one leaves the browser and slow tests
out and says so in one line with the command for the rest; the full one (``--full``, CI) runs
them, and there a missing browser fails them."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests import conftest
from tests.suite import FULL_ENV, FULL_OPTION, PACKAGES, full_by_environment
from tests.web import conftest as web_conftest
from tests.web.conftest import ROOT

# one browser test, one slow test and one that needs neither, in a pytest of their own
SELECTED = [
    "tests/web/test_app.py::test_home_page_in_a_browser",
    "tests/arrange/test_exact.py::test_ev_matches_the_reference[pagat]",
    "tests/web/test_app.py::test_bad_query_is_422_with_the_cli_message",
]


def run_pytest(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    """pytest on ``SELECTED`` on a machine with no chromium nor chromedriver, outside CI."""
    clean = {k: v for k, v in os.environ.items() if k not in ("CI", FULL_ENV)}
    missing = str(ROOT / "no-such-folder")
    clean.update(
        HOUSEGAME_CHROMIUM=f"{missing}/chromium",
        HOUSEGAME_CHROMEDRIVER=f"{missing}/chromedriver",
        PYTHONPATH=str(ROOT),
        **env,
    )
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *args]
    return subprocess.run(
        [*command, *SELECTED], capture_output=True, text=True, cwd=ROOT, env=clean
    )


def test_the_quick_suite_leaves_out_slow_and_browser_tests_and_says_so() -> None:
    done = run_pytest()
    assert done.returncode == 0, done.stdout + done.stderr
    said = [line for line in done.stdout.splitlines() if "not run" in line]
    assert said == [
        "quick suite: 1 slow and 1 browser tests not run; `pytest --full` runs everything, as "
        f"CI does (the browser and font tests need `{PACKAGES}`)"
    ]
    assert "1 passed, 2 skipped" in done.stdout


def test_the_full_suite_fails_without_a_browser(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where the full suite runs, a browser test without chromium is an error, not a skip."""
    monkeypatch.setattr(web_conftest, "CHROMIUM", None)
    monkeypatch.setattr(web_conftest, "CHROMEDRIVER", None)
    with pytest.raises(pytest.fail.Exception) as failed:
        web_conftest.new_chromium()
    assert str(failed.value).startswith(
        "chromium and chromedriver not found: the full suite runs the browser tests"
    )


class _Item:
    """What the quick suite's hook reads of a test: its markers."""

    def __init__(self, *markers: str) -> None:
        self.markers = [getattr(pytest.mark, m).mark for m in markers]

    def get_closest_marker(self, name: str) -> pytest.Mark | None:
        return next((m for m in self.markers if m.name == name), None)

    def add_marker(self, marker: pytest.MarkDecorator) -> None:
        self.markers.append(marker.mark)


class _Config:
    def __init__(self, **options: object) -> None:
        self.options = {FULL_OPTION: False, "markexpr": "", **options}

    def getoption(self, name: str) -> object:
        return self.options[name]


@pytest.mark.parametrize(
    ("options", "skipped"),
    [
        ({}, [True, True, False]),
        ({FULL_OPTION: True}, [False] * 3),
        ({"markexpr": "not browser"}, [False] * 3),
    ],
)
def test_the_quick_suite_skips_what_is_opt_in(
    options: dict[str, object], skipped: list[bool], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Slow and browser tests are skipped unless the full suite runs; ``-m`` picks the tests
    itself, so nothing more is skipped (``-m "not browser"`` deselects the browser test and
    runs the slow one)."""
    monkeypatch.delenv("CI", raising=False)
    monkeypatch.delenv(FULL_ENV, raising=False)
    monkeypatch.setattr(conftest, "_left_out", {})  # this run's own count stays as it is
    items = [_Item("slow"), _Item("browser"), _Item()]
    conftest.pytest_collection_modifyitems(_Config(**options), items)  # type: ignore[arg-type]
    assert [item.get_closest_marker("skip") is not None for item in items] == skipped


@pytest.mark.parametrize(
    ("env", "full"),
    [({}, False), ({"CI": "true"}, True), ({FULL_ENV: "1"}, True), ({"CI": "0"}, False)],
)
def test_ci_runs_the_full_suite(env: dict[str, str], full: bool) -> None:
    assert full_by_environment(env) is full

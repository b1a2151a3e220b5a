"""The README's test command on a machine without chromium: the browser tests are not run and
one line says so and how to install it; where they are required (CI) their absence fails."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.web.conftest import INSTALL, REQUIRE_ENV, ROOT, browser_required

# one browser test and one that needs no browser, in a pytest of their own
SELECTED = [
    "tests/web/test_app.py::test_home_page_in_a_browser",
    "tests/web/test_app.py::test_bad_query_is_422_with_the_cli_message",
]


def run_pytest(**env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if k not in ("CI", REQUIRE_ENV)}
    missing = str(ROOT / "no-such-folder" / "chromium")
    clean.update(HOUSEGAME_CHROMIUM=missing, PYTHONPATH=str(ROOT), **env)
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *SELECTED],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=clean,
    )


def test_without_chromium_the_browser_tests_are_not_run_and_it_says_so() -> None:
    done = run_pytest()
    assert done.returncode == 0, done.stdout + done.stderr
    said = [line for line in done.stdout.splitlines() if "browser tests not run" in line]
    assert said == [
        f"browser tests not run (1): chromium not found; install them with `{INSTALL}` "
        "(Debian/Ubuntu), or set HOUSEGAME_CHROMIUM and HOUSEGAME_CHROMEDRIVER"
    ]
    assert "1 passed, 1 skipped" in done.stdout


def test_where_they_are_required_a_missing_browser_fails() -> None:
    done = run_pytest(**{REQUIRE_ENV: "1"})
    assert done.returncode == 1, done.stdout
    assert "chromium not found: the browser tests are required here" in done.stdout
    assert "1 passed, 1 error" in done.stdout


@pytest.mark.parametrize(
    ("env", "required"),
    [({}, False), ({"CI": "true"}, True), ({REQUIRE_ENV: "1"}, True), ({"CI": "0"}, False)],
)
def test_ci_requires_them(
    env: dict[str, str], required: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("CI", raising=False)
    monkeypatch.delenv(REQUIRE_ENV, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    assert browser_required() is required

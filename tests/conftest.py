"""Which tests run (``tests/suite.py``: the quick suite unless ``--full``), and suite-wide
isolation: `housegame new` keeps a schema copy in the user's data folder; tests
give it a temporary one, never the real home.

The default objective, ``equilibrium``, builds the table of a ruleset or table size that has
none shipped (about half a minute of CPU, then cached in the user's cache). A test that
arranges a fixture ruleset with the default would pay that on a fresh machine (CI) and not on
one whose cache already holds it, so outside tests marked ``builds_equilibrium`` asking for a
table that is not shipped fails at once: such a test names the objective it is about
(``objective="ev"``, ``--objective ev``)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import settings

from housegame.arrange import equilibrium
from housegame.arrange.equilibrium import Iteration
from housegame.arrange.odds import LaneOdds
from housegame.rulesets.thirteen import ThirteenCardRuleset
from tests import suite
from tests.suite import FULL_ENV, FULL_OPTION, OPT_IN, PACKAGES, full_suite

_left_out: dict[str, int] = {}


def pytest_configure(config: pytest.Config) -> None:
    """Before any test module is imported: which suite runs, and the property tests' sample
    size with it (``suite.examples``)."""
    suite.full = full_suite(config)
    settings.register_profile("quick", max_examples=suite.examples(100))
    if not suite.full:
        settings.load_profile("quick")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        FULL_OPTION,
        action="store_true",
        help=f"the full suite, as CI runs it: slow, exhaustive and browser tests too "
        f"(also {FULL_ENV}=1 or CI=true)",
    )


@pytest.hookimpl(trylast=True)  # after tests/web/conftest.py has marked the browser tests
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The quick suite skips what is marked slow, browser or font; ``-m`` chooses for itself."""
    if full_suite(config) or config.getoption("markexpr"):
        return
    for item in items:
        marker = next((m for m in OPT_IN if item.get_closest_marker(m) is not None), None)
        if marker is not None:
            item.add_marker(pytest.mark.skip(reason=f"{marker}: runs with {FULL_OPTION}"))
            _left_out[marker] = _left_out.get(marker, 0) + 1


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """One line: what the quick suite left out and the command that runs it."""
    if _left_out:
        counts = " and ".join(f"{_left_out[m]} {m}" for m in OPT_IN if m in _left_out)
        terminalreporter.write_line(
            f"quick suite: {counts} tests not run; `pytest {FULL_OPTION}` runs everything, as "
            f"CI does (the browser and font tests need `{PACKAGES}`)",
            yellow=True,
        )


@pytest.fixture(autouse=True)
def _user_data_home(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Path:
    home = tmp_path_factory.getbasetemp() / "xdg-data"
    monkeypatch.setenv("XDG_DATA_HOME", str(home))
    return home


@pytest.fixture(autouse=True)
def _shipped_equilibrium_only(
    request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> None:
    if request.node.get_closest_marker("builds_equilibrium") is not None:
        return
    found = equilibrium.equilibrium_odds_for

    def shipped_only(ruleset: ThirteenCardRuleset, players: int) -> LaneOdds:
        if not equilibrium.shipped_path(ruleset, players).is_file():
            pytest.fail(
                f"ruleset '{ruleset.id}' at {players} players has no shipped equilibrium "
                "table: set its hands with objective 'ev' (or mark the test builds_equilibrium)"
            )
        return found(ruleset, players)

    monkeypatch.setattr(equilibrium, "equilibrium_odds_for", shipped_only)


SMALL_BUILD = Iteration(seed=7, deals=40, steps=2)
"""What a test that builds a table on demand builds: a second or two, not half a minute."""


@pytest.fixture
def small_builds(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Tables built on demand with ``SMALL_BUILD`` into a temporary cache (returned), none
    read yet in this process: for tests marked ``builds_equilibrium``."""
    monkeypatch.setenv("HOUSEGAME_CACHE", str(tmp_path))
    monkeypatch.setattr(equilibrium, "SHIPPED", SMALL_BUILD)
    monkeypatch.setattr(equilibrium, "_LOADED", {})
    return tmp_path

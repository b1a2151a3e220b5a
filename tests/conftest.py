"""Suite-wide isolation: `housegame new` keeps a schema copy in the user's data folder; tests
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

from housegame.arrange import equilibrium
from housegame.arrange.equilibrium import Iteration
from housegame.arrange.odds import LaneOdds
from housegame.rulesets.thirteen import ThirteenCardRuleset


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

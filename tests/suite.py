"""Which suite runs: the quick one by default, the full one (slow, exhaustive, browser and font
tests too, as CI runs it) with ``pytest --full``, ``HOUSEGAME_FULL=1`` or ``CI=true``."""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, TypeVar

import pytest

FULL_ENV = "HOUSEGAME_FULL"
FULL_OPTION = "--full"
OPT_IN = ("slow", "browser", "font")
"""Markers of the tests only the full suite runs (``browser`` and ``font``: they need
``PACKAGES``)."""

T = TypeVar("T")

PACKAGES = "apt-get install chromium chromium-driver fonts-wqy-microhei"
"""What the full suite needs from Debian/Ubuntu: the browser, its driver and a CJK font."""


def full_by_environment(env: Mapping[str, str] | None = None) -> bool:
    """The full suite asked for by the environment: ``HOUSEGAME_FULL=1`` or a CI runner's
    ``CI=true``."""
    env = os.environ if env is None else env
    return env.get(FULL_ENV) == "1" or env.get("CI", "").lower() == "true"


def full_suite(config: pytest.Config) -> bool:
    """Whether this run is the full suite: ``--full`` or the environment."""
    return bool(config.getoption(FULL_OPTION)) or full_by_environment()


QUICK_RULESETS = frozenset(
    {
        "pagat",  # a plain scale of lane bonuses
        "taiwan",  # an outcome table, the home run
        "macau",  # every player against the banker
        "mau-binh",  # lane values by hand and rank, instant wins
        "maceplay-ghosts",  # a deck of its own: two jokers (tests/decks has the extra suits)
        "bluetiki-lowball",  # a lane ranked for low
        "maceplay-big-two",  # Big Two: a table of penalties
        "pusoy-dos",  # Big Two: other suits, each card left counts its value
    }
)
"""The bundled rulesets a check made once per ruleset covers in the quick suite, one of each
payout and deck shape; the full suite covers every bundled ruleset. A test's own variants
(files written for a term no bundled ruleset uses) always run."""


def per_ruleset(refs: Iterable[str]) -> list[Any]:
    """``refs`` (ruleset ids or files) as pytest parameters: a bundled ruleset outside
    ``QUICK_RULESETS`` is marked slow."""
    from housegame.rulesets.loader import bundled_rulesets

    bundled = set(bundled_rulesets())
    return [
        pytest.param(ref, id=Path(ref).stem, marks=[pytest.mark.slow])
        if ref in bundled and ref not in QUICK_RULESETS
        else pytest.param(ref, id=Path(ref).stem)
        for ref in refs
    ]


def suite_rulesets(config: pytest.Config, rulesets: Sequence[T]) -> list[T]:
    """The rulesets a test that walks many in one go reads: all in the full suite, the quick
    ones (``QUICK_RULESETS``) otherwise."""
    if full_suite(config):
        return list(rulesets)
    return [r for r in rulesets if getattr(r, "id", None) in QUICK_RULESETS]


full = False
"""Whether this run is the full suite; set by ``tests/conftest.py`` before any test module is
imported, so module-level settings (``examples``) read it."""


def examples(count: int) -> int:
    """A property test's number of examples: ``count`` in the full suite, a quarter of it (at
    least four) in the quick one. Each run draws the same examples (``derandomize`` aside, the
    database is off in CI), so CI reads the whole sample every time."""
    return count if full else max(min(count, 4), count // 4)

"""Shared fixtures for the Big Two tests: every shipped big-two ruleset, compiled."""

from __future__ import annotations

import pytest

from housegame.bigtwo import Rules, load_rules
from housegame.rulesets.bigtwo import BigTwoRuleset
from housegame.rulesets.loader import load_ruleset
from tests.bigtwo.bigtwo_shipped import BIG_TWO_IDS


@pytest.fixture(params=BIG_TWO_IDS)
def rules(request: pytest.FixtureRequest) -> Rules:
    ruleset = load_ruleset(request.param)
    assert isinstance(ruleset, BigTwoRuleset)
    return load_rules(request.param)


@pytest.fixture
def maceplay() -> Rules:
    return load_rules("maceplay-big-two")

"""Bounds every ruleset keeps (``rulesets.bounds``): the limits themselves, checked on a model
built from a bundled ruleset."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from housegame.rulesets.bounds import MAX_NUMBER
from housegame.rulesets.loader import load_ruleset
from housegame.rulesets.thirteen import ThirteenCardRuleset


def _with(**changes: Any) -> dict[str, Any]:
    data = load_ruleset("maceplay").model_dump(by_alias=True, exclude_none=True)
    return data | changes


@pytest.mark.parametrize("value", [0, 1, MAX_NUMBER])
def test_numbers_up_to_the_limit_validate(value: int) -> None:
    rules = ThirteenCardRuleset.model_validate(_with(scoop={"multiplier": max(value, 1)}))
    assert rules.scoop.multiplier == max(value, 1)


def test_a_number_past_the_limit_is_refused() -> None:
    with pytest.raises(ValidationError, match="is out of range"):
        ThirteenCardRuleset.model_validate(_with(overall_point=MAX_NUMBER + 1))


def test_outcome_units_may_be_negative_and_nothing_else() -> None:
    taiwan = load_ruleset("taiwan")
    assert isinstance(taiwan, ThirteenCardRuleset) and taiwan.outcomes is not None
    assert min(o.units for o in taiwan.outcomes) < 0
    when = {"distinct_ranks": -1}
    hands = [{"id": "odd", "name": "Odd", "points": 1, "when": when}]
    with pytest.raises(ValidationError, match="-1 is negative"):
        ThirteenCardRuleset.model_validate(_with(specials={"hands": hands}))

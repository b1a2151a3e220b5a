"""The outcome-dominance check that lets the bounds read a range at its strongest hand."""

from __future__ import annotations

import pytest

from housegame.arrange.model import EvModel, ev_model
from housegame.rulesets.loader import load_ruleset
from housegame.rulesets.thirteen import ThirteenCardRuleset


def thirteen(ruleset_id: str) -> ThirteenCardRuleset:
    ruleset = load_ruleset(ruleset_id)
    assert isinstance(ruleset, ThirteenCardRuleset)
    return ruleset


@pytest.mark.parametrize(
    "ruleset_id",
    [
        "taiwan",
        "taiwan-direct",
        "pagat-pool",
        "pagat",
        "maceplay",
        "pagat-overall-point",
        "pagat-extras-for-losing",
    ],
)
def test_bundled_rulesets_are_monotone(ruleset_id: str) -> None:
    assert ev_model(thirteen(ruleset_id)).monotone_in_outcomes()


def test_a_scoop_paying_less_than_the_lanes_is_not_monotone() -> None:
    model = EvModel(thirteen("maceplay"))
    model.scoop_mult = 0
    assert not model.monotone_in_outcomes()


def test_a_negative_overall_point_is_not_monotone() -> None:
    ruleset = thirteen("pagat-overall-point").model_copy(update={"overall_point": -1})
    assert not EvModel(ruleset).monotone_in_outcomes()


def test_a_table_paying_less_for_a_won_lane_is_not_monotone() -> None:
    model = EvModel(thirteen("taiwan"))
    assert model.outcomes is not None
    # two won and one lost paying less than one won, one lost and one tied
    model.outcomes = [(w, l, -3 if (w, l) == (2, 1) else u, s) for w, l, u, s in model.outcomes]
    assert not model.monotone_in_outcomes()


def test_a_negative_match_won_bonus_is_not_monotone() -> None:
    model = EvModel(thirteen("taiwan"))
    model.bonuses = [
        type(term)(-term.units, term.pay_when, term.lane, term.node) for term in model.bonuses
    ]
    assert not model.monotone_in_outcomes()

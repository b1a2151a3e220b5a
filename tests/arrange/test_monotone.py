"""The outcome-dominance check that lets the bounds read a range at its strongest hand."""

from __future__ import annotations

import dataclasses

import pytest

from housegame.arrange.build import lane_odds
from housegame.arrange.model import EvModel
from housegame.arrange.monotone import monotone_in_outcomes
from housegame.arrange.objectives import ev_model
from housegame.rulesets.loader import bundled_of, load_ruleset
from housegame.rulesets.thirteen import ThirteenCardRuleset

BUNDLED = {ruleset.id: ruleset for ruleset in bundled_of(ThirteenCardRuleset)}


def model_of(ruleset_id: str) -> EvModel:
    ruleset = load_ruleset(ruleset_id)
    assert isinstance(ruleset, ThirteenCardRuleset)
    return EvModel(ruleset, lane_odds(ruleset.ranking.rules()))


@pytest.mark.parametrize("ruleset_id", sorted(BUNDLED))
def test_bundled_rulesets_are_monotone(ruleset_id: str) -> None:
    assert monotone_in_outcomes(ev_model(BUNDLED[ruleset_id]))


def test_a_scoop_paying_less_than_the_lanes_is_not_monotone() -> None:
    model = model_of("maceplay")
    model.payout.scoop_mult = 0
    assert not monotone_in_outcomes(model)


def test_a_negative_overall_point_is_not_monotone() -> None:
    ruleset = BUNDLED["pagat-overall-point"].model_copy(update={"overall_point": -1})
    assert not monotone_in_outcomes(EvModel(ruleset, lane_odds(ruleset.ranking.rules())))


def test_a_table_paying_less_for_a_won_lane_is_not_monotone() -> None:
    model = model_of("taiwan")
    assert model.payout.outcomes is not None
    # two won and one lost paying less than one won, one lost and one tied
    model.payout.outcomes[(2, 1)] = (-3, False)
    assert not monotone_in_outcomes(model)


def test_a_negative_match_won_bonus_is_not_monotone() -> None:
    model = model_of("taiwan")
    model.payout.bonuses = [
        dataclasses.replace(term, units=-term.units) for term in model.payout.bonuses
    ]
    assert not monotone_in_outcomes(model)

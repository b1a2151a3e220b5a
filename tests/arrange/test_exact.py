"""The fast search against a plain brute force, on 200 seeded hands per objective and ruleset."""

from __future__ import annotations

import numpy as np
import pytest

from housegame.arrange import Arranger
from housegame.arrange.arranger import ev_model
from housegame.cards import Card
from housegame.rulesets.loader import load_ruleset
from housegame.rulesets.thirteen import ThirteenCardRuleset
from tests.arrange.reference import best_lexicographic, ev_values, masks_of

pytestmark = pytest.mark.slow

EV_RULESETS = ["maceplay", "taiwan", "macau"]
"""Lane values with scoop and home run; outcome table with add-ons; banker with ties lost and
the wheel second-highest."""
LEXI_RULESETS = ["maceplay", "macau", "shanghai"]
"""Wheel lowest; wheel second-highest; a suit order."""
SPOT_RULESETS = [
    "pagat-pool",
    "malayan",
    "pagat-sweep-3",
    "pagat-overall-point",
    "taiwan-direct",
    "pagat-extras-for-losing",
    "pagat-surrender-overall-point",
]
"""The other scoring shapes, on fewer hands: pool, always-paid extras, sweep bonus, overall point
(alone, with extras paid win or lose, with surrender)."""


def thirteen(ruleset_id: str) -> ThirteenCardRuleset:
    ruleset = load_ruleset(ruleset_id)
    assert isinstance(ruleset, ThirteenCardRuleset)
    return ruleset


def check_ev(ruleset: ThirteenCardRuleset, hands: list[list[Card]]) -> None:
    results = Arranger(ruleset, "ev").arrange_many(hands)
    model = ev_model(ruleset)
    for cards, result in zip(hands, results):
        legal, values = ev_values(cards, model)
        best = float(values.max())
        assert result.best.value == pytest.approx(best, abs=1e-9), cards
        setting = result.best.setting
        [index] = np.flatnonzero((legal == np.array(masks_of(cards, setting))).all(axis=1))
        assert values[index] == pytest.approx(best, abs=1e-9)
        assert not setting.fouled


@pytest.mark.parametrize("ruleset_id", EV_RULESETS)
def test_ev_matches_brute_force(ruleset_id: str, hands: list[list[Card]]) -> None:
    check_ev(thirteen(ruleset_id), hands)


@pytest.mark.parametrize("ruleset_id", SPOT_RULESETS)
def test_ev_matches_brute_force_other_shapes(ruleset_id: str, hands: list[list[Card]]) -> None:
    check_ev(thirteen(ruleset_id), hands[:25])


@pytest.mark.parametrize("ruleset_id", LEXI_RULESETS)
def test_lexicographic_matches_brute_force(ruleset_id: str, hands: list[list[Card]]) -> None:
    ruleset = thirteen(ruleset_id)
    results = Arranger(ruleset, "lexicographic").arrange_many(hands)
    for cards, result in zip(hands, results):
        front, middle, back = result.best.setting.keys
        assert (back, middle, front) == best_lexicographic(cards, ruleset), cards
        assert not result.best.setting.fouled


def test_alternatives_are_the_next_best(hands: list[list[Card]]) -> None:
    ruleset = thirteen("maceplay")
    model = ev_model(ruleset)
    for cards in hands[:10]:
        result = Arranger(ruleset, "ev").arrange(cards, top=5)
        _, values = ev_values(cards, model)
        expected = np.sort(values)[::-1][:6]
        got = [result.best.value, *(c.value for c in result.alternatives)]
        assert got == pytest.approx(list(expected), abs=1e-9)
        settings = {tuple(c.setting.cards) for c in (result.best, *result.alternatives)}
        assert len(settings) == 6

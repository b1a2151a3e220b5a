"""The fast search against the slow reference arranger (``reference``), on seeded hands of
every bundled ruleset and test variant, in batches and one hand a call."""

from __future__ import annotations

import numpy as np
import pytest

from housegame.arrange import Arranger
from housegame.arrange.objectives import ev_model
from housegame.cards import Card
from housegame.rulesets.loader import bundled_of, load_ruleset
from housegame.rulesets.thirteen import ThirteenCardRuleset
from tests.arrange.reference import best_lexicographic, ev_values, masks_of, reference_arrange
from tests.arrange.test_lockstep import RULESETS

pytestmark = pytest.mark.slow

BUNDLED = {ruleset.id: ruleset for ruleset in bundled_of(ThirteenCardRuleset)}
"""Every bundled 13-card ruleset, read from the files: a new one is checked the day it ships."""
DEEP = {"maceplay", "taiwan", "macau"}
"""Checked on every hand of the fixture (lane values with scoop and home run; an outcome table
with add-ons; a banker with ties lost and the wheel second-highest); the others on 25."""
RANKINGS = {ruleset.ranking.rules(): rid for rid, ruleset in sorted(BUNDLED.items())}
"""One ruleset per distinct ranking setting (wheel, suit order) for the lexicographic check."""


def thirteen(ruleset_id: str) -> ThirteenCardRuleset:
    ruleset = load_ruleset(ruleset_id)
    assert isinstance(ruleset, ThirteenCardRuleset)
    return ruleset


ONE_HAND = 4
"""Hands per ruleset also set one ``arrange`` call each (the one-hand path)."""


def check_ev(ruleset: ThirteenCardRuleset, hands: list[list[Card]]) -> None:
    arranger = Arranger(ruleset, "ev")
    results = arranger.arrange_many(hands)
    alone = [arranger.arrange(cards) for cards in hands[:ONE_HAND]]
    model = ev_model(ruleset)
    for i, (cards, result) in enumerate(zip(hands, results)):
        best, settings = reference_arrange(cards, model)
        for answer in (result, *alone[i : i + 1]):
            assert answer.best.value == pytest.approx(model.scaled(best, cards), abs=1e-9), cards
            assert masks_of(cards, answer.best.setting) in settings, cards
            assert not answer.best.setting.fouled


@pytest.mark.parametrize("ruleset_id", sorted(RULESETS))
def test_ev_matches_the_reference(ruleset_id: str, hands: list[list[Card]]) -> None:
    """Every bundled ruleset and test variant (``variants/``); three in depth."""
    check_ev(RULESETS[ruleset_id], hands if ruleset_id in DEEP else hands[:25])


@pytest.mark.parametrize("ruleset_id", sorted(RANKINGS.values()))
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

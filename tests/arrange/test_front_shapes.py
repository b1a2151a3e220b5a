"""Three-card front straights and flushes (``ranking: {front_straights, front_flushes}``): the
arranger never returns a fouled setting, and its best value is the brute force's, on seeded
hands rich in suits and runs (the lookup tables and lane odds of that ranking are built on
first use)."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

from housegame.arrange import Arranger
from housegame.arrange.objectives import ev_model
from housegame.cards import DECK, Card
from housegame.ranking import category_of
from housegame.rulesets.loader import load_ruleset_file
from housegame.rulesets.thirteen import ThirteenCardRuleset
from tests.arrange.reference import best_lexicographic, ev_values

VARIANT = Path(__file__).parent / "variants" / "pagat-front-shapes.yaml"


def ruleset() -> ThirteenCardRuleset:
    loaded = load_ruleset_file(VARIANT)
    assert isinstance(loaded, ThirteenCardRuleset)
    return loaded


def hands(count: int) -> list[list[Card]]:
    """Every other hand from two suits (flushes and straight flushes everywhere)."""
    rng = random.Random("front shapes")
    two_suits = [c for c in DECK if c.suit in (1, 2)]
    return [rng.sample(two_suits if deal % 2 else list(DECK), 13) for deal in range(count)]


@pytest.mark.slow  # brute force over every split
def test_ev_never_fouls_and_matches_brute_force() -> None:
    rules = ruleset()
    model = ev_model(rules)
    dealt = hands(8)
    fronts = set()
    for cards, result in zip(dealt, Arranger(rules, "ev").arrange_many(dealt)):
        assert not result.best.setting.fouled, result.best.setting.text()
        _, values = ev_values(cards, model)
        assert result.best.value == pytest.approx(float(np.max(values)), abs=1e-9), cards
        fronts.add(category_of(result.best.setting.keys[0]).label)
    assert {"straight", "flush"} <= fronts  # the new front shapes are chosen


def test_lexicographic_never_fouls_and_matches_brute_force() -> None:
    rules = ruleset()
    dealt = hands(8)
    for cards, result in zip(dealt, Arranger(rules, "lexicographic").arrange_many(dealt)):
        setting = result.best.setting
        assert not setting.fouled, setting.text()
        front, middle, back = setting.keys
        assert (back, middle, front) == best_lexicographic(cards, rules)

"""The ``ev`` model's card multipliers: my factor from my cards, a random opponent's in
expectation (exact over ``holds``: the opponent's 13 cards come from the 39 I do not hold)."""

from __future__ import annotations

from pathlib import Path

import pytest

from housegame.arrange import Arranger
from housegame.arrange.objectives import ev_model
from housegame.arrange.opponents import expected_factor
from housegame.cards import parse_cards
from housegame.rulesets.loader import load_ruleset, load_ruleset_file
from housegame.rulesets.thirteen import ThirteenCardRuleset
from housegame.thirteen.pairs import payout_of

VARIANT = Path(__file__).parent / "variants" / "pagat-horse.yaml"
"""马牌 on A♥ (x2) and K♠ (x1.5)."""
ONE_IN_THREE = 13 / 39
BOTH = 13 / 39 * 12 / 38


def ruleset() -> ThirteenCardRuleset:
    loaded = load_ruleset_file(VARIANT)
    assert isinstance(loaded, ThirteenCardRuleset)
    return loaded


@pytest.mark.parametrize(
    ("mine", "expected"),
    [
        # neither card held: 1 + (2-1) P(A♥) + (1.5-1) P(K♠) + (2-1)(1.5-1) P(both)
        (
            "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
            1 + ONE_IN_THREE + 0.5 * ONE_IN_THREE + 0.5 * BOTH,
        ),
        ("2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AH", 1 + 0.5 * ONE_IN_THREE),  # I hold A♥
        ("2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KS AH", 1.0),  # I hold both
    ],
)
def test_a_random_opponents_expected_factor(mine: str, expected: float) -> None:
    assert expected_factor(payout_of(ruleset()), parse_cards(mine)) == pytest.approx(expected)


def test_the_arranger_scales_a_hands_values_by_both_factors() -> None:
    rules = ruleset()
    hand = parse_cards("2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AH")
    result = Arranger(rules, "ev").arrange(hand)
    scale = ev_model(rules).scale(hand)
    assert scale == pytest.approx(2 * (1 + 0.5 * ONE_IN_THREE))
    pagat = load_ruleset("pagat")
    assert isinstance(pagat, ThirteenCardRuleset)
    base = Arranger(pagat, "ev").arrange(hand)
    assert result.best.setting == base.best.setting  # a positive scale never changes the best
    assert result.best.value == pytest.approx(base.best.value * scale)

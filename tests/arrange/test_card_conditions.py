"""Bonus conditions that read a lane's cards (named cards, suits, rank thresholds) in every
lane: the search reads them per subset (``features.card_rows``) and must find exactly the
brute force's best value, which reads them with the scorer's own ``lane_holds``."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

from housegame.arrange import Arranger
from housegame.arrange.arranger import ev_model
from housegame.cards import DECK, Card, parse_cards
from housegame.rulesets.loader import load_ruleset_file
from housegame.rulesets.thirteen import ThirteenCardRuleset
from tests.arrange.reference import ev_values

VARIANT = Path(__file__).parent / "variants" / "pagat-card-bonus.yaml"
WANTED = parse_cards("AH KS KC 2H 3H")
"""Cards the variant's conditions name or count: half the hands hold them."""


def hands(count: int) -> list[list[Card]]:
    rng = random.Random("card conditions")
    out = []
    for deal in range(count):
        rest = [c for c in DECK if c not in WANTED]
        rng.shuffle(rest)
        out.append(WANTED + rest[:8] if deal % 2 else rest[:13])
    return out


def test_search_matches_brute_force_with_card_conditions() -> None:
    ruleset = load_ruleset_file(VARIANT)
    assert isinstance(ruleset, ThirteenCardRuleset)
    model = ev_model(ruleset)
    dealt = hands(6)
    for cards, result in zip(dealt, Arranger(ruleset, "ev").arrange_many(dealt)):
        _, values = ev_values(cards, model)
        assert result.best.value == pytest.approx(float(np.max(values)), abs=1e-9), cards

"""Bonus conditions that read a lane's cards (named cards, suits, rank thresholds) in every
lane: the search reads them per subset (``OrdinalFacts.every_hand``) and must find exactly the
brute force's best value, which reads them with the scorer's own ``lane_holds``."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

from housegame.arrange import Arranger
from housegame.arrange.evsearch import EvSearch
from housegame.arrange.lookup import COLEX
from housegame.arrange.objectives import ev_model
from housegame.cards import DECK, Card, parse_cards
from housegame.rulesets.common import LANES
from housegame.rulesets.loader import load_ruleset, load_ruleset_file
from housegame.rulesets.thirteen import ThirteenCardRuleset
from housegame.thirteen.conditions import lane_holds
from housegame.thirteen.payout import FEATURES
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


@pytest.mark.parametrize("path", [VARIANT, None])
def test_every_hand_table_is_lane_holds(path: Path | None) -> None:
    """A condition read from the cards, tabled over every lane hand by colex rank, says what
    the scorer's ``lane_holds`` says of the lanes of sampled settings (the variant's conditions
    in every lane; Taiwan's suited front)."""
    ruleset = load_ruleset_file(path) if path is not None else load_ruleset("taiwan")
    assert isinstance(ruleset, ThirteenCardRuleset)
    arranger = Arranger(ruleset, "ev")
    search = EvSearch(arranger.model)
    rng = random.Random("every hand")
    tabled = [
        (lane, table, arranger.model.leaves[lane][rows.rows[k] - len(FEATURES)])
        for lane, rows in enumerate(search.lanes)
        for k, table in rows.cards
    ]
    assert tabled
    for _ in range(300):
        hand = sorted(rng.sample(DECK, 13), key=lambda c: c.index)
        setting = arranger.setting(hand, rng.randrange(1287 * 56))
        for lane, table, cond in tabled:
            cards = sorted(c.index for c in setting.lane(LANES[lane]))
            colex = sum(int(COLEX[k, c]) for k, c in enumerate(cards))
            assert bool(table[colex]) == lane_holds(cond, setting), (cond, setting)

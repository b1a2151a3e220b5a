"""``Payout.pair_parts``: a pair's value term by term. ``pair`` is their sum (the scorer's and
the arranger's one definition), and the add-ons split one by one (``by_term``) sum to the
same for a known pair's exact numbers."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from housegame.cards import DECK
from housegame.rulesets.loader import bundled_of
from housegame.rulesets.thirteen import ThirteenCardRuleset
from housegame.setting import Setting
from housegame.thirteen.pairs import PairScorer, payout_of
from housegame.thirteen.payout import LaneVals, Opponent, total
from housegame.thirteen.results import Seat
from tests.suite import examples

RULESETS = {r.id: r for r in bundled_of(ThirteenCardRuleset)}


@pytest.mark.parametrize("ruleset_id", sorted(RULESETS))
@settings(max_examples=examples(40), deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_a_known_pairs_parts_sum_to_its_value(ruleset_id: str, seed: int) -> None:
    ruleset = RULESETS[ruleset_id]
    rng = random.Random(seed)
    deck = rng.sample(DECK, 26)
    rules = ruleset.ranking.rules()
    seats = [
        Seat(name, Setting.of(cards[:3], cards[3:8], cards[8:], rules))
        for name, cards in (("A", deck[:13]), ("B", deck[13:]))
    ]
    scorer = PairScorer(ruleset, None)
    payout = payout_of(ruleset)
    outcomes = scorer._outcomes(*seats)
    lanes = scorer._lanes(seats[0], seats[1], outcomes)
    theirs = Opponent(scorer._own(seats[1]).group_units)
    grouped = payout.pair_parts(lanes, theirs)
    one_by_one = payout.pair_parts(lanes, theirs, by_term=True)
    assert total(grouped) == payout.pair(lanes, theirs) == total(one_by_one)
    assert all(isinstance(v, int) for _, v in one_by_one)  # exact: the scorer's whole units
    kinds = [part.kind for part, _ in grouped]
    assert kinds[-1] == "overall-point" and "scoop" in kinds
    assert kinds[0] == ("outcome" if payout.outcomes is not None else "lane")


def test_the_lanes_come_in_lane_order() -> None:
    payout = payout_of(RULESETS["pagat"])
    lanes = [LaneVals.known(o, 1, 2, []) for o in (1, 0, -1)]
    parts = payout.pair_parts(lanes)
    assert [(p.kind, p.lane, v) for p, v in parts[:3]] == [
        ("lane", 0, 1),
        ("lane", 1, 0),
        ("lane", 2, -2),
    ]

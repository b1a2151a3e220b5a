"""The small-batch (direct) search gives exactly the staged search's answer: the same splits,
in the same order (ties included), with the same values, under every bundled ruleset."""

from __future__ import annotations

import numpy as np
import pytest

from housegame.arrange.batch import HandBatch
from housegame.arrange.evsearch import EvSearch
from housegame.arrange.objectives import ev_model
from housegame.arrange.plan import PLAN
from housegame.arrange.search import search_direct
from housegame.cards import Card, parse_cards
from housegame.rulesets.loader import bundled_of
from housegame.rulesets.thirteen import ThirteenCardRuleset

BUNDLED = {ruleset.id: ruleset for ruleset in bundled_of(ThirteenCardRuleset)}


def rows(hands: list[list[Card]]) -> np.ndarray:
    return np.array([sorted(c.index for c in hand) for hand in hands], dtype=np.intp)


@pytest.mark.parametrize("ruleset_id", sorted(BUNDLED))
def test_direct_equals_staged(ruleset_id: str, hands: list[list[Card]]) -> None:
    search = EvSearch(ev_model(BUNDLED[ruleset_id]))
    cards = rows(hands[:8])
    staged = search.search(cards, 4, direct=False)
    for i in range(len(cards)):
        assert search.search(cards[i : i + 1], 4, direct=True) == staged[i : i + 1]
    assert search.search(cards[: PLAN.small], 4) == staged[: PLAN.small]
    assert search.search(cards, 4, direct=True) == staged


def test_direct_keeps_ties_in_order() -> None:
    """A hand of pairs has equal-valued splits (a pair's two cards swap lanes): ties are
    ordered by lexicographic strength, then split id, on both paths."""
    hand = parse_cards("2S 2H 3S 3H 4S 4H 5S 5H 6S 6H 7S 7H 8S")
    search = EvSearch(ev_model(BUNDLED["maceplay"]))
    cards = rows([hand])
    staged = search.search(cards, 12, direct=False)
    assert search.search(cards, 12, direct=True) == staged
    assert len(staged[0].splits) == 12
    assert len(set(staged[0].values)) < 12


@pytest.mark.parametrize("ruleset_id", sorted(BUNDLED))
def test_one_hand_search_equals_the_batch_search(ruleset_id: str, hands: list[list[Card]]) -> None:
    """A batch of one hand (what ``arrange`` runs: no hand ids, the formula specialised to the
    hand) answers as the same hand inside a batch of three, for one and several kept
    splits."""
    search = EvSearch(ev_model(BUNDLED[ruleset_id]))
    cards = rows(hands[:24])
    for i in range(0, len(cards), 3):
        three = HandBatch.of_cards(cards[i : i + 3])
        subsets, bounds, values = search.prepare(three)
        for keep in (1, 3):
            together = search_direct(subsets, bounds.semi(), values, keep, PLAN.direct_first)
            for k in range(3):
                one = HandBatch.of_cards(cards[i + k : i + k + 1])
                alone, bound, value = search.prepare(one)
                found = search_direct(alone, bound.semi(), value, keep, PLAN.direct_first)
                assert found == together[k : k + 1]

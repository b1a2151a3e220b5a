"""The bounded search where a lane is ranked for low equals the unpruned one (``unpruned``: every
legal split evaluated) split for split, value for value, ties in the same order: on seeded hands
and on hands where the low lane decides, in batches and one hand a call, for the ``ev`` and the
lexicographic objective; and its bounds are sound (``caps`` >= ``tight`` >= every legal split's
value of the back). Under the bundled ``bluetiki-lowball`` (a low middle: the front is capped
by the back) and two fixtures of ``low/`` (a low front: the middle capped by the back, the front
free; a low back: the front capped by the middle, the middle free)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from housegame.arrange.batch import HandBatch
from housegame.arrange.evsearch import EvSearch
from housegame.arrange.lexicographic import search_lexicographic
from housegame.arrange.objectives import ev_model
from housegame.arrange.search import evaluate_backs
from housegame.arrange.splits import BACKS, MIDDLES_PER_BACK
from housegame.cards import Card, parse_cards
from housegame.rulesets.loader import load_ruleset, load_ruleset_file
from housegame.rulesets.thirteen import ThirteenCardRuleset
from tests.arrange.conftest import seeded_hands
from tests.arrange.unpruned import unpruned

pytestmark = pytest.mark.slow

FIXTURES = Path(__file__).parent / "low"
DECIDING = [
    parse_cards("7C 5D 4S 3H 2C AS AH 9C 9S 9H KS KH 4D"),  # 7-5-4-3-2 against a full house
    parse_cards("8S 6D 4C 3S 2H KC KD KH QS QD JC TC 5S"),  # the low wants the pair's kicker
    parse_cards("2S 2H 3S 3H 4S 4H 5S 5H 6S 6H 7S 7H 8S"),  # pairs only: ties between splits
    parse_cards("AS KS QS JS TS 9S 8S 7H 6H 5H 4H 3H 2H"),  # straights and flushes hurt a low
]
"""Hands whose best split turns on the lane ranked for low."""


def ruleset(name: str) -> ThirteenCardRuleset:
    found = load_ruleset(name) if "/" not in name else load_ruleset_file(FIXTURES / name[4:])
    assert isinstance(found, ThirteenCardRuleset)
    return found


RULESETS = ["bluetiki-lowball", "low/bluetiki-low-front.yaml", "low/bluetiki-low-back.yaml"]


def cards_of(hands: list[list[Card]]) -> np.ndarray:
    return np.array([sorted(c.index for c in hand) for hand in hands], dtype=np.intp)


@pytest.mark.parametrize("name", RULESETS)
def test_the_bounded_search_equals_the_unpruned_one(name: str) -> None:
    search = EvSearch(ev_model(ruleset(name)))
    tables = search.model.tables
    cards = cards_of([*DECIDING, *seeded_hands(23, 20)])
    for keep in (1, 5):
        expected = unpruned(cards, tables, keep, search)
        assert search.search(cards, keep) == expected
        for i in range(len(DECIDING) + 4):  # one hand a call: the formula specialised to it
            assert search.search(cards[i : i + 1], keep) == expected[i : i + 1]
        assert search_lexicographic(cards, tables, keep) == unpruned(cards, tables, keep)


@pytest.mark.parametrize("name", RULESETS)
def test_the_bounds_hold_every_legal_split(name: str) -> None:
    """Per back: ``caps`` >= ``tight`` >= the best value of its legal splits, -inf where it has
    none; and ``tight`` is no looser than ``caps`` (what makes it worth computing)."""
    search = EvSearch(ev_model(ruleset(name)))
    for hands in ([DECIDING[0]], [*DECIDING[1:], *seeded_hands(29, 3)]):
        subsets, bounds, values = search.prepare(HandBatch.of_cards(cards_of(hands)))
        caps = bounds.caps()
        hand, back = (a.ravel() for a in np.indices((len(hands), BACKS)))
        tight = bounds.tight(hand, back).reshape(len(hands), BACKS)
        best = np.full((len(hands), BACKS), -np.inf)
        for pool in evaluate_backs(subsets, hand if len(hands) > 1 else None, back, values):
            at = pool.hand if pool.hand is not None else np.zeros(len(pool.value), dtype=np.int64)
            np.maximum.at(best, (at, pool.split // MIDDLES_PER_BACK), pool.value)
        assert (tight >= best - 1e-9).all() and (caps >= tight - 1e-9).all()
        assert ((tight == -np.inf) == (best == -np.inf)).all()
        assert (tight < caps - 1e-9).any()

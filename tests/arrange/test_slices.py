"""The search holds one slice of its work at a time: bounds of (hand, back) pairs and the
splits it weighs come in slices of ``PLAN.slice`` rows, with exactly the answer of one pass,
and a model whose bounds prune nothing sets a batch within a bounded working set."""

from __future__ import annotations

import dataclasses
import tracemalloc

import numpy as np
import pytest

from housegame.arrange import search, slices
from housegame.arrange.evsearch import EvSearch
from housegame.arrange.objectives import ev_model
from housegame.arrange.plan import PLAN
from housegame.cards import Card
from housegame.rulesets.loader import load_bundled
from housegame.rulesets.thirteen import ThirteenCardRuleset
from housegame.rulesets.variants import variants
from tests.arrange.conftest import seeded_hands


def flat_lanes() -> ThirteenCardRuleset:
    """pagat with every lane worth nothing: every split of a hand bounds alike, so nothing
    is pruned and every back of every hand is bounded and weighed."""
    pagat = load_bundled("pagat")
    found = next(
        v.ruleset
        for v in variants(pagat)
        if v.setting == "lane_values.default" and v.change.startswith("-")
    )
    assert isinstance(found, ThirteenCardRuleset)
    return found


def rows(hands: list[list[Card]]) -> np.ndarray:
    return np.array([sorted(c.index for c in hand) for hand in hands], dtype=np.intp)


@pytest.mark.parametrize("which", ["pagat", "bluetiki-lowball", "flat lanes"])
def test_slices_give_the_answer_of_one_pass(
    which: str, hands: list[list[Card]], monkeypatch: pytest.MonkeyPatch
) -> None:
    rules = flat_lanes() if which == "flat lanes" else load_bundled(which)
    assert isinstance(rules, ThirteenCardRuleset)
    cards = rows(hands[:24])
    whole = EvSearch(ev_model(rules))
    expected = (whole.search(cards, 3, direct=False), whole.search(cards, 3, direct=True))
    tiny = dataclasses.replace(PLAN, slice=7 * 56)  # 7 pairs a slice: many slices a batch
    monkeypatch.setattr(slices, "PLAN", tiny)  # the bounds of pairs
    monkeypatch.setattr(search, "PLAN", tiny)  # the splits weighed (``with_backs``)
    sliced = EvSearch(ev_model(rules))
    assert sliced.search(cards, 3, direct=False) == expected[0]
    assert sliced.search(cards, 3, direct=True) == expected[1]


def test_a_model_that_prunes_nothing_sets_a_batch_in_bounded_memory() -> None:
    """400 hands (a simulation chunk) under flat lanes: 500,000 (hand, back) pairs bounded and
    weighed; held at once, their rows took 770 MB (a sensitivity run of pagat peaked there)."""
    model = ev_model(flat_lanes())
    cards = rows(seeded_hands(7, 400))
    searcher = EvSearch(model)
    searcher.search(cards[:2], 1)  # compiled before the count starts
    tracemalloc.start()
    try:
        searcher.search(cards, 1)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 200 * 2**20, f"{peak / 2**20:.0f} MiB"

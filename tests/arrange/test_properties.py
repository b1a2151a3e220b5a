"""Properties of every answer: never a foul, the same cards, best first, deterministic."""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from housegame.arrange import Arranger, Objective
from housegame.cards import DECK, Card
from housegame.rulesets.loader import bundled_of
from housegame.rulesets.thirteen import ThirteenCardRuleset
from tests.suite import examples

THIRTEEN = bundled_of(ThirteenCardRuleset)
OBJECTIVES: tuple[Objective, ...] = ("ev", "lexicographic")
KEYS = sorted((r.id, o) for r in THIRTEEN for o in OBJECTIVES)


@cache
def arranger_for(key: tuple[str, Objective]) -> Arranger:
    """Built on first use, not at import: collecting the module reads no lookup table."""
    rules = {r.id: r for r in THIRTEEN}[key[0]]
    return Arranger(rules, key[1])


hand = st.lists(st.sampled_from(DECK), min_size=13, max_size=13, unique=True)


@settings(max_examples=examples(60), deadline=None)
@given(cards=hand, key=st.sampled_from(KEYS))
def test_never_fouls_and_keeps_the_cards(cards: list[Card], key: tuple[str, Objective]) -> None:
    result = arranger_for(key).arrange(cards, top=2)
    for choice in (result.best, *result.alternatives):
        assert not choice.setting.fouled
        assert sorted(choice.setting.cards) == sorted(cards)
    values = [result.best.value, *(c.value for c in result.alternatives)]
    assert values == sorted(values, reverse=True)


@settings(max_examples=examples(20), deadline=None)
@given(cards=hand)
def test_order_of_cards_does_not_matter(cards: list[Card]) -> None:
    arranger = arranger_for(("maceplay", "ev"))
    assert arranger.arrange(cards).best == arranger.arrange(list(reversed(cards))).best


def test_batch_equals_one_at_a_time() -> None:
    import random

    rng = random.Random(7)
    hands = [rng.sample(DECK, 13) for _ in range(40)]
    arranger = arranger_for(("taiwan", "ev"))
    assert [a.best for a in arranger.arrange_many(hands)] == [
        arranger.arrange(h).best for h in hands
    ]


@pytest.mark.parametrize("ruleset", THIRTEEN, ids=lambda r: r.id)
def test_every_bundled_ruleset_has_shipped_odds(ruleset: ThirteenCardRuleset) -> None:
    from housegame.arrange.odds import DATA_DIR, odds_name

    assert (DATA_DIR / odds_name(ruleset.ranking.rules())).is_file()


@settings(max_examples=examples(30), deadline=None)
@given(cards=hand, ruleset_id=st.sampled_from(["maceplay", "taiwan", "malayan", "pagat-pool"]))
def test_value_of_one_setting_agrees_with_the_search(cards: list[Card], ruleset_id: str) -> None:
    arranger = arranger_for((ruleset_id, "ev"))
    result = arranger.arrange(cards, top=1)
    for choice in (result.best, *result.alternatives):
        assert arranger.ev(choice.setting) == pytest.approx(choice.value, abs=1e-9)

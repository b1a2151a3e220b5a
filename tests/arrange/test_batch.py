"""Hands prepared once (``HandBatch``) and set under many rulesets give each ruleset the same
answers as setting them alone: shared arrays, shared special-hand answers and settings, and
the backs other rulesets chose (evaluated first) change how fast, never what."""

from __future__ import annotations

from typing import Any

import pytest

from housegame.arrange import OBJECTIVES, Arrangement, Arranger, Objective
from housegame.arrange.batch import batches
from housegame.cards import DECK, Card
from housegame.dealer import deal_hands
from housegame.rulesets.loader import bundled_of
from housegame.rulesets.thirteen import ThirteenCardRuleset
from tests.suite import suite_rulesets

RULESETS = bundled_of(ThirteenCardRuleset)


def _hands(seed: int, count: int) -> list[list[Card]]:
    return [[DECK[int(c)] for c in row] for row in deal_hands(seed, (count + 3) // 4)[:count]]


def _answers(arranged: list[Arrangement]) -> list[dict[str, Any]]:
    return [a.as_dict() for a in arranged]


@pytest.mark.parametrize("objective", OBJECTIVES)
def test_shared_batches_answer_as_each_ruleset_alone(
    objective: Objective, request: pytest.FixtureRequest
) -> None:
    hands = _hands(41, 300)  # a full batch and a partial one, both searched in stages
    shared = batches(hands)
    assert [len(b) for b in shared] == [256, 44]
    for rules in suite_rulesets(request.config, RULESETS):
        together = Arranger(rules, objective).arrange_many(shared, top=2)
        alone = Arranger(rules, objective).arrange_many(hands, top=2)
        assert _answers(together) == _answers(alone), rules.id


def test_hints_are_the_backs_chosen_so_far() -> None:
    (batch,) = batches(_hands(5, 8))
    assert batch.hints() is None
    first, second = RULESETS[:2]
    Arranger(first).arrange_many([batch])
    hints = batch.hints()
    assert hints is not None and list(hints[0]) == list(range(8))
    Arranger(second).arrange_many([batch])
    hints = batch.hints()
    assert hints is not None and len(hints[0]) == 16


def test_hands_and_prepared_batches_do_not_mix() -> None:
    hands = _hands(6, 2)
    with pytest.raises(TypeError, match="not both"):
        Arranger(RULESETS[0]).arrange_many([*batches(hands[:1]), hands[1]])  # type: ignore[arg-type]

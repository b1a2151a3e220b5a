"""Jokers completing special hands by reasoning (``thirteen.completion``) answer as trying
every card for every joker, in deck order, would: the points, the declared order and the
tie-break of the stand-ins chosen."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from housegame.cards import DECK, Card
from housegame.rulesets.jokers import enumerated
from housegame.rulesets.loader import load_ruleset_file
from housegame.rulesets.thirteen import ThirteenCardRuleset
from housegame.thirteen.specials import holding
from tests.thirteen.test_joker_specials import _near_special, every_card
from tests.thirteen.test_shaped_lanes import three_runs

DECKS = Path(__file__).parent / "decks"
LOOSE = DECKS / "jokers-count-specials.yaml"
STRICT = DECKS / "jokers-count-specials-strict.yaml"


def _ruleset(path: Path) -> ThirteenCardRuleset:
    ruleset = load_ruleset_file(path)
    assert isinstance(ruleset, ThirteenCardRuleset)
    return ruleset


def _hands(rng: random.Random, jokers: int, count: int) -> list[list[Card]]:
    """Hands short of a special by ``jokers`` cards: a dragon, six pairs, three flushes,
    three straights, one suit spread, or dealt."""
    hands = []
    for i in range(count):
        if i % 3 == 2:
            cards = three_runs(rng)
            for j in rng.sample(range(13), jokers):
                cards[j] = Card(52)
            hands.append(cards)
        else:
            hands.append(_near_special(rng, jokers))
    return hands


def _declared(
    cards: list[Card], ruleset: ThirteenCardRuleset
) -> list[tuple[str, int, tuple[int, ...]]]:
    return [(d.hand.id, d.points, d.rank) for d in holding(cards, ruleset)]


@pytest.mark.parametrize("path", [LOOSE, STRICT], ids=["loose", "strict"])
@pytest.mark.parametrize("jokers", [1, 2])
def test_reasoned_completion_is_every_card_in_order(path: Path, jokers: int) -> None:
    ruleset = _ruleset(path)
    rng = random.Random(f"{path.stem}{jokers}")
    held = set()
    for cards in _hands(rng, jokers, 24):
        got = _declared(cards, ruleset)
        assert got == every_card(cards, ruleset), [str(c) for c in cards]
        held |= {hand for hand, _, _ in got}
    assert len(held) >= 4, held


@pytest.mark.slow
def test_three_jokers_complete_as_every_card_would() -> None:
    ruleset = _ruleset(LOOSE)
    rng = random.Random(3)
    for cards in _hands(rng, 3, 6):
        assert _declared(cards, ruleset) == every_card(cards, ruleset), [str(c) for c in cards]


def test_specials_reading_ranks_and_suits_are_tried_where_a_joker_repeats_no_card() -> None:
    loose, strict = _ruleset(LOOSE), _ruleset(STRICT)
    assert not any(enumerated(h, True) for h in loose.specials.hands)
    tried = [h.id for h in strict.specials.hands if enumerated(h, False)]
    assert tried == ["supreme-dragon", "spread", "either-pattern"]


def test_eight_jokers_complete_a_dragon_without_trying_stand_ins() -> None:
    """Eight jokers beside five cards of different ranks: every count special is reached (the
    stand-ins tried one by one would number C(20, 8) = 125,970 per special)."""
    ruleset = _ruleset(LOOSE).model_copy(
        update={"deck": _ruleset(LOOSE).deck.model_copy(update={"jokers": 8})}
    )
    cards = [DECK[r * 4] for r in range(5)] + [Card(52)] * 8
    got = {hand: points for hand, points, _ in _declared(cards, ruleset)}
    assert got["dragon"] == 13 and got["supreme-dragon"] == 26

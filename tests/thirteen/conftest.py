from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pytest

from housegame.rulesets.loader import load_ruleset
from housegame.rulesets.thirteen import ThirteenCardRuleset
from housegame.tables import TableFile
from housegame.thirteen import TableResult, score_thirteen

Scorer = Callable[..., TableResult]


def lanes(name: str, front: str, middle: str, back: str, **extra: Any) -> dict[str, Any]:
    return {"name": name, "front": front, "middle": middle, "back": back, **extra}


def run(ruleset: str, players: list[dict[str, Any]], banker: str | None = None) -> TableResult:
    rules = load_ruleset(ruleset)
    assert isinstance(rules, ThirteenCardRuleset)
    table = TableFile.model_validate({"players": players, "banker": banker})
    return score_thirteen(rules, table)


def totals(result: TableResult) -> dict[str, Fraction]:
    return result.totals


@pytest.fixture
def score() -> Scorer:
    return run


def legal_lanes(name: str, cards: list[str], seed: int = 0) -> dict[str, Any]:
    """Some legal (non-foul) setting of 13 cards, found by seeded shuffles: a neutral opponent."""
    import random

    from housegame.cards import parse_cards
    from housegame.ranking import evaluate, strength

    rng = random.Random(seed)
    pool = list(cards)
    for _ in range(10_000):
        rng.shuffle(pool)
        front, g1, g2 = pool[:3], pool[3:8], pool[8:13]
        k1, k2 = (strength(evaluate(parse_cards(g))) for g in (g1, g2))
        middle, back = (g1, g2) if k1 <= k2 else (g2, g1)
        if strength(evaluate(parse_cards(front))) <= min(k1, k2):
            return lanes(name, " ".join(front), " ".join(middle), " ".join(back))
    raise AssertionError("no legal setting found")


def rest_of_deck(*hands: str) -> list[str]:
    from housegame.cards import DECK, parse_cards

    used = {c for h in hands for c in parse_cards(h)}
    return [str(c) for c in DECK if c not in used]


def plain_opponent(ruleset: str, *hands: str, name: str = "Set", seed: int = 0) -> dict[str, Any]:
    """A legal set hand from the rest of the deck that makes no special hand under ``ruleset``."""
    import random

    from housegame.cards import parse_cards
    from housegame.thirteen.specials import holding

    rules = load_ruleset(ruleset)
    assert isinstance(rules, ThirteenCardRuleset)
    rng = random.Random(seed)
    rest = rest_of_deck(*hands)
    while True:
        cards = rng.sample(rest, 13)
        if not holding(parse_cards(cards), rules):
            return legal_lanes(name, cards, seed)

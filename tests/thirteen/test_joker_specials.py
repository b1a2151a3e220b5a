"""A joker completing a special hand: the scorer tries the cards a condition can tell apart
(``specials._stand_ins``), and its answer is the answer of trying every card, in order."""

from __future__ import annotations

import random
from itertools import combinations, combinations_with_replacement
from pathlib import Path

import pytest

from housegame.cards import DECK, Card
from housegame.rulesets.loader import load_ruleset_file
from housegame.rulesets.thirteen import ThirteenCardRuleset
from housegame.thirteen.conditions import HandCounts
from housegame.thirteen.specials import Declared, _tiebreak, holding, special_points

ROOT = Path(__file__).resolve().parents[2]
FILES = [
    ROOT / "examples" / "decks" / "maceplay-jokers.yaml",
    ROOT / "tests" / "arrange" / "decks" / "maceplay-jokers-strict.yaml",
    Path(__file__).parent / "decks" / "jokers-rank-specials.yaml",
]


def every_card(
    cards: list[Card], ruleset: ThirteenCardRuleset
) -> list[tuple[str, int, tuple[int, ...]]]:
    """``holding`` by trying every card of the deck for each joker, in deck order."""
    naturals = [c for c in cards if not c.is_joker]
    wild = len(cards) - len(naturals)
    repeats = ruleset.ranking.joker_duplicates
    deck = [c for c in DECK if repeats or c not in naturals]
    found = []
    for hand in ruleset.specials.hands:
        counts = HandCounts.of(cards)
        points = special_points(hand, counts)
        best = (points, counts) if points is not None else None
        if wild and ruleset.specials.joker_completes(hand):
            pick = combinations_with_replacement if repeats else combinations
            for stand in pick(deck, wild):
                more = HandCounts.of([*naturals, *stand])
                got = special_points(hand, more)
                if got is not None and (best is None or got > best[0]):
                    best = (got, more)
        if best is not None:
            place = ruleset.specials.place(hand)
            order = best[0] if ruleset.specials.order == "points" else place
            rank = (order, place, *_tiebreak(hand, best[1].cards, ruleset))
            found.append((hand.id, best[0], rank))
    return sorted(found, key=lambda d: (d[2][0], d[1], d[2][1:]), reverse=True)


def _near_special(rng: random.Random, jokers: int) -> list[Card]:
    """Hands one or two cards short of a dragon, six pairs or three flushes, or dealt."""
    kind = rng.randrange(5)
    if kind == 4:  # a pair and a trips: two jokers of one rank make four of it
        ranks = rng.sample(range(13), 13 - jokers)
        naturals = [DECK[r * 4 + rng.randrange(4)] for r in ranks]
        naturals[1:3] = [DECK[ranks[0] * 4 + s] for s in (0, 1)] if jokers == 2 else naturals[1:3]
        naturals[1:4] = (
            [DECK[ranks[0] * 4 + s] for s in (0, 1, 2)] if jokers == 1 else naturals[1:4]
        )
    elif kind == 0:
        ranks = rng.sample(range(13), 13 - jokers)
        naturals = [DECK[r * 4 + rng.randrange(4)] for r in ranks]
    elif kind == 1:
        ranks = rng.sample(range(13), 7)
        naturals = [DECK[r * 4 + s] for r in ranks for s in rng.sample(range(4), 2)]
        naturals = naturals[: 13 - jokers]
    elif kind == 2:
        suits = rng.sample(range(4), 3)
        naturals = [DECK[r * 4 + suits[0]] for r in rng.sample(range(13), 3)]
        naturals += [DECK[r * 4 + s] for s in suits[1:] for r in rng.sample(range(13), 5)]
        naturals = naturals[: 13 - jokers]
    else:
        naturals = rng.sample(DECK, 13 - jokers)
    return naturals + [Card(52)] * jokers


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_special_hands_with_jokers_are_the_full_orders(path: Path) -> None:
    ruleset = load_ruleset_file(path)
    assert isinstance(ruleset, ThirteenCardRuleset)
    rng = random.Random(path.stem)
    held = 0
    for i in range(40):
        cards = _near_special(rng, 1 + i % 2)
        got: list[Declared] = holding(cards, ruleset)
        assert [(d.hand.id, d.points, d.rank) for d in got] == every_card(cards, ruleset), cards
        held += bool(got)
    assert held >= 5

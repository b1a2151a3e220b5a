"""The auto-arranger's ``ev`` model and the scorer read one definition of every payout term:
against a degenerate opponent distribution (the opponent's setting known), the model's value
of a setting is exactly the scorer's settlement of that pair, for every bundled ruleset.

Hands are dealt from thinned decks (few ranks, or two suits) so that lane values, add-ons,
scoops, specials and ties come up often.
"""

from __future__ import annotations

import random
from fractions import Fraction
from functools import cache
from pathlib import Path

import pytest

from housegame.arrange.arranger import Arranger, setting_value
from housegame.arrange.model import EvModel
from housegame.arrange.opponents import known_odds, known_opponent
from housegame.cards import DECK, Card
from housegame.rulesets.loader import bundled_of, load_ruleset_file
from housegame.rulesets.thirteen import ThirteenCardRuleset
from housegame.thirteen import Seat, Setting, settle_table
from housegame.thirteen.pairs import payout_of
from housegame.thirteen.specials import holding
from tests.suite import per_ruleset

VARIANTS = Path(__file__).parent / "variants"


def _variants() -> list[ThirteenCardRuleset]:
    out = []
    for path in sorted(VARIANTS.glob("*.yaml")):
        ruleset = load_ruleset_file(path)
        assert isinstance(ruleset, ThirteenCardRuleset)
        out.append(ruleset)
    return out


RULESETS = {r.id: r for r in [*bundled_of(ThirteenCardRuleset), *_variants()]}
"""Every bundled 13-card ruleset, and variants (``variants/``) for the terms no bundled
ruleset combines."""
DEALS = 120

FEW_RANKS = [c for c in DECK if c.rank in (2, 3, 4, 9, 12, 13, 14)]
TWO_SUITS = [c for c in DECK if c.suit in (0, 2)]
DECKS = [FEW_RANKS, DECK, FEW_RANKS, TWO_SUITS, FEW_RANKS, DECK, FEW_RANKS]
"""Per deal, cycling over eight: four from seven ranks, one from two suits (flushes and
straight flushes), two from the full deck, and a dragon (``dragon``)."""


def random_setting(cards: list[Card], ruleset: ThirteenCardRuleset, rng: random.Random) -> Setting:
    """A legal setting of 13 cards, by seeded shuffles."""
    rules = ruleset.ranking.rules()
    for _ in range(5_000):
        rng.shuffle(cards)
        setting = Setting.of(cards[:3], cards[3:8], cards[8:], rules)
        if not setting.fouled:
            return setting
        swapped = Setting.of(cards[:3], cards[8:], cards[3:8], rules)
        if not swapped.fouled:
            return swapped
    raise AssertionError("no legal setting found")


def dragon(rng: random.Random, suited: bool) -> list[Card]:
    """One card of each rank (一条龙), or all of one suit (同花一条龙)."""
    suits = [rng.randrange(4)] * 13 if suited else [rng.randrange(4) for _ in range(13)]
    return [Card((rank - 2) * 4 + suit) for rank, suit in zip(range(2, 15), suits)]


@cache
def deals(ruleset_id: str) -> list[tuple[Setting, Setting, list[Card]]]:
    """Pairs of hands, each set by the ``ev`` arranger (strong hands where they pay) or at
    random, in every combination."""
    ruleset = RULESETS[ruleset_id]
    rng = random.Random(f"lockstep {ruleset_id}")
    hands = _hands(rng)
    arranger = Arranger(ruleset, "ev")
    arranged = [
        arranger.setting(hand, found.splits[0])
        for hand, found in arranger.found([cards for pair in hands for cards in pair])
    ]
    out = []
    for deal, (mine, theirs) in enumerate(hands):
        setting = [arranged[2 * deal], arranged[2 * deal + 1]]
        if deal % 2:
            setting[0] = random_setting(list(mine), ruleset, rng)
        if deal % 4 >= 2:
            setting[1] = random_setting(list(theirs), ruleset, rng)
        out.append((setting[0], setting[1], mine))
    return out


def _hands(rng: random.Random) -> list[tuple[list[Card], list[Card]]]:
    out = []
    for deal in range(DEALS):
        if deal % 8 == 7:
            mine = dragon(rng, suited=deal == 7)
            deck = [c for c in DECK if c not in mine]
            rng.shuffle(deck)
            theirs = deck[:13]
        else:
            deck = list(DECKS[deal % 8])
            rng.shuffle(deck)
            mine, theirs = deck[:13], deck[13:26]
        out.append((mine, theirs))
    return out


def scored(ruleset: ThirteenCardRuleset, me: Seat, opponent: Seat) -> Fraction:
    banker = opponent.name if ruleset.table.compare == "banker" else None
    return settle_table(ruleset, [me, opponent], banker).totals[me.name]


def model_for(ruleset: ThirteenCardRuleset, opponent: Setting) -> EvModel:
    rules = ruleset.ranking.rules()
    payout = payout_of(ruleset)
    return EvModel(ruleset, known_odds(opponent, rules), 1, known_opponent(payout, opponent))


@pytest.mark.parametrize("ruleset_id", per_ruleset(sorted(RULESETS)))
def test_model_equals_scorer_on_known_pairs(ruleset_id: str) -> None:
    ruleset = RULESETS[ruleset_id]
    for mine, theirs, _ in deals(ruleset_id):
        model = model_for(ruleset, theirs)
        expected = scored(ruleset, Seat("me", mine), Seat("them", theirs))
        assert setting_value(model, mine) == expected, (mine.text(), theirs.text())


@pytest.mark.parametrize(
    "ruleset_id", per_ruleset(sorted(rid for rid, r in RULESETS.items() if r.specials.hands))
)
def test_declaring_equals_scorer_on_known_pairs(ruleset_id: str) -> None:
    ruleset = RULESETS[ruleset_id]
    checked = 0
    for _, theirs, cards in deals(ruleset_id):
        found = holding(cards, ruleset)
        if not found:
            continue
        checked += 1
        me = Seat("me", None, found[0], cards=tuple(cards))
        expected = scored(ruleset, me, Seat("them", theirs))
        model = model_for(ruleset, theirs)
        assert model.declared_value(found[0], cards) == expected
    assert checked

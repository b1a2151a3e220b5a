"""Invariants every shipped 13-card ruleset must keep, on random legal tables."""

from __future__ import annotations

import random
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from housegame.cards import Card, format_cards, parse_cards
from housegame.ranking import evaluate, strength
from housegame.rulesets.loader import bundled_of, load_ruleset
from housegame.rulesets.thirteen import ThirteenCardRuleset
from housegame.tables import TableFile
from housegame.thirteen import score_thirteen
from housegame.thirteen.specials import holding
from tests.suite import examples, per_ruleset

DECK_EXAMPLES = sorted(
    str(p) for p in (Path(__file__).parents[2] / "examples" / "decks").glob("maceplay-*.yaml")
)
"""House files with decks of their own (extra suits, jokers, five and six seats)."""
RULESETS = [r.id for r in bundled_of(ThirteenCardRuleset)] + DECK_EXAMPLES
SPECIAL_HANDS = [
    "AS 2H 3D 4C 5S 6H 7D 8C 9S 10H JD QC KS",  # dragon
    "AS AH KS KH QS QH JS JH 10S 10H 9S 9H 2C",  # six pairs
    "2H 5H 9H 3C 6C 8C JC KC 3S 7S 10S QS AS",  # three flushes
    "AD 2C 3H 4S 5D 6C 7D 8H 8S 9D 10S JC QH",  # three straights
]


def _legal(cards: list[Card], rng: random.Random) -> dict[str, str]:
    pool = list(cards)
    while True:
        rng.shuffle(pool)
        front, g1, g2 = pool[:3], pool[3:8], pool[8:]
        k1, k2 = strength(evaluate(g1)), strength(evaluate(g2))
        middle, back = (g1, g2) if k1 <= k2 else (g2, g1)
        if strength(evaluate(front)) <= min(k1, k2):
            return {
                "front": format_cards(front),
                "middle": format_cards(middle),
                "back": format_cards(back),
            }


def _fouled(cards: list[Card]) -> dict[str, str] | None:
    ordered = sorted(cards, key=lambda c: c.rank)
    front, middle, back = ordered[10:], ordered[5:10], ordered[:5]
    if strength(evaluate(front)) > strength(evaluate(middle)) or strength(
        evaluate(middle)
    ) > strength(evaluate(back)):
        return {
            "front": format_cards(front),
            "middle": format_cards(middle),
            "back": format_cards(back),
        }
    return None


@st.composite
def tables(draw: st.DrawFn, ruleset: ThirteenCardRuleset) -> dict[str, Any]:
    n = draw(
        st.integers(min_value=ruleset.table.seats.min or 2, max_value=ruleset.table.seats.max or 4)
    )
    rng = draw(st.randoms(use_true_random=False))
    deck = list(ruleset.deck.deck().cards())
    rng.shuffle(deck)
    players: list[dict[str, Any]] = []
    usable = [h for h in SPECIAL_HANDS if holding(parse_cards(h), ruleset)]
    special = draw(st.sampled_from([None, *usable]))
    if special is not None:
        players.append({"name": "P0", "cards": special, "declare": "auto"})
        for card in parse_cards(special):
            deck.remove(card)
    while len(players) < n:
        hand, deck = deck[:13], deck[13:]
        kind = draw(st.sampled_from(["set", "set", "foul", "surrender"]))
        entry: dict[str, Any] = {"name": f"P{len(players)}"}
        fouled = _fouled(hand) if kind == "foul" and ruleset.foul.handling != "refuse" else None
        if kind == "surrender" and ruleset.surrender is not None:
            entry |= _legal(hand, rng) | {"surrender": True}
        elif fouled is not None:
            entry |= fouled
        else:
            entry |= _legal(hand, rng)
        players.append(entry)
    banker = None
    if ruleset.table.compare == "banker" or (
        ruleset.table.compare == "banker-or-all-pairs" and draw(st.booleans())
    ):
        banker = draw(st.sampled_from([p["name"] for p in players]))
    return {"players": players, "banker": banker}


def _totals(ruleset: ThirteenCardRuleset, table: dict[str, Any]) -> dict[str, Any]:
    return score_thirteen(ruleset, TableFile.model_validate(table)).totals


@pytest.mark.parametrize("ruleset_id", RULESETS)
@settings(max_examples=examples(25), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_payouts_sum_to_zero_and_seat_order_changes_nothing(
    ruleset_id: str, data: st.DataObject
) -> None:
    ruleset = load_ruleset(ruleset_id)
    assert isinstance(ruleset, ThirteenCardRuleset)
    table = data.draw(tables(ruleset))
    totals = _totals(ruleset, table)
    assert sum(totals.values()) == 0
    shuffled = data.draw(st.permutations(table["players"]))
    assert _totals(ruleset, {**table, "players": list(shuffled)}) == totals


MULTIPLIERS = [
    {"id": "horse", "name": "horse", "when": {"holds": ["AH"]}, "factor": 2},
    {"id": "half", "name": "half", "when": {"holds": ["KS"]}, "factor": 1.5},
]


@pytest.mark.parametrize(
    "ruleset_id", per_ruleset([r.id for r in bundled_of(ThirteenCardRuleset) if r.pool is None])
)
@settings(max_examples=examples(15), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_card_multipliers_scale_each_pair_by_both_factors(
    ruleset_id: str, data: st.DataObject
) -> None:
    ruleset = load_ruleset(ruleset_id)
    assert isinstance(ruleset, ThirteenCardRuleset)
    horse = ThirteenCardRuleset.model_validate(
        ruleset.model_dump(by_alias=True) | {"multipliers": MULTIPLIERS}
    )
    table = TableFile.model_validate(data.draw(tables(ruleset)))
    plain, scaled = score_thirteen(ruleset, table), score_thirteen(horse, table)
    hands = {s.name: set(s.hand) for s in scaled.seats}

    def factor(name: str) -> Fraction:
        held = hands[name]
        return Fraction(2 if parse_cards("AH")[0] in held else 1) * (
            Fraction(3, 2) if parse_cards("KS")[0] in held else 1
        )

    assert [(p.first, p.second) for p in plain.pairs] == [(p.first, p.second) for p in scaled.pairs]
    for before, after in zip(plain.pairs, scaled.pairs):
        assert after.net == before.net * factor(before.first) * factor(before.second)
    assert sum(scaled.totals.values()) == 0

"""The new settings under each table mode they apply to, worked by hand: win-or-lose extras
against a declared special (``specials.set_extras``) with a banker and in a pool game (where
declarers settle pair by pair), and three-card front shapes with a banker and in a pool.
All pairs: ``test_multipliers``, ``test_payout_terms``; multipliers with a banker:
``test_multipliers``; in a pool they are refused (``tests/rulesets/negative``)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from housegame.errors import TableError
from housegame.rulesets.loader import load_ruleset
from housegame.rulesets.thirteen import ThirteenCardRuleset
from housegame.tables import TableFile
from housegame.thirteen import score_thirteen
from tests.thirteen.conftest import lanes


def variant(base: str, **changes: Any) -> ThirteenCardRuleset:
    """``base`` with top-level sections updated key by key."""
    ruleset = load_ruleset(base)
    assert isinstance(ruleset, ThirteenCardRuleset)
    data = ruleset.model_dump(by_alias=True)
    for section, values in changes.items():
        data[section] = {**data[section], **values} if isinstance(values, dict) else values
    return ThirteenCardRuleset.model_validate(data)


def totals(
    ruleset: ThirteenCardRuleset, players: list[dict[str, Any]], banker: str | None = None
) -> dict[str, Fraction]:
    table = TableFile.model_validate({"players": players, "banker": banker})
    return score_thirteen(ruleset, table).totals


SIX_PAIRS = {"name": "D", "cards": "AH AS QH QS JH JS 10H 10S 9H 9S 3H 3S 5D"}
C2 = lanes("C", "7S 7H 7D", "8D 8S 8C 2S 4C", "KH KD KC 6H 6C")
"""A set hand whose only win-or-lose extra is its front trips (2 under Malayan and below)."""
E = lanes("E", "2C 3D 5C", "4D 4H 9C 10C JC", "QC QD KS AC AD")


@pytest.mark.parametrize(("extras", "expected"), [("not-paid", 4), ("paid", 4 - 2)])
def test_extras_against_a_special_with_a_banker(extras: str, expected: int) -> None:
    """Malayan: D declares six and a half pairs (4) against the banker C."""
    ruleset = variant("malayan", specials={"set_extras": extras})
    assert totals(ruleset, [SIX_PAIRS, C2], banker="C")["D"] == expected


FRONT_TRIPS = {
    "always": {
        "pay_when": "always",
        "items": [
            {
                "id": "front-trips",
                "name": "front trips",
                "lane": "front",
                "units": 2,
                "when": {"lane": "front", "category": ["trips"]},
            }
        ],
    }
}


@pytest.mark.parametrize(
    ("extras", "expected"),
    [
        # the pool (C and E stake 3; C sweeps: +6 - 3 + 3 from E); D: six pairs 3 from each
        ("not-paid", {"D": 6, "C": 6 - 3, "E": -6 - 3}),
        # C's front trips extra (2) is paid by the declarer too
        ("paid", {"D": 6 - 2, "C": 6 - 3 + 2, "E": -6 - 3}),
    ],
)
def test_extras_against_a_special_in_a_pool(extras: str, expected: dict[str, int]) -> None:
    ruleset = variant("pagat-pool", specials={"set_extras": extras}, bonuses=FRONT_TRIPS)
    assert totals(ruleset, [SIX_PAIRS, C2, E]) == expected


A = lanes("A", "4H 5D 6C", "7S 8S 9H 10C JD", "2D 2C 2H 2S KH")
B = lanes("B", "QH QD 3C", "KS KD KC 5S 5C", "AS AH AD AC 7D")
"""A's front 4-5-6 is a straight with front shapes; B wins the middle and the back."""
SHAPES = {"front_straights": True, "front_flushes": True}


@pytest.mark.parametrize(
    ("ranking", "expected"),
    [
        ({}, -1 - 2 - 4),  # B's pair of queens wins the front
        (SHAPES, 1 - 2 - 4),  # A's straight wins it
    ],
)
def test_front_shapes_with_a_banker(ranking: dict[str, bool], expected: int) -> None:
    """Macau, B the banker: middle full house 2, back quads 4."""
    assert totals(variant("macau", ranking=ranking), [A, B], banker="B")["A"] == expected


@pytest.mark.parametrize(
    ("ranking", "expected"),
    [
        ({}, {"A": -3 - 3, "B": 6 - 3 + 3}),  # B sweeps the pool (6) and takes 3 more
        (SHAPES, {"A": 2 - 3, "B": 4 - 3}),  # A's front straight takes the front third
    ],
)
def test_front_shapes_in_a_pool(ranking: dict[str, bool], expected: dict[str, int]) -> None:
    assert totals(variant("pagat-pool", ranking=ranking), [A, B]) == expected


def test_holds_in_a_special_hand() -> None:
    """``holds`` is a 13-card condition: a special hand may name cards too."""
    aces = {
        "id": "aces",
        "name": "four aces",
        "points": 5,
        "when": {"holds": ["AS", "AH", "AD", "AC"]},
    }
    ruleset = variant("pagat", specials={"hands": [aces]})
    holder = {"name": "D", "cards": "AS AH AD AC 2C 3D 4H 5S 6D 9D 9S JC QC"}
    assert totals(ruleset, [holder, C2])["D"] == 5
    short = {"name": "D", "cards": "AS AH AD 10C 2C 3D 4H 5S 6D 9D 9S JC QC", "declare": "aces"}
    with pytest.raises(TableError, match="the cards do not make it"):
        totals(ruleset, [short, C2])

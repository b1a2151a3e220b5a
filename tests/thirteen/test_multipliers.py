"""Card multipliers (马牌), worked by hand: all pairs, banker, declared specials; refused in a
pool game (``tests/rulesets/negative/multiplier-in-pool.yaml``). The rulesets are lock-step
variants (``tests/arrange/variants``)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from housegame.rulesets.loader import load_ruleset_file
from housegame.rulesets.thirteen import ThirteenCardRuleset
from housegame.tables import TableFile
from housegame.thirteen import TableResult, score_thirteen
from tests.thirteen.conftest import lanes
from tests.thirteen.conftest import run as plain

VARIANTS = Path(__file__).parent.parent / "arrange" / "variants"

A = lanes("A", "2H 2D 5C", "3S 3H 3D 7C 8C", "AH AS AD AC 9C")  # holds A♥ (x2)
B = lanes("B", "4S 6D 8H", "9S 9H 10C 10D JC", "KS QS JS 10S 9D")  # holds K♠ (x1.5)
C = lanes("C", "7S 7H 4D", "6H 6C 8D 8S QC", "KH KD KC 2S 4C")
"""pagat lane values: A-B: A wins all three, back quads 4 (+6); A-C: C wins the front, A the
middle and the back quads (+4); B-C: C wins the front, B the middle and back (+1)."""


def run(variant: str, players: list[dict[str, Any]], banker: str | None = None) -> TableResult:
    ruleset = load_ruleset_file(VARIANTS / f"{variant}.yaml")
    assert isinstance(ruleset, ThirteenCardRuleset)
    table = TableFile.model_validate({"players": players, "banker": banker})
    return score_thirteen(ruleset, table)


def nets(result: TableResult) -> dict[tuple[str, str], Fraction]:
    return {(p.first, p.second): p.net for p in result.pairs}


def test_all_pairs_multiply_by_both_factors() -> None:
    result = run("pagat-horse", [A, B, C])
    assert nets(result) == {
        ("A", "B"): 6 * 2 * Fraction(3, 2),
        ("A", "C"): 4 * 2,
        ("B", "C"): 1 * Fraction(3, 2),
    }
    assert result.totals == {"A": 26, "B": Fraction(-33, 2), "C": Fraction(-19, 2)}
    line = next(i for i in result.pairs[0].items if i.kind == "multiplier")
    assert (line.label, line.units) == ("multipliers x3", 12)
    assert line.detail == "马牌 x2 (A), half horse x1.5 (B)"


@pytest.mark.parametrize(
    ("banker", "expected"),
    [
        # the banker's x2 multiplies both its pairs: (+6, +4) x 2
        ("A", {"A": 20, "B": -12, "C": -8}),
        # A's x2 multiplies its pair with the banker: -6 x 2; B-C is +1, no factor
        ("B", {"A": 12, "B": -11, "C": -1}),
    ],
)
def test_banker_pairs_multiply_the_same_way(banker: str, expected: dict[str, int]) -> None:
    assert run("macau-horse", [A, B, C], banker).totals == expected


SIX_PAIRS = {"name": "D", "cards": "AH AS QH QS JH JS 10H 10S 9H 9S 3H 3S 5D"}


def test_a_declared_special_is_multiplied_too() -> None:
    result = run("pagat-horse", [SIX_PAIRS, C])
    assert result.totals["D"] == 3 * 2
    assert [i.kind for i in result.pairs[0].items] == ["special", "multiplier"]


def test_one_holder_multiplies_by_its_own_factor() -> None:
    result = run("pagat-horse", [B, C])
    assert result.totals["B"] == Fraction(3, 2)
    assert plain("pagat", [B, C]).totals["B"] == 1


C2 = lanes("C", "7S 7H 7D", "8D 8S 8C 2S 4C", "KH KD KC 6H 6C")
"""A set hand with a win-or-lose extra: front trips (2 under pagat-extras-for-losing)."""


@pytest.mark.parametrize(
    ("variant", "expected"),
    [
        # six pairs 3, overall point 1; the set hand's extras are not paid (the default)
        ("pagat-extras-for-losing", 3 + 1),
        # specials: {set_extras: paid}: C's front trips 2 is paid; D is still the net winner
        ("pagat-extras-vs-special", 3 - 2 + 1),
    ],
)
def test_win_or_lose_extras_against_a_declared_special(variant: str, expected: int) -> None:
    score = run if (VARIANTS / f"{variant}.yaml").exists() else plain
    result = score(variant, [SIX_PAIRS, C2])
    assert result.totals["D"] == expected

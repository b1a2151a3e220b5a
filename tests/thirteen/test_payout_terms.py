"""Hand-worked tables for payout terms that no seed example reaches: add-ons paid to the lane
winner or on any lane won, an outcome table with a scoop multiplier and bonus, match-won
add-ons on lane sums (the lane values decide who won the pair) and the overall point with
add-ons. The rulesets are the lock-step test's variants (``tests/arrange/variants``)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from housegame.rulesets.loader import load_ruleset, load_ruleset_file
from housegame.rulesets.thirteen import ThirteenCardRuleset
from housegame.tables import TableFile
from housegame.thirteen import score_thirteen

VARIANTS = Path(__file__).parent.parent / "arrange" / "variants"


def total_of_a(ruleset_ref: str, a: list[str], b: list[str]) -> Fraction:
    path = VARIANTS / f"{ruleset_ref}.yaml"
    ruleset = load_ruleset_file(path) if path.exists() else load_ruleset(ruleset_ref)
    assert isinstance(ruleset, ThirteenCardRuleset)
    players = [
        {"name": name, "front": f, "middle": m, "back": k}
        for name, (f, m, k) in (("A", a), ("B", b))
    ]
    return score_thirteen(ruleset, TableFile.model_validate({"players": players})).totals["A"]


MONSTERS_A = ["3S 3H 3D", "10C 10D 10H 10S 4H", "KC KD KH KS 2H"]
STRAIGHT_FLUSHES_B = ["2C 2D 4D", "4C 5C 6C 7C 8C", "5S 6S 7S 8S 9S"]
"""A wins the front (trips, 双怪冲三 9 with two monsters; quads add-ons 8 and 4); B wins the
middle and back with straight flushes (add-ons 10 and 5). A is 1-2-0: -1."""


@pytest.mark.parametrize(
    ("ruleset", "expected"),
    [
        ("taiwan", -1 - 15),  # B won the pair: collects its 10 + 5
        ("taiwan-lane-won", -1 + 9 - 15),  # each side collects the add-ons of lanes it won
        ("taiwan-direct", -1 + (9 + 8 + 4) - 15),  # paid win or lose
    ],
)
def test_add_ons_by_who_is_paid(ruleset: str, expected: int) -> None:
    assert total_of_a(ruleset, MONSTERS_A, STRAIGHT_FLUSHES_B) == expected


def test_outcome_table_scoop_multiplier_and_bonus() -> None:
    a = ["AS AH 2C", "KS KH KD 3C 4C", "QS QH QD 5D 5H"]
    b = ["2D 3D 7H", "6C 6D 8S 9S JC", "7C 7D 8C 8D 10H"]
    assert total_of_a("taiwan", a, b) == 6
    assert total_of_a("taiwan-scoop-multiplier", a, b) == 6 * 2 + 1


def test_match_won_add_ons_and_overall_point_on_lane_sums() -> None:
    a = ["9S 9H 2C", "5S 5H 5D KC QC", "7S 7H 7D 4C 4D"]
    b = ["JS JH 3C", "2D 2H 6C 6D 8S", "AS KS QS JD 10C"]
    assert total_of_a("maceplay", a, b) == 1  # front lost, middle and back won
    # + front pair 1 and back full house 2 (match won), middle trips 1 (always), overall 1
    assert total_of_a("maceplay-match-won", a, b) == 1 + 3 + 1 + 1


def test_lane_values_decide_who_won_a_lane_sum_pair() -> None:
    a = ["8S 8H 8D", "9S 9H 9D 2C 3D", "10S 10H 10D 4C 5D"]
    b = ["2H 3H 4S", "5C 6D 7H 8C 9C", "KS QS JS 6S 2S"]
    # front trips 3, middle and back lost at 1 each: A is ahead though it won one lane of three
    assert total_of_a("maceplay", a, b) == 3 - 1 - 1
    # A won the pair: middle trips 1 (always), overall point 1; no match-won add-on holds
    assert total_of_a("maceplay-match-won", a, b) == 1 + 1 + 1

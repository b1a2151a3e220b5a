"""The Fantasyland solver is exact (it matches brute force) and honours the priority setting."""

from __future__ import annotations

import random

import pytest

from housegame.cards import DECK, Card, parse_cards
from housegame.ofc import OfcError
from housegame.ofc.solver import solve
from housegame.rulesets.ofc import OfcRuleset
from tests.ofc.helpers import ruleset
from tests.ofc.reference import best_objective

GN = ruleset()


def objective(rules: OfcRuleset, cards: list[Card]) -> tuple[int, ...]:
    assert rules.fantasyland is not None
    return solve(cards, rules).objective(rules.fantasyland.solver_priority)


def rich_hand(seed: int, size: int) -> list[Card]:
    """Random cards from a deck thinned to high ranks and two suits, so royalties and stays
    occur.
    """
    rng = random.Random(seed)
    pool = [c for c in DECK if c.rank >= 9 or c.suit < 2]
    return rng.sample(pool if seed % 2 else list(DECK), size)


@pytest.mark.parametrize(("seed", "size"), [(1, 13), (2, 13), (3, 13), (5, 14)])
def test_matches_brute_force(seed: int, size: int) -> None:
    cards = rich_hand(seed, size)
    assert objective(GN, cards) == best_objective(cards, GN)


def test_matches_brute_force_with_another_priority() -> None:
    """Royalties first, and a foul keeps its royalties: a fouled setting may win, and does."""
    assert GN.fantasyland is not None
    fantasyland = GN.fantasyland.model_copy(
        update={"solver_priority": ["royalties", "no-foul", "stay"]}
    )
    rules = GN.model_copy(
        update={
            "fantasyland": fantasyland,
            "foul": GN.foul.model_copy(update={"royalties": "keep"}),
        }
    )
    cards = parse_cards("AS AH AD KS KH QS JS TS 9S 2C 2D 7H 5C")
    assert objective(rules, cards) == best_objective(cards, rules)
    assert not solve(cards, rules).clean


def test_solution_is_a_legal_setting() -> None:
    cards = parse_cards("AS KS QS JS TS 9H 9D 9C 9S 2C 3D 4H 5S 7C")
    solution = solve(cards, GN)
    assert solution.clean and solution.stays
    assert solution.royalties == 25 + 20  # royal flush back, quads middle
    assert sorted(solution.setting.cards + solution.discards) == sorted(cards)
    assert len(solution.discards) == 1


@pytest.mark.parametrize("size", [15, 16, 17])
def test_larger_hands_are_clean_and_deterministic(size: int) -> None:
    cards = rich_hand(size, size)
    first, second = solve(cards, GN), solve(cards, GN)
    assert first == second and first.clean
    assert len(first.discards) == size - 13


def test_stay_priority_and_its_swap_are_both_exact() -> None:
    cards = parse_cards("QS QH QD AS KS JS 8S 4S 7C 7D 7H 5C 5D")
    solution = solve(cards, GN)
    assert solution.stays and solution.clean
    assert objective(GN, cards) == best_objective(cards, GN)
    assert GN.fantasyland is not None
    swapped = GN.fantasyland.model_copy(
        update={"solver_priority": ["no-foul", "royalties", "stay"]}
    )
    rules = GN.model_copy(update={"fantasyland": swapped})
    assert objective(rules, cards) == best_objective(cards, rules)


def test_big_royalties_keep_the_priority_order() -> None:
    """A house table with royalties past 255 still ranks a stay above any royalty total."""
    royalties = GN.royalties.model_copy(update={"back": {**GN.royalties.back, "royal-flush": 400}})
    rules = GN.model_copy(update={"royalties": royalties})
    cards = parse_cards("AS KS QS JS TS 9H 9D 9C 2S 2C 3D 4H 5S")
    assert objective(rules, cards) == best_objective(cards, rules)
    assert solve(cards, rules).royalties >= 400


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("AS KS", "13-17 cards, not 2"),
        ("AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AH KH QH JH TH", "not 18"),
    ],
)
def test_refuses_wrong_sizes(text: str, message: str) -> None:
    with pytest.raises(OfcError, match=message):
        solve(parse_cards(text), GN)

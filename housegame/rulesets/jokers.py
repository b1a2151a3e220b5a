"""What a joker completing a special hand costs (``specials.jokers_complete``), read from the
hand's condition: one definition for the ruleset's validation and the engine that completes.

Most conditions are *reasoned*: the jokers' effect is worked out from counts, at a cost that
does not grow with the number of jokers. A condition of rank-count and suit-count tests (pairs,
distinct ranks or suits, rank and suit patterns, the most of a rank) reads a hand only through
its sorted rank and suit counts, which the jokers reach in few ways; three straights and three
flushes are a question of runs or suits covering the other cards. Where a joker may not repeat
a card, a condition that reads both ranks and suits couples them, and is not reasoned.

Every other condition (cards named or counted, mixed shapes, shapes inside other tests) is
*enumerated*: every stand-in the condition can tell apart is tried, about C(52 + j - 1, j) for
j jokers. The validation refuses a deck with more than ``ENUMERATED_JOKERS`` jokers for such a
hand (docs/security.md has the measured cost).
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

RANK_COUNT_TESTS = frozenset(
    {"rank_pattern", "pairs", "distinct_ranks", "repeated_ranks", "most_of_a_rank"}
)
"""Tests that read a hand's rank counts, sorted: which rank holds a count never matters."""
SUIT_COUNT_TESTS = frozenset({"suit_pattern", "distinct_suits"})
"""Tests that read a hand's suit counts, sorted."""
ENUMERATED_JOKERS = 2
"""The most jokers a deck may hold where a joker completes an enumerated special hand: 1,378
stand-ins to try at two jokers, 24,804 at three."""


def kind_of(cond: BaseModel) -> str:
    """A condition's kind: its one key as a ruleset writes it (``pairs``, ``all``, ``not``)
    (read by name, as ``possible`` reads them: the condition models import this module)."""
    return next(iter(type(cond).model_fields)).rstrip("_")


def is_rank_test(cond: BaseModel) -> bool:
    return kind_of(cond) in RANK_COUNT_TESTS


def count_tests(cond: Any) -> list[Any] | None:
    """The rank- and suit-count tests ``cond`` combines with all, any and not; None where it
    holds any other test."""
    kind = kind_of(cond)
    if kind in ("all", "any"):
        found: list[Any] = []
        for part in getattr(cond, kind):
            tests = count_tests(part)
            if tests is None:
                return None
            found += tests
        return found
    if kind == "not":
        return count_tests(cond.not_)
    if kind in RANK_COUNT_TESTS | SUIT_COUNT_TESTS:
        return [cond]
    return None


def whole_shape(cond: Any) -> Any | None:
    """The split (a ``CanSet``) ``cond`` asks for where it is three straights or three flushes
    and nothing else, the shapes reasoned from rank or suit counts."""
    if kind_of(cond) != "can_set":
        return None
    shape = cond.can_set
    shapes = {shape.front, shape.middle, shape.back}
    return shape if shapes in ({"straight"}, {"flush"}) else None


def reasoned(cond: Any, repeats: bool) -> bool:
    """Whether jokers complete ``cond`` by reasoning (``repeats``: a joker may stand for a
    card the hand holds, ``ranking.joker_duplicates``)."""
    if whole_shape(cond) is not None:
        return True
    tests = count_tests(cond)
    if tests is None:
        return False
    kinds = {is_rank_test(t) for t in tests}
    return repeats or len(kinds) < 2


def enumerated(hand: Any, repeats: bool) -> bool:
    """Whether jokers complete a special ``hand`` by trying stand-ins (some condition is not
    reasoned)."""
    conditions = [t.when for t in hand.tiers] if hand.tiers is not None else [hand.when]
    return any(c is not None and not reasoned(c, repeats) for c in conditions)

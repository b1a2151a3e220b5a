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

from housegame.rulesets.thirteen import (
    CanSet,
    CanSetCondition,
    DistinctRanks,
    DistinctSuits,
    HandAll,
    HandAny,
    HandCondition,
    HandNot,
    MostOfARank,
    PairsCount,
    RankPattern,
    RepeatedRanks,
    SpecialHand,
    SuitPattern,
)

RANK_COUNT_TESTS = (RankPattern, PairsCount, DistinctRanks, RepeatedRanks, MostOfARank)
"""Tests that read a hand's rank counts, sorted: which rank holds a count never matters."""
SUIT_COUNT_TESTS = (SuitPattern, DistinctSuits)
"""Tests that read a hand's suit counts, sorted."""
ENUMERATED_JOKERS = 2
"""The most jokers a deck may hold where a joker completes an enumerated special hand: 1,378
stand-ins to try at two jokers, 24,804 at three."""


def count_tests(cond: HandCondition) -> list[HandCondition] | None:
    """The rank- and suit-count tests ``cond`` combines with all, any and not; None where it
    holds any other test."""
    if isinstance(cond, HandAll | HandAny):
        parts = cond.all if isinstance(cond, HandAll) else cond.any
        found: list[HandCondition] = []
        for part in parts:
            tests = count_tests(part)
            if tests is None:
                return None
            found += tests
        return found
    if isinstance(cond, HandNot):
        return count_tests(cond.not_)
    if isinstance(cond, RANK_COUNT_TESTS + SUIT_COUNT_TESTS):
        return [cond]
    return None


def whole_shape(cond: HandCondition) -> CanSet | None:
    """The split ``cond`` asks for where it is three straights or three flushes and nothing
    else, the shapes reasoned from rank or suit counts."""
    if not isinstance(cond, CanSetCondition):
        return None
    shapes = {cond.can_set.front, cond.can_set.middle, cond.can_set.back}
    return cond.can_set if shapes in ({"straight"}, {"flush"}) else None


def reasoned(cond: HandCondition, repeats: bool) -> bool:
    """Whether jokers complete ``cond`` by reasoning (``repeats``: a joker may stand for a
    card the hand holds, ``ranking.joker_duplicates``)."""
    if whole_shape(cond) is not None:
        return True
    tests = count_tests(cond)
    if tests is None:
        return False
    kinds = {isinstance(t, RANK_COUNT_TESTS) for t in tests}
    return repeats or len(kinds) < 2


def enumerated(hand: SpecialHand, repeats: bool) -> bool:
    """Whether jokers complete ``hand`` by trying stand-ins (some condition is not reasoned)."""
    conditions = [t.when for t in hand.tiers] if hand.tiers is not None else [hand.when]
    return any(c is not None and not reasoned(c, repeats) for c in conditions)

"""Exact chances of special-hand conditions, from counting hands rather than dealing them.

A 13-card hand is one of C(52, 13) equally likely. A condition that reads only part of the
hand can be counted over that part's possible values instead of over the hands:

- ``ranks``: only how many cards of each rank, as a pattern (``rank_pattern``, ``pairs``,
  ``distinct_ranks``, ``repeated_ranks``, ``most_of_a_rank``). Each partition of 13 into at
  most 13 parts of at most 4 stands for 13!/prod(m_k!) * prod C(4, k)^m_k hands, where m_k
  ranks hold k cards.
- ``suits``: only how many cards of each suit (``suit_pattern``, ``distinct_suits``, three
  flushes): each count vector (c1..c4) stands for prod C(13, c_i) hands.
- ``filters``: only how many cards pass each ``count_cards`` filter. The deck falls into cells
  of cards that pass the same filters; each count vector over the cells stands for
  prod C(cell size, k) hands (the multivariate hypergeometric law); filters that make more
  than ``MAX_CELLS`` cells are not counted.
- ``one suit``: an ``all`` that requires ``distinct_suits: 1`` holds only for the 4 hands of a
  whole suit, so it is counted on those 4 hands whatever else it asks.

Each value is turned into concrete cards and the condition is evaluated by the same
``hand_holds`` the engine uses, so the counting never re-implements a condition. Conditions
mixing parts (rank counts and suits, runs of ranks such as three straights, straight
flushes) have no closed form here: their probability is None and reports show the
simulated rate alone.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from fractions import Fraction
from math import comb, factorial, prod
from typing import Literal

from housegame.cards import DECK, Card
from housegame.rulesets.common import count_holds
from housegame.rulesets.possible import partitions
from housegame.rulesets.thirteen import (
    CanSetCondition,
    CountCards,
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
from housegame.thirteen.conditions import HandCounts, count_selected, hand_holds

HAND = 13
HANDS = comb(52, HAND)
Reads = Literal["ranks", "suits", "filters", "mixed"]


def reads(cond: HandCondition) -> Reads:
    """Which part of the hand a condition reads (``mixed``: more than one, or runs of ranks)."""
    if isinstance(cond, (HandAll, HandAny)):
        parts = {reads(c) for c in (cond.all if isinstance(cond, HandAll) else cond.any)}
        return parts.pop() if len(parts) == 1 else "mixed"
    if isinstance(cond, HandNot):
        return reads(cond.not_)
    if isinstance(cond, (RankPattern, PairsCount, DistinctRanks, RepeatedRanks, MostOfARank)):
        return "ranks"
    if isinstance(cond, (SuitPattern, DistinctSuits)):
        return "suits"
    if isinstance(cond, CountCards):
        return "filters"
    assert isinstance(cond, CanSetCondition)
    shapes = {cond.can_set.front, cond.can_set.middle, cond.can_set.back}
    return "suits" if shapes == {"flush"} else "mixed"


def _bounded_vectors(total: int, caps: Sequence[int]) -> Iterator[tuple[int, ...]]:
    """Every vector of len(caps) counts, each at most its cap, summing to ``total``."""
    if not caps:
        if total == 0:
            yield ()
        return
    rest = sum(caps[1:])
    for first in range(max(0, total - rest), min(caps[0], total) + 1):
        for tail in _bounded_vectors(total - first, caps[1:]):
            yield (first, *tail)


def _rank_cases() -> Iterator[tuple[int, list[Card]]]:
    """(hands, one concrete hand) per rank pattern."""
    for pattern in partitions(HAND, 4, 13):
        held = Counter(pattern)
        held[0] = 13 - len(pattern)
        ways = factorial(13) // prod(factorial(m) for m in held.values())
        ways *= prod(comb(4, k) for k in pattern)
        cards = [Card(rank * 4 + suit) for rank, k in enumerate(pattern) for suit in range(k)]
        yield ways, cards


def _suit_cases() -> Iterator[tuple[int, list[Card]]]:
    for counts in _bounded_vectors(HAND, (13, 13, 13, 13)):
        cards = [Card(rank * 4 + suit) for suit, k in enumerate(counts) for rank in range(k)]
        yield prod(comb(13, k) for k in counts), cards


def _filters(cond: HandCondition) -> list[CountCards]:
    if isinstance(cond, (HandAll, HandAny)):
        subs = cond.all if isinstance(cond, HandAll) else cond.any
        return [f for c in subs for f in _filters(c)]
    if isinstance(cond, HandNot):
        return _filters(cond.not_)
    assert isinstance(cond, CountCards)
    return [cond]


MAX_CELLS = 8
"""Filters that split the deck into more cells than this are not counted (five pairs in a
row reads 13 ranks apart: millions of count vectors)."""


def _filter_cells(cond: HandCondition) -> list[list[Card]]:
    """The deck's cells: cards that pass the same filters."""
    filters = _filters(cond)
    cells: dict[tuple[bool, ...], list[Card]] = {}
    for card in DECK:
        passes = tuple(count_selected(f.count_cards, [card]) == 1 for f in filters)
        cells.setdefault(passes, []).append(card)
    return list(cells.values())


def _filter_cases(groups: list[list[Card]]) -> Iterator[tuple[int, list[Card]]]:
    for counts in _bounded_vectors(HAND, [len(g) for g in groups]):
        cards = [c for group, k in zip(groups, counts) for c in group[:k]]
        yield prod(comb(len(g), k) for g, k in zip(groups, counts)), cards


def _one_suit(cond: HandCondition) -> bool:
    """An ``all`` with a conjunct that only one suit satisfies."""
    return isinstance(cond, HandAll) and any(
        isinstance(c, DistinctSuits)
        and [n for n in range(1, 5) if count_holds(c.distinct_suits, n)] == [1]
        for c in cond.all
    )


def condition_probability(cond: HandCondition) -> Fraction | None:
    """The exact chance that 13 random cards meet ``cond``, or None (see the module docstring)."""
    kind = reads(cond)
    if kind == "ranks":
        cases = _rank_cases()
    elif kind == "suits":
        cases = _suit_cases()
    elif kind == "filters":
        groups = _filter_cells(cond)
        if len(groups) > MAX_CELLS:
            return None
        cases = _filter_cases(groups)
    elif _one_suit(cond):
        whole = ([c for c in DECK if c.suit == suit] for suit in range(4))
        cases = ((1, cards) for cards in whole)
    else:
        return None
    hits = sum(ways for ways, cards in cases if hand_holds(cond, HandCounts.of(cards)))
    return Fraction(hits, HANDS)


def special_condition(hand: SpecialHand) -> HandCondition:
    """What must hold for the special hand: its condition, or any of its tiers'."""
    if hand.tiers is not None:
        return HandAny(any=[t.when for t in hand.tiers])
    assert hand.when is not None
    return hand.when


_KNOWN: dict[str, Fraction | None] = {}


def special_probability(hand: SpecialHand) -> Fraction | None:
    """The exact chance that 13 random cards make the special hand (any tier), or None."""
    condition = special_condition(hand)
    key = hand.model_dump_json(by_alias=True, include={"when", "tiers"})
    if key not in _KNOWN:
        _KNOWN[key] = condition_probability(condition)
    return _KNOWN[key]

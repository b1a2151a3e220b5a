"""Interpreting the condition vocabulary of ruleset files: on a set hand, and on 13 cards."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cache
from itertools import combinations, product

from housegame.cards import JOKER_INDEX, SUIT_NAMES, Card, parse_card, rank_value
from housegame.ranking import RankingRules, category_of, evaluate, strength
from housegame.rulesets.common import count_holds, rank_values
from housegame.rulesets.thirteen import (
    AllOf,
    AnyOf,
    CanSet,
    CanSetCondition,
    CardSelection,
    CountCards,
    DistinctRanks,
    DistinctSuits,
    HandAll,
    HandAny,
    HandCondition,
    HandNot,
    Holds,
    LaneIs,
    LaneShape,
    MostOfARank,
    NotOf,
    PairsCount,
    RankPattern,
    RepeatedRanks,
    SettingCondition,
    SuitPattern,
)
from housegame.setting import Setting


def lane_holds(cond: LaneIs, setting: Setting) -> bool:
    cards = setting.lane(cond.lane)
    if cond.category is not None and category_of(setting.key(cond.lane)).label not in cond.category:
        return False
    if cond.suited is not None and (len({c.suit for c in cards}) == 1) != cond.suited:
        return False
    if cond.ranks is not None and {c.rank for c in cards} != rank_values(cond.ranks):
        return False
    if cond.cards is not None and not {parse_card(name) for name in cond.cards} <= set(cards):
        return False
    if not cond.filters():
        return True
    low = rank_value(cond.min_rank) if cond.min_rank is not None else 2
    high = rank_value(cond.max_rank) if cond.max_rank is not None else 14
    suit = SUIT_NAMES.index(cond.suit) if cond.suit is not None else None
    passing = sum(1 for c in cards if low <= c.rank <= high and suit in (None, c.suit))
    return passing == len(cards) if cond.count is None else count_holds(cond.count, passing)


def setting_holds(cond: SettingCondition, setting: Setting) -> bool:
    """Does a set hand meet a bonus condition?"""
    if isinstance(cond, LaneIs):
        return lane_holds(cond, setting)
    if isinstance(cond, AllOf):
        return all(setting_holds(c, setting) for c in cond.all)
    if isinstance(cond, AnyOf):
        return any(setting_holds(c, setting) for c in cond.any)
    assert isinstance(cond, NotOf)
    return not setting_holds(cond.not_, setting)


def count_selected(f: CardSelection, cards: Sequence[Card]) -> int:
    """How many cards pass a selection's filters (its ranks read once, not per card)."""
    ranks = rank_values(f.ranks) if f.ranks is not None else None
    low = rank_value(f.min_rank) if f.min_rank is not None else 2
    high = rank_value(f.max_rank) if f.max_rank is not None else 14
    return sum(
        1
        for c in cards
        if (ranks is None or c.rank in ranks)
        and low <= c.rank <= high
        and (f.suits is None or SUIT_NAMES[c.suit] in f.suits)
        and (f.colour is None or c.is_red == (f.colour == "red"))
    )


@dataclass(frozen=True)
class HandCounts:
    """A 13-card hand with its rank and suit counts, counted once for every special-hand
    condition asked of it; ``held`` keeps each condition's answer (``holds``), so rulesets
    sharing a condition ask it once per hand."""

    cards: tuple[Card, ...]
    ranks: Counter[int]
    suits: Counter[int]
    held: dict[str, bool] = field(default_factory=dict, compare=False, repr=False)

    @classmethod
    def of(cls, cards: Sequence[Card]) -> HandCounts:
        index = [c.index for c in cards if c.index < JOKER_INDEX]  # a joker has no rank, suit
        ranks = Counter([i // 4 + 2 for i in index])
        return cls(tuple(cards), ranks, Counter([i % 4 for i in index]))

    def holds(self, cond: HandCondition) -> bool:
        """``hand_holds(cond, self)``, remembered by the condition's content."""
        key = condition_key(cond)
        found = self.held.get(key)
        if found is None:
            found = self.held[key] = hand_holds(cond, self)
        return found


_KEYS: dict[int, tuple[HandCondition, str]] = {}


def condition_key(cond: HandCondition) -> str:
    """A condition's content as text (equal conditions of different rulesets share it), worked
    out once per condition object."""
    found = _KEYS.get(id(cond))
    if found is None or found[0] is not cond:
        if len(_KEYS) > 4096:
            _KEYS.clear()
        found = _KEYS[id(cond)] = (cond, f"{type(cond).__name__}:{cond.model_dump_json()}")
    return found[1]


def combined(cond: HandCondition, test: Callable[[HandCondition], bool]) -> bool:
    """``cond``'s answer: its all, any and not over what ``test`` answers of each test in it."""
    if isinstance(cond, HandAll):
        return all(combined(c, test) for c in cond.all)
    if isinstance(cond, HandAny):
        return any(combined(c, test) for c in cond.any)
    if isinstance(cond, HandNot):
        return not combined(cond.not_, test)
    return test(cond)


def hand_holds(cond: HandCondition, hand: HandCounts) -> bool:
    """Does a 13-card hand meet a special hand's condition?"""
    return combined(cond, lambda part: _test_holds(part, hand))


def _test_holds(cond: HandCondition, hand: HandCounts) -> bool:
    """One test of a condition (no all, any or not) on a 13-card hand."""
    ranks, suits = hand.ranks, hand.suits
    if isinstance(cond, RankPattern):
        return sorted(ranks.values(), reverse=True) == cond.rank_pattern
    if isinstance(cond, SuitPattern):
        return sorted(suits.values(), reverse=True) == cond.suit_pattern
    if isinstance(cond, PairsCount):
        return count_holds(cond.pairs, sum(n // 2 for n in ranks.values()))
    if isinstance(cond, DistinctRanks):
        return count_holds(cond.distinct_ranks, len(ranks))
    if isinstance(cond, RepeatedRanks):
        return count_holds(cond.repeated_ranks, sum(1 for n in ranks.values() if n >= 2))
    if isinstance(cond, MostOfARank):
        return count_holds(cond.most_of_a_rank, max(ranks.values()))
    if isinstance(cond, DistinctSuits):
        return count_holds(cond.distinct_suits, len(suits))
    if isinstance(cond, CountCards):
        return count_holds(cond.count_cards.count, count_selected(cond.count_cards, hand.cards))
    if isinstance(cond, Holds):
        return held_cards(cond) <= set(hand.cards)
    assert isinstance(cond, CanSetCondition)
    return can_set_holds(cond.can_set, hand)


def reads(cond: HandCondition) -> frozenset[str]:
    """What a special hand's condition reads of a 13-card hand: ``ranks`` (the rank counts),
    ``suits`` (the suit counts) or ``cards`` (the cards themselves). Hands alike in what it
    reads meet it alike."""
    if isinstance(cond, HandAll | HandAny):
        parts = cond.all if isinstance(cond, HandAll) else cond.any
        return frozenset().union(*(reads(c) for c in parts))
    if isinstance(cond, HandNot):
        return reads(cond.not_)
    if isinstance(cond, SuitPattern | DistinctSuits):
        return frozenset({"suits"})
    if isinstance(cond, RankPattern | PairsCount | DistinctRanks | RepeatedRanks | MostOfARank):
        return frozenset({"ranks"})
    return frozenset({"cards"})


def held_cards(cond: Holds) -> frozenset[Card]:
    """The cards a ``holds`` condition names."""
    return frozenset(parse_card(name) for name in cond.holds)


def can_set_holds(can_set: CanSet, hand: HandCounts) -> bool:
    """Whether some split gives every lane its shape. Three straights is a question about the
    rank counts alone, three flushes about the suit counts alone; mixed shapes and straight
    flushes search the splits."""
    shapes = (can_set.front, can_set.middle, can_set.back)
    if sum(hand.ranks.values()) < len(hand.cards):
        return False  # a joker standing for no card fits no shaped lane
    if all(shape == "straight" for shape in shapes):
        ranks = hand.ranks
        counts = tuple(ranks.get(r, 0) for r in range(15))
        return _runs_fit((5, 5, 3), counts, _bits(ranks), excluded_runs(can_set))
    if all(shape == "flush" for shape in shapes):
        return _suits_fit(tuple(sorted(hand.suits.values())))
    return next(shaped_settings(can_set, hand.cards), None) is not None


@cache
def _suits_fit(counts: tuple[int, ...]) -> bool:
    """Can the front (3) and the middle and back (5 each) each take one suit, using every card?"""
    return any(
        sorted(
            n
            for n in (
                sum(size for size, at in zip((3, 5, 5), choice) if at == suit) for suit in range(4)
            )
            if n
        )
        == sorted(n for n in counts if n)
        for choice in product(range(4), repeat=3)
    )


def excluded_runs(can_set: CanSet) -> frozenset[frozenset[int]]:
    """The runs a shape leaves out, each as its set of ranks."""
    return frozenset(
        frozenset(rank_value(part) for part in run.split("-")) for run in can_set.exclude
    )


def _runs_fit(
    sizes: tuple[int, ...],
    ranks: tuple[int, ...],
    present: int | None = None,
    excluded: frozenset[frozenset[int]] = frozenset(),
) -> bool:
    """Can each size take a run of distinct ranks, all from ``ranks`` (count per rank value)
    together? ``present``: the ranks with a card left, as bits (bit ``rank``); ``excluded``:
    runs that do not count."""
    if not sizes:
        return True
    if present is None:
        present = sum(1 << r for r, n in enumerate(ranks) if n)
    for run, bits in _run_bits(sizes[0], excluded):
        if present & bits == bits:
            left = list(ranks)
            gone = 0
            for r in run:
                left[r] -= 1
                if not left[r]:
                    gone |= 1 << r
            if _runs_fit(sizes[1:], tuple(left), present & ~gone, excluded):
                return True
    return False


def _bits(ranks: Counter[int]) -> int:
    """The ranks held, as bits (bit ``rank``)."""
    return sum(1 << r for r, n in ranks.items() if n)


@cache
def _run_bits(
    size: int, excluded: frozenset[frozenset[int]] = frozenset()
) -> list[tuple[tuple[int, ...], int]]:
    """``straight_runs`` with each run's ranks as bits (bit ``rank``): a run fits where all its bits
    are among the present ranks'."""
    return [(run, sum(1 << r for r in run)) for run in straight_runs(size, excluded)]


@cache
def straight_runs(
    size: int, excluded: frozenset[frozenset[int]] = frozenset()
) -> list[tuple[int, ...]]:
    """Rank windows that are straights of ``size`` cards; the ace plays high or low; the
    ``excluded`` runs left out."""
    runs = [tuple(range(top - size + 1, top + 1)) for top in range(size + 1, 15)]
    every = [tuple(14 if r == 1 else r for r in run) for run in [tuple(range(1, size + 1)), *runs]]
    return [run for run in every if frozenset(run) not in excluded]


def shaped_lanes(
    shape: LaneShape,
    cards: Sequence[Card],
    size: int,
    excluded: frozenset[frozenset[int]] = frozenset(),
) -> Iterator[tuple[Card, ...]]:
    """Every ``size``-card subset of ``cards`` with the shape (3-card shapes for the front);
    ``excluded``: runs that are no straight here."""
    if shape == "flush":
        by_suit: dict[int, list[Card]] = {}
        for c in cards:
            by_suit.setdefault(c.suit, []).append(c)
        for group in by_suit.values():
            yield from combinations(group, size)
        return
    by_rank: dict[int, list[Card]] = {}
    for c in cards:
        by_rank.setdefault(c.rank, []).append(c)
    for run in straight_runs(size, excluded):
        if all(r in by_rank for r in run):
            for choice in product(*(by_rank[r] for r in run)):
                if shape == "straight" or len({c.suit for c in choice}) == 1:
                    yield choice


def shaped_settings(
    can_set: CanSet, cards: Sequence[Card]
) -> Iterator[tuple[tuple[Card, ...], ...]]:
    """Every (front, middle, back) split of the 13 cards where each lane has its shape."""
    for back in shaped_lanes(can_set.back, cards, 5, excluded_runs(can_set)):
        for front, middle in _completions(can_set, cards, back):
            yield front, middle, back


def _completions(
    can_set: CanSet, cards: Sequence[Card], back: tuple[Card, ...]
) -> Iterator[tuple[tuple[Card, ...], tuple[Card, ...]]]:
    """Every shaped (front, middle) the cards left beside ``back`` make."""
    taken = {b.index for b in back}
    rest = [c for c in cards if c.index not in taken]
    excluded = excluded_runs(can_set)
    for middle in shaped_lanes(can_set.middle, rest, 5, excluded):
        used = {m.index for m in middle}
        front = tuple(c for c in rest if c.index not in used)
        if next(shaped_lanes(can_set.front, front, 3, excluded), None) is not None:
            yield front, middle


def _front_shape_key(front: Sequence[Card], rules: RankingRules) -> int:
    ranks = sorted(c.rank for c in front)
    if ranks == [2, 3, 14]:
        return 3
    if ranks[2] - ranks[0] == 2 and len(set(ranks)) == 3:
        return ranks[2]
    return strength(evaluate(front, rules))


def best_shaped_lanes(
    can_set: CanSet, cards: Sequence[Card], rules: RankingRules
) -> tuple[int, ...]:
    """The strongest (back, middle, front) among shaped splits, for breaking ties between equal
    specials as pagat describes.

    The order is lexicographic, so backs are tried strongest first and the search stops at the
    first back strength that completes a shaped split: a hand of one suit, where all 72,072
    splits are three flushes, reads 1,287 backs and one back's 56 middles instead of them all."""
    backs: dict[int, list[tuple[Card, ...]]] = {}
    for back in shaped_lanes(can_set.back, cards, 5, excluded_runs(can_set)):
        backs.setdefault(strength(evaluate(back, rules)), []).append(back)
    for back_strength in sorted(backs, reverse=True):
        best: tuple[int, ...] = ()
        for back in backs[back_strength]:
            for front, middle in _completions(can_set, cards, back):
                key = (
                    back_strength,
                    strength(evaluate(middle, rules)),
                    _front_shape_key(front, rules),
                )
                best = max(best, key)
        if best:
            return best
    return ()


def first_can_set(cond: HandCondition) -> CanSet | None:
    """The arrangement shape a special hand is made of, if it has one."""
    if isinstance(cond, CanSetCondition):
        return cond.can_set
    if isinstance(cond, HandAll):
        for sub in cond.all:
            found = first_can_set(sub)
            if found is not None:
                return found
    return None


def pair_ranks(cards: Sequence[Card]) -> tuple[int, ...]:
    """Pairs high to low, quads as two pairs: six-pairs tie-break."""
    counts = Counter(c.rank for c in cards)
    return tuple(sorted((r for r, n in counts.items() for _ in range(n // 2)), reverse=True))

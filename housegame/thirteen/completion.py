"""How jokers complete a special hand (``specials.jokers_complete``): the most it can pay with
the jokers standing for any cards, and the stand-ins that pay it.

A reasoned condition (``housegame.rulesets.jokers``) is answered from counts. Rank- and
suit-count tests read only the sorted counts, and the jokers reach few of them: each joker
adds one to some rank (suit), and ranks (suits) with the same count and room left are alike
(``_reached``). Three straights ask whether three runs cover the other cards' ranks, the
jokers filling the gaps; three flushes whether three suits do (``_shapes_fit``). No stand-in
is tried: eight jokers cost what two do.

Which stand-ins pay is the first, in deck order, of those paying the most (as trying every one
in order would find; ``tests/thirteen/test_completion.py`` checks that): found a joker at a
time, each the first card after which the rest can still pay that much (``_first_stand``).
An enumerated condition tries every stand-in it can tell apart, as few as the ruleset's
validation allows.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache, partial
from itertools import combinations, combinations_with_replacement, product

import numpy as np
import numpy.typing as npt

from housegame.cards import DECK, Card
from housegame.rulesets.jokers import count_tests, enumerated, is_rank_test, whole_shape
from housegame.rulesets.thirteen import (
    HandCondition,
    SpecialHand,
)
from housegame.thirteen.conditions import (
    HandCounts,
    combined,
    condition_key,
    excluded_runs,
    hand_holds,
    reads,
    straight_runs,
)

Room = tuple[tuple[int, int], ...]
"""Ranks (or suits) as (cards held, cards a joker may still add) pairs, sorted: the counts
a reasoned condition reads, and what a joker can still do to them."""


@dataclass(frozen=True)
class _Condition:
    """A condition as a cache key: its content (conditions alike in any ruleset share
    answers), the condition itself riding along."""

    key: str
    cond: HandCondition = field(compare=False, hash=False)


def completed(
    hand: SpecialHand,
    cards: HandCounts,
    repeats: bool,
    points: Callable[[HandCounts], int | None],
    dealt: int | None,
) -> tuple[int, HandCounts] | None:
    """The most ``hand`` pays with the jokers of ``cards`` standing for any cards, and the cards
    that pay it, where that is more than ``dealt`` (what it pays as dealt); None where it is
    not. ``points``: what the hand pays for some cards (None: it does not hold); ``repeats``: a
    joker may stand for a card the hand holds (``ranking.joker_duplicates``)."""
    naturals = tuple(c for c in cards.cards if not c.is_joker)
    wild = len(cards.cards) - len(naturals)
    deck = [c for c in DECK if repeats or c not in naturals]
    if enumerated(hand, repeats):
        alphabet = _stand_ins(hand, deck, wild, repeats)
        return _tried(naturals, wild, alphabet, repeats, dealt, points)
    best = most_points(hand, naturals, wild, repeats)
    if best is None or (dealt is not None and best <= dealt):
        return None
    alphabet = _stand_ins(hand, deck, wild, repeats)
    stand = _first_stand(hand, naturals, wild, best, alphabet, repeats)
    return best, HandCounts.of([*naturals, *stand])


def _tried(
    naturals: tuple[Card, ...],
    wild: int,
    alphabet: list[Card],
    repeats: bool,
    dealt: int | None,
    points: Callable[[HandCounts], int | None],
) -> tuple[int, HandCounts] | None:
    """An enumerated condition: every stand-in in order, the first paying the most kept."""
    best: tuple[int, HandCounts] | None = None
    floor = dealt
    for stand in (combinations_with_replacement if repeats else combinations)(alphabet, wild):
        counts = HandCounts.of([*naturals, *stand])
        found = points(counts)
        if found is not None and (floor is None or found > floor):
            best, floor = (found, counts), found
    return best


def most_points(
    hand: SpecialHand, naturals: tuple[Card, ...], wild: int, repeats: bool
) -> int | None:
    """The most a reasoned ``hand`` pays with ``wild`` jokers beside ``naturals`` (None: no
    stand-in makes it)."""
    if hand.tiers is not None:
        paid = [t.points for t in hand.tiers if _can_hold(t.when, naturals, wild, repeats)]
        return max(paid) if paid else None
    assert hand.when is not None and hand.points is not None
    return hand.points if _can_hold(hand.when, naturals, wild, repeats) else None


def _can_hold(cond: HandCondition, naturals: tuple[Card, ...], wild: int, repeats: bool) -> bool:
    """Whether some stand-ins for ``wild`` jokers make a reasoned ``cond`` hold."""
    ranks, suits = _room(naturals, wild, repeats)
    shape = whole_shape(cond)
    wrapped = _Condition(condition_key(cond), cond)
    if shape is not None:
        return _shapes_fit(wrapped, ranks if shape.front == "straight" else suits)
    return _counts_can_hold(wrapped, ranks, suits, wild)


@lru_cache(maxsize=1024)
def _room(naturals: tuple[Card, ...], wild: int, repeats: bool) -> tuple[Room, Room]:
    """Per rank (2..A) and per suit: cards held, and how many a joker may add (any number
    where a joker may repeat a card; else the cards of that rank or suit not held). Cached:
    a hand's every special asks for the same."""
    held = Counter(c.rank for c in naturals), Counter(c.suit for c in naturals)
    distinct = Counter(c.rank for c in set(naturals)), Counter(c.suit for c in set(naturals))
    ranks = tuple((held[0][r], wild if repeats else 4 - distinct[0][r]) for r in range(2, 15))
    suits = tuple((held[1][s], wild if repeats else 13 - distinct[1][s]) for s in range(4))
    return ranks, suits


@lru_cache(maxsize=4096)
def _counts_can_hold(cond: _Condition, ranks: Room, suits: Room, wild: int) -> bool:
    """A condition of count tests: each test answered on every count profile the jokers
    reach, then the condition on each way the answers combine. With both rank and suit
    tests, a joker may repeat a card (``reasoned``), so any rank profile goes with any suit
    profile."""
    tests = count_tests(cond.cond)
    assert tests is not None
    rank_tests: list[HandCondition] = [t for t in tests if is_rank_test(t)]
    suit_tests: list[HandCondition] = [t for t in tests if not is_rank_test(t)]
    rank_answers = _answers(rank_tests, ranks, wild, rank_side=True)
    suit_answers = _answers(suit_tests, suits, wild, rank_side=False)
    for rank_says, suit_says in product(rank_answers, suit_answers):
        said = dict(zip(map(id, rank_tests + suit_tests), rank_says + suit_says))
        if combined(cond.cond, partial(_said, said)):
            return True
    return False


def _said(said: dict[int, bool], test: HandCondition) -> bool:
    return said[id(test)]


def _answers(
    tests: list[HandCondition], start: Room, wild: int, rank_side: bool
) -> set[tuple[bool, ...]]:
    """The answers ``tests`` give on the counts ``wild`` jokers reach from ``start``."""
    if not tests:
        return {()}
    found = set()
    for room in _reached(start, wild):
        counts = Counter({i: held for i, (held, _) in enumerate(room) if held})
        hand = HandCounts((), counts, Counter()) if rank_side else HandCounts((), Counter(), counts)
        found.add(tuple(hand_holds(t, hand) for t in tests))
    return found


@lru_cache(maxsize=1024)
def _reached(start: Room, wild: int) -> frozenset[Room]:
    """Every sorted count profile ``wild`` jokers make from ``start``, each adding one card to
    a rank (suit) with room left; ranks alike are tried once."""
    rooms = {tuple(sorted(start))}
    for _ in range(wild):
        rooms = {
            tuple(sorted((*room[:i], (held + 1, left - 1), *room[i + 1 :])))
            for room in rooms
            for i, (held, left) in enumerate(room)
            if left and (i == 0 or room[i - 1] != room[i])
        }
    return frozenset(rooms)


@lru_cache(maxsize=4096)
def _shapes_fit(cond: _Condition, room: Room) -> bool:
    """Three straights (``room`` per rank, 2..A) or three flushes (per suit): some runs or
    suits for the back, middle and front hold every card, a joker filling each gap where it
    may add a card."""
    shape = whole_shape(cond.cond)
    assert shape is not None
    lanes = _SUIT_LANES if shape.front == "flush" else _run_lanes(excluded_runs(shape))
    held = np.array([n for n, _ in room])
    most = held + np.array([left for _, left in room])
    return bool(((lanes >= held) & (lanes <= most)).all(axis=1).any())


def _suit_lanes(choice: tuple[int, ...]) -> tuple[int, ...]:
    """The cards each suit takes when the front, middle and back go to the suits ``choice``."""
    return tuple(sum(size for size, at in zip((3, 5, 5), choice) if at == s) for s in range(4))


_SUIT_LANES = np.array(sorted({_suit_lanes(c) for c in product(range(4), repeat=3)}))
"""(ways, 4): the cards per suit of every way three flushes may lie."""


@lru_cache(maxsize=64)
def _run_lanes(excluded: frozenset[frozenset[int]]) -> npt.NDArray[np.int64]:
    """(ways, 13): the cards per rank (2..A) of every back, middle and front of runs,
    ``excluded`` left out; made once per shape (about 600 ways), not once per hand."""
    found = set()
    fives, threes = straight_runs(5, excluded), straight_runs(3, excluded)
    for i, back in enumerate(fives):
        for middle in fives[i:]:
            for front in threes:
                taken = Counter([*back, *middle, *front])
                found.add(tuple(taken[r] for r in range(2, 15)))
    return np.array(sorted(found), dtype=np.int64)


def _first_stand(
    hand: SpecialHand,
    naturals: tuple[Card, ...],
    wild: int,
    best: int,
    alphabet: list[Card],
    repeats: bool,
) -> tuple[Card, ...]:
    """The first stand-in in ``alphabet``'s order paying ``best``: each joker the first card
    (from the last one on) after which the jokers left can still make the hand pay it."""
    stand: list[Card] = []
    start = 0
    for left in range(wild - 1, -1, -1):
        for i in range(start, len(alphabet)):
            tried = (*naturals, *stand, alphabet[i])
            if most_points(hand, tried, left, repeats) == best:
                stand.append(alphabet[i])
                start = i if repeats else i + 1
                break
        else:
            raise AssertionError("a stand-in paying the most exists")
    return tuple(stand)


def _stand_ins(hand: SpecialHand, deck: list[Card], wild: int, repeats: bool) -> list[Card]:
    """The cards of ``deck`` the jokers are tried as: all of them where the hand's condition
    reads the cards; where it reads only rank counts (suit counts, both), the first cards of
    each rank (suit, rank and suit) in deck order, as many as a stand of ``wild`` jokers can
    use (one where a joker may repeat a card). Stands that differ only in cards the
    condition cannot tell apart meet it alike, and the first of them in the full order is
    still tried first: the answer is the full order's."""
    conditions = [t.when for t in hand.tiers] if hand.tiers is not None else [hand.when]
    read = frozenset().union(*(reads(c) for c in conditions if c is not None))
    if "cards" in read:
        return deck
    limit = 1 if repeats else wild
    kept: dict[tuple[int, ...], int] = {}
    out = []
    for card in deck:
        part = (card.rank if "ranks" in read else 0, card.suit if "suits" in read else 0)
        if kept.get(part, 0) < limit:
            kept[part] = kept.get(part, 0) + 1
            out.append(card)
    return out

"""Poker hand ranking for 5-card lanes and the 3-card front, as integer keys.

A hand's key is ``category << 24 | r1 << 20 | ... | r5 << 4 | suit``: the
category, then the five ranks ordered by (multiplicity, rank) — pairs before
kickers — then an optional suit nibble used only when the ruleset names a suit
order. A 3-card front fills r4, r5 with zeros, so keys of fronts and middles
compare on one scale exactly as RULES.md section 1 reads the foul check.
Straights put their top card in r1 (5 for a low wheel; with a high wheel the
wheel is 14 and ten-to-ace 15).

Where the ranking says so (``front_straights``, ``front_flushes``), a front also makes
three-card straights (three in a row; A-2-3 is the lowest with top card 3, Q-K-A the highest),
flushes (three of a suit) and, with both, straight flushes. They take the five-card
categories, so one scale still serves the front within itself (high card < pair < trips <
straight < flush < straight flush) and against the middle for fouls: a front flush is above a
middle two pair, trips or straight; a front straight against a middle straight compares top
cards; a front flush against a middle flush compares ranks high to low, the front's missing
fourth and fifth cards lowest.

A deck that holds a card twice, or jokers, also makes five of a kind (五同): category code 9,
above the straight flush; where the ruleset places it below, the straight flush takes code 10
(``category_of`` reads both as the straight flush). A joker (``Card.is_joker``) stands for the
card that makes its lane's key highest (``wild_best``). Where a natural hand beats the same hand
made with a joker, keys made without one carry ``NATURAL`` in the suit nibble: below every rank,
and ignored by the foul check like the suit.

A lane the ruleset ranks for low (``low_lanes``: deuce-to-seven, 2-7 lowball) is keyed by
``low_key``: its high key with aces always high and A-2-3-4-5 (a front's A-2-3) no straight,
its strength inverted under the ``LOW`` flag. So a greater key still wins (7-5-4-3-2 is the
best low, a straight or a flush counts against the hand), every low key lies above every high
one (one ordinal scale holds both), and a key says itself whether it is low: the foul check
skips it, and ``category_of``, ``named_rank`` and ``describe`` read the hand it inverts
(``high_of``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from enum import IntEnum
from functools import lru_cache
from itertools import combinations, combinations_with_replacement, product
from typing import TYPE_CHECKING, Literal

from housegame.cards import DECK, JOKER_INDEX, Card

if TYPE_CHECKING:  # numpy loads with the first batch: `housegame --help` never needs it
    import numpy as np
    import numpy.typing as npt

    IntArray = npt.NDArray[np.int64]

WheelRank = Literal["lowest", "second-highest"]


class Category(IntEnum):
    """Hand categories, low to high; the front only reaches TRIPS."""

    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIR = 2
    TRIPS = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    QUADS = 7
    STRAIGHT_FLUSH = 8
    FIVE_OF_A_KIND = 9

    @property
    def label(self) -> str:
        """The name used in ruleset files, e.g. ``full-house``."""
        return self.name.lower().replace("_", "-")

    @classmethod
    def from_label(cls, label: str) -> Category:
        return cls[label.upper().replace("-", "_")]


CATEGORY_LABELS: tuple[str, ...] = tuple(c.label for c in Category)
FRONT_CATEGORIES = (Category.HIGH_CARD, Category.PAIR, Category.TRIPS)
_WHEEL = frozenset({14, 2, 3, 4, 5})
FiveOfAKindPlace = Literal["above-straight-flush", "below-straight-flush"]
STRAIGHT_FLUSH_ABOVE_FIVE = 10
"""The straight flush's code where five of a kind ranks below it."""
NATURAL = 4
"""The suit nibble's bit for a hand made without a joker (``natural_beats_joker``)."""
LOW = 1 << 30
"""The flag of a key ranked for low (``low_key``): above every high key."""
_STRENGTHS = (1 << 24) - 1
"""A high key's strength (the key without its suit nibble) is below 2**24."""


@dataclass(frozen=True)
class RankingRules:
    """The ranking choices a ruleset makes.

    ``suit_order`` lists suit indices (0 clubs .. 3 spades) from highest to
    lowest; when set, hands equal in category and ranks compare the suit of
    their highest-ranked card (the best suit among cards of that rank).
    """

    wheel_straight: WheelRank = "lowest"
    wheel_straight_flush: WheelRank = "lowest"
    suit_order: tuple[int, ...] | None = None
    front_straights: bool = False
    front_flushes: bool = False
    five_of_a_kind: FiveOfAKindPlace = "above-straight-flush"
    joker_duplicates: bool = True
    """A joker may stand for a card already in its lane (or that another joker stands for)."""
    natural_beats_joker: bool = False
    """Of two hands equal in category and ranks, the one made without a joker wins."""
    low_lanes: tuple[int, ...] = ()
    """The lanes (0 front, 1 middle, 2 back) ranked for low, deuce-to-seven (``low_key``)."""

    def suit_strength(self, suit: int) -> int:
        if self.suit_order is None:
            return 0
        return 3 - self.suit_order.index(suit)


DEFAULT_RULES = RankingRules()


def low_key(high: int) -> int:
    """A lane ranked for low: ``high`` (its deuce-to-seven key) with the strength inverted under
    the ``LOW`` flag, the suit nibble kept."""
    return LOW | (_STRENGTHS - (high >> 4)) << 4 | (high & 0xF)


def is_low(key: int) -> bool:
    """Whether ``key`` ranks a lane for low (the foul check leaves it out)."""
    return bool(key & LOW)


def high_of(key: int) -> int:
    """The hand a key names, as a high key: a low key's deuce-to-seven key, else the key."""
    if not key & LOW:
        return key
    return (_STRENGTHS - ((key ^ LOW) >> 4)) << 4 | (key & 0xF)


def category_of(key: int) -> Category:
    code = high_of(key) >> 24
    return Category.STRAIGHT_FLUSH if code == STRAIGHT_FLUSH_ABOVE_FIVE else Category(code)


def category_code(category: Category, rules: RankingRules) -> int:
    """Where ``category`` sits in the key: its value, but the straight flush above five of a
    kind where the ruleset places five of a kind below it."""
    below = rules.five_of_a_kind == "below-straight-flush"
    if category is Category.STRAIGHT_FLUSH and below:
        return STRAIGHT_FLUSH_ABOVE_FIVE
    return int(category)


def strength(key: int) -> int:
    """The key without its suit nibble: what the foul check compares."""
    return key >> 4


def named_rank(key: int, rules: RankingRules = DEFAULT_RULES, size: int = 5) -> int:
    """The rank a ``size``-card hand is named by, 2..14: its quads', trips' or (higher)
    pair's rank, a full house's trips, a straight's top card (A-2-3-4-5 is a 5-high straight,
    however the ruleset ranks it; a front A-2-3 is 3-high), a flush's or high card's highest
    card."""
    key = high_of(key)
    category = category_of(key)
    top = (key >> 20) & 0xF
    if size == 5 and category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH) and top >= 14:
        flush = category is Category.STRAIGHT_FLUSH
        wheel = rules.wheel_straight_flush if flush else rules.wheel_straight
        if wheel != "lowest":  # A-K-Q-J-10 is keyed 15 above a wheel keyed 14
            return 14 if top == 15 else 5
    return top


def _straight_top(ranks: set[int], wheel: WheelRank | None) -> int | None:
    """A straight's top card (its key's r1); ``wheel`` None: A-2-3-4-5 is no straight (low)."""
    if len(ranks) != 5:
        return None
    if ranks == _WHEEL:
        return None if wheel is None else 5 if wheel == "lowest" else 14
    top = max(ranks)
    if top - min(ranks) != 4:
        return None
    if top == 14 and wheel == "second-highest":
        return 15
    return top


def _pack(category: Category, ranks: Sequence[int], suit: int, rules: RankingRules) -> int:
    key = category_code(category, rules) << 24
    for i, r in enumerate(ranks):
        key |= r << (20 - 4 * i)
    return key | suit


def evaluate(cards: Sequence[Card], rules: RankingRules = DEFAULT_RULES, low: bool = False) -> int:
    """Key of a 3-card front or a 5-card lane under ``rules`` (``low``: ranked for low,
    ``low_key``); a joker stands for the card that makes the key highest."""
    if any(c.is_joker for c in cards):
        return wild_best(tuple(sorted(cards)), rules, low)[0]
    key = _high(cards, rules, low)
    key = key | NATURAL if rules.natural_beats_joker else key
    return low_key(key) if low else key


def lane_keys(lanes: Sequence[Sequence[Card]], rules: RankingRules) -> tuple[int, int, int]:
    """The keys of a set hand's (front, middle, back), each lane ranked as ``rules`` say."""
    front, middle, back = (evaluate(c, rules, i in rules.low_lanes) for i, c in enumerate(lanes))
    return front, middle, back


def _natural(cards: Sequence[Card], rules: RankingRules, low: bool = False) -> int:
    """Key of a lane without jokers, as a joker's lane ranks it (no ``NATURAL`` bit)."""
    key = _high(cards, rules, low)
    return low_key(key) if low else key


def _high(cards: Sequence[Card], rules: RankingRules, low: bool) -> int:
    """High key of a lane without jokers (``low``: aces always high, A-2-3-4-5 no straight)."""
    ranks = [c.rank for c in cards]
    counts = Counter(ranks)
    ordered = sorted(ranks, key=lambda r: (counts[r], r), reverse=True)
    top_rank = max(ranks)
    suit = max(rules.suit_strength(c.suit) for c in cards if c.rank == top_rank)
    shape = sorted(counts.values(), reverse=True)
    suited = len({c.suit for c in cards}) == 1
    by_rank = sorted(ranks, reverse=True)  # a flush compares its cards high to low, pairs or not
    if len(cards) == 3:
        category = {3: Category.TRIPS, 2: Category.PAIR}.get(shape[0], Category.HIGH_CARD)
        if category is Category.HIGH_CARD:
            run = sorted(ranks)
            ace_low = run == [2, 3, 14] and not low
            top = 3 if ace_low else run[2] if run[2] - run[0] == 2 else None
            if rules.front_straights and top is not None:
                flush = rules.front_flushes and suited
                shaped = Category.STRAIGHT_FLUSH if flush else Category.STRAIGHT
                return _pack(shaped, [top], suit, rules)
        if rules.front_flushes and suited:
            return _pack(Category.FLUSH, by_rank, suit, rules)
        return _pack(category, ordered, suit, rules)
    if len(cards) != 5:
        raise ValueError(f"a lane has 3 or 5 cards, not {len(cards)}")
    wheel_rule = rules.wheel_straight_flush if suited else rules.wheel_straight
    top = _straight_top(set(ranks), None if low else wheel_rule)
    if top is not None:
        return _pack(Category.STRAIGHT_FLUSH if suited else Category.STRAIGHT, [top], suit, rules)
    category = {
        (5,): Category.FIVE_OF_A_KIND,
        (4, 1): Category.QUADS,
        (3, 2): Category.FULL_HOUSE,
        (3, 1): Category.TRIPS,
        (2, 2): Category.TWO_PAIR,
        (2, 1): Category.PAIR,
    }.get(tuple(shape[:2]), Category.HIGH_CARD)
    if suited and category < Category.FLUSH:
        return _pack(Category.FLUSH, by_rank, suit, rules)
    return _pack(category, ordered, suit, rules)


def _card(rank: int, suit: int) -> Card:
    return Card((rank - 2) * 4 + suit)


def _straight_runs(size: int) -> tuple[frozenset[int], ...]:
    """Every set of ranks that is a straight of ``size`` cards (3 or 5), the ace high or low."""
    return tuple(
        frozenset(14 if r == 1 else r for r in range(top - size + 1, top + 1))
        for top in range(size, 15)
    )


def _joker_ranks(naturals: Sequence[Card], wild: int, low: bool) -> set[tuple[int, ...]]:
    """The ranks a lane's jokers may stand for that can make its best key, highest first.

    A joker adds to a rank the lane holds, starts a rank of its own, or fills a straight. A
    rank of its own is best as high as it goes (as low, ranked for low), so only the ``wild``
    highest ranks the lane lacks are tried (for low, the ``wild + 2`` lowest: two more, so a
    straight can be stepped over on either side); and every straight the naturals fit. At
    most C(9, 5) + 10 rank choices for a lane of five jokers, where every card would be 2.6 M.
    """
    held = {c.rank for c in naturals}
    lacking = [r for r in range(2, 15) if r not in held]
    extra = lacking[: wild + 2] if low else lacking[-wild:]
    ranks = sorted(held | set(extra), reverse=True)
    choices = set(combinations_with_replacement(ranks, wild))
    if len(held) == len(naturals):
        for run in _straight_runs(len(naturals) + wild):
            if held <= run:
                choices.add(tuple(sorted(run - held, reverse=True)))
    return choices


def _suit_preference(rules: RankingRules) -> tuple[int, ...]:
    """Suits from the one a joker shows first: the strongest, then the highest index (spades)."""
    return tuple(sorted(range(4), key=lambda s: (rules.suit_strength(s), s), reverse=True))


def _suit_choices(
    naturals: Sequence[Card], ranks: tuple[int, ...], rules: RankingRules
) -> list[tuple[Card, ...]]:
    """The stand-ins of ``ranks`` whose suits can make the best key: each joker in its best
    free suit (the suit nibble reads the top rank's best suit); all in the naturals' suit or,
    with no naturals, in any one suit (a flush); and where the first is a flush, each joker
    in turn moved off its suit (a lane ranked for low, or a front, may do better unsuited).
    A card the lane holds, or another joker stands for, is free only where
    ``joker_duplicates`` allows it."""
    order = _suit_preference(rules)
    taken = set() if rules.joker_duplicates else set(naturals)

    def assign(suit_of: dict[int, int]) -> tuple[Card, ...] | None:
        used = set(taken)
        stand = []
        for i, r in enumerate(ranks):
            options = [suit_of[i]] if i in suit_of else order
            card = next((_card(r, s) for s in options if _card(r, s) not in used), None)
            if card is None:
                return None
            stand.append(card)
            if not rules.joker_duplicates:
                used.add(card)
        return tuple(stand)

    found = []
    greedy = assign({})
    if greedy is not None:
        found.append(greedy)
    suits = {c.suit for c in naturals}
    for flush_suit in suits if len(suits) == 1 else range(4) if not suits else ():
        flush = assign(dict.fromkeys(range(len(ranks)), flush_suit))
        if flush is not None:
            found.append(flush)
    if greedy is not None and len(suits | {c.suit for c in greedy}) == 1:
        suited = greedy[0].suit
        for i in range(len(ranks)):
            for other in (s for s in order if s != suited):
                moved = assign(
                    {**{j: greedy[j].suit for j in range(len(ranks)) if j != i}, i: other}
                )
                if moved is not None:
                    found.append(moved)
                    break
    return found


def _highest_stand(
    naturals: Sequence[Card], ranks: tuple[int, ...], key: int, rules: RankingRules, low: bool
) -> tuple[Card, ...]:
    """Of the stand-ins of ``ranks`` that make ``key``, the highest cards: the highest rank's
    jokers in the most preferred suits first (``_suit_preference``)."""
    order = _suit_preference(rules)
    taken = set() if rules.joker_duplicates else set(naturals)
    groups = sorted(Counter(ranks).items(), reverse=True)
    options = []
    for rank, count in groups:
        free = [s for s in order if _card(rank, s) not in taken]
        pick = combinations_with_replacement if rules.joker_duplicates else combinations
        options.append(list(pick(free, count)))
    for suits in product(*options):
        stand = tuple(_card(r, s) for (r, _), part in zip(groups, suits) for s in part)
        if _natural([*naturals, *stand], rules, low) == key:
            return stand
    raise AssertionError("the best key's ranks make it in some suits")


@lru_cache(maxsize=1 << 14)
def wild_best(
    cards: tuple[Card, ...], rules: RankingRules, low: bool = False
) -> tuple[int, tuple[Card, ...]]:
    """The highest key a lane with jokers makes (``low``: ranked for low, its best low), and the
    cards its jokers stand for, highest first (of stand-ins making the same key, the highest
    cards). Found by reasoning over ranks and suits (``_joker_ranks``, ``_suit_choices``), not
    by trying every card: a few hundred keys for a lane of five jokers. Cached: a table's lanes
    are ranked again and again."""
    naturals = [c for c in cards if not c.is_joker]
    wild = len(cards) - len(naturals)
    best: tuple[int, tuple[int, ...]] = (-1, ())
    for ranks in _joker_ranks(naturals, wild, low):
        for stand in _suit_choices(naturals, ranks, rules):
            key = _natural([*naturals, *stand], rules, low)
            if key > best[0]:
                best = (key, ranks)
    if best[0] < 0:
        raise ValueError(f"{len(cards)} cards with {wild} jokers make no hand")
    return best[0], _highest_stand(naturals, best[1], best[0], rules, low)


def joker_best(with_each: IntArray, naturals: IntArray, rules: RankingRules) -> IntArray:
    """``wild_best``'s choice for many lanes at once, one joker at a time: ``with_each[n, c]``
    is lane ``n``'s key with one joker standing for card ``c`` (0..51; its other jokers chosen
    best in turn), ``naturals`` (N, k) the lane's cards that are no joker. The joker stands
    for the card that makes the key highest, a card the lane holds only where
    ``joker_duplicates`` allows it, and the key carries no ``NATURAL`` (the arranger's lookup
    tables are built with it; tests check it against ``evaluate``)."""
    import numpy as np

    if not rules.joker_duplicates and naturals.shape[1]:
        taken = (naturals[:, :, None] == np.arange(len(DECK))).any(axis=1)
        with_each = np.where(taken, -1, with_each)
    best: IntArray = with_each.max(axis=1) & ~NATURAL
    return best


@lru_cache(maxsize=1 << 16)
def describe(key: int) -> str:
    """A short human name for a key, e.g. ``full-house 5s over Ks`` (cached: settlements
    describe the same lane hands again and again); a low key names the hand it inverts, with
    ``(low)``: ``high-card 7 5 4 3 2 (low)``."""
    if is_low(key):
        return f"{describe(high_of(key))} (low)"
    category = category_of(key)
    ranks = [(key >> (20 - 4 * i)) & 0xF for i in range(5)]
    names = {15: "A", 14: "A", 13: "K", 12: "Q", 11: "J", 10: "10"}

    def name(r: int) -> str:
        return names.get(r, str(r))

    if category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH):
        return f"{category.label} to {name(ranks[0])}"
    shown = [name(r) for r in ranks if r]
    return f"{category.label} {' '.join(shown)}"


def evaluate_batch(
    cards: npt.NDArray[np.integer], rules: RankingRules = DEFAULT_RULES, low: bool = False
) -> IntArray:
    """Keys for many hands at once: ``cards`` has shape (N, 5) or (N, 3) of card indices;
    ``low``: ranked for low (``low_key``)."""
    keys = _high_batch(cards, rules, low)
    if not low:
        return keys
    low_keys: IntArray = LOW | (_STRENGTHS - (keys >> 4)) << 4 | (keys & 0xF)
    return low_keys


def _high_batch(cards: npt.NDArray[np.integer], rules: RankingRules, low: bool) -> IntArray:
    """``evaluate_batch``'s high keys (``low``: aces always high, the wheel no straight)."""
    import numpy as np

    cards = np.asarray(cards, dtype=np.int64)
    if cards.size and int(cards.max()) >= JOKER_INDEX:
        raise ValueError("evaluate_batch ranks hands without jokers; evaluate ranks jokers")
    n, width = cards.shape
    natural = NATURAL if rules.natural_beats_joker else 0
    straight_flush = category_code(Category.STRAIGHT_FLUSH, rules)
    ranks = cards // 4 + 2
    suits = cards % 4
    counts = (ranks[:, :, None] == ranks[:, None, :]).sum(axis=2)
    order = np.argsort(-(counts * 16 + ranks), axis=1, kind="stable")
    ordered = np.take_along_axis(ranks, order, axis=1)
    top_rank = ranks.max(axis=1)
    strengths = np.zeros(4, dtype=np.int64)
    if rules.suit_order is not None:
        strengths = np.array([rules.suit_strength(s) for s in range(4)], dtype=np.int64)
    suit_nibble = np.where(ranks == top_rank[:, None], strengths[suits], -1).max(axis=1)
    max_count = counts.max(axis=1)
    n_pairs_cards = (counts == 2).sum(axis=1)
    if width == 3:
        category = np.where(max_count == 3, 3, np.where(max_count == 2, 1, 0))
        packed = (ordered[:, 0] << 20) | (ordered[:, 1] << 16) | (ordered[:, 2] << 12)
        distinct = max_count == 1
        run = np.sort(ranks, axis=1)
        ace_low = distinct & (run[:, 0] == 2) & (run[:, 1] == 3) & (run[:, 2] == 14) & (not low)
        straight = (distinct & (run[:, 2] - run[:, 0] == 2)) | ace_low
        straight &= rules.front_straights
        flush = (suits == suits[:, :1]).all(axis=1) & rules.front_flushes
        top = np.where(ace_low, 3, run[:, 2])
        category = np.select(
            [straight & flush, flush, straight], [straight_flush, 5, 4], default=category
        )
        by_rank = (run[:, 2] << 20) | (run[:, 1] << 16) | (run[:, 0] << 12)
        packed = np.where(straight, top << 20, np.where(category == 5, by_rank, packed))
        front: IntArray = (category.astype(np.int64) << 24) | packed | suit_nibble | natural
        return front
    flush = (suits == suits[:, :1]).all(axis=1)
    distinct = max_count == 1
    bottom = ranks.min(axis=1)
    wheel = distinct & (top_rank == 14) & (np.sort(ranks, axis=1)[:, 3] == 5) & (not low)
    run = distinct & (top_rank - bottom == 4)
    straight = run | wheel

    def straight_top(rule: WheelRank) -> IntArray:
        if rule == "lowest":
            return np.where(wheel, 5, top_rank)
        return np.where(wheel, 14, np.where(top_rank == 14, 15, top_rank))

    top = np.where(
        flush, straight_top(rules.wheel_straight_flush), straight_top(rules.wheel_straight)
    )
    category = np.select(
        [
            max_count == 5,
            straight & flush,
            max_count == 4,
            (max_count == 3) & (n_pairs_cards == 2),
            flush,
            straight,
            max_count == 3,
            n_pairs_cards == 4,
            n_pairs_cards == 2,
        ],
        [9, straight_flush, 7, 6, 5, 4, 3, 2, 1],
        default=0,
    ).astype(np.int64)
    packed = np.zeros(n, dtype=np.int64)
    for i in range(5):
        packed |= ordered[:, i] << (20 - 4 * i)
    paired_flush = (category == 5) & (max_count > 1)
    if paired_flush.any():  # a card held twice: the flush's ranks high to low, not pairs first
        descending = -np.sort(-ranks, axis=1)
        by_rank = np.zeros(n, dtype=np.int64)
        for i in range(5):
            by_rank |= descending[:, i] << (20 - 4 * i)
        packed = np.where(paired_flush, by_rank, packed)
    packed = np.where(straight, top << 20, packed)
    keys: IntArray = (category << 24) | packed | suit_nibble | natural
    return keys

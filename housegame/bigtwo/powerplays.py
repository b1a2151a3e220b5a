"""A Big Two hand's plays on card powers, for the search's fast playouts (``rollout``).

``playout.PlayIndex`` (checked against ``moves.all_plays``) is the reference; this module lists
the same plays in the same order, in a form the playout reads fast:

- **Power masks.** A hand is a mask over card *powers* (bit p: the card whose single strength
  is p), so the lowest card is the lowest bit, the highest card the highest bit, and a rank's
  cards are four adjacent bits (``Rules.card_power`` is rank first, then suit).
- **Packed strengths.** ``Play.key`` is a play's strength tuple as one integer, so comparing
  two plays of a family is comparing two integers (``pack``).
- **Plays from the hand's shape.** ``PowerTable.hand_plays`` builds a hand's plays as
  ``moves.candidate_groups`` does, from each rank's four bits, each suit's cards, each triple
  and pair, each part's plays made once per ruleset and remembered.
- **Family lists.** ``HandPlays`` keeps a hand's plays per family, weakest first, with their
  keys beside them: the weakest play above the table is found from a bisection (over a single:
  the lowest card above it), and the plays holding a card, largest first, are listed once, the
  first time a lead needs them.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Collection, Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import NamedTuple

from housegame.bigtwo.combos import FAMILIES, Combo
from housegame.bigtwo.playout import FastPlay, PlayIndex
from housegame.bigtwo.rules import Rules
from housegame.cards import DECK, Card

DIGIT = 64
"""Every number in a strength tuple or a card index is below this."""
KEY_DIGITS = 7
"""The longest strength tuple: a flush compared rank first (kind, five ranks, suit)."""
SINGLE = FAMILIES.index("single")


def pack(values: Sequence[int], digits: int) -> int:
    """Small integers as one, in base ``DIGIT``, padded with zeros to ``digits``: ordered as
    the tuples are when neither is a proper prefix of the other (strengths of one family differ
    before the shorter one ends: their first number is the kind)."""
    if len(values) > digits or any(not 0 <= v < DIGIT for v in values):
        raise ValueError(f"cannot pack {values} in {digits} digits")
    packed = 0
    for i in range(digits):
        packed = packed * DIGIT + (values[i] if i < len(values) else 0)
    return packed


@dataclass(frozen=True, slots=True, eq=False)
class Play:
    """A play with its cards as a power mask, its packed strength (``key``) and its place in
    ``moves.order_key``'s order (``order``)."""

    combo: Combo
    mask: int
    top: int
    """The highest card's power (a single's is its own)."""
    size: int
    family: int
    key: int
    order: int
    bomb: bool
    bombable: bool


class PowerTable:
    """One ruleset's plays as ``Play`` (each classified once, by ``playout.PlayIndex``), its
    cards by power, and the plays of a hand from its shape (``hand_plays``)."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.index = PlayIndex(rules)
        self.power = rules.card_power
        self.card = [DECK[i] for i in sorted(range(52), key=rules.card_power.__getitem__)]
        """The card of each power."""
        runs = [[rules.rank_power[r] for r in ranks] for ranks in rules.straights]
        self.straights = [(sum(1 << r for r in run), run) for run in runs]
        """Each listed straight's ranks as rank powers (a rank power r: bits 4r..4r+3), and
        as a mask of rank powers."""
        self._ranks: list[RankPlays | None] = [None] * (13 << 4)
        self.quads_kicker = rules.ruleset.quads_kicker
        self._plays: dict[int, Play | None] = {}
        self._shapes: dict[tuple[int, ...], tuple[Play, ...]] = {}
        self._own: dict[int, HandPlays] = {}
        self.bombs = bool(rules.ruleset.bombs.kinds)
        self.single = [self._single(p) for p in range(52)]
        """The single of each power."""

    def mask(self, cards: Collection[Card]) -> int:
        power = self.power
        mask = 0
        for card in cards:
            mask |= 1 << power[card.index]
        return mask

    def cards(self, mask: int) -> tuple[Card, ...]:
        return tuple(self.card[p] for p in bits_of(mask))

    def play(self, fast: FastPlay) -> Play:
        """The reference's play as a ``Play``."""
        found = self.group(self.mask(fast.combo.cards))
        assert found is not None
        return found

    def of(self, combo: Combo) -> Play:
        return self.play(self.index.of(combo))

    def group(self, mask: int) -> Play | None:
        """The play these cards (a power mask) make; None: none."""
        if mask in self._plays:
            return self._plays[mask]
        fast = self.index.group(self.cards(mask))
        found = None
        if fast is not None:
            combo = fast.combo
            indices = tuple(c.index for c in combo.cards)
            found = Play(
                combo,
                mask,
                mask.bit_length() - 1,
                fast.size,
                fast.family,
                pack(fast.strength, KEY_DIGITS),
                pack((fast.family, *fast.strength), KEY_DIGITS + 1) * DIGIT**5 + pack(indices, 5),
                fast.bomb,
                fast.bombable,
            )
        self._plays[mask] = found
        return found

    def _single(self, power: int) -> Play:
        found = self.group(1 << power)
        assert found is not None
        return found

    def groups(self, groups: Iterable[int]) -> list[Play]:
        """The plays among these groups (power masks)."""
        return [p for p in map(self.group, groups) if p is not None]

    def _shape(self, key: tuple[int, ...], groups: Iterable[int]) -> tuple[Play, ...]:
        """The plays of these groups (power masks), weakest first, kept under ``key``: one
        part of a hand's shape (a rank's cards, a suit's, a triple and a pair)."""
        found = self._shapes.get(key)
        if found is None:
            found = tuple(sorted(self.groups(groups), key=_order))
            if len(self._shapes) >= SHAPES_KEPT:
                self._shapes.clear()
            self._shapes[key] = found
        return found

    def hand_plays(self, hand: int) -> HandPlays:
        """``moves.all_plays`` of the hand, from its shape as ``moves.candidate_groups`` builds
        it: each rank's singles, pairs and triples (and four cards without a kicker), the
        listed straights, each suit's five-card groups, triples with pairs, fours with a
        kicker. A group two shapes make (a straight flush) is taken from one (the straight)."""
        ranks = [hand >> (4 * r) & 0xF for r in range(13)]
        singles: list[Play] = []
        pairs: list[Play] = []
        triples: list[Play] = []
        five: list[Play] = []
        present = 0
        twos: list[int] = []
        threes: list[int] = []
        for r, cards in enumerate(ranks):
            if cards:
                present |= 1 << r
                one, two, three, four = self._rank(r, cards)
                singles += one
                if two:
                    pairs += two
                    twos.append(r)
                if three:
                    triples += three
                    threes.append(r)
                five += four
        for need, run in self.straights:
            if present & need == need:
                five += self.groups(_products([ranks[r] << (4 * r) for r in run]))
        for suit in range(4):
            if (hand >> suit & SUIT_BITS).bit_count() >= 5:
                column = sum(1 << r for r, cards in enumerate(ranks) if cards >> suit & 1)
                groups = (sum(1 << (4 * r + suit) for r in g) for g in _subsets(column, 5))
                flushes = self._shape((1, suit, column), groups)
                five += (p for p in flushes if p.combo.kind == "flush")
        for t in threes:
            for r in twos:
                if r != t:
                    key = (2, t, ranks[t], r, ranks[r])
                    five += self._shape(key, _full_houses(t, ranks[t], r, ranks[r]))
            if ranks[t] == 0xF and self.quads_kicker:
                quads = 0xF << (4 * t)
                five += self.groups(quads | 1 << k for k in bits_of(hand & ~quads))
        five.sort(key=_order)
        return HandPlays([singles, pairs, triples, five], self)

    def _rank(self, rank: int, cards: int) -> RankPlays:
        """One rank's plays (its cards: a 4-bit mask), made once."""
        found = self._ranks[rank << 4 | cards]
        if found is None:
            plays = self._shape((0, rank, cards), _rank_groups(rank, cards, self.quads_kicker))
            found = RankPlays(*(tuple(p for p in plays if p.size == n) for n in (1, 2, 3, 4)))
            self._ranks[rank << 4 | cards] = found
        return found

    def own_plays(self, hand: int) -> HandPlays:
        """``hand_plays``, remembered: the searching player's own hand, met in every
        determinisation."""
        found = self._own.get(hand)
        if found is None:
            if len(self._own) >= 64:
                self._own.clear()
            found = self._own[hand] = self.hand_plays(hand)
        return found


class RankPlays(NamedTuple):
    """One rank's plays by size, weakest first: singles, pairs, triples and the four played
    alone (where no kicker is needed)."""

    singles: tuple[Play, ...]
    pairs: tuple[Play, ...]
    triples: tuple[Play, ...]
    four: tuple[Play, ...]


SUIT_BITS = sum(1 << (4 * r) for r in range(13))
"""The lowest suit's bit of every rank: ``hand >> suit & SUIT_BITS`` is one suit's cards."""
SHAPES_KEPT = 200_000
"""Parts of hands remembered per ruleset before the memory is cleared."""


def _order(play: Play) -> int:
    return play.order


def bits_of(mask: int) -> Iterator[int]:
    """The mask's set bits as numbers, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def _subsets(mask: int, size: int) -> Iterator[tuple[int, ...]]:
    return combinations(list(bits_of(mask)), size)


def _rank_groups(rank: int, cards: int, quads_kicker: bool) -> Iterator[int]:
    """One rank's singles, pairs, triples (and its four, played alone) as power masks."""
    for size in (1, 2, 3):
        for group in _subsets(cards, size):
            yield sum(1 << (4 * rank + s) for s in group)
    if cards == 0xF and not quads_kicker:
        yield 0xF << (4 * rank)


def _full_houses(triple: int, three: int, pair: int, two: int) -> Iterator[int]:
    """Every triple of rank ``triple`` (its cards ``three``, a 4-bit mask) with every pair of
    rank ``pair``."""
    for t in _subsets(three, 3):
        for p in _subsets(two, 2):
            yield sum(1 << (4 * triple + s) for s in t) | sum(1 << (4 * pair + s) for s in p)


def _products(columns: Sequence[int]) -> Iterator[int]:
    """One card from each mask, every way."""
    groups = [0]
    for column in columns:
        groups = [g | 1 << b for g in groups for b in bits_of(column)]
    return iter(groups)


class HandPlays:
    """A hand's plays, weakest first: per family (``families``, with their ``keys``), the
    several-card plays, the bombs, and (made when first asked) the plays holding each card,
    largest first."""

    def __init__(self, families: list[list[Play]], table: PowerTable) -> None:
        self.families = families
        self.keys = [[p.key for p in family] for family in families]
        self.several = [p for family in families[SINGLE + 1 :] for p in family]
        self.bombs = [p for p in families[-1] if p.bomb] if table.bombs else []
        """Bombs are five-card kinds (``BigTwoBombs.kinds``)."""
        self.single = table.single
        self._holding: dict[int, list[Play]] = {}

    def holding(self, bit: int) -> list[Play]:
        """The plays holding this card, the largest first, weakest first among equals."""
        found = self._holding.get(bit)
        if found is None:
            held = [p for family in self.families for p in family if p.mask & bit]
            found = self._holding[bit] = sorted(held, key=lambda p: -p.size)
        return found

    def lead(self, hand: int, low: int) -> Play:
        """The baseline's lead: the largest play still in hand that holds card ``low`` (a bit),
        the weakest of those."""
        for p in self.holding(low):
            if p.mask & hand == p.mask:
                return p
        raise AssertionError("the card's single holds it")

    def follow(self, hand: int, table: Play) -> Play | None:
        """The baseline's follow: the weakest play still in hand above the table, of its
        family if any, else the first bomb that may go over it; None: pass. Over a single,
        the weakest single above it is the lowest card above it."""
        if table.family == SINGLE:
            above = hand >> table.top + 1
            if above:
                return self.single[table.top + (above & -above).bit_length()]
        else:
            family = self.families[table.family]
            for i in range(bisect_right(self.keys[table.family], table.key), len(family)):
                p = family[i]
                if p.mask & hand == p.mask:
                    return p
        if table.bombable:
            for p in self.bombs:
                if p.family != table.family and p.mask & hand == p.mask:
                    return p
        return None

    def loose_single(self, hand: int, table: Play) -> Play | None:
        """The weakest single above the table's single that breaks no pair or triple (its rank
        has no other card in hand)."""
        above = hand >> table.top + 1 << table.top + 1
        while above:
            low = above & -above
            if rank_count(hand, low) == 1:
                return self.single[low.bit_length() - 1]
            above ^= low
        return None


def rank_count(hand: int, bit: int) -> int:
    """How many cards of this card's rank the hand holds (a rank: four adjacent power bits)."""
    return (hand >> ((bit.bit_length() - 1) & ~3) & 0xF).bit_count()


def beats(play: Play, table: Play) -> bool:
    """``combos.beats`` on packed strengths."""
    if play.family != table.family:
        return play.bomb and table.bombable
    return play.key > table.key

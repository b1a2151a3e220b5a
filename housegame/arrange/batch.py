"""Hands to set, prepared once: checked, sorted, cut into search batches, and each batch's
ranking-only arrays (subset ordinals, subsets in strength order) built once per ranking
setting, however many rulesets then set the same hands (a simulation sets every deal under
every ruleset)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from operator import attrgetter

import numpy as np

from housegame.arrange.lookup import RankTables
from housegame.arrange.plan import PLAN
from housegame.arrange.rows import Ranked
from housegame.arrange.search import Found, Hands, hands_of
from housegame.arrange.spaces import CardIndices, HandIds, SubsetIds
from housegame.arrange.splits import (
    FIVE_POSITIONS,
    FIVES_PER_HAND,
    FRONT_OF,
    HAND,
    MIDDLE_OF,
    MIDDLES_PER_BACK,
    THREE_POSITIONS,
    THREES_PER_HAND,
    split_positions,
)
from housegame.cards import STANDARD_DECK, Card, Deck
from housegame.errors import CardError
from housegame.setting import Setting
from housegame.thirteen.conditions import HandCounts

_INDEX = attrgetter("index")
"""A card's sort key (``Card`` orders by it): cheaper than comparing cards."""


def check_hand(cards: Sequence[Card], deck: Deck = STANDARD_DECK) -> None:
    """A hand to set is 13 cards of ``deck``, each at most as often as the deck holds it."""
    if len(cards) != HAND:
        raise CardError(f"a hand to arrange has 13 cards, not {len(cards)}")
    standard = deck.is_standard and len({c.index for c in cards}) == HAND
    if standard and not any(c.is_joker for c in cards):
        return
    held = Counter(cards)
    over = sorted(c for c, n in held.items() if n > deck.count(c))
    if over and deck.most_copies == 1 and all(deck.count(c) for c in over):
        raise CardError("a card appears twice in the hand")
    if over:
        card = over[0]
        times = "once" if held[card] == 1 else f"{held[card]} times"
        raise CardError(
            f"the hand holds {card} {times}; the deck has {deck.count(card)}",
            hint=f"this deck has {deck.size} cards (a ruleset's deck: section, docs/decks.md)",
        )


class HandBatch:
    """Up to ``PLAN.batch`` hands, each sorted ascending, searched together; what depends only on
    the cards and the ranking setting is kept per ``RankTables`` (one object per setting)."""

    def __init__(self, cards: CardIndices, hands: list[list[Card]]) -> None:
        self.cards = cards
        """(hands, 13) card indices, each row ascending."""
        self.hands = hands
        self._subsets: dict[int, tuple[RankTables, Hands]] = {}
        self._ranked: dict[int, tuple[RankTables, tuple[Ranked, Ranked, Ranked]]] = {}
        self._counts: list[HandCounts | None] = [None] * len(hands)
        self._settings: dict[tuple[int, int, int], tuple[RankTables, Setting]] = {}
        self._hints: list[tuple[HandIds, SubsetIds]] = []

    @classmethod
    def of(cls, hands: list[list[Card]]) -> HandBatch:
        """From hands already sorted ascending."""
        return cls(np.array([[c.index for c in hand] for hand in hands], dtype=np.intp), hands)

    @classmethod
    def of_cards(cls, cards: CardIndices) -> HandBatch:
        """From (hands, 13) card indices, each row ascending."""
        return cls(cards, [[Card(int(i)) for i in row] for row in cards])

    def __len__(self) -> int:
        return len(self.hands)

    def subsets(self, tables: RankTables) -> Hands:
        """Every hand's 5- and 3-card subsets' ordinals and strengths under ``tables``."""
        found = self._subsets.get(id(tables))
        if found is None or found[0] is not tables:
            found = self._subsets[id(tables)] = (tables, hands_of(self.cards, tables))
        return found[1]

    def ranked(self, tables: RankTables) -> tuple[Ranked, Ranked, Ranked]:
        """Each lane's (front, middle, back) subsets of every hand in that lane's strength
        order (what bounds read): one 5-card order where the middle and back are ranked high."""
        found = self._ranked.get(id(tables))
        if found is None or found[0] is not tables:
            hands = self.subsets(tables)
            r5 = Ranked(hands.u5, FIVES_PER_HAND, tables.strength)
            r3 = Ranked(hands.u3, THREES_PER_HAND, tables.strength)
            own = [r3, r5, r5]
            for lane in hands.low:
                width = THREES_PER_HAND if lane == 0 else FIVES_PER_HAND
                own[lane] = Ranked(hands.lanes16[lane], width, tables.strength)
            found = self._ranked[id(tables)] = (tables, (own[0], own[1], own[2]))
        return found[1]

    def hint(self, found: Sequence[Found]) -> None:
        """Remember the backs of each hand's best splits found (under some ruleset)."""
        hands = np.arange(len(found), dtype=np.int64)
        backs = np.array([f.splits[0] // MIDDLES_PER_BACK for f in found], dtype=np.int64)
        self._hints.append((hands, backs))

    def hints(self) -> tuple[HandIds, SubsetIds] | None:
        """(hand, back) pairs of the best splits found so far under any ruleset: a search
        under another ruleset evaluates them first (``staged.search_staged``)."""
        if not self._hints:
            return None
        return np.concatenate([h for h, _ in self._hints]), np.concatenate(
            [b for _, b in self._hints]
        )

    def counts(self, hand: int) -> HandCounts:
        """Hand ``hand``'s rank and suit counts, with the special-hand conditions answered so
        far (``HandCounts.holds``)."""
        found = self._counts[hand]
        if found is None:
            found = self._counts[hand] = HandCounts.of(self.hands[hand])
        return found

    def setting(self, tables: RankTables, hand: int, split: int) -> Setting:
        """Hand ``hand`` set by split ``split``, lane keys read from ``tables`` (rulesets that
        choose the same split share the object)."""
        key = (id(tables), hand, split)
        found = self._settings.get(key)
        if found is None or found[0] is not tables:
            found = self._settings[key] = (tables, self._setting(tables, hand, split))
        return found[1]

    def _setting(self, tables: RankTables, hand: int, split: int) -> Setting:
        """``split_setting``, the lane keys read from the ordinals the search already has."""
        cards, own = self.hands[hand], self.subsets(tables).lanes  # each lane ranked its way
        back, j = divmod(split, MIDDLES_PER_BACK)
        middle, front = int(MIDDLE_OF[back, j]), int(FRONT_OF[back, j])
        ordinals = (
            own[0][hand * THREES_PER_HAND + front],
            own[1][hand * FIVES_PER_HAND + middle],
            own[2][hand * FIVES_PER_HAND + back],
        )
        lanes = [
            tuple(cards[p] for p in positions)
            for positions in (THREE_POSITIONS[front], FIVE_POSITIONS[middle], FIVE_POSITIONS[back])
        ]
        keys = tables.keys.take(ordinals).tolist()
        known = (keys[0], keys[1], keys[2])
        if cards[-1].is_joker:  # what each joker stands for, worked out when asked
            return Setting.of(lanes[0], lanes[1], lanes[2], tables.rules, known)
        return Setting(lanes[0], lanes[1], lanes[2], known)


def split_setting(tables: RankTables, hand: Sequence[Card], split: int) -> Setting:
    """``hand`` (sorted ascending) set by split ``split``, lane keys read from ``tables``."""
    front, middle, back = (tuple(hand[p] for p in lane) for lane in split_positions(split))
    if hand[-1].is_joker:  # the scorer's setting: what each joker stands for
        return Setting.of(front, middle, back, tables.rules)
    keys = (
        tables.key([c.index for c in front], 0),
        tables.key([c.index for c in middle], 1),
        tables.key([c.index for c in back], 2),
    )
    return Setting(front, middle, back, keys)


def batches(hands: Sequence[Sequence[Card]], deck: Deck = STANDARD_DECK) -> list[HandBatch]:
    """``hands`` checked (``check_hand``: cards of ``deck``), sorted ascending and cut into
    batches, in order."""
    for cards in hands:
        check_hand(cards, deck)
    ordered = [sorted(cards, key=_INDEX) for cards in hands]
    return [
        HandBatch.of(ordered[start : start + PLAN.batch])
        for start in range(0, len(ordered), PLAN.batch)
    ]

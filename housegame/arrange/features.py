"""The lane features the ``ev`` formula reads, as one table, and the bonus conditions read
over many lane hands at once: per ordinal, or, for a condition that reads the cards, over
every lane hand of its size (``OrdinalFacts.every_hand``), which a batch's subsets then read
by colex rank.

``LANE_FEATURES`` names each per-lane input of the payout terms (``LaneVals``' fields, in
their order: the model stores them as rows in this order), with what is known of it
whatever the ruleset: whether it lies in [0, 1], whether it is never negative, how it moves
as my lane hand gets stronger, and whether it is one of the lane's outcome chances. The
search reads these facts per row (``rows.LaneRows``); nothing else counts rows by position.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from housegame.arrange.combos import colex_hands
from housegame.arrange.decktables import multisets
from housegame.arrange.lookup import COLEX, RankTables
from housegame.arrange.spaces import (
    F64,
    Bools,
    Categories,
    ColexTerms,
    LaneCards,
    Ordinals16,
    RankMasks,
)
from housegame.cards import JOKER_INDEX, SUIT_NAMES, parse_card, rank_value
from housegame.ranking import Category, named_rank
from housegame.rulesets.common import rank_values
from housegame.rulesets.thirteen import LaneIs
from housegame.thirteen.payout import FEATURES


@dataclass(frozen=True)
class Feature:
    """One per-lane input of the payout terms."""

    name: str
    """Its ``LaneVals`` field."""
    meaning: str
    unit: bool
    """Always within [0, 1] (a chance)."""
    nonneg: bool
    """Never negative."""
    trend: int
    """+1 never falls, -1 never rises as my lane hand gets stronger; 0 either way."""
    outcome: bool
    """One of the lane's win, tie and loss chances: a range of lane hands may read them at
    its strongest hand where the formula is monotone in outcomes (``bounds``)."""


LANE_FEATURES = (
    Feature("w", "chance my lane wins", True, True, 1, True),
    Feature("t", "chance my lane ties", True, True, 0, True),
    Feature("l", "chance my lane loses", True, True, -1, True),
    Feature("v", "what winning pays me (my lane value)", False, True, 0, False),
    Feature("c", "expected lane value I pay (l * u)", False, True, 0, False),
    Feature("g", "the lane's own units (w * v - c)", False, False, 0, False),
    Feature("u", "the opponent's lane value given a loss", False, True, 0, False),
)
FEATURE_NAMES = tuple(feature.name for feature in LANE_FEATURES)
assert FEATURE_NAMES == FEATURES, "one row of LANE_FEATURES per LaneVals field, in order"


class OrdinalFacts:
    """Per ordinal of one hand size: whether the size holds it, and one such hand's suitedness
    and rank mask (bit ``rank``, as ``leaf_holds`` reads them); and conditions that read the
    cards over every hand of the size (``every_hand``)."""

    def __init__(
        self, ordinals: Ordinals16, width: int, size: int, terms: ColexTerms | None = None
    ) -> None:
        """``terms``: the tables' colex terms where they index multisets of the card
        identities (a deck with jokers or a card twice, ``decktables``); None: one deck."""
        self.ordinals, self.width = ordinals, width
        self.multi = terms is not None
        """Lanes may hold a joker or a card twice: suitedness and ranks are then read from
        the cards (the scorer reads a joker's own), not from the ordinal."""
        self._terms = COLEX if terms is None else terms
        self.held: Bools = np.bincount(ordinals, minlength=size) > 0
        colex = np.zeros(size, dtype=np.int64)
        colex[ordinals] = np.arange(len(ordinals), dtype=np.int64)  # any hand of each ordinal
        cards = np.empty((size, width), dtype=np.int64)
        for k in range(width - 1, -1, -1):  # unrank: the largest card whose term fits
            cards[:, k] = np.searchsorted(self._terms[k], colex, side="right") - 1
            colex -= self._terms[k].take(cards[:, k])
        suits = cards % 4
        self.suited: Bools = (suits == suits[:, :1]).all(axis=1)
        self.ranks: RankMasks = np.bitwise_or.reduce(np.int64(1) << (cards // 4 + 2), axis=1)
        self._hands: LaneCards | None = None

    def reads_cards(self, cond: LaneIs, front: bool) -> bool:
        """Whether ``cond`` varies within an ordinal: named cards, suits and rank thresholds;
        "suited" in the front (a front need not rank a flush); and, where lanes may hold a
        joker or a card twice, "suited" and ranks in any lane."""
        shaped = cond.suited is not None and (front or self.multi)
        return shaped or cond.reads_cards() or (self.multi and cond.ranks is not None)

    def every_hand(self, cond: LaneIs, category: Categories) -> Bools:
        """A condition that reads the cards (``LaneIs.reads_cards``, or "suited" in the front)
        for every hand of this size, by colex rank: made once per model, it turns a batch's
        card rows into one gather per subset. ``category``: per ordinal."""
        if self._hands is None:  # (width, hands): each position's cards contiguous
            hands = colex_hands(self.width) if not self.multi else multisets(self.width)
            self._hands = np.ascontiguousarray(hands.T)
        columns = self._hands
        ok = np.ones(columns.shape[1], dtype=bool)
        if self.multi and cond.ranks is not None:  # a joker's own rank, as the scorer reads it
            masks = np.bitwise_or.reduce(np.int64(1) << (columns // 4 + 2), axis=0)
            ok &= masks == sum(1 << r for r in rank_values(cond.ranks))
            cond = cond.model_copy(update={"ranks": None})
        if cond.category is not None or cond.ranks is not None:
            ok &= _shape_holds(cond, category, self.ranks).take(self.ordinals)
        if cond.suited is not None:
            suits = columns % 4
            suited = suits[0] == suits[1]
            for column in suits[2:]:
                suited &= suits[0] == column
            ok &= suited == cond.suited
        for card in cond.cards or ():
            index = parse_card(card).index
            held = columns[0] == index
            for column in columns[1:]:
                held |= column == index
            ok &= held
        if cond.filters():
            ok &= _count_holds(cond, columns)
        return ok


def _shape_holds(cond: LaneIs, category: Categories, rank_mask: RankMasks) -> Bools:
    """A condition's category and ranks over many lane hands."""
    ok = np.ones(len(category), dtype=bool)
    if cond.category is not None:
        wanted = [int(Category.from_label(label)) for label in cond.category]
        ok &= np.isin(category, wanted)
    if cond.ranks is not None:
        ok &= rank_mask == sum(1 << r for r in rank_values(cond.ranks))
    return ok


def leaf_holds(cond: LaneIs, category: Categories, suited: Bools, rank_mask: RankMasks) -> F64:
    """A lane condition that does not read the cards, per ordinal, as 0.0 / 1.0 (same meaning
    as ``lane_holds``)."""
    assert not cond.reads_cards(), "a condition on cards is read per hand (``every_hand``)"
    ok = _shape_holds(cond, category, rank_mask)
    if cond.suited is not None:
        ok &= suited == cond.suited
    return ok.astype(np.float64)


def _count_holds(cond: LaneIs, columns: LaneCards) -> Bools:
    """Per hand (``columns``: a card position per row): whether the cards passing the
    condition's suit and rank filters are as many as its count (all of them when no count
    is given)."""
    width = len(columns)
    n = np.zeros(columns.shape[1], dtype=np.int8)
    for column in columns:
        passing = np.ones(len(column), dtype=bool)
        if cond.suit is not None:
            passing &= column % 4 == SUIT_NAMES.index(cond.suit)
        ranks = column // 4 + 2
        if cond.min_rank is not None:
            passing &= ranks >= rank_value(cond.min_rank)
        if cond.max_rank is not None or (len(column) and column.max() >= JOKER_INDEX):
            passing &= ranks <= rank_value(cond.max_rank or "A")  # a joker ranks no card
        n += passing
    count = cond.count if cond.count is not None else width
    if isinstance(count, int):
        out: Bools = n == count
        return out
    low = count.min if count.min is not None else 0
    high = count.max if count.max is not None else width
    within: Bools = (n >= low) & (n <= high)
    return within


_NAMED: dict[tuple[int, int], tuple[RankTables, Categories]] = {}


def named_ranks(tables: RankTables, size: int) -> Categories:
    """Ordinal -> the rank a ``size``-card hand of that key is named by (``ranking.named_rank``):
    what a lane value given by hand and rank reads. Worked out once per table (a model is
    built per opponent; the tables live for the process)."""
    found = _NAMED.get((id(tables), size))
    if found is None or found[0] is not tables:
        if len(_NAMED) > 32:
            _NAMED.clear()
        ranks = [named_rank(key, tables.rules, size) for key in tables.keys.tolist()]
        found = _NAMED[(id(tables), size)] = (tables, np.array(ranks, dtype=np.int32))
    return found[1]

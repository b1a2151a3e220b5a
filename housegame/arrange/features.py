"""The lane features the ``ev`` formula reads, as one table, and the bonus conditions read
over many lane hands at once.

``LANE_FEATURES`` names each per-lane input of the payout terms (``LaneVals``' fields, in
their order: the model stores them as rows in this order), with what is known of it
whatever the ruleset: whether it lies in [0, 1], whether it is never negative, how it moves
as my lane hand gets stronger, and whether it is one of the lane's outcome chances. The
search reads these facts per row (``rows.LaneRows``); nothing else counts rows by position.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from housegame.arrange.lookup import RankTables
from housegame.arrange.rows import LaneRows
from housegame.arrange.spaces import (
    F64,
    Bools,
    CardIndices,
    Categories,
    LaneCards,
    Ordinals16,
    RankMasks,
)
from housegame.arrange.splits import FIVES, FIVES_BY_CARD, THREES, THREES_BY_CARD
from housegame.cards import SUIT_NAMES, parse_card, rank_value
from housegame.ranking import Category
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


def leaf_holds(
    cond: LaneIs,
    category: Categories,
    suited: Bools,
    rank_mask: RankMasks,
    cards: LaneCards | None = None,
) -> F64:
    """A lane condition over many lane hands, as 0.0 / 1.0 (same meaning as ``lane_holds``).
    ``cards`` (hands, lane size) of card indices: needed by conditions that read the cards
    (``LaneIs.reads_cards``)."""
    ok = np.ones(len(category), dtype=bool)
    if cond.category is not None:
        wanted = [int(Category.from_label(label)) for label in cond.category]
        ok &= np.isin(category, wanted)
    if cond.suited is not None:
        ok &= suited == cond.suited
    if cond.ranks is not None:
        ok &= rank_mask == sum(1 << r for r in rank_values(cond.ranks))
    if cond.reads_cards():
        assert cards is not None, "a condition on cards is read per hand, not per ordinal"
        for card in cond.cards or ():
            ok &= (cards == parse_card(card).index).any(axis=1)
        if cond.filters():
            ok &= _count_holds(cond, cards)
    return ok.astype(np.float64)


def _count_holds(cond: LaneIs, cards: LaneCards) -> Bools:
    """Per hand: whether the cards passing the condition's suit and rank filters are as many
    as its count (all of them when no count is given)."""
    ranks = cards // 4 + 2
    passing = np.ones(cards.shape, dtype=bool)
    if cond.suit is not None:
        passing &= cards % 4 == SUIT_NAMES.index(cond.suit)
    if cond.min_rank is not None:
        passing &= ranks >= rank_value(cond.min_rank)
    if cond.max_rank is not None:
        passing &= ranks <= rank_value(cond.max_rank)
    n = passing.sum(axis=1)
    count = cond.count if cond.count is not None else cards.shape[1]
    if isinstance(count, int):
        out: Bools = n == count
        return out
    low = count.min if count.min is not None else 0
    high = count.max if count.max is not None else cards.shape[1]
    within: Bools = (n >= low) & (n <= high)
    return within


def card_rows(
    lanes: tuple[LaneRows, LaneRows, LaneRows],
    cards: CardIndices,
    o3: Ordinals16,
    o5: Ordinals16,
    tables: RankTables,
) -> tuple[dict[int, F64], dict[int, F64], dict[int, F64]]:
    """Per lane, its card-reading rows for every subset (3 cards for the front, 5 for the
    middle and back) of every hand of a batch, hand-major: position in ``rows`` -> values."""
    out: list[dict[int, F64]] = []
    for lane, rows in enumerate(lanes):
        if not rows.cards:
            out.append({})
            continue
        subsets, ords = (THREES_BY_CARD, o3) if lane == 0 else (FIVES_BY_CARD, o5)
        suits = cards % 4  # compared a card position at a time: faster than along short rows
        first = suits.take(subsets[0], axis=1)
        suited = suits.take(subsets[1], axis=1) == first
        for column in subsets[2:]:
            suited &= suits.take(column, axis=1) == first
        held = None
        if any(cond.reads_cards() for _, cond in rows.cards):
            held = cards[:, THREES if lane == 0 else FIVES].reshape(len(ords), -1)
        category, ranks = tables.category.take(ords), rows.ranks.take(ords)
        out.append(
            {k: leaf_holds(cond, category, suited.ravel(), ranks, held) for k, cond in rows.cards}
        )
    return out[0], out[1], out[2]

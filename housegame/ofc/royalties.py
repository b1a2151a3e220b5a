"""Royalties: what a lane's hand pays its holder whatever the lane's result.

Scalar lookups serve settlement; the lookup arrays serve the Fantasyland solver
and the computer opponent, which price thousands of lanes at once.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from housegame.cards import rank_value
from housegame.ranking import Category, RankingRules, category_of
from housegame.rulesets.common import LANES, LaneName
from housegame.rulesets.ofc import OfcRuleset, Royalties, RoyaltyHand
from housegame.setting import Setting

ROYAL = 9
"""Row of the five-card lookup for a royal flush, one past the highest category."""

IntArray = npt.NDArray[np.int64]


def top_rank(key: int) -> int:
    """The rank that defines the hand (pair rank, trips rank, straight top)."""
    return (key >> 20) & 0xF


def royal_top(rules: RankingRules) -> int:
    """The top rank a ten-to-ace straight flush gets under ``rules`` (see ranking.py)."""
    return 14 if rules.wheel_straight_flush == "lowest" else 15


def hand_row(key: int, rules: RankingRules) -> int:
    """Row in the five-card table: the category, or ROYAL for a royal flush."""
    category = category_of(key)
    if category == Category.STRAIGHT_FLUSH and top_rank(key) == royal_top(rules):
        return ROYAL
    return int(category)


@dataclass(frozen=True)
class RoyaltyTables:
    """Royalties as arrays: ``front[category, rank]`` and ``middle``/``back`` by row."""

    front: IntArray
    middle: IntArray
    back: IntArray

    @classmethod
    def of(cls, royalties: Royalties) -> RoyaltyTables:
        front = np.zeros((int(Category.TRIPS) + 1, 16), dtype=np.int64)
        for rank, units in royalties.front.pairs.items():
            front[Category.PAIR, rank_value(rank)] = units
        for rank, units in royalties.front.trips.items():
            front[Category.TRIPS, rank_value(rank)] = units

        def five(table: Mapping[RoyaltyHand, int]) -> IntArray:
            row = np.zeros(ROYAL + 1, dtype=np.int64)
            for label, units in table.items():
                row[ROYAL if label == "royal-flush" else Category.from_label(label)] = units
            return row

        return cls(front, five(royalties.middle), five(royalties.back))

    def lane(self, lane: LaneName, key: int, rules: RankingRules) -> int:
        """Royalty for one lane's key."""
        if lane == "front":
            return int(self.front[category_of(key), top_rank(key)])
        table = self.middle if lane == "middle" else self.back
        return int(table[hand_row(key, rules)])

    def front_batch(self, keys: IntArray) -> IntArray:
        result: IntArray = self.front[keys >> 24, (keys >> 20) & 0xF]
        return result

    def five_batch(self, lane: LaneName, keys: IntArray, rules: RankingRules) -> IntArray:
        rows = keys >> 24
        royal = (rows == Category.STRAIGHT_FLUSH) & (((keys >> 20) & 0xF) == royal_top(rules))
        table = self.middle if lane == "middle" else self.back
        result: IntArray = table[np.where(royal, ROYAL, rows)]
        return result


_TABLES: dict[int, tuple[OfcRuleset, RoyaltyTables]] = {}


def tables_for(ruleset: OfcRuleset) -> RoyaltyTables:
    """The ruleset's lookup arrays, built once per loaded ruleset (rulesets are frozen)."""
    cached = _TABLES.get(id(ruleset))
    if cached is None or cached[0] is not ruleset:
        cached = _TABLES[id(ruleset)] = (ruleset, RoyaltyTables.of(ruleset.royalties))
    return cached[1]


def lane_royalties(ruleset: OfcRuleset, setting: Setting) -> dict[LaneName, int]:
    """Each lane's royalty, ignoring fouls (settlement decides whether it is paid)."""
    tables = tables_for(ruleset)
    rules = ruleset.ranking.rules()
    return {lane: tables.lane(lane, setting.key(lane), rules) for lane in LANES}

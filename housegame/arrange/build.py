"""Building the lane-odds tables by simulation (``housegame tables build --seed S``).

Deal ``deals`` four-player deals from a seeded generator and set every hand, then count each
lane's hands. Two passes: the first sets hands lexicographically; the second sets the same
hands with the ``ev`` objective of a neutral ruleset (one unit a lane, nothing else) using the
first pass's odds, so the shipped odds describe opponents who play sensibly rather than
mechanically. The result depends only on the ranking setting, the seed and the deal count.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import cache

import numpy as np
import numpy.typing as npt

from housegame.arrange.cache import Unverified, cache_dir, notice, store_cached, unwritable
from housegame.arrange.evsearch import EvSearch
from housegame.arrange.lookup import rank_tables, rules_slug
from housegame.arrange.lowsearch import lexicographic
from housegame.arrange.model import EvModel
from housegame.arrange.odds import (
    DATA_DIR,
    ODDS_VERSION,
    LaneOdds,
    load_shipped,
    odds_name,
)
from housegame.arrange.plan import PLAN
from housegame.arrange.search import Found
from housegame.arrange.spaces import CardIndices
from housegame.arrange.splits import split_positions
from housegame.cards import SUIT_NAMES
from housegame.dealer import deal_hands
from housegame.ranking import RankingRules
from housegame.rulesets.common import LANES, Ranking
from housegame.rulesets.thirteen import Foul, ThirteenCardRuleset


def neutral_ruleset(rules: RankingRules) -> ThirteenCardRuleset:
    """One unit a lane, no scoop, no add-ons: what a 'random opponent' is assumed to play for."""
    order = None if rules.suit_order is None else [SUIT_NAMES[s] for s in rules.suit_order]
    ranking = Ranking.model_validate(
        {
            "wheel_straight": rules.wheel_straight,
            "wheel_straight_flush": rules.wheel_straight_flush,
            "suit_order": order,
            "front_straights": rules.front_straights,
            "front_flushes": rules.front_flushes,
            "low_lanes": {LANES[lane]: "deuce-to-seven" for lane in rules.low_lanes},
        }
    )
    return ThirteenCardRuleset(
        id="neutral",
        name="neutral",
        summary="one unit a lane",
        ranking=ranking,
        foul=Foul(handling="refuse"),
    )


def lane_histogram(
    rules: RankingRules,
    hands: CardIndices,
    search: Callable[[npt.NDArray[np.intp]], list[Found]],
    meta: dict[str, object],
) -> LaneOdds:
    """Set every hand with ``search`` and count each lane's keys."""
    tables = rank_tables(rules)
    splits = [
        f.splits[0]
        for i in range(0, len(hands), PLAN.batch)
        for f in search(hands[i : i + PLAN.batch])
    ]
    lanes: list[list[int]] = [[], [], []]
    for cards, split in zip(hands.tolist(), splits):
        for lane, positions in enumerate(split_positions(split)):
            lanes[lane].append(tables.key([cards[p] for p in positions], lane))
    counted = [np.unique(np.array(keys, dtype=np.int64), return_counts=True) for keys in lanes]
    keys = tuple(k.astype(np.int64) for k, _ in counted)
    counts = tuple(c.astype(np.int64) for _, c in counted)
    return LaneOdds(rules, (keys[0], keys[1], keys[2]), (counts[0], counts[1], counts[2]), meta)


def build_lane_odds(rules: RankingRules, seed: int, deals: int) -> LaneOdds:
    """Lane odds for one ranking setting, reproducible from ``seed`` and ``deals``."""
    tables = rank_tables(rules)
    hands = deal_hands(seed, deals)
    meta: dict[str, object] = {
        "version": ODDS_VERSION,
        "seed": seed,
        "deals": deals,
        "ranking": rules_slug(rules),
        "passes": "lexicographic, ev",
    }
    first = lane_histogram(rules, hands, lambda cards: lexicographic(cards, tables, 1), meta)
    search = EvSearch(EvModel(neutral_ruleset(rules), first))
    return lane_histogram(rules, hands, lambda cards: search.search(cards, 1), meta)


def rankings_of(rulesets: Iterable[ThirteenCardRuleset]) -> list[RankingRules]:
    """The distinct ranking settings among ``rulesets``, in first-seen order."""
    seen: dict[RankingRules, None] = {}
    for ruleset in rulesets:
        seen.setdefault(ruleset.ranking.rules(), None)
    return list(seen)


FALLBACK_SEED = 0
FALLBACK_DEALS = 1000


@cache
def lane_odds(rules: RankingRules) -> LaneOdds:
    """Shipped odds for ``rules`` (a damaged shipped file is an error); else the user cache (a
    file that does not verify is rebuilt); else built now (seed 0, 1,000 deals) and cached."""
    shipped = DATA_DIR / odds_name(rules)
    if shipped.is_file():
        return load_shipped(shipped, rules)
    folder = cache_dir()
    cached = folder / odds_name(rules) if folder is not None else None
    if cached is not None and cached.is_file():
        try:
            odds = LaneOdds.load(cached, rules, require_checksum=True)
            if (odds.meta.get("seed"), odds.meta.get("deals")) == (FALLBACK_SEED, FALLBACK_DEALS):
                return odds
            notice(f"cache file {cached} was built from other deals; rebuilding it")
        except Unverified as exc:
            notice(f"cache file {cached} does not verify ({exc}); rebuilding it")
    if cached is not None and not cached.exists() and not unwritable():
        notice(
            f"building lane odds for ranking {rules_slug(rules)} from {FALLBACK_DEALS:,} deals; "
            "this happens once"
        )
    odds = build_lane_odds(rules, FALLBACK_SEED, FALLBACK_DEALS)
    store_cached(cached, odds.arrays(), compressed=True)
    return odds

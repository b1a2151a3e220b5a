"""The slow, readable reference arranger: the oracle the fast one is tested against.

It shares nothing with the search but the objective's definition: it enumerates the splits
itself with itertools, ranks lanes with the scalar ``ranking.evaluate`` (cached per subset),
checks fouls on ``strength`` among the lanes ranked high (a lane ranked for low is ranked with
``evaluate(..., low=True)`` and left out of the check), reads bonus leaves with the engine's
own ``lane_holds``, and
walks every legal split through the payout terms (``EvModel.value``, the terms of
``thirteen/payout.py`` as written: no recorded formula, no bounds), all splits at once as
arrays. ``reference_arrange`` is the answer: the best value and every split reaching it.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations, pairwise

import numpy as np

from housegame.arrange.model import EvModel
from housegame.cards import Card
from housegame.ranking import RankingRules, evaluate, strength
from housegame.rulesets.thirteen import ThirteenCardRuleset
from housegame.setting import Setting
from housegame.thirteen.conditions import lane_holds
from housegame.thirteen.payout import FEATURES, LaneVals

Masks = tuple[int, int, int]
"""(front, middle, back) as bit masks over positions of the sorted hand."""
FULL = (1 << 13) - 1


@cache
def _position_splits() -> tuple[np.ndarray, np.ndarray]:
    """Back and middle masks of all 72,072 splits, enumerated with itertools."""
    backs, middles = [], []
    for back in combinations(range(13), 5):
        back_mask = sum(1 << p for p in back)
        rest = [p for p in range(13) if not back_mask >> p & 1]
        for mid in combinations(rest, 5):
            backs.append(back_mask)
            middles.append(sum(1 << p for p in mid))
    assert len(backs) == 72_072
    return np.array(backs, dtype=np.int64), np.array(middles, dtype=np.int64)


def _cards(hand: list[Card], mask: int) -> tuple[Card, ...]:
    return tuple(c for p, c in enumerate(hand) if mask >> p & 1)


LaneKeys = tuple[dict[int, int], dict[int, int], dict[int, int]]
"""Per lane, each lane-sized mask's key as that lane ranks it."""


def legal_splits(cards: list[Card], rules: RankingRules) -> tuple[list[Card], np.ndarray, LaneKeys]:
    """The sorted hand, every non-foul split as rows of (front, middle, back) masks, and each
    lane's masks' keys."""
    hand = sorted(cards)
    keys = tuple(
        {
            mask: evaluate(_cards(hand, mask), rules, lane in rules.low_lanes)
            for combo in combinations(range(13), 3 if lane == 0 else 5)
            for mask in [sum(1 << p for p in combo)]
        }
        for lane in range(3)
    )
    back, middle = _position_splits()
    front = FULL ^ back ^ middle
    masks = (front, middle, back)
    high = [lane for lane in range(3) if lane not in rules.low_lanes]
    power = np.full((3, FULL + 1), -1, dtype=np.int64)
    for lane in high:
        for mask, key in keys[lane].items():
            power[lane, mask] = strength(key)
    legal = np.ones(len(back), dtype=bool)
    for lower, upper in pairwise(high):
        legal &= power[lower][masks[lower]] <= power[upper][masks[upper]]
    rows = np.stack([front[legal], middle[legal], back[legal]], axis=1)
    return hand, rows, (keys[0], keys[1], keys[2])


def best_lexicographic(cards: list[Card], ruleset: ThirteenCardRuleset) -> tuple[int, int, int]:
    """The strongest (back, middle, front) keys among legal settings."""
    _, legal, keys = legal_splits(cards, ruleset.ranking.rules())
    table = np.zeros((3, FULL + 1), dtype=np.int64)
    for lane in range(3):
        for mask, key in keys[lane].items():
            table[lane, mask] = key
    front, middle, back = (table[lane][legal[:, lane]] for lane in range(3))
    best = np.lexsort((front, middle, back))[-1]
    return int(back[best]), int(middle[best]), int(front[best])


def _lane_setting(lane: int, cards: tuple[Card, ...], key: int) -> Setting:
    """A Setting holding ``cards`` in ``lane`` only: all ``lane_holds`` reads."""
    parts: list[tuple[Card, ...]] = [(), (), ()]
    keys = [0, 0, 0]
    parts[lane], keys[lane] = cards, key
    return Setting(parts[0], parts[1], parts[2], (keys[0], keys[1], keys[2]))


def ev_values(cards: list[Card], model: EvModel) -> tuple[np.ndarray, np.ndarray]:
    """Every legal setting (as position masks of the sorted hand) and its ``ev`` value."""
    hand, legal, keys = legal_splits(cards, model.ruleset.ranking.rules())
    per_lane = []
    for lane in range(3):
        distinct, inverse = np.unique(legal[:, lane], return_inverse=True)
        lane_keys = np.array([keys[lane][int(m)] for m in distinct], dtype=np.int64)
        ords = np.searchsorted(model.tables.keys, lane_keys)
        assert np.array_equal(model.tables.keys[ords], lane_keys)
        features = model.lanes[lane][:, ords][:, inverse]
        leaf_table = np.array(
            [
                [
                    1.0
                    if lane_holds(
                        cond, _lane_setting(lane, _cards(hand, int(m)), keys[lane][int(m)])
                    )
                    else 0.0
                    for m in distinct
                ]
                for cond in model.leaves[lane]
            ],
            dtype=np.float64,
        ).reshape(len(model.leaves[lane]), len(distinct))
        per_lane.append(LaneVals.of(list(features[: len(FEATURES)]), list(leaf_table[:, inverse])))
    values = np.broadcast_to(np.asarray(model.value(per_lane), dtype=np.float64), (len(legal),))
    return legal, values


def masks_of(cards: list[Card], setting: Setting) -> Masks:
    """A setting's lanes as position masks of the sorted hand, to find it among ``legal``."""
    position = {c: p for p, c in enumerate(sorted(cards))}

    def mask(lane: tuple[Card, ...]) -> int:
        return sum(1 << position[c] for c in lane)

    return mask(setting.front), mask(setting.middle), mask(setting.back)


def reference_arrange(cards: list[Card], model: EvModel) -> tuple[float, list[Masks]]:
    """The best ``ev`` value of 13 cards and every legal setting that reaches it (to 1e-9),
    as position masks of the sorted hand."""
    legal, values = ev_values(cards, model)
    best = float(values.max())
    at = np.flatnonzero(values >= best - 1e-9 * max(1.0, abs(best)))
    return best, [(int(f), int(m), int(b)) for f, m, b in legal[at]]

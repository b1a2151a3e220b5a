"""The exact Fantasyland solver: the best way to set 13 of 13-17 cards, by the ruleset's priority.

The objective is lexicographic over ``fantasyland.solver_priority`` (no foul,
stay in Fantasyland, royalties), packed into one integer per setting. The
search is branch and bound over numpy arrays:

1. every 5-card and 3-card subset of the hand is ranked once (``evaluate_batch``)
   and priced (royalties, stay flags);
2. each back gets an upper bound from category bounds: the best middle royalty
   among five-card hands not stronger than it, the best front among fronts not
   stronger than that (a legal setting has back >= middle >= front); backs are
   visited best bound first, and the search stops when no bound beats the best
   setting found;
3. for a block of backs, every disjoint middle is generated at once (subsets of
   the remaining cards, looked up by colex rank), bounded again, and only the
   survivors try their fronts exactly.

Foul settings are searched only when the priority lets one beat a clean
setting (never when no-foul comes first, since a clean setting always exists).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations
from math import comb

import numpy as np
import numpy.typing as npt

from housegame.budget import check
from housegame.cards import Card
from housegame.ofc.errors import OfcError
from housegame.ofc.fantasyland import stay_holds
from housegame.ofc.royalties import RoyaltyTables, lane_royalties, tables_for
from housegame.ranking import Category, evaluate_batch
from housegame.rulesets.ofc import Objective, OfcRuleset
from housegame.setting import Setting

IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]
MIN_CARDS, MAX_CARDS = 13, 17
FIRST_BLOCK, LAST_BLOCK = 4, 64
"""Backs searched together, doubling: small blocks first find a good setting to prune with,
larger ones later let numpy pay off."""


@cache
def _colex(n: int, k: int) -> IntArray:
    """All k-subsets of range(n) in colex order, so a subset's row is sum(C(c_i, i + 1))."""
    rows = sorted(combinations(range(n), k), key=lambda c: c[::-1])
    return np.array(rows, dtype=np.int64).reshape(-1, k)


@cache
def _masks(n: int, k: int) -> IntArray:
    """Bit mask of each k-subset of range(n), in colex order."""
    result: IntArray = (1 << _colex(n, k)).sum(axis=1)
    return result


def _positions(n: int, k: int) -> IntArray:
    """For every n-bit mask with k bits set, its set bits in ascending order (other rows: zeros)."""
    masks = np.arange(1 << n, dtype=np.int64)
    bits = ((masks[:, None] >> np.arange(n)) & 1).astype(np.bool_)
    table = np.zeros((1 << n, k), dtype=np.int64)
    rows = bits.sum(axis=1) == k
    table[rows] = np.nonzero(bits[rows])[1].reshape(-1, k)
    return table


def _rank(positions: IntArray, n: int) -> IntArray:
    """Colex row of each sorted subset in ``positions`` (..., k)."""
    binom = np.array([[comb(p, i) for i in range(6)] for p in range(n + 1)], dtype=np.int64)
    total = np.zeros(positions.shape[:-1], dtype=np.int64)
    for i in range(positions.shape[-1]):
        total += binom[positions[..., i], i + 1]
    return total


@cache
def _middles_beside(n: int) -> IntArray:
    """Row b: every five-card subset disjoint from five-card subset b (colex rows)."""
    rest = _positions(n, n - 5)[((1 << n) - 1) ^ _masks(n, 5)]
    return _rank(rest[:, _colex(n - 5, 5)], n).astype(np.int32)


@cache
def _fronts_in(n: int) -> IntArray:
    """Row m (an n-bit mask of n - 10 cards): every three-card subset of it (colex rows)."""
    rest = _positions(n, n - 10)
    return _rank(rest[:, _colex(n - 10, 3)], n).astype(np.int32)


@dataclass(frozen=True)
class Weights:
    """Bit offsets of each objective in the packed score; each field is ``width`` bits wide,
    enough for the ruleset's largest royalty total, so the packing stays lexicographic."""

    shift: dict[Objective, int]

    @classmethod
    def of(cls, priority: Sequence[Objective], width: int) -> Weights:
        return cls({name: width * (len(priority) - 1 - i) for i, name in enumerate(priority)})

    def pack(self, clean: int, stay: int, royalties: int) -> int:
        at = self.shift
        return (clean << at["no-foul"]) | (stay << at["stay"]) | (royalties << at["royalties"])


@dataclass(frozen=True)
class Solution:
    """The chosen setting, the discards, and the objective values it reaches."""

    setting: Setting
    discards: tuple[Card, ...]
    clean: bool
    stays: bool
    royalties: int
    score: int

    def objective(self, priority: Sequence[Objective]) -> tuple[int, ...]:
        """The values reached, in ``priority`` order (what the solver maximised)."""
        values = {"no-foul": int(self.clean), "stay": int(self.stays), "royalties": self.royalties}
        return tuple(values[name] for name in priority)


@dataclass(frozen=True)
class _Lanes:
    """Every 5-card and 3-card subset of the hand, ranked and priced."""

    n: int
    five_strength: IntArray
    three_strength: IntArray
    middle_royalty: IntArray
    back_royalty: IntArray
    front_royalty: IntArray
    middle_stay: IntArray
    back_stay: IntArray
    front_stay: IntArray
    fives: IntArray
    threes: IntArray


def _stay_flags(keys: IntArray, label: str | None) -> IntArray:
    if label is None:
        return np.zeros(len(keys), dtype=np.int64)
    return ((keys >> 24) >= int(Category.from_label(label))).astype(np.int64)


def _lanes(cards: Sequence[Card], ruleset: OfcRuleset, tables: RoyaltyTables) -> _Lanes:
    n = len(cards)
    rules = ruleset.ranking.rules()
    index = np.array([c.index for c in cards], dtype=np.int64)
    fives, threes = _colex(n, 5), _colex(n, 3)
    five_keys = evaluate_batch(index[fives], rules)
    three_keys = evaluate_batch(index[threes], rules)
    assert ruleset.fantasyland is not None
    stay = ruleset.fantasyland.stay
    return _Lanes(
        n,
        five_keys >> 4,
        three_keys >> 4,
        tables.five_batch("middle", five_keys, rules),
        tables.five_batch("back", five_keys, rules),
        tables.front_batch(three_keys),
        _stay_flags(five_keys, stay.middle),
        _stay_flags(five_keys, stay.back),
        _stay_flags(three_keys, stay.front),
        fives,
        threes,
    )


@dataclass(frozen=True)
class _Bound:
    """Best value among lanes no stronger than a threshold (prefix maxima over sorted strength)."""

    strength: IntArray
    royalty: IntArray
    stay: IntArray

    @classmethod
    def of(cls, strength: IntArray, royalty: IntArray, stay: IntArray) -> _Bound:
        order = np.argsort(strength, kind="stable")
        return cls(
            strength[order],
            np.maximum.accumulate(royalty[order]),
            np.maximum.accumulate(stay[order]),
        )

    def upto(self, threshold: IntArray | None, size: int) -> tuple[IntArray, IntArray, BoolArray]:
        """(royalty, stay, exists) bounds for each threshold; None means no limit."""
        if threshold is None:
            return (
                np.full(size, self.royalty[-1]),
                np.full(size, self.stay[-1]),
                np.ones(size, dtype=np.bool_),
            )
        at = np.searchsorted(self.strength, threshold, side="right") - 1
        safe = np.maximum(at, 0)
        return self.royalty[safe], self.stay[safe], at >= 0


@dataclass(frozen=True)
class _Mode:
    """One search: clean settings only (ordered lanes), or any setting valued as a foul."""

    ordered: bool
    clean: int
    stay_counts: bool
    royalties_count: bool


class _Search:
    def __init__(self, lanes: _Lanes, weights: Weights, mode: _Mode) -> None:
        self.lanes = lanes
        self.weights = weights
        self.mode = mode
        self.best = -1
        self.found: tuple[int, int, int] | None = None
        n = lanes.n
        self.middle_bound = _Bound.of(lanes.five_strength, lanes.middle_royalty, lanes.middle_stay)
        self.front_bound = _Bound.of(lanes.three_strength, lanes.front_royalty, lanes.front_stay)
        self.five_masks = _masks(n, 5)

    def value(self, stay: IntArray, royalty: IntArray) -> IntArray:
        w = self.weights.shift
        out = np.full(stay.shape, self.mode.clean << w["no-foul"], dtype=np.int64)
        if self.mode.stay_counts:
            out |= np.minimum(stay, 1) << w["stay"]
        if self.mode.royalties_count:
            out += royalty << w["royalties"]
        return out

    def _limit(self, strength: IntArray) -> IntArray | None:
        return strength if self.mode.ordered else None

    def back_bounds(self) -> IntArray:
        lanes = self.lanes
        size = len(lanes.five_strength)
        limit = self._limit(lanes.five_strength)
        mid_roy, mid_stay, mid_ok = self.middle_bound.upto(limit, size)
        front_roy, front_stay, front_ok = self.front_bound.upto(limit, size)
        bound = self.value(
            lanes.back_stay | mid_stay | front_stay, lanes.back_royalty + mid_roy + front_roy
        )
        return np.where(mid_ok & front_ok, bound, -1)

    def run(self, lower: int) -> None:
        self.best = lower
        bounds = self.back_bounds()
        order = np.argsort(-bounds, kind="stable")
        start, size = 0, FIRST_BLOCK
        while start < len(order):
            block = order[start : start + size]
            block = block[bounds[block] > self.best]
            if len(block) == 0:
                break
            self._backs(block)
            start, size = start + size, min(2 * size, LAST_BLOCK)

    def _backs(self, backs: IntArray) -> None:
        lanes, n = self.lanes, self.lanes.n
        middles = _middles_beside(n)[backs]
        back = np.repeat(backs, middles.shape[1])
        middle = middles.reshape(-1)
        keep = np.ones(len(middle), dtype=np.bool_)
        if self.mode.ordered:
            keep = lanes.five_strength[middle] <= lanes.five_strength[back]
        back, middle = back[keep], middle[keep]
        front_roy, front_stay, front_ok = self.front_bound.upto(
            self._limit(lanes.five_strength[middle]), len(middle)
        )
        stay = lanes.back_stay[back] | lanes.middle_stay[middle]
        royalty = lanes.back_royalty[back] + lanes.middle_royalty[middle]
        bound = self.value(stay | front_stay, royalty + front_roy)
        keep = front_ok & (bound > self.best)
        if keep.any():
            self._fronts(back[keep], middle[keep], stay[keep], royalty[keep])

    def _fronts(self, back: IntArray, middle: IntArray, stay: IntArray, royalty: IntArray) -> None:
        lanes, n = self.lanes, self.lanes.n
        fronts = _fronts_in(n)[((1 << n) - 1) ^ (self.five_masks[back] | self.five_masks[middle])]
        values = self.value(
            stay[:, None] | lanes.front_stay[fronts], royalty[:, None] + lanes.front_royalty[fronts]
        )
        if self.mode.ordered:
            legal = lanes.three_strength[fronts] <= lanes.five_strength[middle][:, None]
            values = np.where(legal, values, -1)
        flat = int(np.argmax(values))
        row, col = divmod(flat, values.shape[1])
        if values[row, col] > self.best:
            self.best = int(values[row, col])
            self.found = (int(back[row]), int(middle[row]), int(fronts[row, col]))


def _check(cards: Sequence[Card], ruleset: OfcRuleset) -> None:
    if ruleset.fantasyland is None:
        raise OfcError(f"{ruleset.id} has no Fantasyland")
    if not MIN_CARDS <= len(cards) <= MAX_CARDS:
        raise OfcError(f"a Fantasyland hand has {MIN_CARDS}-{MAX_CARDS} cards, not {len(cards)}")
    if len(set(cards)) != len(cards):
        raise OfcError("a Fantasyland hand holds a card twice")


def _foul_ceiling(lanes: _Lanes, weights: Weights, mode: _Mode) -> int:
    """No fouled setting scores above this; with no-foul first it is below every clean setting."""
    stay = int(max(lanes.front_stay.max(), lanes.middle_stay.max(), lanes.back_stay.max()))
    royalties = int(
        lanes.front_royalty.max() + lanes.middle_royalty.max() + lanes.back_royalty.max()
    )
    return weights.pack(
        0, stay if mode.stay_counts else 0, royalties if mode.royalties_count else 0
    )


def solve(cards: Sequence[Card], ruleset: OfcRuleset) -> Solution:
    """The best setting of ``cards`` by ``fantasyland.solver_priority``; exact, deterministic."""
    check()
    _check(cards, ruleset)
    assert ruleset.fantasyland is not None
    tables = tables_for(ruleset)
    most = int(tables.front.max() + tables.middle.max() + tables.back.max())
    weights = Weights.of(ruleset.fantasyland.solver_priority, max(1, most.bit_length()))
    lanes = _lanes(cards, ruleset, tables)
    clean = _Search(
        lanes, weights, _Mode(ordered=True, clean=1, stay_counts=True, royalties_count=True)
    )
    clean.run(-1)
    best, found = clean.best, clean.found
    foul_mode = _Mode(
        ordered=False,
        clean=0,
        stay_counts=not ruleset.fantasyland.stay.clean,
        royalties_count=ruleset.foul.royalties == "keep",
    )
    if _foul_ceiling(lanes, weights, foul_mode) > best:
        fouled = _Search(lanes, weights, foul_mode)
        fouled.run(best)
        if fouled.found is not None:
            found = fouled.found
    assert found is not None, "a clean setting always exists"
    return _solution(cards, ruleset, lanes, weights, found)


def _solution(
    cards: Sequence[Card],
    ruleset: OfcRuleset,
    lanes: _Lanes,
    weights: Weights,
    found: tuple[int, int, int],
) -> Solution:
    back, middle, front = found
    setting = Setting.of(
        [cards[i] for i in lanes.threes[front]],
        [cards[i] for i in lanes.fives[middle]],
        [cards[i] for i in lanes.fives[back]],
        ruleset.ranking.rules(),
    )
    used = set(setting.cards)
    clean = not setting.fouled
    royalties = sum(lane_royalties(ruleset, setting).values())
    if not clean and ruleset.foul.royalties == "forfeit":
        royalties = 0
    stays = stay_holds(ruleset, setting) is not None
    return Solution(
        setting,
        tuple(c for c in cards if c not in used),
        clean,
        stays,
        royalties,
        weights.pack(int(clean), int(stays), royalties),
    )

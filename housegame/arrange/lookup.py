"""A table-lookup evaluator: every 5-card and 3-card hand's key, computed once per ranking.

``ranking.evaluate_batch`` is exact but spends microseconds per hand; the search evaluates
1,287 five-card subsets per hand, so it reads keys from a table over all 2,598,960 five-card
hands instead, indexed by the combinatorial number system (colex rank of the sorted cards).
The table stores *ordinals*: positions in the sorted list of every distinct key, 3-card and
5-card keys on one scale, so comparing ordinals compares hands and small per-ordinal arrays
(win odds, lane values) can be gathered directly. Tables are cached in memory and on disk
(``$HOUSEGAME_CACHE`` or ``~/.cache/housegame``, files that verify: see ``cache``) because
building one takes seconds.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from math import comb
from pathlib import Path
from typing import Any

import numpy as np

from housegame.arrange.cache import cache_dir, load_cached, notice, store_cached, unwritable
from housegame.arrange.combos import colex_hands
from housegame.arrange.spaces import (
    Categories,
    ColexTerms,
    ColexTerms32,
    Keys,
    LaneCards,
    Ordinals16,
    Strengths32,
)
from housegame.ranking import LOW, RankingRules, evaluate_batch, high_of

TABLE_VERSION = 3
_CHUNK = 65_536
_EVAL_CHUNK = 32_768


COLEX: ColexTerms = np.array(
    [[comb(c, k + 1) for c in range(52)] for k in range(5)], dtype=np.int64
)
"""``COLEX[k, c]`` = C(c, k+1): the colex rank of sorted cards c0<..<c4 is sum COLEX[k, ck]."""
COLEX32: ColexTerms32 = COLEX.astype(np.int32)
_COLEX_ROWS: list[list[int]] = COLEX.tolist()


def rules_slug(rules: RankingRules) -> str:
    """A short file-name-safe name for a ranking setting, e.g. ``wl-sfl-none``; three-card
    front shapes add ``-front-s``, ``-front-f`` or ``-front-sf``."""
    wheel = {"lowest": "l", "second-highest": "2"}
    suits = "none" if rules.suit_order is None else "".join("cdhs"[s] for s in rules.suit_order)
    front = ("s" if rules.front_straights else "") + ("f" if rules.front_flushes else "")
    slug = f"w{wheel[rules.wheel_straight]}-sf{wheel[rules.wheel_straight_flush]}-{suits}"
    slug = f"{slug}-front-{front}" if front else slug
    low = "".join("fmb"[lane] for lane in rules.low_lanes)
    return f"{slug}-low-{low}" if low else slug


@dataclass(frozen=True)
class RankTables:
    """Ordinal lookups for one ranking setting."""

    rules: RankingRules
    ord5: Ordinals16
    """Colex rank of a sorted 5-card hand -> ordinal (fewer than 65,536 distinct keys exist,
    and 2 bytes an entry keeps the 2.6-million-entry table at 5 MB, kinder to the cache)."""
    ord3: Ordinals16
    """Colex rank of a sorted 3-card hand -> ordinal."""
    keys: Keys
    """Ordinal -> ranking key (``ranking.evaluate``'s int), ascending."""
    strength: Strengths32
    """Ordinal -> rank of the key's strength (suits dropped): what the foul check compares."""
    category: Categories
    """Ordinal -> hand category (``ranking.Category`` value; a low key's hand's)."""
    low5: Ordinals16 | None = None
    """Where a 5-card lane is ranked for low: colex rank -> the ordinal of its low key (the
    low keys share the scale, above every high one)."""
    low3: Ordinals16 | None = None
    """Where the front is ranked for low: likewise for 3-card hands."""

    def lane_ordinals(self, lane: int) -> Ordinals16:
        """Colex rank -> ordinal of a hand in ``lane`` (0 front, 1 middle, 2 back), ranked as
        the ruleset ranks that lane."""
        low = lane in self.rules.low_lanes
        if lane == 0:
            return self.low3 if low and self.low3 is not None else self.ord3
        return self.low5 if low and self.low5 is not None else self.ord5

    def ordinals5(self, cards: LaneCards) -> Ordinals16:
        """Ordinals of many 5-card hands; ``cards`` (N, 5) with each row ascending."""
        return self.ordinals5_columns(np.ascontiguousarray(np.asarray(cards).T, dtype=np.int32))

    def ordinals5_columns(self, columns: ColexTerms32) -> Ordinals16:
        """The batched evaluator: ``columns`` (5, N) int32, lowest card first in each column
        position; five small gathers, four adds and one table gather per hand.

        Chunks keep the intermediates in cache, and ``mode="wrap"`` is numpy's cheapest
        gather (the indices are valid by construction, so it never wraps)."""
        count = columns.shape[1]
        out: Ordinals16 = np.empty(count, dtype=np.uint16)
        index = np.empty(min(count, _EVAL_CHUNK), dtype=np.int32)
        term = np.empty_like(index)
        for start in range(0, count, _EVAL_CHUNK):
            stop = min(count, start + _EVAL_CHUNK)
            idx, add = index[: stop - start], term[: stop - start]
            COLEX32[0].take(columns[0, start:stop], out=idx, mode="wrap")
            for k in range(1, 5):
                COLEX32[k].take(columns[k, start:stop], out=add, mode="wrap")
                idx += add
            self.ord5.take(idx, out=out[start:stop], mode="wrap")
        return out

    def evaluate5(self, cards: LaneCards) -> Keys:
        """Keys of many 5-card hands (rows ascending), equal to ``evaluate_batch``'s."""
        return self.keys.take(self.ordinals5(cards))

    def key(self, cards: Sequence[int], lane: int | None = None) -> int:
        """``ranking.evaluate``'s key of one 3- or 5-card hand (card indices, ascending), read
        from the table: cheaper than evaluating it when a search has set many hands; ``lane``
        given, ranked as the ruleset ranks that lane."""
        index = sum(_COLEX_ROWS[k][c] for k, c in enumerate(cards))
        five = len(cards) == 5
        ords = self.lane_ordinals(lane) if lane is not None else self.ord5 if five else self.ord3
        return int(self.keys[ords[index]])

    def ordinals3(self, cards: LaneCards) -> Ordinals16:
        """Ordinals of many 3-card hands; ``cards`` (N, 3) with each row ascending."""
        c = np.asarray(cards, dtype=np.intp)
        idx = COLEX[0].take(c[:, 0]) + COLEX[1].take(c[:, 1]) + COLEX[2].take(c[:, 2])
        out: Ordinals16 = self.ord3.take(idx)
        return out


def _all_hands(size: int) -> tuple[LaneCards, Keys]:
    """Every hand of ``size`` cards and its colex rank (the hands come in colex order)."""
    return colex_hands(size), np.arange(comb(52, size), dtype=np.int64)


def _keys(hands: LaneCards, rules: RankingRules, low: bool = False) -> Keys:
    parts = [
        evaluate_batch(hands[i : i + _CHUNK], rules, low) for i in range(0, len(hands), _CHUNK)
    ]
    return np.concatenate(parts)


def build_tables(rules: RankingRules) -> RankTables:
    """Evaluate every 5- and 3-card hand with the reference ``evaluate_batch`` (and, for the
    lanes ranked for low, every hand of their size ranked for low)."""
    low = rules.low_lanes
    hands = {5: _all_hands(5), 3: _all_hands(3)}
    parts = (
        [(5, False), (3, False)] + [(5, True)] * any(i > 0 for i in low) + [(3, True)] * (0 in low)
    )
    keyed = [_keys(hands[size][0], rules, ranked_low) for size, ranked_low in parts]
    both = np.concatenate(keyed)
    keys = np.unique(both)  # a plain sort, then a search: cheaper than return_inverse's argsort
    assert len(keys) < 1 << 16
    inverse = np.searchsorted(keys, both).astype(np.uint16)
    ords: dict[tuple[int, bool], Ordinals16] = {}
    start = 0
    for (size, ranked_low), part in zip(parts, keyed):
        table = np.empty(len(part), dtype=np.uint16)
        table[hands[size][1]] = inverse[start : start + len(part)]
        ords[size, ranked_low] = table
        start += len(part)
    _, strength = np.unique(keys >> 4, return_inverse=True)
    highs = np.where(keys & LOW, [high_of(k) for k in keys.tolist()], keys)
    return RankTables(
        rules,
        ords[5, False],
        ords[3, False],
        keys,
        strength.astype(np.int32),
        (highs >> 24).astype(np.int32),
        ords.get((5, True)),
        ords.get((3, True)),
    )


def cache_file(rules: RankingRules) -> Path | None:
    """The cache file of one ranking setting's tables (None: no cache folder is known)."""
    folder = cache_dir()
    return (
        None if folder is None else folder / f"rank-tables-v{TABLE_VERSION}-{rules_slug(rules)}.npz"
    )


_ARRAYS = ("ord5", "ord3", "keys", "strength", "category")
_SHAPES = {"ord5": (comb(52, 5),), "ord3": (comb(52, 3),)}
_LOW_SHAPES = {"low5": (comb(52, 5),), "low3": (comb(52, 3),)}


def _arrays_of(rules: RankingRules) -> tuple[str, ...]:
    """The arrays a cache file of ``rules`` holds: the low lanes' ordinals where it has them."""
    low = rules.low_lanes
    return _ARRAYS + ("low5",) * any(i > 0 for i in low) + ("low3",) * (0 in low)


def _from_arrays(rules: RankingRules, arrays: dict[str, Any]) -> RankTables | None:
    """Tables from verified arrays of the expected shapes and types; None otherwise."""
    shapes = {**_SHAPES, **{k: v for k, v in _LOW_SHAPES.items() if k in arrays}}
    ords = (*shapes, "keys")
    if any(arrays[name].shape != shape for name, shape in shapes.items()) or any(
        arrays[name].dtype != (np.int64 if name == "keys" else np.uint16) for name in ords
    ):
        return None
    return RankTables(
        rules,
        arrays["ord5"],
        arrays["ord3"],
        arrays["keys"],
        arrays["strength"].astype(np.int32),
        arrays["category"].astype(np.int32),
        arrays.get("low5"),
        arrays.get("low3"),
    )


@cache
def rank_tables(rules: RankingRules) -> RankTables:
    """The lookup tables for ``rules``: from memory, the disk cache (if the file verifies), or
    built (about a second, said on stderr) and cached."""
    path = cache_file(rules)
    names = _arrays_of(rules)
    arrays = load_cached(path, names)
    found = _from_arrays(rules, arrays) if arrays is not None else None
    if found is not None:
        return found
    if arrays is not None:
        notice(f"cache file {path} holds tables of the wrong shape; rebuilding it")
    elif path is not None and not path.exists() and not unwritable():
        notice(f"building lookup tables for ranking {rules_slug(rules)}; this happens once")
    tables = build_tables(rules)
    store_cached(path, {name: getattr(tables, name) for name in names})
    return tables

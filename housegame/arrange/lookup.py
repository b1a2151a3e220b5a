"""A table-lookup evaluator: every 5-card and 3-card hand's key, computed once per ranking.

``ranking.evaluate_batch`` is exact but spends microseconds per hand; the search evaluates
1,287 five-card subsets per hand, so it reads keys from a table over all 2,598,960 five-card
hands instead, indexed by the combinatorial number system (colex rank of the sorted cards).
The table stores *ordinals*: positions in the sorted list of every distinct key, 3-card and
5-card keys on one scale, so comparing ordinals compares hands and small per-ordinal arrays
(win odds, lane values) can be gathered directly. Tables are cached on disk
(``$HOUSEGAME_CACHE`` or ``~/.cache/housegame``, files that verify: see ``cache``) because
building one takes seconds, and in memory (``decktables.rank_tables``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
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
from housegame.errors import HousegameError
from housegame.ranking import (
    LOW,
    STRAIGHT_FLUSH_ABOVE_FIVE,
    Category,
    RankingRules,
    evaluate_batch,
    high_of,
)

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
    terms: ColexTerms32 = field(default_factory=lambda: COLEX32)
    """``terms[k, c]``: card ``c``'s share of the index of a hand holding it at sorted
    position ``k``: C(c, k+1) over the 52 cards of one deck; C(c + k, k+1) over the card
    identities with jokers (``decktables``), where a hand may hold a card more than once."""
    identities: int = 52
    """The card identities the tables index (52; 55 in a deck's tables: the jokers too)."""
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
            self.terms[0].take(columns[0, start:stop], out=idx, mode="wrap")
            for k in range(1, 5):
                self.terms[k].take(columns[k, start:stop], out=add, mode="wrap")
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
        rows = _COLEX_ROWS if self.identities == 52 else self.terms.tolist()
        index = sum(rows[k][c] for k, c in enumerate(cards))
        five = len(cards) == 5
        ords = self.lane_ordinals(lane) if lane is not None else self.ord5 if five else self.ord3
        return int(self.keys[ords[index]])

    def ordinals3(self, cards: LaneCards) -> Ordinals16:
        """Ordinals of many 3-card hands; ``cards`` (N, 3) with each row ascending."""
        c = np.asarray(cards, dtype=np.intp)
        terms = COLEX if self.identities == 52 else self.terms.astype(np.int64)
        idx = terms[0].take(c[:, 0]) + terms[1].take(c[:, 1]) + terms[2].take(c[:, 2])
        out: Ordinals16 = self.ord3.take(idx)
        return out


def _keys(hands: LaneCards, rules: RankingRules, low: bool = False) -> Keys:
    chunks = range(0, len(hands), _CHUNK)
    return np.concatenate([evaluate_batch(hands[i : i + _CHUNK], rules, low) for i in chunks])


def build_tables(rules: RankingRules) -> RankTables:
    """Evaluate every 5- and 3-card hand, in colex order, with the reference
    ``evaluate_batch`` (and, for a lane ranked for low, every hand of its size ranked low)."""
    hands5, hands3 = colex_hands(5), colex_hands(3)
    low = rules.low_lanes
    return tables_of_keys(
        rules,
        _keys(hands5, rules),
        _keys(hands3, rules),
        low5=_keys(hands5, rules, True) if any(lane > 0 for lane in low) else None,
        low3=_keys(hands3, rules, True) if 0 in low else None,
    )


def tables_of_keys(
    rules: RankingRules,
    keys5: Keys,
    keys3: Keys,
    terms: ColexTerms32 = COLEX32,
    identities: int = 52,
    low5: Keys | None = None,
    low3: Keys | None = None,
) -> RankTables:
    """Tables from every 5- and 3-card hand's key (and low key, for the lanes ranked for
    low), by the hand's index under ``terms``."""
    parts = [keys5, keys3, *(k for k in (low5, low3) if k is not None)]
    both = np.concatenate(parts)
    keys = np.unique(both)  # a plain sort, then a search: cheaper than return_inverse's argsort
    if len(keys) >= 1 << 16:
        raise HousegameError(
            f"ranking {rules_slug(rules)} makes {len(keys):,} distinct hands; the arranger "
            "indexes at most 65,535",
            hint="drop ranking.suit_order or ranking.natural_beats_joker",
        )
    inverse = np.searchsorted(keys, both).astype(np.uint16)
    ords: list[Ordinals16] = []
    start = 0
    for part in parts:
        ords.append(inverse[start : start + len(part)])
        start += len(part)
    lows = iter(ords[2:])
    _, strength = np.unique(keys >> 4, return_inverse=True)
    highs = keys
    if low5 is not None or low3 is not None:  # a low key's category is its hand's
        highs = np.where(keys & LOW, [high_of(k) for k in keys.tolist()], keys)
    code = (highs >> 24).astype(np.int32)  # ``category_of``: the straight flush above five alike
    category = np.where(code == STRAIGHT_FLUSH_ABOVE_FIVE, int(Category.STRAIGHT_FLUSH), code)
    return RankTables(
        rules,
        ords[0],
        ords[1],
        keys,
        strength.astype(np.int32),
        category.astype(np.int32),
        terms,
        identities,
        next(lows) if low5 is not None else None,
        next(lows) if low3 is not None else None,
    )


def cache_file(rules: RankingRules, slug: str | None = None) -> Path | None:
    """The cache file of one ranking setting's tables (None: no cache folder is known)."""
    folder = cache_dir()
    name = slug if slug is not None else rules_slug(rules)
    return None if folder is None else folder / f"rank-tables-v{TABLE_VERSION}-{name}.npz"


_ARRAYS = ("ord5", "ord3", "keys", "strength", "category")


def _arrays_of(rules: RankingRules) -> tuple[str, ...]:
    """The arrays a cache file of ``rules`` holds: the low lanes' ordinals where it has them."""
    low = rules.low_lanes
    return _ARRAYS + ("low5",) * any(i > 0 for i in low) + ("low3",) * (0 in low)


def hands_indexed(identities: int, size: int) -> int:
    """Rows of a ``size``-card table: the hands of different cards of one deck (52
    identities), or every multiset of the identities (a deck's tables)."""
    return comb(52, size) if identities == 52 else comb(identities + size - 1, size)


def _from_arrays(
    rules: RankingRules,
    arrays: dict[str, Any],
    shapes: dict[str, tuple[int]],
    terms: ColexTerms32,
    identities: int,
) -> RankTables | None:
    """Tables from verified arrays of the expected shapes and types; None otherwise."""
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
        terms,
        identities,
        arrays.get("low5"),
        arrays.get("low3"),
    )


def cached_tables(
    rules: RankingRules,
    slug: str,
    build: Callable[[], RankTables],
    terms: ColexTerms32 = COLEX32,
    identities: int = 52,
) -> RankTables:
    """Tables from the disk cache (if the file verifies and has the shapes ``terms`` index), or
    built (said on stderr) and cached."""
    path = cache_file(rules, slug)
    names = _arrays_of(rules)
    arrays = load_cached(path, names)
    sizes = {"ord5": 5, "ord3": 3, "low5": 5, "low3": 3}
    shapes = {n: (hands_indexed(identities, sizes[n]),) for n in names if n in sizes}
    found = _from_arrays(rules, arrays, shapes, terms, identities) if arrays is not None else None
    if found is not None:
        return found
    if arrays is not None:
        notice(f"cache file {path} holds tables of the wrong shape; rebuilding it")
    elif path is not None and not path.exists() and not unwritable():
        notice(f"building lookup tables for ranking {slug}; this happens once")
    tables = build()
    store_cached(path, {name: getattr(tables, name) for name in names})
    return tables


def load_rank_tables(rules: RankingRules) -> RankTables:
    """The lookup tables for ``rules`` from the disk cache (if the file verifies), or built
    (about a second, said on stderr) and cached there."""
    return cached_tables(rules, rules_slug(rules), lambda: build_tables(rules))

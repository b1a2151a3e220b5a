"""Lookup tables for a deck with jokers or cards held twice: every multiset of lane cards.

The one-deck tables (``lookup``) index a lane by the colex rank of its different cards. A deck
with an extra suit or a second deck deals a card twice, and a joker is one more card identity
(``JK``, ``JKS``, ``JKB``: 52-54) that a lane may hold more than once. These tables index every
multiset of the 55 identities: a sorted lane ``c0 <= c1 <= ...`` is the set ``c_k + k`` of
different numbers, whose colex rank is the sum of ``C(c_k + k, k + 1)`` (``TERMS``), so the
search reads a hand's subsets exactly as it reads one deck's, with other terms.

A lane without jokers is keyed by ``ranking.evaluate_batch``; a lane with jokers by
``ranking.joker_best``, one joker at a time: its key is the best key of the lane with that
joker standing for each of the 52 cards (its other jokers chosen best in turn), the
scorer's ``wild_best`` (``tests/arrange/test_deck_tables.py`` checks them against
``ranking.evaluate``). Built once per ranking setting in about five seconds of CPU (said on
stderr) and cached like the one-deck tables.
"""

from __future__ import annotations

from math import comb

import numpy as np

from housegame.arrange.combos import colex_hands
from housegame.arrange.lookup import (
    RankTables,
    cached_tables,
    load_rank_tables,
    rules_slug,
    tables_of_keys,
)
from housegame.arrange.spaces import ColexTerms32, Keys, LaneCards
from housegame.cards import IDENTITIES, JOKER_INDEX, Deck
from housegame.errors import HousegameError
from housegame.memo import Kept, array_bytes
from housegame.ranking import RankingRules, evaluate_batch, joker_best

_CHUNK = 65_536
TERMS: ColexTerms32 = np.array(
    [[comb(c + k, k + 1) for c in range(IDENTITIES)] for k in range(5)], dtype=np.int32
)
"""``TERMS[k, c]`` = C(c + k, k + 1): summed over a sorted lane (cards repeated), its row."""


def deck_slug(rules: RankingRules) -> str:
    """The tables' name: the ranking's, then where five of a kind sits (``5a`` above the
    straight flush, ``5b`` below) and the joker settings (``d``: a joker may repeat a card;
    ``n``: a natural hand beats the same hand made with a joker)."""
    place = "5a" if rules.five_of_a_kind == "above-straight-flush" else "5b"
    jokers = ("d" if rules.joker_duplicates else "") + ("n" if rules.natural_beats_joker else "")
    return f"{rules_slug(rules)}-multi-{place}{jokers}"


def multisets(size: int, identities: int = IDENTITIES) -> LaneCards:
    """Every sorted ``size``-card multiset of ``identities`` card identities; row i is the one
    whose index under ``TERMS`` is i."""
    if size == 0:
        return np.zeros((1, 0), dtype=np.int16)
    rows = colex_hands(size, identities + size - 1).astype(np.int16)
    rows -= np.arange(size, dtype=np.int16)
    return rows


def index_of(rows: LaneCards) -> Keys:
    """Each sorted row's index under ``TERMS``."""
    out = np.zeros(len(rows), dtype=np.int64)
    for k in range(rows.shape[1]):
        out += TERMS[k].take(rows[:, k])
    return out


def _natural_keys(rows: LaneCards, rules: RankingRules) -> Keys:
    parts = [evaluate_batch(rows[i : i + _CHUNK], rules) for i in range(0, len(rows), _CHUNK)]
    return np.concatenate(parts) if parts else np.zeros(0, dtype=np.int64)


def lane_keys(size: int, rules: RankingRules) -> Keys:
    """The key of every ``size``-card multiset of the identities, by its index."""
    rows = multisets(size)
    jokers = (rows >= JOKER_INDEX).sum(axis=1)
    keys = np.full(len(rows), -1, dtype=np.int64)
    keys[jokers == 0] = _natural_keys(rows[jokers == 0], rules)
    for wild in range(1, size + 1):
        naturals = multisets(size - wild, JOKER_INDEX)
        rest = np.full((1, wild - 1), JOKER_INDEX, dtype=np.int16)
        best = np.empty(len(naturals), dtype=np.int64)
        for start in range(0, len(naturals), _CHUNK):
            part = naturals[start : start + _CHUNK]
            with_each = np.empty((len(part), JOKER_INDEX), dtype=np.int64)
            for card in range(JOKER_INDEX):
                column = np.full((len(part), 1), card, dtype=np.int16)
                lane = np.sort(np.hstack([part, column]), axis=1)
                lane = np.hstack([lane, np.repeat(rest, len(part), axis=0)])
                with_each[:, card] = keys.take(index_of(lane))
            best[start : start + len(part)] = joker_best(with_each, part.astype(np.int64), rules)
        held = jokers == wild
        keys[held] = best.take(index_of(rows[held][:, : size - wild]))
    return keys


def build_deck_tables(rules: RankingRules) -> RankTables:
    """Every 5- and 3-card multiset's key, as lookup tables."""
    return tables_of_keys(rules, lane_keys(5, rules), lane_keys(3, rules), TERMS, IDENTITIES)


LOW_LANES_DECK = (
    "the arranger sets a lane ranked for low (ranking.low_lanes) from one 52-card deck only, "
    "not from a deck with jokers or a card twice"
)
LOW_LANES_HINT = "give every player's lanes, or drop the deck's jokers and extra cards"


def arranges(rules: RankingRules, deck: Deck) -> bool:
    """Whether the arranger sets hands of ``deck`` ranked by ``rules`` (``LOW_LANES_DECK``)."""
    return deck.is_standard or not rules.low_lanes


TABLES_BYTES = 256 * 2**20
"""Lookup tables kept in memory, by the bytes of their arrays (a 52-card deck's take 6 MiB),
the least recently used going first: a pasted ruleset may name any of hundreds of ranking
settings, each with tables of its own (read again from the disk cache when next needed)."""
_TABLES: Kept[tuple[str, RankingRules], RankTables] = Kept(TABLES_BYTES, array_bytes)


def rank_tables(rules: RankingRules) -> RankTables:
    """One 52-card deck's lookup tables for ``rules``: from memory, else ``load_rank_tables``
    (the disk cache, else built)."""
    return _TABLES.get(("one deck", rules), lambda: load_rank_tables(rules))


def deck_tables(rules: RankingRules) -> RankTables:
    """The multiset tables for ``rules``: from memory, the disk cache, or built and cached.
    They rank every lane high: a lane ranked for low is arranged from one 52-card deck."""
    if rules.low_lanes:
        raise HousegameError(LOW_LANES_DECK, hint=LOW_LANES_HINT)
    return _TABLES.get(
        ("decks", rules),
        lambda: cached_tables(
            rules, deck_slug(rules), lambda: build_deck_tables(rules), TERMS, IDENTITIES
        ),
    )


def tables_for(rules: RankingRules, deck: Deck) -> RankTables:
    """The tables a ruleset's hands are read by: one deck's (``lookup``), or the multiset
    tables where the deck holds jokers or a card twice (both kept while ``TABLES_BYTES``
    allows). Asked for when an arranger or a model is made, not per hand."""
    return rank_tables(rules) if deck.is_standard else deck_tables(rules)

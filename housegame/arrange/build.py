"""Building the lane-odds tables by simulation (``housegame tables build --seed S``).

Deal ``deals`` four-player deals from a seeded generator and set every hand, then count each
lane's hands. Two passes: the first sets hands lexicographically; the second sets the same
hands with the ``ev`` objective of a neutral ruleset (one unit a lane, nothing else) using the
first pass's odds, so the shipped odds describe opponents who play sensibly rather than
mechanically. The result depends only on the ranking setting, the seed and the deal count.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

import numpy as np
import numpy.typing as npt

from housegame.arrange.cache import Unverified, cache_dir, notice, store_cached, unwritable
from housegame.arrange.decktables import deck_slug, rank_tables, tables_for
from housegame.arrange.evsearch import EvSearch
from housegame.arrange.lexicographic import search_lexicographic
from housegame.arrange.lookup import RankTables, rules_slug
from housegame.arrange.model import EvModel
from housegame.arrange.odds import (
    DATA_DIR,
    ODDS_VERSION,
    LaneOdds,
    deck_name,
    load_shipped,
    odds_name,
)
from housegame.arrange.plan import PLAN
from housegame.arrange.search import Found
from housegame.arrange.spaces import CardIndices
from housegame.arrange.splits import split_positions
from housegame.cards import STANDARD_DECK, SUIT_NAMES, Deck
from housegame.dealer import deal_deck, deal_hands
from housegame.memo import Kept
from housegame.ranking import RankingRules
from housegame.rulesets.common import LANES, DeckSpec, Ranking
from housegame.rulesets.thirteen import Foul, ThirteenCardRuleset


def neutral_ruleset(rules: RankingRules, deck: DeckSpec | None = None) -> ThirteenCardRuleset:
    """One unit a lane, no scoop, no add-ons: what a 'random opponent' is assumed to play for
    (``deck``: dealt from it, its joker settings those of ``rules``)."""
    order = None if rules.suit_order is None else [SUIT_NAMES[s] for s in rules.suit_order]
    fields: dict[str, object] = {
        "wheel_straight": rules.wheel_straight,
        "wheel_straight_flush": rules.wheel_straight_flush,
        "suit_order": order,
        "front_straights": rules.front_straights,
        "front_flushes": rules.front_flushes,
        "low_lanes": {LANES[lane]: "deuce-to-seven" for lane in rules.low_lanes},
    }
    if deck is not None and deck.deck().jokers:
        fields |= {
            "joker_duplicates": rules.joker_duplicates,
            "natural_beats_joker": rules.natural_beats_joker,
        }
    if deck is not None and not deck.deck().is_standard:
        fields["five_of_a_kind"] = rules.five_of_a_kind
    return ThirteenCardRuleset(
        id="neutral",
        name="neutral",
        summary="one unit a lane",
        ranking=Ranking.model_validate(fields),
        foul=Foul(handling="refuse"),
        deck=deck if deck is not None else DeckSpec(),
    )


def lane_histogram(
    rules: RankingRules,
    hands: CardIndices,
    search: Callable[[npt.NDArray[np.intp]], list[Found]],
    meta: dict[str, object],
    tables: RankTables | None = None,
) -> LaneOdds:
    """Set every hand with ``search`` and count each lane's keys (read from ``tables``, by
    default the one-deck tables of ``rules``)."""
    tables = tables if tables is not None else rank_tables(rules)
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


def build_lane_odds(
    rules: RankingRules, seed: int, deals: int, deck: DeckSpec | None = None
) -> LaneOdds:
    """Lane odds for one ranking setting, reproducible from ``seed`` and ``deals``; ``deck``:
    dealt from that deck (as many hands of 13 a deal as it holds), the odds named by the
    ranking and the deck (``odds_slug``)."""
    cards = deck.deck() if deck is not None else STANDARD_DECK
    tables = tables_for(rules, cards)
    if cards.is_standard:
        hands = deal_hands(seed, deals)
    else:
        hands = deal_deck(seed, deals, np.array([c.index for c in cards.cards()], dtype=np.intp))
    meta: dict[str, object] = {
        "version": ODDS_VERSION,
        "seed": seed,
        "deals": deals,
        "ranking": odds_slug(rules, cards),
        "passes": "lexicographic, ev",
    }
    first = lane_histogram(
        rules, hands, lambda cards: search_lexicographic(cards, tables, 1), meta, tables
    )
    search = EvSearch(EvModel(neutral_ruleset(rules, deck), first))
    return lane_histogram(rules, hands, lambda cards: search.search(cards, 1), meta, tables)


def odds_slug(rules: RankingRules, deck: Deck) -> str:
    """What names a lane-odds file: the ranking setting, and a deck other than one 52-card
    deck (``decktables.deck_slug`` and ``odds.deck_name``)."""
    return rules_slug(rules) if deck.is_standard else f"{deck_slug(rules)}-{deck_name(deck)}"


def rankings_of(rulesets: Iterable[ThirteenCardRuleset]) -> list[RankingRules]:
    """The distinct ranking settings among ``rulesets``, in first-seen order."""
    seen: dict[RankingRules, None] = {}
    for ruleset in rulesets:
        seen.setdefault(ruleset.ranking.rules(), None)
    return list(seen)


FALLBACK_SEED = 0
FALLBACK_DEALS = 1000


def ruleset_odds(ruleset: ThirteenCardRuleset) -> LaneOdds:
    """The lane odds of a ruleset's opponents: those of its ranking setting, dealt from its
    deck (a deck with jokers or a card twice has its own, built on first use and cached)."""
    rules = ruleset.ranking.rules()
    if ruleset.deck.deck().is_standard:
        return lane_odds(rules)
    return _deck_odds(rules, ruleset.deck.model_dump_json())


ODDS_KEPT = 64
"""Lane odds kept in memory (a ranking setting's, or a deck's), the least recently used going
first: a pasted ruleset may name any ranking setting (read again from their files when next
needed)."""
_ODDS: Kept[tuple[RankingRules, str | None], LaneOdds] = Kept(ODDS_KEPT)


def _deck_odds(rules: RankingRules, deck: str) -> LaneOdds:
    return _ODDS.get((rules, deck), lambda: _odds(rules, DeckSpec.model_validate_json(deck)))


def lane_odds(rules: RankingRules) -> LaneOdds:
    """The lane odds of ``rules``: from memory, else ``load_lane_odds``."""
    return _ODDS.get((rules, None), lambda: load_lane_odds(rules))


def load_lane_odds(rules: RankingRules) -> LaneOdds:
    """Shipped odds for ``rules`` (a damaged shipped file is an error); else the user cache (a
    file that does not verify is rebuilt); else built now (seed 0, 1,000 deals) and cached."""
    return _odds(rules, None)


def _odds(rules: RankingRules, deck: DeckSpec | None) -> LaneOdds:
    """``lane_odds``; ``deck``: opponents dealt from it (its odds are never shipped)."""
    slug = odds_slug(rules, deck.deck() if deck is not None else STANDARD_DECK)
    shipped = DATA_DIR / odds_name(rules, slug)
    if shipped.is_file():
        return load_shipped(shipped, rules)
    folder = cache_dir()
    cached = folder / odds_name(rules, slug) if folder is not None else None
    if cached is not None and cached.is_file():
        try:
            odds = LaneOdds.load(cached, rules, require_checksum=True, slug=slug)
            if (odds.meta.get("seed"), odds.meta.get("deals")) == (FALLBACK_SEED, FALLBACK_DEALS):
                return odds
            notice(f"cache file {cached} was built from other deals; rebuilding it")
        except Unverified as exc:
            notice(f"cache file {cached} does not verify ({exc}); rebuilding it")
    if cached is not None and not cached.exists() and not unwritable():
        notice(
            f"building lane odds for ranking {slug} from {FALLBACK_DEALS:,} deals; "
            "this happens once"
        )
    odds = build_lane_odds(rules, FALLBACK_SEED, FALLBACK_DEALS, deck)
    store_cached(cached, odds.arrays(), compressed=True)
    return odds

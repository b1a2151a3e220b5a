"""Legal moves and hints: every play a hand can make now, weakest first.

Five-card hands are built from their shape (listed straights, suits with five
or more cards, triples with pairs, fours with a kicker) rather than by trying
all 1287 five-card subsets, so a whole game of hints stays fast.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Iterator, Sequence
from itertools import combinations, product

from housegame.bigtwo.combos import FAMILIES, Combo, beats, classify
from housegame.bigtwo.errors import BigTwoError
from housegame.bigtwo.rules import Rules
from housegame.cards import Card


def candidate_groups(hand: Sequence[Card], rules: Rules) -> Iterator[tuple[Card, ...]]:
    """Every group of cards that may be a play, by shape (some repeat, some are no play)."""
    by_rank: dict[int, list[Card]] = defaultdict(list)
    by_suit: dict[int, list[Card]] = defaultdict(list)
    for card in hand:
        by_rank[card.rank].append(card)
        by_suit[card.suit].append(card)
    for cards in by_rank.values():
        for size in (1, 2, 3):
            yield from combinations(cards, size)
    for ranks in rules.straights:
        if all(r in by_rank for r in ranks):
            yield from product(*(by_rank[r] for r in ranks))
    for cards in by_suit.values():
        yield from combinations(cards, 5)
    for rank, cards in by_rank.items():
        if len(cards) >= 3:
            others = [r for r in by_rank if r != rank and len(by_rank[r]) >= 2]
            for triple in combinations(cards, 3):
                for other in others:
                    for pair in combinations(by_rank[other], 2):
                        yield triple + pair
        if len(cards) == 4:
            if rules.ruleset.quads_kicker:
                yield from ((*tuple(cards), k) for k in hand if k.rank != rank)
            else:
                yield tuple(cards)


def all_plays(hand: Iterable[Card], rules: Rules) -> list[Combo]:
    """Every combination the hand can form, weakest first (singles, pairs, triples, five-card)."""
    cards = list(hand)
    seen: set[frozenset[Card]] = set()
    plays: list[Combo] = []
    for group in candidate_groups(cards, rules):
        key = frozenset(group)
        if key in seen:
            continue
        seen.add(key)
        try:
            plays.append(classify(group, rules))
        except BigTwoError:
            continue
    return sorted(plays, key=order_key)


def order_key(play: Combo) -> tuple[int, tuple[int, ...], tuple[int, ...]]:
    """Weakest first: by family (single < pair < triple < five-card), then strength."""
    return FAMILIES.index(play.family), play.strength, tuple(c.index for c in play.cards)


def legal_plays(
    hand: Iterable[Card],
    rules: Rules,
    table: Combo | None = None,
    must_contain: Card | None = None,
    plays: list[Combo] | None = None,
) -> list[Combo]:
    """Plays allowed now: any play when leading, else those that beat ``table``; the first
    play of a game must contain the lead card (``must_contain``)."""
    found = all_plays(hand, rules) if plays is None else plays
    return [
        p
        for p in found
        if (table is None or beats(p, table, rules))
        and (must_contain is None or must_contain in p.cards)
    ]


def hint(
    hand: Iterable[Card], rules: Rules, table: Combo | None = None, must_contain: Card | None = None
) -> Combo | None:
    """The weakest play that beats the table (or the weakest lead); None means pass."""
    plays = legal_plays(hand, rules, table, must_contain)
    if table is not None:
        same = [p for p in plays if p.family == table.family]
        plays = same or plays
    return plays[0] if plays else None


def lowest_card_lead(
    hand: Iterable[Card], rules: Rules, must_contain: Card | None = None, most_cards: bool = False
) -> Combo:
    """A lead that sheds the lowest card: alone, or in the largest play holding it."""
    cards = list(hand)
    if not cards:
        raise BigTwoError("an empty hand cannot lead")
    low = must_contain if must_contain is not None else min(cards, key=rules.power)
    if not most_cards:
        return classify((low,), rules)
    holding = [p for p in legal_plays(cards, rules, None, low)]
    return min(holding, key=lambda p: (-len(p.cards), order_key(p)))

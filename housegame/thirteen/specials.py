"""Declared special hands: which hold, which is best, and how two of them compare."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations, combinations_with_replacement

from housegame.cards import DECK, Card
from housegame.rulesets.thirteen import HandCondition, SpecialHand, ThirteenCardRuleset
from housegame.thirteen.conditions import (
    HandCounts,
    best_shaped_lanes,
    first_can_set,
    pair_ranks,
    reads,
)


@dataclass(frozen=True)
class Declared:
    """A special hand a player declared, with what it is worth and how it ranks."""

    hand: SpecialHand
    points: int
    rank: tuple[int, ...]
    """Compared between declarers: order (points or list place), then the tie-break."""

    @property
    def label(self) -> str:
        return f"{self.hand.name} ({self.hand.id})"


def special_points(hand: SpecialHand, cards: HandCounts) -> int | None:
    """The points ``hand`` pays for these cards, or None when it does not hold."""
    if hand.tiers is not None:
        held = [t.points for t in hand.tiers if cards.holds(t.when)]
        return max(held) if held else None
    assert hand.when is not None and hand.points is not None
    return hand.points if cards.holds(hand.when) else None


def _tiebreak(
    hand: SpecialHand, cards: Sequence[Card], ruleset: ThirteenCardRuleset
) -> tuple[int, ...]:
    if hand.tiebreak == "pairs":
        return pair_ranks(cards)
    if hand.tiebreak == "lanes" and hand.when is not None:
        shape = first_can_set(hand.when)
        if shape is not None:
            return best_shaped_lanes(shape, cards, ruleset.ranking.rules())
    return ()


def _completed(
    hand: SpecialHand, cards: HandCounts, ruleset: ThirteenCardRuleset
) -> tuple[int, HandCounts] | None:
    """The most ``hand`` pays for these cards, with the cards that pay it: as dealt, a joker
    standing for no card; and where the ruleset lets a joker complete the hand, with every
    card each joker may stand for (``ranking.joker_duplicates`` applies)."""
    points = special_points(hand, cards)
    best = (points, cards) if points is not None else None
    if not ruleset.specials.joker_completes(hand):
        return best
    naturals = [c for c in cards.cards if not c.is_joker]
    wild = len(cards.cards) - len(naturals)
    if not wild:
        return best
    repeats = ruleset.ranking.joker_duplicates
    deck = _stand_ins(hand, [c for c in DECK if repeats or c not in naturals], wild, repeats)
    for stand in (combinations_with_replacement if repeats else combinations)(deck, wild):
        counts = HandCounts.of([*naturals, *stand])
        found = special_points(hand, counts)
        if found is not None and (best is None or found > best[0]):
            best = (found, counts)
    return best


def _stand_ins(hand: SpecialHand, deck: list[Card], wild: int, repeats: bool) -> list[Card]:
    """The cards of ``deck`` the jokers are tried as: all of them where the hand's condition
    reads the cards; where it reads only rank counts (suit counts, both), the first cards of
    each rank (suit, rank and suit) in deck order, as many as a stand of ``wild`` jokers can
    use (one where a joker may repeat a card). Stands that differ only in cards the
    condition cannot tell apart meet it alike, and the first of them in the full order is
    still tried first: the answer is the full order's."""
    read = frozenset().union(*(reads(c) for c in _conditions(hand)))
    if "cards" in read:
        return deck
    limit = 1 if repeats else wild
    kept: dict[tuple[int, ...], int] = {}
    out = []
    for card in deck:
        part = (card.rank if "ranks" in read else 0, card.suit if "suits" in read else 0)
        if kept.get(part, 0) < limit:
            kept[part] = kept.get(part, 0) + 1
            out.append(card)
    return out


def _conditions(hand: SpecialHand) -> list[HandCondition]:
    return (
        [t.when for t in hand.tiers] if hand.tiers is not None else [hand.when] if hand.when else []
    )


def declare(hand: SpecialHand, cards: HandCounts, ruleset: ThirteenCardRuleset) -> Declared | None:
    completed = _completed(hand, cards, ruleset)
    if completed is None:
        return None
    points, cards = completed
    specials = ruleset.specials
    place = specials.place(hand)
    order = points if specials.order == "points" else place
    return Declared(hand, points, (order, place, *_tiebreak(hand, cards.cards, ruleset)))


def holding(
    cards: Sequence[Card], ruleset: ThirteenCardRuleset, counts: HandCounts | None = None
) -> list[Declared]:
    """Every special hand these 13 cards make, best first; ``counts``: the cards' counts when
    already made (conditions answered for another ruleset are not asked again)."""
    counts = counts if counts is not None else HandCounts.of(cards)
    found = [d for h in ruleset.specials.hands if (d := declare(h, counts, ruleset)) is not None]
    return sorted(found, key=lambda d: (d.rank[0], d.points, d.rank[1:]), reverse=True)


def compare(a: Declared, b: Declared) -> int:
    """+1 if ``a`` is higher, -1 if lower, 0 if equal. Different kinds compare by order only;
    the same kind goes on to its tie-break."""
    if a.rank[0] != b.rank[0]:
        return 1 if a.rank[0] > b.rank[0] else -1
    if a.hand.id != b.hand.id:
        return 0
    return (a.rank > b.rank) - (a.rank < b.rank)

"""Declared special hands: which hold, which is best, and how two of them compare."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from housegame.budget import check
from housegame.cards import Card
from housegame.rulesets.thirteen import SpecialHand, ThirteenCardRuleset
from housegame.thirteen.completion import completed
from housegame.thirteen.conditions import (
    HandCounts,
    best_shaped_lanes,
    first_can_set,
    pair_ranks,
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
    standing for no card; and where the ruleset lets a joker complete the hand, with each
    joker standing for any card (``ranking.joker_duplicates`` applies; ``completion``)."""
    points = special_points(hand, cards)
    dealt = (points, cards) if points is not None else None
    if not ruleset.specials.joker_completes(hand) or all(not c.is_joker for c in cards.cards):
        return dealt
    repeats = ruleset.ranking.joker_duplicates
    wild = completed(hand, cards, repeats, lambda counts: special_points(hand, counts), points)
    return wild if wild is not None else dealt


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
    check()
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

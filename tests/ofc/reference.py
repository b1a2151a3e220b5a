"""A brute-force Fantasyland reference: every setting of every 13 of the cards, scored plainly.

Slow on purpose (13- and 14-card hands only). It shares nothing with the
solver: it reads royalties and stay rules straight from the ruleset and ranks
lanes with the scalar ``evaluate``.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from housegame.cards import Card
from housegame.ranking import Category, category_of, evaluate, strength
from housegame.rulesets.ofc import OfcRuleset

RANK_NAMES = {
    2: "2",
    3: "3",
    4: "4",
    5: "5",
    6: "6",
    7: "7",
    8: "8",
    9: "9",
    10: "10",
    11: "J",
    12: "Q",
    13: "K",
    14: "A",
}


def royalty(ruleset: OfcRuleset, lane: str, cards: Sequence[Card]) -> int:
    """The royalty table read literally: front by pair/trips rank, others by hand name."""
    ranks = sorted((c.rank for c in cards), reverse=True)
    key = evaluate(cards, ruleset.ranking.rules())
    category = category_of(key)
    if lane == "front":
        counts = {r: ranks.count(r) for r in ranks}
        if category == Category.TRIPS:
            return int(ruleset.royalties.front.trips.get(RANK_NAMES[ranks[0]], 0))  # type: ignore[call-overload]
        if category == Category.PAIR:
            pair = next(r for r, n in counts.items() if n == 2)
            return int(ruleset.royalties.front.pairs.get(RANK_NAMES[pair], 0))  # type: ignore[call-overload]
        return 0
    table = ruleset.royalties.middle if lane == "middle" else ruleset.royalties.back
    name = category.label
    if category == Category.STRAIGHT_FLUSH and set(ranks) == {10, 11, 12, 13, 14}:
        name = "royal-flush"
    return int(table.get(name, 0))  # type: ignore[call-overload]


def reaches(key: int, label: str | None) -> bool:
    return label is not None and category_of(key) >= Category.from_label(label)


def best_objective(cards: Sequence[Card], ruleset: OfcRuleset) -> tuple[int, ...]:
    """The best (priority-ordered) objective over every setting."""
    fantasyland = ruleset.fantasyland
    assert fantasyland is not None
    stay = fantasyland.stay
    rules = ruleset.ranking.rules()
    held = list(range(len(cards)))

    def lane(name: str, picked: tuple[int, ...]) -> tuple[int, int, bool]:
        lane_cards = [cards[i] for i in picked]
        key = evaluate(lane_cards, rules)
        label = {"front": stay.front, "middle": stay.middle, "back": stay.back}[name]
        return strength(key), royalty(ruleset, name, lane_cards), reaches(key, label)

    fives = {c: (lane("middle", c), lane("back", c)) for c in combinations(held, 5)}
    fronts = {c: lane("front", c) for c in combinations(held, 3)}
    keep = ruleset.foul.royalties == "keep"
    o1, o2, o3 = (("no-foul", "stay", "royalties").index(p) for p in fantasyland.solver_priority)
    best: tuple[int, ...] = ()
    for back in combinations(held, 5):
        b = fives[back][1]
        rest = [c for c in held if c not in back]
        for middle in combinations(rest, 5):
            m = fives[middle][0]
            left = [c for c in rest if c not in middle]
            for front in combinations(left, 3):
                f = fronts[front]
                clean = f[0] <= m[0] <= b[0]
                paid = f[1] + m[1] + b[1] if clean or keep else 0
                stays = (clean or not stay.clean) and (f[2] or m[2] or b[2])
                values = (int(clean), int(stays), paid)
                candidate = (values[o1], values[o2], values[o3])
                best = max(best, candidate)
    return best

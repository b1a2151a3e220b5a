"""Exhaustive order checks: every single, pair, triple, straight, straight flush and flush of
the deck, for each shipped ruleset, ordered exactly as the ruleset states.

The expected keys below are computed straight from the ruleset's stated lists (rank_order,
suit_order, straights, five_card_order), independently of the interpreter's tables.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from itertools import combinations, pairwise, product

from housegame.bigtwo import Combo, Rules, beats, classify, load_rules
from housegame.cards import DECK, RANK_CHARS, SUIT_NAMES, Card

Key = tuple[int, ...]


def rank_name(card: Card) -> str:
    return "10" if card.rank == 10 else RANK_CHARS[card.rank - 2]


@cache
def _stated(ruleset_id: str) -> tuple[dict[str, int], dict[str, int]]:
    """Rank name -> place in rank_order, suit name -> place in suit_order (lowest 0)."""
    ruleset = load_rules(ruleset_id).ruleset
    return (
        {r: i for i, r in enumerate(ruleset.rank_order)},
        {s: i for i, s in enumerate(ruleset.suit_order)},
    )


def rank_index(rules: Rules, card: Card) -> int:
    return _stated(rules.id)[0][rank_name(card)]


def suit_index(rules: Rules, card: Card) -> int:
    return _stated(rules.id)[1][SUIT_NAMES[card.suit]]


def assert_all_pairs(
    rules: Rules, plays: Sequence[Combo], expected: Callable[[Combo], Key]
) -> None:
    for a in plays:
        for b in plays:
            assert beats(a, b, rules) is (expected(a) > expected(b)), (str(a), str(b))


def assert_sorted_chain(
    rules: Rules, plays: Sequence[Combo], expected: Callable[[Combo], Key]
) -> None:
    """Sorted by the expected key, each play beats the one before iff its key is higher, and
    never the other way round; strengths are tuples, so the chain pins the whole order."""
    chain = sorted(((expected(p), p) for p in plays), key=lambda kp: kp[0])
    for (low_key, low), (high_key, high) in pairwise(chain):
        higher = high_key > low_key
        assert beats(high, low, rules) is higher, (str(high), str(low))
        assert not beats(low, high, rules), (str(low), str(high))
        assert (high.strength > low.strength) is higher


def test_singles(rules: Rules) -> None:
    singles = [classify((c,), rules) for c in DECK]
    assert len(singles) == 52
    assert_all_pairs(
        rules, singles, lambda p: (rank_index(rules, p.cards[0]), suit_index(rules, p.cards[0]))
    )


def test_pairs(rules: Rules) -> None:
    pairs = [
        classify(pair, rules)
        for rank in range(13)
        for pair in combinations(DECK[rank * 4 : rank * 4 + 4], 2)
    ]
    assert len(pairs) == 78
    assert_all_pairs(
        rules,
        pairs,
        lambda p: (rank_index(rules, p.cards[0]), max(suit_index(rules, c) for c in p.cards)),
    )


def test_triples(rules: Rules) -> None:
    triples = [
        classify(t, rules)
        for rank in range(13)
        for t in combinations(DECK[rank * 4 : rank * 4 + 4], 3)
    ]
    assert len(triples) == 52
    assert_all_pairs(rules, triples, lambda p: (rank_index(rules, p.cards[0]),))


def _straight_key(rules: Rules, play: Combo) -> Key:
    names = frozenset(rank_name(c) for c in play.cards)
    position = _stated_straights(rules.id)[names]
    top = max(play.cards, key=lambda c: rank_index(rules, c))
    return position, suit_index(rules, top)


@cache
def _stated_straights(ruleset_id: str) -> dict[frozenset[str], int]:
    return {
        frozenset(text.split("-")): i
        for i, text in enumerate(load_rules(ruleset_id).ruleset.straights)
    }


def _all_straights(rules: Rules) -> list[Combo]:
    return _straights_of(rules.id)


@cache
def _straights_of(ruleset_id: str) -> list[Combo]:
    rules = load_rules(ruleset_id)
    out: list[Combo] = []
    for text in rules.ruleset.straights:
        ranks = ["T" if r == "10" else r for r in text.split("-")]
        columns = [[Card(RANK_CHARS.index(r) * 4 + s) for s in range(4)] for r in ranks]
        out.extend(classify(cards, rules) for cards in product(*columns))
    return out


def test_every_straight_and_straight_flush(rules: Rules) -> None:
    plays = _all_straights(rules)
    assert len(plays) == len(rules.ruleset.straights) * 4**5
    flushes = [p for p in plays if p.kind == "straight-flush"]
    straights = [p for p in plays if p.kind == "straight"]
    assert len(flushes) == 4 * len(rules.ruleset.straights)
    assert_sorted_chain(rules, straights, lambda p: _straight_key(rules, p))
    assert_all_pairs(rules, flushes, lambda p: _straight_key(rules, p))


def test_every_flush(rules: Rules) -> None:
    plays = [
        classify(cards, rules) for suit in range(4) for cards in combinations(DECK[suit::4], 5)
    ]
    flushes = [p for p in plays if p.kind == "flush"]
    assert len(flushes) == 4 * 1287 - 4 * len(rules.ruleset.straights)

    def key(p: Combo) -> Key:
        ranks = tuple(sorted((rank_index(rules, c) for c in p.cards), reverse=True))
        suit = (suit_index(rules, p.cards[0]),)
        return ranks + suit if rules.ruleset.flush_compare == "rank-first" else suit + ranks

    assert_sorted_chain(rules, flushes, key)


def test_a_higher_five_card_kind_beats_any_lower(rules: Rules) -> None:
    weakest = {
        "straight": classify([DECK[i] for i in (4, 9, 14, 19, 20)], rules),  # 3-4-5-6-7 mixed suits
        "flush": classify([DECK[i] for i in (4, 8, 12, 16, 28)], rules),  # 3 4 5 6 9 of clubs
        "full-house": classify([DECK[i] for i in (4, 5, 6, 8, 9)], rules),
        "quads": classify([DECK[i] for i in (4, 5, 6, 7, 8)], rules),
        "straight-flush": classify([DECK[i] for i in (4, 8, 12, 16, 20)], rules),
    }
    strongest: dict[str, Combo] = {}
    for play in _all_five(rules):
        if play.kind not in strongest or play.strength > strongest[play.kind].strength:
            strongest[play.kind] = play
    order = rules.ruleset.five_card_order
    for low, high in pairwise(order):
        assert beats(weakest[high], strongest[low], rules), (high, low)
        assert not beats(strongest[low], weakest[high], rules)


def _all_five(rules: Rules) -> list[Combo]:
    plays = _all_straights(rules)
    plays += [classify(c, rules) for s in range(4) for c in combinations(DECK[s::4], 5)]
    tops = [rank for rank in range(13)]
    for trip, pair in product(tops, tops):
        if trip != pair:
            plays.append(
                classify(DECK[trip * 4 : trip * 4 + 3] + DECK[pair * 4 : pair * 4 + 2], rules)
            )
            plays.append(
                classify(DECK[trip * 4 : trip * 4 + 4] + DECK[pair * 4 : pair * 4 + 1], rules)
            )
    return plays


def test_full_house_and_quads_compare_by_their_main_rank_only(rules: Rules) -> None:
    houses = [
        classify(DECK[t * 4 : t * 4 + 3] + DECK[p * 4 : p * 4 + 2], rules)
        for t in range(13)
        for p in range(13)
        if t != p
    ]
    assert_sorted_chain(
        rules,
        houses,
        lambda p: (
            rank_index(rules, max(p.cards, key=lambda c: sum(d.rank == c.rank for d in p.cards))),
        ),
    )

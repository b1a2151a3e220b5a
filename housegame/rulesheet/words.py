"""Conditions and counts in words: one generic renderer over the ruleset condition vocabulary,
so every special hand and bonus reads the same way whatever ruleset defines it."""

from __future__ import annotations

from collections.abc import Sequence

from housegame.glossary import Lang, term
from housegame.rulesets.common import Bounds, Count
from housegame.rulesets.thirteen import (
    AllOf,
    AnyOf,
    CanSetCondition,
    CardFilter,
    CountCards,
    DistinctRanks,
    DistinctSuits,
    HandAll,
    HandAny,
    HandCondition,
    HandNot,
    LaneIs,
    MostOfARank,
    NotOf,
    PairsCount,
    RankPattern,
    RepeatedRanks,
    SettingCondition,
    SuitPattern,
)


def either(items: Sequence[str], joiner: str = "or") -> str:
    """'a', 'a or b', 'a, b or c'."""
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {joiner} {items[-1]}"


def count_words(count: Count, noun: str, plural: str | None = None) -> str:
    """'6 pairs', 'at least 7 cards', 'at most 3 ...', '2 to 5 ...'."""
    many = plural if plural is not None else noun + "s"
    if isinstance(count, int):
        return f"{count} {noun if count == 1 else many}"
    assert isinstance(count, Bounds)
    if count.min is not None and count.max is not None:
        if count.min == count.max:
            return count_words(count.min, noun, plural)
        return f"{count.min} to {count.max} {many}"
    if count.min is not None:
        return f"at least {count.min} {noun if count.min == 1 else many}"
    return f"at most {count.max} {noun if count.max == 1 else many}"


def _filter_words(f: CardFilter, lang: Lang) -> str:
    noun = f"{term(f.colour, lang)} card" if f.colour is not None else "card"
    counted = count_words(f.count, noun)
    qualifiers: list[str] = []
    if f.ranks is not None:
        qualifiers.append(f"of rank {either(list(f.ranks))}")
    if f.min_rank is not None and f.max_rank is not None:
        qualifiers.append(f"ranked {f.min_rank} to {f.max_rank}")
    elif f.min_rank is not None:
        qualifiers.append(f"ranked {f.min_rank} or higher")
    elif f.max_rank is not None:
        qualifiers.append(f"ranked {f.max_rank} or lower")
    if f.suits is not None:
        qualifiers.append(f"in {either([term(s, lang) for s in f.suits])}")
    return " ".join([counted, *qualifiers])


def _pattern(counts: list[int]) -> str:
    return "-".join(str(c) for c in counts)


def _joined(parts: list[tuple[str, bool]], joiner: str) -> str:
    """Join sub-conditions, bracketing those that are themselves all/any."""
    return f" {joiner} ".join(f"({text})" if compound else text for text, compound in parts)


def hand_words(cond: HandCondition, lang: Lang = "en") -> str:
    """A condition on 13 cards (a special hand) in words."""
    if isinstance(cond, HandAll):
        return _joined([(hand_words(c, lang), _compound(c)) for c in cond.all], "and")
    if isinstance(cond, HandAny):
        return _joined([(hand_words(c, lang), _compound(c)) for c in cond.any], "or")
    if isinstance(cond, HandNot):
        return f"not ({hand_words(cond.not_, lang)})"
    if isinstance(cond, RankPattern):
        return f"cards per rank exactly {_pattern(cond.rank_pattern)}"
    if isinstance(cond, SuitPattern):
        return f"cards per suit exactly {_pattern(cond.suit_pattern)}"
    if isinstance(cond, PairsCount):
        return count_words(cond.pairs, "pair") + " (quads count two, trips one)"
    if isinstance(cond, DistinctRanks):
        return count_words(cond.distinct_ranks, "different rank")
    if isinstance(cond, RepeatedRanks):
        return count_words(cond.repeated_ranks, "rank") + " held twice or more"
    if isinstance(cond, MostOfARank):
        return count_words(cond.most_of_a_rank, "card") + " of the commonest rank"
    if isinstance(cond, DistinctSuits):
        return count_words(cond.distinct_suits, "suit")
    if isinstance(cond, CountCards):
        return _filter_words(cond.count_cards, lang)
    assert isinstance(cond, CanSetCondition)
    shape = cond.can_set
    lanes = [
        f"{term(lane, lang)} {term(getattr(shape, lane), lang)}"
        for lane in ("front", "middle", "back")
    ]
    return "can be set " + ", ".join(lanes)


def setting_words(cond: SettingCondition, lang: Lang = "en") -> str:
    """A condition on a set hand (a bonus) in words."""
    if isinstance(cond, AllOf):
        return _joined([(setting_words(c, lang), _compound(c)) for c in cond.all], "and")
    if isinstance(cond, AnyOf):
        return _joined([(setting_words(c, lang), _compound(c)) for c in cond.any], "or")
    if isinstance(cond, NotOf):
        return f"not ({setting_words(cond.not_, lang)})"
    assert isinstance(cond, LaneIs)
    parts = [term(cond.lane, lang)]
    if cond.category is not None:
        parts.append(either([term(c, lang) for c in cond.category]))
    elif cond.suited is None and cond.ranks is None:
        parts.append("any hand")
    if cond.suited is not None:
        parts.append("all one suit" if cond.suited else "not all one suit")
    if cond.ranks is not None:
        parts.append(f"ranks exactly {either(list(cond.ranks), 'and')}")
    return " ".join(parts[:2]) + "".join(f", {p}" for p in parts[2:])


def _compound(cond: HandCondition | SettingCondition) -> bool:
    return isinstance(cond, HandAll | HandAny | AllOf | AnyOf)

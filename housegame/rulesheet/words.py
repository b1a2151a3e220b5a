"""Conditions and counts in words: one generic renderer over the ruleset condition vocabulary,
so every special hand and bonus reads the same way whatever ruleset defines it."""

from __future__ import annotations

from collections.abc import Sequence

from housegame.glossary import Lang, Phrase, say, term
from housegame.rulesets.common import Bounds, Count
from housegame.rulesets.thirteen import (
    AllOf,
    AnyOf,
    CanSetCondition,
    CardFilter,
    CardSelection,
    CountCards,
    DistinctRanks,
    DistinctSuits,
    HandAll,
    HandAny,
    HandCondition,
    HandNot,
    Holds,
    LaneIs,
    MostOfARank,
    NotOf,
    PairsCount,
    RankPattern,
    RepeatedRanks,
    SettingCondition,
    SuitPattern,
)

AND: Phrase = ("and", "且")
OR: Phrase = ("or", "或")


def either(items: Sequence[str], lang: Lang = "en", joiner: Phrase = OR) -> str:
    """'a', 'a or b', 'a, b or c'; in Chinese 'a/b/c'."""
    if lang == "zh" or len(items) <= 1:
        return "/".join(items)
    return f"{', '.join(items[:-1])} {say(lang, joiner)} {items[-1]}"


def count_words(count: Count, noun: Phrase, lang: Lang = "en") -> str:
    """'6 pairs', 'at least 7 cards', 'at most 3 ...', '2 to 5 ...' (noun: singular, and the
    Chinese measure word and noun)."""
    singular, chinese = noun
    plural = singular if singular.endswith("s") else singular + "s"
    if isinstance(count, Bounds) and count.min is not None and count.min == count.max:
        count = count.min
    if isinstance(count, int):
        return say(
            lang,
            ("{n} {noun}", "{n} {zh}"),
            n=count,
            noun=singular if count == 1 else plural,
            zh=chinese,
        )
    assert isinstance(count, Bounds)
    if count.min is not None and count.max is not None:
        shape = ("{a} to {b} {noun}", "{a}-{b} {zh}")
        return say(lang, shape, a=count.min, b=count.max, noun=plural, zh=chinese)
    if count.min is not None:
        noun_en = singular if count.min == 1 else plural
        return say(
            lang, ("at least {n} {noun}", "至少 {n} {zh}"), n=count.min, noun=noun_en, zh=chinese
        )
    noun_en = singular if count.max == 1 else plural
    return say(lang, ("at most {n} {noun}", "至多 {n} {zh}"), n=count.max, noun=noun_en, zh=chinese)


def _filter_words(f: CardFilter, lang: Lang) -> str:
    noun, qualifiers = _selection_parts(f, lang)
    return " ".join([count_words(f.count, noun, lang), *qualifiers])


def selection_words(f: CardSelection, lang: Lang) -> str:
    """'card of rank A', '张点数为 A 的牌': one card that a selection takes."""
    (singular, chinese), qualifiers = _selection_parts(f, lang)
    if lang == "en":
        return " ".join([singular, *qualifiers])
    return "".join(qualifiers) + ("的" if qualifiers else "") + chinese.removeprefix("张")


def _selection_parts(f: CardSelection, lang: Lang) -> tuple[tuple[str, str], list[str]]:
    colour = term(f.colour, lang) if f.colour is not None else ""
    noun = (f"{colour} card".strip(), f"张{colour}牌")
    qualifiers: list[str] = []
    if f.ranks is not None:
        qualifiers.append(say(lang, ("of rank {r}", "点数为 {r}"), r=either(list(f.ranks), lang)))
    if f.min_rank is not None and f.max_rank is not None:
        span = ("ranked {a} to {b}", "点数 {a} 至 {b}")
        qualifiers.append(say(lang, span, a=f.min_rank, b=f.max_rank))
    elif f.min_rank is not None:
        qualifiers.append(say(lang, ("ranked {r} or higher", "点数 {r} 或以上"), r=f.min_rank))
    elif f.max_rank is not None:
        qualifiers.append(say(lang, ("ranked {r} or lower", "点数 {r} 或以下"), r=f.max_rank))
    if f.suits is not None:
        suits = either([term(s, lang) for s in f.suits], lang)
        qualifiers.append(say(lang, ("in {s}", "花色为 {s}"), s=suits))
    return noun, qualifiers


def _lane_filter_words(cond: LaneIs, lang: Lang) -> str:
    """'at least 3 cards in hearts', 'every card ranked Q or higher'."""
    f = CardFilter(
        min_rank=cond.min_rank,
        max_rank=cond.max_rank,
        suits=[cond.suit] if cond.suit is not None else None,
        count=cond.count if cond.count is not None else 0,
    )
    words = _filter_words(f, lang)
    if cond.count is None:  # every card of the lane passes
        every = say(lang, ("every card", "每张牌"))
        return every + words[len(count_words(0, ("card", "张牌"), lang)) :]
    return words


def _pattern(counts: list[int]) -> str:
    return "-".join(str(c) for c in counts)


def _joined(parts: list[tuple[str, bool]], joiner: Phrase, lang: Lang) -> str:
    """Join sub-conditions, bracketing those that are themselves combinations."""
    word = f" {say(lang, joiner)} "
    return word.join(f"({text})" if compound else text for text, compound in parts)


def _compound(cond: HandCondition | SettingCondition) -> bool:
    """Would this read ambiguously inside an and/or without brackets?"""
    if isinstance(cond, HandAll | HandAny | AllOf | AnyOf):
        return True
    if isinstance(cond, LaneIs):
        qualifiers = [cond.suited, cond.ranks, cond.cards, cond.filters() or None]
        many = cond.category is not None and len(cond.category) > 1
        return many or sum(q is not None for q in qualifiers) + (cond.category is not None) > 1
    if isinstance(cond, CountCards):
        f = cond.count_cards
        return len(f.ranks or ()) > 1 or len(f.suits or ()) > 1
    return False


def _each(conds: Sequence[HandCondition], lang: Lang) -> list[tuple[str, bool]]:
    return [(hand_words(c, lang), _compound(c)) for c in conds]


def hand_words(cond: HandCondition, lang: Lang = "en") -> str:
    """A condition on 13 cards (a special hand) in words."""
    if isinstance(cond, HandAll):
        return _joined(_each(cond.all, lang), AND, lang)
    if isinstance(cond, HandAny):
        return _joined(_each(cond.any, lang), OR, lang)
    if isinstance(cond, HandNot):
        return say(lang, ("not ({c})", "非 ({c})"), c=hand_words(cond.not_, lang))
    if isinstance(cond, RankPattern):
        shape = ("cards per rank exactly {p}", "各点数张数恰为 {p}")
        return say(lang, shape, p=_pattern(cond.rank_pattern))
    if isinstance(cond, SuitPattern):
        shape = ("cards per suit exactly {p}", "各花色张数恰为 {p}")
        return say(lang, shape, p=_pattern(cond.suit_pattern))
    if isinstance(cond, PairsCount):
        pairs = count_words(cond.pairs, ("pair", "对"), lang)
        return pairs + say(lang, (" (quads count two, trips one)", " (铁支算两对, 三条算一对)"))
    if isinstance(cond, DistinctRanks):
        return count_words(cond.distinct_ranks, ("different rank", "种不同点数"), lang)
    if isinstance(cond, RepeatedRanks):
        ranks = count_words(cond.repeated_ranks, ("rank", "种点数"), lang)
        return ranks + say(lang, (" held twice or more", "出现两张或以上"))
    if isinstance(cond, MostOfARank):
        most = count_words(cond.most_of_a_rank, ("card", "张"), lang)
        return say(lang, ("{m} of the commonest rank", "同一点数 {m}"), m=most)
    if isinstance(cond, DistinctSuits):
        return count_words(cond.distinct_suits, ("suit", "种花色"), lang)
    if isinstance(cond, CountCards):
        return _filter_words(cond.count_cards, lang)
    if isinstance(cond, Holds):
        return say(lang, ("holds {c}", "持有 {c}"), c=either(list(cond.holds), lang, AND))
    assert isinstance(cond, CanSetCondition)
    can_set = cond.can_set
    lanes = ", ".join(
        f"{term(lane, lang)} {term(getattr(can_set, lane), lang)}"
        for lane in ("front", "middle", "back")
    )
    shaped = say(lang, ("can be set as {lanes}", "可摆成 {lanes}"), lanes=lanes)
    if not can_set.exclude:
        return shaped
    runs = ", ".join(can_set.exclude)
    return shaped + say(lang, (" ({runs} not counted)", " ({runs} 不算)"), runs=runs)


def setting_words(cond: SettingCondition, lang: Lang = "en") -> str:
    """A condition on a set hand (a bonus) in words."""
    if isinstance(cond, AllOf):
        return _joined([(setting_words(c, lang), _compound(c)) for c in cond.all], AND, lang)
    if isinstance(cond, AnyOf):
        return _joined([(setting_words(c, lang), _compound(c)) for c in cond.any], OR, lang)
    if isinstance(cond, NotOf):
        return say(lang, ("not ({c})", "非 ({c})"), c=setting_words(cond.not_, lang))
    assert isinstance(cond, LaneIs)
    parts = [term(cond.lane, lang)]
    if cond.category is not None:
        parts.append(either([term(c, lang) for c in cond.category], lang))
    elif cond.suited is None and cond.ranks is None and not cond.reads_cards():
        parts.append(say(lang, ("any hand", "任意牌型")))
    extras = []
    if cond.suited is not None:
        suited = ("all one suit", "同一花色") if cond.suited else ("not all one suit", "非同一花色")
        extras.append(say(lang, suited))
    if cond.ranks is not None:
        ranks = either(list(cond.ranks), lang, AND)
        extras.append(say(lang, ("ranks exactly {r}", "点数恰为 {r}"), r=ranks))
    if cond.cards is not None:
        held = either(list(cond.cards), lang, AND)
        extras.append(say(lang, ("holding {c}", "含 {c}"), c=held))
    if cond.filters():
        extras.append(_lane_filter_words(cond, lang))
    if cond.category is None and extras:
        return " ".join([*parts, ", ".join(extras)])
    return " ".join(parts) + "".join(f", {e}" for e in extras)

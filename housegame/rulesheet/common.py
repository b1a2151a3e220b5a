"""Sheet pieces every game kind shares: ranking notes, seat counts, sources."""

from __future__ import annotations

from housegame.glossary import Lang, Phrase, say, term
from housegame.rulesets.common import LANES, Bounds, DeckSpec, Ranking, RulesetBase
from housegame.rulesets.loader import bundled_rulesets, load_ruleset
from housegame.rulesheet.model import Section

SOURCES_PAGE = "docs/sources.md"


def yes_no(value: bool, lang: Lang = "en") -> str:
    return say(lang, ("yes", "是") if value else ("no", "否"))


def seats_words(seats: Bounds, lang: Lang = "en") -> str:
    if seats.min == seats.max:
        return str(seats.min)
    if seats.max is None:
        return say(lang, ("{n} or more", "{n} 或以上"), n=seats.min)
    return f"{seats.min or 1}-{seats.max}"


def deck_words(deck: DeckSpec, lang: Lang = "en") -> str:
    """The deck as a sheet says it: ``one 52-card deck``; ``80 cards: one deck, extra suits
    spades, hearts, 2 jokers (JKS, JKB)``."""
    plain = ("one {n}-card deck", "一副 {n} 张牌")
    if deck.decks == 1 and not deck.extra_suits and not deck.jokers:
        return say(lang, plain, n=deck.size)
    parts = [say(lang, ("{n} decks", "{n} 副牌"), n=deck.decks) if deck.decks > 1 else ""]
    parts[0] = parts[0] or say(lang, ("one deck", "一副牌"))
    if deck.extra_suits:
        suits = ", ".join(term(s, lang) for s in deck.extra_suits)
        parts.append(say(lang, ("extra suits {suits}", "加色 {suits}"), suits=suits))
    if deck.jokers:
        names = "JK" if deck.joker_kinds == "alike" else "JKS, JKB"
        jokers = ("{n} jokers ({names})", "{n} 张王牌 ({names})")
        parts.append(say(lang, jokers, n=deck.jokers, names=names))
    return say(lang, ("{n} cards: {parts}", "{n} 张: {parts}"), n=deck.size, parts=", ".join(parts))


WHEEL: dict[str, Phrase] = {
    "lowest": ("the lowest {kind}", "最小的{kind}"),
    "second-highest": ("the second highest {kind}", "第二大的{kind}"),
}


FIVE_PLACE: dict[str, Phrase] = {
    "above-straight-flush": ("above the straight flush", "大于同花顺"),
    "below-straight-flush": ("below the straight flush, above quads", "小于同花顺, 大于铁支"),
}


JOKER_STANDS: dict[bool, Phrase] = {
    True: (
        "a joker stands for the card that makes its lane best, one the lane holds too",
        "王牌可变成使该道最大的任意一张牌, 包括该道已有的牌",
    ),
    False: (
        "a joker stands for the card that makes its lane best, never one the lane holds",
        "王牌可变成使该道最大的牌, 但不能变成该道已有的牌",
    ),
}
JOKER_NATURAL: dict[bool, Phrase] = {
    True: (
        "a natural hand beats the same hand made with a joker",
        "同样的牌型, 无王牌的大于有王牌的",
    ),
    False: ("a hand made with a joker ties the same natural hand", "有王牌与无王牌的同样牌型平手"),
}


def joker_lines(ranking: Ranking, deck: DeckSpec, lang: Lang) -> list[str]:
    """Five of a kind and the jokers, where the deck makes them (one deck of unique cards
    without jokers makes neither: nothing to say)."""
    lines = []
    if deck.makes_five_of_a_kind():
        place = say(lang, FIVE_PLACE[ranking.five_of_a_kind])
        lines.append(f"{term('five-of-a-kind', lang)}: {place}")
    if deck.jokers:
        lines.append(say(lang, JOKER_STANDS[ranking.joker_duplicates]))
        lines.append(say(lang, JOKER_NATURAL[ranking.natural_beats_joker]))
    return lines


LOW_LANE: Phrase = (
    "{lane}: ranked for low, {kind}: the weaker hand wins it; 7-5-4-3-2 is the best, aces are "
    "always high (A-2-3-4-5 is an ace-high hand, no straight), straights and flushes count "
    "against the hand",
    "{lane}: 比小, {kind}: 较弱的牌胜; 7-5-4-3-2 最好, A 永远最大 (A-2-3-4-5 是 A 高的乌龙, "
    "不算顺子), 顺子和同花算作大牌",
)
LOW_FOUL: Phrase = (
    "the foul check compares only the lanes ranked high ({order}); any hand may be the {low}",
    "倒水只比较比大的各道 ({order}); {low}可摆任何牌",
)


def low_lane_lines(ranking: Ranking, lang: Lang) -> list[str]:
    """Each lane ranked for low, as the sheet's Ranking section says it."""
    return [
        say(lang, LOW_LANE, lane=term(lane, lang), kind=term(kind, lang))
        for lane, kind in ranking.low_lanes.items()
    ]


def low_foul_line(ranking: Ranking, lang: Lang) -> list[str]:
    """What a foul is where a lane is ranked low (the Fouls section); none otherwise."""
    if not ranking.low_lanes:
        return []
    high = [lane for lane in LANES if lane not in ranking.low_lanes]
    order = " <= ".join(term(lane, lang) for lane in high)
    low = ", ".join(term(lane, lang) for lane in LANES if lane in ranking.low_lanes)
    return [say(lang, LOW_FOUL, order=order, low=low)]


def ranking_lines(ranking: Ranking, lang: Lang, deck: DeckSpec | None = None) -> list[str]:
    straight, flush = term("straight", lang), term("straight-flush", lang)
    lines = [
        f"A-2-3-4-5 {straight}: {say(lang, WHEEL[ranking.wheel_straight], kind=straight)}",
        f"A-2-3-4-5 {flush}: {say(lang, WHEEL[ranking.wheel_straight_flush], kind=flush)}",
    ]
    if ranking.suit_order is None:
        lines.append(
            say(
                lang,
                ("hands of equal rank tie (suits do not count)", "点数相同的牌平手 (不比花色)"),
            )
        )
    else:
        order = " > ".join(term(s, lang) for s in ranking.suit_order)
        lines.append(
            say(
                lang,
                (
                    "hands of equal rank compare the suit of their highest card: {order}",
                    "点数相同时比最大一张牌的花色: {order}",
                ),
                order=order,
            )
        )
    shapes = [
        term(kind, lang)
        for kind, on in (
            ("straight", ranking.front_straights),
            ("flush", ranking.front_flushes),
            ("straight-flush", ranking.front_straights and ranking.front_flushes),
        )
        if on
    ]
    if shapes:
        front = (
            "three-card {shapes} rank in the front, on the five-card scale (above trips; a "
            "front flush above a middle two pair is a foul)",
            "头道三张的{shapes}也算牌型, 与五张同一尺度 (大于三条; 头道同花大于中道两对即倒水)",
        )
        lines.append(say(lang, front, shapes=", ".join(shapes)))
    lines += low_lane_lines(ranking, lang)
    return lines + (joker_lines(ranking, deck, lang) if deck is not None else [])


def is_bundled(ruleset: RulesetBase) -> bool:
    """Whether ``ruleset`` is a bundled ruleset as shipped (a user's file may reuse an id)."""
    return ruleset.id in bundled_rulesets() and load_ruleset(ruleset.id) == ruleset


def sources_section(ruleset: RulesetBase, lang: Lang) -> Section:
    """The documents a ruleset names; a bundled one links to its reading on the sources page,
    which has no section for a user's file."""
    lines = [f"{s.seed}: {s.section}" for s in ruleset.sources]
    if is_bundled(ruleset):
        read = (
            "how each rule was read, and which are interpretations: {where}",
            "每条规则的出处与解读: {where}",
        )
        lines.append(say(lang, read, where=f"{SOURCES_PAGE}#{ruleset.id}"))
    elif not lines:
        lines.append(say(lang, ("this file names no sources", "此文件未注明出处")))
    elif any(not s.seed.startswith(("http://", "https://")) for s in ruleset.sources):
        listed = ("the documents are described in {where}", "文件说明见 {where}")
        lines.append(say(lang, listed, where=SOURCES_PAGE))
    return Section(term("sources", lang), tuple(lines))

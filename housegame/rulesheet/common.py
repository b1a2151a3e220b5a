"""Sheet pieces every game kind shares: ranking notes, seat counts, sources."""

from __future__ import annotations

from housegame.glossary import Lang, term
from housegame.rulesets.common import Bounds, Ranking, RulesetBase
from housegame.rulesheet.model import Section

SOURCES_PAGE = "docs/sources.md"

Phrase = tuple[str, str]
"""A sentence of the sheet in English and in Chinese, with ``{named}`` blanks."""


def say(lang: Lang, phrase: Phrase, **blanks: object) -> str:
    """The phrase in ``lang`` with its blanks filled."""
    english, chinese = phrase
    return (chinese if lang == "zh" else english).format(**blanks)


def yes_no(value: bool, lang: Lang = "en") -> str:
    return say(lang, ("yes", "是") if value else ("no", "否"))


def seats_words(seats: Bounds, lang: Lang = "en") -> str:
    if seats.min == seats.max:
        return str(seats.min)
    if seats.max is None:
        return say(lang, ("{n} or more", "{n} 或以上"), n=seats.min)
    return f"{seats.min or 1}-{seats.max}"


WHEEL: dict[str, Phrase] = {
    "lowest": ("the lowest {kind}", "最小的{kind}"),
    "second-highest": ("the second highest {kind}", "第二大的{kind}"),
}


def ranking_lines(ranking: Ranking, lang: Lang) -> list[str]:
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
    return lines


def sources_section(ruleset: RulesetBase, lang: Lang) -> Section:
    lines = [f"{s.seed}: {s.section}" for s in ruleset.sources]
    where = f"{SOURCES_PAGE}#{ruleset.id}"
    lines.append(
        say(
            lang,
            (
                "how each rule was read, and which are interpretations: {where}",
                "每条规则的出处与解读: {where}",
            ),
            where=where,
        )
    )
    return Section(term("sources", lang), tuple(lines))

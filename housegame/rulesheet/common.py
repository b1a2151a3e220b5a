"""Sheet pieces every game kind shares: ranking notes, seat counts, sources."""

from __future__ import annotations

from housegame.glossary import Lang, term
from housegame.rulesets.common import Bounds, Ranking, RulesetBase
from housegame.rulesheet.model import Section

SOURCES_PAGE = "docs/sources.md"


def yes_no(value: bool) -> str:
    return "yes" if value else "no"


def seats_words(seats: Bounds) -> str:
    if seats.min == seats.max:
        return str(seats.min)
    if seats.max is None:
        return f"{seats.min} or more"
    return f"{seats.min or 1}-{seats.max}"


def ranking_lines(ranking: Ranking, lang: Lang) -> list[str]:
    wheel = {"lowest": "the lowest", "second-highest": "the second highest"}
    lines = [
        f"{term('wheel', lang)}: {wheel[ranking.wheel_straight]} {term('straight', lang)}",
        f"A-2-3-4-5 {term('straight-flush', lang)}: "
        f"{wheel[ranking.wheel_straight_flush]} {term('straight-flush', lang)}",
    ]
    if ranking.suit_order is None:
        lines.append("hands of equal rank tie (suits do not count)")
    else:
        order = " > ".join(term(s, lang) for s in ranking.suit_order)
        lines.append(f"hands of equal rank compare the suit of their highest card: {order}")
    return lines


def sources_section(ruleset: RulesetBase, lang: Lang) -> Section:
    lines = [f"{s.seed}: {s.section}" for s in ruleset.sources]
    where = f"{SOURCES_PAGE}#{ruleset.id}"
    lines.append(f"how each rule was read, and which are interpretations: {where}")
    return Section(term("sources", lang), tuple(lines))

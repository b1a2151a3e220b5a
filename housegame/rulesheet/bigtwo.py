"""The rules sheet of a Big Two ruleset: orders, the lead, five-card hands, bombs, penalties."""

from __future__ import annotations

from housegame.glossary import Lang, term
from housegame.rulesets.bigtwo import BigTwoRuleset
from housegame.rulesheet.common import seats_words, sources_section, yes_no
from housegame.rulesheet.model import Grid, Section

STRAIGHT_SUIT = {
    "highest-rank": "equal straights compare the suit of their highest-ranked card",
    "last-in-run": "equal straights compare the suit of the run's last card",
}
FLUSH = {
    "rank-first": "flushes compare ranks high to low, then suit",
    "suit-first": "flushes compare suit first, then ranks",
}
ON_LEAD = {
    "lowest-single": "plays the weakest single",
    "lowest-card-most-cards": "plays the largest play holding the lowest card",
}
ON_FOLLOW = {"pass": "passes", "hint": "plays the weakest play that beats the table"}
SETTLEMENT = {
    "winner-collects": "each loser pays their score to the player who went out",
    "pairwise-difference": "every pair of players settles the difference of their scores",
}


def _play(r: BigTwoRuleset, lang: Lang) -> Section:
    suits = " < ".join(term(s, lang) for s in r.suit_order)
    lead = f"{r.lead_card.rank} of {term(r.lead_card.suit, lang)}"
    lines = [
        f"{term('seats', lang)}: 4, 13 cards each",
        f"ranks, lowest first: {' '.join(r.rank_order)}",
        f"suits, lowest first: {suits}",
        f"{term('lead-card', lang)}: {lead}; the first play must hold it: "
        f"{yes_no(r.first_play_contains_lead)}",
        f"{term('straight', lang)}s, lowest first: {', '.join(r.straights)}",
        STRAIGHT_SUIT[r.straight_suit_card],
        "five-card hands, lowest first: " + " < ".join(term(k, lang) for k in r.five_card_order),
        FLUSH[r.flush_compare],
        f"{term('quads', lang)} played with a fifth card: {yes_no(r.quads_kicker)}",
    ]
    if r.bombs.kinds:
        kinds = " or ".join(term(k, lang) for k in r.bombs.kinds)
        over = " or ".join(term(b, lang) for b in r.bombs.beat)
        lines.append(f"{term('bomb', lang)}: {kinds} may be played over a {over}")
    else:
        lines.append(f"{term('bomb', lang)}: none")
    passing = "until the trick ends" if r.trick.pass_is_final else "only for that turn"
    lines.append(f"{term('pass', lang)}: a player who passed is out {passing}")
    t = r.timeout
    lines.append(
        f"{term('timeout', lang)}: {t.lead_seconds}s to lead ({ON_LEAD[t.on_lead]}), "
        f"{t.follow_seconds}s to follow ({ON_FOLLOW[t.on_follow]})"
    )
    return Section(term("play", lang), tuple(lines))


def _penalty(r: BigTwoRuleset, lang: Lang) -> Section:
    p = r.penalty
    rows = tuple(
        (seats_words(tier.cards), str(tier.per_card))
        for tier in sorted(p.tiers, key=lambda t: t.cards.min or 0)
    )
    blocks: list[str | Grid] = [
        Grid((term("cards-left", lang), "points per card"), rows),
        *(
            f"holding {m.card.rank} of {term(m.card.suit, lang)} with {m.min_left}+ cards "
            f"left: x{m.factor}"
            for m in p.multipliers
        ),
        SETTLEMENT[p.settlement],
    ]
    return Section(term("penalties", lang), tuple(blocks))


def bigtwo_sections(r: BigTwoRuleset, lang: Lang) -> list[Section]:
    return [_play(r, lang), _penalty(r, lang), sources_section(r, lang)]

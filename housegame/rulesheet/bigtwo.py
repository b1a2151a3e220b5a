"""The rules sheet of a Big Two ruleset: orders, the lead, five-card hands, bombs, penalties."""

from __future__ import annotations

from housegame.glossary import Lang, Phrase, say, term
from housegame.rulesets.bigtwo import BigTwoCard, BigTwoDeal, BigTwoRuleset
from housegame.rulesheet.common import seats_words, sources_section, yes_no
from housegame.rulesheet.model import Grid, Section

STRAIGHT_SUIT: dict[str, Phrase] = {
    "highest-rank": (
        "equal straights compare the suit of their highest-ranked card",
        "同样大小的顺子比点数最大一张的花色",
    ),
    "last-in-run": (
        "equal straights compare the suit of the run's last card",
        "同样大小的顺子比顺序最后一张的花色",
    ),
}
FLUSH: dict[str, Phrase] = {
    "rank-first": ("flushes compare ranks high to low, then suit", "同花先比点数, 再比花色"),
    "suit-first": ("flushes compare suit first, then ranks", "同花先比花色, 再比点数"),
    "top-card": (
        "flushes compare their highest card only, by rank then suit",
        "同花只比最大的一张, 先比点数再比花色",
    ),
}
LIABILITY: dict[str, Phrase] = {
    "did-not-top": (
        "頂大: when the next player holds one card, a single must be your highest card; a "
        "player who plays a lower one and lets that player go out pays every other loser's "
        "losses",
        "頂大: 下家只剩一张时出单张必须出最大的一张; 没有頂大而放走下家者, 兼付其余输家的损失",
    ),
}
ON_LEAD: dict[str, Phrase] = {
    "lowest-single": ("plays the weakest single", "出最小的单张"),
    "lowest-card-most-cards": (
        "plays the largest play holding the lowest card",
        "出含最小牌的张数最多的牌",
    ),
}
ON_FOLLOW: dict[str, Phrase] = {
    "pass": ("passes", "过"),
    "hint": ("plays the weakest play that beats the table", "出能压过桌面的最小牌"),
}
REST: dict[str, Phrase] = {
    "out-of-play": (", {n} out of play", ", {n} 张不发"),
    "to-opener": (", the {n} left over to the opener", ", 剩下的 {n} 张给先出的人"),
}
"""Where a deal's left-over cards go (``deal[].rest``)."""
STAND_IN: Phrase = (
    "when the lead card is out of play, the lowest card dealt stands in for it",
    "首出的牌没有发出时, 以发出的最小一张牌代替",
)
SETTLEMENT: dict[str, Phrase] = {
    "winner-collects": (
        "each loser pays their score to the player who went out",
        "每位输家把自己的罚分付给先出完的人",
    ),
    "pairwise-difference": (
        "every pair of players settles the difference of their scores",
        "每两位玩家之间按罚分之差结算",
    ),
}


def _card(card: BigTwoCard, lang: Lang) -> str:
    return say(
        lang, ("{rank} of {suit}", "{suit} {rank}"), rank=card.rank, suit=term(card.suit, lang)
    )


def _deal(deal: BigTwoDeal, lang: Lang) -> str:
    """``4, 13 cards each``; ``3, 17 cards each, the 1 left over to the opener``."""
    text = say(lang, ("{p}, {n} cards each", "{p}, 每人 {n} 张"), p=deal.players, n=deal.cards)
    if deal.left_over:
        text += say(lang, REST[deal.rest], n=deal.left_over)
    return text


def _play(r: BigTwoRuleset, lang: Lang) -> Section:
    suits = " < ".join(term(s, lang) for s in r.suit_order)
    kinds = " < ".join(term(k, lang) for k in r.five_card_order)
    deals = sorted(r.deal, key=lambda d: -d.players)
    lines = [
        f"{term('seats', lang)}: " + "; ".join(_deal(d, lang) for d in deals),
        *(
            [say(lang, STAND_IN)]
            if any(d.left_over and d.rest == "out-of-play" for d in deals)
            else []
        ),
        say(lang, ("ranks, lowest first: {r}", "点数由小到大: {r}"), r=" ".join(r.rank_order)),
        say(lang, ("suits, lowest first: {s}", "花色由小到大: {s}"), s=suits),
        say(
            lang,
            (
                "{lead}: {card}; the first play must hold it: {must}",
                "{lead}: {card}; 第一手须包含它: {must}",
            ),
            lead=term("lead-card", lang),
            card=_card(r.lead_card, lang),
            must=yes_no(r.first_play_contains_lead, lang),
        ),
        say(lang, ("straights, lowest first: {s}", "顺子由小到大: {s}"), s=", ".join(r.straights)),
        say(lang, STRAIGHT_SUIT[r.straight_suit_card]),
        say(lang, ("five-card hands, lowest first: {k}", "五张牌型由小到大: {k}"), k=kinds),
        say(lang, FLUSH[r.flush_compare]),
        say(
            lang,
            ("{quads} played with a fifth card: {yes}", "{quads}须带一张: {yes}"),
            quads=term("quads", lang),
            yes=yes_no(r.quads_kicker, lang),
        ),
    ]
    bomb = term("bomb", lang)
    if r.bombs.kinds:
        kinds_or = "/".join(term(k, lang) for k in r.bombs.kinds)
        over = "/".join(term(b, lang) for b in r.bombs.beat)
        shape = ("{bomb}: {kinds} may be played over {over}", "{bomb}: {kinds}可以压{over}")
        lines.append(say(lang, shape, bomb=bomb, kinds=kinds_or, over=over))
    else:
        lines.append(say(lang, ("{bomb}: none", "{bomb}: 无"), bomb=bomb))
    passing = (
        ("a player who passed is out until the trick ends", "过牌后本轮不能再出")
        if r.trick.pass_is_final
        else ("a player who passed may play again next turn", "过牌后轮到时仍可再出")
    )
    lines.append(f"{term('pass', lang)}: {say(lang, passing)}")
    t = r.timeout
    timing = (
        "{timeout}: {lead}s to lead ({on_lead}), {follow}s to follow ({on_follow})",
        "{timeout}: 出牌 {lead} 秒 ({on_lead}), 跟牌 {follow} 秒 ({on_follow})",
    )
    lines.append(
        say(
            lang,
            timing,
            timeout=term("timeout", lang),
            lead=t.lead_seconds,
            on_lead=say(lang, ON_LEAD[t.on_lead]),
            follow=t.follow_seconds,
            on_follow=say(lang, ON_FOLLOW[t.on_follow]),
        )
    )
    return Section(term("play", lang), tuple(lines))


def _penalty(r: BigTwoRuleset, lang: Lang) -> Section:
    p = r.penalty
    rows = tuple(
        (seats_words(tier.cards, lang), str(tier.per_card))
        for tier in sorted(p.tiers, key=lambda t: t.cards.min or 0)
    )
    header = (term("cards-left", lang), say(lang, ("points per card", "每张罚分")))
    holding = ("holding the {card} with {n}+ cards left: x{f}", "剩 {n} 张以上且持有{card}: x{f}")
    blocks: list[str | Grid] = []
    if p.card_values is not None:
        values = ", ".join(f"{rank} {p.card_values[rank]}" for rank in r.rank_order)
        valued = (
            "each card left counts its value, not 1: {values}",
            "剩余每张牌按点值计, 不是 1: {values}",
        )
        blocks.append(say(lang, valued, values=values))
        header = (term("cards-left", lang), say(lang, ("points per value", "每点罚分")))
    blocks += [
        Grid(header, rows),
        *(
            say(lang, holding, card=_card(m.card, lang), n=m.min_left, f=m.factor)
            for m in p.multipliers
        ),
        say(lang, SETTLEMENT[p.settlement]),
    ]
    if p.liability != "none":
        blocks.append(say(lang, LIABILITY[p.liability]))
    return Section(term("penalties", lang), tuple(blocks))


def bigtwo_sections(r: BigTwoRuleset, lang: Lang) -> list[Section]:
    return [_play(r, lang), _penalty(r, lang), sources_section(r, lang)]

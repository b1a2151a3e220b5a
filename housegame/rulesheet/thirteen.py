"""The rules sheet of a 13-card ruleset: who plays whom, what each lane pays, scoops, fouls,
bonuses and every special hand with its condition in words."""

from __future__ import annotations

from typing import get_args

from housegame.glossary import Lang, Phrase, say, term
from housegame.ranking import Category
from housegame.rulesets.common import LANES, CategoryName, DeckSpec, ThirteenCategory
from housegame.rulesets.thirteen import FalseDeclaration, SpecialHand, ThirteenCardRuleset
from housegame.rulesheet.common import (
    deck_words,
    low_foul_line,
    ranking_lines,
    seats_words,
    sources_section,
)
from housegame.rulesheet.model import Grid, Section
from housegame.rulesheet.words import hand_words, selection_words, setting_words
from housegame.thirteen.pairs import payout_of

FRONT_CATEGORIES: tuple[CategoryName, ...] = ("high-card", "pair", "trips")


def front_categories(r: ThirteenCardRuleset) -> tuple[CategoryName, ...]:
    """The categories a front can make under the ruleset's ranking."""
    ranking = r.ranking
    shaped: list[CategoryName] = []
    if ranking.front_straights:
        shaped.append("straight")
    if ranking.front_flushes:
        shaped.append("flush")
    if ranking.front_straights and ranking.front_flushes:
        shaped.append("straight-flush")
    return (*FRONT_CATEGORIES, *shaped)


COMPARE: dict[str, Phrase] = {
    "all-pairs": ("every pair of players compares", "每两位玩家之间都比牌"),
    "banker": ("each player compares with the banker only", "每位闲家只与庄家比牌"),
    "banker-or-all-pairs": (
        "each player compares with the banker if one is named, else all pairs",
        "有庄家时闲家只与庄家比牌, 无庄家时两两比牌",
    ),
    "pool": (
        "everyone stakes into a pool; the best hand in each lane takes a third",
        "每人下注入彩池, 每道最大者赢得三分之一",
    ),
}
TIES: dict[str, Phrase] = {
    "split": ("a tied lane scores for nobody", "平手的一道双方都不得分"),
    "banker-wins": ("a tied lane goes to the banker", "平手的一道算庄家赢"),
}
PAY_WHEN: dict[str, Phrase] = {
    "lane-won": ("paid when its lane beats that opponent", "该道赢对手时才付"),
    "match-won": ("paid when the pair's result goes to the holder", "两人之间总结果赢时才付"),
    "any-lane-won": ("paid when the holder wins any lane of the pair", "至少赢对手一道时才付"),
    "always": ("paid win or lose", "不论输赢都付"),
}
FOUL: dict[str, Phrase] = {
    "refuse": ("a fouled setting is refused as an input error", "倒水的摆法不被接受 (输入错误)"),
    "lose-all-lanes": (
        "the fouled hand loses every lane, each at the opponent's lane value (a scoop)",
        "倒水者三道全输, 每道按对手该道的分值赔付 (算被打枪)",
    ),
}
POOL_TIES: Phrase = ("hands tied for a lane share its third", "同一道并列最大者平分该道的三分之一")
POOL_FOUL: Phrase = ("a fouled hand wins no lane of the pool", "倒水者不能赢得彩池的任何一道")
BOTH_FOULED: dict[str, Phrase] = {
    "push": ("two fouled hands push", "双方都倒水则平手"),
    "banker-wins": ("when both foul, the banker wins", "双方都倒水时庄家赢"),
    "compare-lanes": (
        "two fouled hands compare their lanes as set, as if neither had fouled",
        "双方都倒水则照摆好的牌逐道比较",
    ),
}
DECLARE: dict[str, Phrase] = {
    "automatic": ("the best special hand that holds is always declared", "自动报到最大的特殊牌型"),
    "optional": (
        "a player may declare a special hand instead of setting",
        "玩家可以报到特殊牌型, 代替摆牌",
    ),
}
ORDER: dict[str, Phrase] = {
    "points": ("a special is higher when it pays more points", "特殊牌型按分数比大小"),
    "listed": ("a special is higher when listed later", "特殊牌型按列表顺序比大小 (越后越大)"),
    "listed-highest-first": (
        "a special is higher when listed earlier",
        "特殊牌型按列表顺序比大小 (越前越大)",
    ),
}
VS_SET: dict[str, Phrase] = {
    "points": (
        "against a set hand the declarer wins its points (no scoop)",
        "对摆牌者: 报到者赢得该牌型的分数 (不算打枪)",
    ),
    "as-scoop": (
        "against a set hand the declarer wins every lane (a scoop) plus its points",
        "对摆牌者: 报到者三道全赢 (算打枪)并另得该牌型的分数",
    ),
}
VS_SPECIAL: dict[str, Phrase] = {
    "higher-wins": (
        "the higher special wins its points; equal specials tie",
        "较大者赢得其分数, 相同则平手",
    ),
    "difference": ("the two specials settle the difference of their points", "双方按分数差结算"),
    "push": ("two specials push", "双方平手"),
    "banker-pays": ("the banker pays the declaring player", "庄家赔报到的闲家"),
}
TIEBREAK: dict[str, Phrase] = {
    "none": ("", ""),
    "pairs": ("equal kinds compare pairs", "同种牌型比对子"),
    "lanes": ("equal kinds compare lanes", "同种牌型逐道比较"),
}


def _table(r: ThirteenCardRuleset, lang: Lang) -> Section:
    lines = [
        f"{term('seats', lang)}: {seats_words(r.table.seats, lang)}",
        say(lang, COMPARE[r.table.compare]),
        say(lang, POOL_TIES if r.pool is not None else TIES[r.table.ties]),
    ]
    if r.deck != DeckSpec():  # the one-deck default goes unsaid, as on every sheet before decks
        lines.insert(1, f"{term('deck', lang)}: {deck_words(r.deck, lang)}")
    if r.display.unit != "unit" or r.display.points_per_unit != 1:
        shown = ("{unit}: 1 {name} is shown as {points} points", "{unit}: 1 {name} 记 {points} 分")
        lines.append(
            say(
                lang,
                shown,
                unit=term("unit", lang),
                name=r.display.unit,
                points=r.display.points_per_unit,
            )
        )
    return Section(term("table", lang), tuple(lines))


def lane_value(r: ThirteenCardRuleset, lane: str, category: str) -> int:
    """Units for winning ``lane`` with ``category``: the scorer's own table
    (``Payout.lane_values``, replace mode)."""
    return payout_of(r).lane_values[LANES.index(lane)][Category.from_label(category)]


def _ranked_rows(r: ThirteenCardRuleset, lang: Lang) -> list[tuple[str, ...]]:
    """A row per hand named by one rank (front AAA), its own value in the lanes that list
    it, the category's elsewhere."""
    named: dict[tuple[ThirteenCategory, str], dict[str, int]] = {}
    for v in r.lane_values.values:
        if v.rank is not None:
            for label in v.category:
                named.setdefault((label, v.rank), {})[v.lane] = v.units
    rows = []
    for (category, rank), by_lane in named.items():
        named_by = ("{hand} named by {rank}", "{rank} 的{hand}")
        shown = say(lang, named_by, hand=term(category, lang), rank=rank)
        cells = [
            str(by_lane.get(lane, lane_value(r, lane, category)))
            if lane != "front" or category in front_categories(r)
            else "-"
            for lane in LANES
        ]
        rows.append((shown, *cells))
    return rows


def payout_grid(r: ThirteenCardRuleset, lang: Lang) -> Grid:
    """Lane x hand category: the units a lane won with that hand is worth."""
    rows = []
    five: tuple[ThirteenCategory, ...] = (
        ("five-of-a-kind",) if r.deck.makes_five_of_a_kind() else ()
    )
    for category in (*get_args(CategoryName), *five):
        cells = [
            str(lane_value(r, lane, category))
            if lane != "front" or category in front_categories(r)
            else "-"
            for lane in LANES
        ]
        rows.append((term(category, lang), *cells))
    rows += _ranked_rows(r, lang)
    return Grid(("", *(term(lane, lang) for lane in LANES)), tuple(rows), matrix=True)


def _times_plus(lang: Lang, multiplier: int, bonus: int, again: bool) -> str:
    """'lane units x2 again, +3 from each', leaving out a x1 and a +0."""
    parts = []
    if multiplier != 1:
        times = (
            ("lane units x{m} again", "各道分数再 x{m}")
            if again
            else ("lane units x{m}", "各道分数 x{m}")
        )
        parts.append(say(lang, times, m=multiplier))
    if bonus:
        parts.append(
            say(lang, ("+{b} from each", "每家再 +{b}") if again else ("+{b}", "+{b}"), b=bonus)
        )
    return ", ".join(parts) or say(lang, ("no extra payment", "无额外赔付"))


def _payouts(r: ThirteenCardRuleset, lang: Lang) -> Section:
    blocks: list[str | Grid] = []
    unit = term("unit", lang)
    if r.pool is not None:
        stake = ("{pool}: each player stakes {n}", "{pool}: 每人下注 {n}")
        blocks.append(say(lang, stake, pool=term("pool", lang), n=r.pool.stake))
        if r.pool.sweep_bonus:
            sweep = (
                "winning all three lanes: +{n} from each other player",
                "三道全赢: 每家再付 {n}",
            )
            blocks.append(say(lang, sweep, n=r.pool.sweep_bonus))
    elif r.outcomes is not None:
        blocks.append(
            say(
                lang,
                (
                    "a pair settles by lanes won-lost-tied (holder's side), not by a lane sum",
                    "两人之间按赢-输-平的道数结算 (持牌者一方), 不逐道相加",
                ),
            )
        )
        rows = tuple(
            (f"{o.won}-{o.lost}-{o.tied}", f"{o.units:+}", term("scoop", lang) if o.scoop else "")
            for o in sorted(r.outcomes, key=lambda o: (-o.units, -o.won, o.lost))
        )
        blocks.append(Grid((say(lang, ("won-lost-tied", "赢-输-平")), unit, ""), rows))
    else:
        blocks.append(
            say(
                lang,
                (
                    "units for a lane won, by the winner's hand in that lane:",
                    "赢一道的分数, 按赢家该道的牌型:",
                ),
            )
        )
        blocks.append(payout_grid(r, lang))
    scoop = term("scoop", lang)
    if r.pool is None:
        blocks.append(f"{scoop}: {_times_plus(lang, r.scoop.multiplier, r.scoop.bonus, False)}")
    if r.home_run is not None:
        h = r.home_run
        every = (
            "{scoop} every other player, at a table of at least {n} opponents",
            "{scoop}其他每一家, 至少 {n} 家对手时",
        )
        if h.max_opponents is not None:
            every = (
                "{scoop} every other player, at a table of {n} to {most} opponents",
                "{scoop}其他每一家, {n} 至 {most} 家对手时",
            )
        who = say(lang, every, scoop=scoop, n=h.opponents, most=h.max_opponents)
        extra = _times_plus(lang, h.multiplier, h.bonus, True)
        blocks.append(f"{term('home-run', lang)} ({who}): {extra}")
    if r.overall_point:
        overall = ("{name}: +{n} to each pair's net winner", "{name}: 两人之间总分赢家再 +{n}")
        blocks.append(say(lang, overall, name=term("overall-point", lang), n=r.overall_point))
    if r.surrender is not None:
        give_up = ("{name}: pays {n} to each opponent", "{name}: 付给每位对手 {n}")
        blocks.append(say(lang, give_up, name=term("surrender", lang), n=r.surrender.units))
    for m in r.multipliers:
        times = (
            '{name}: a player whose 13 cards meet "{when}" has every pair settlement '
            "multiplied by {f}, won or lost (two holders: both factors)",
            '{name}: 十三张牌满足 "{when}" 的玩家, 每一对结算输赢都 x{f} (双方都有则相乘)',
        )
        blocks.append(say(lang, times, name=m.name, when=hand_words(m.when, lang), f=m.factor))
    for rule in r.settlements:
        each = (
            "{name}: each player receives {n} for every {card} held above the table's average, "
            "and pays {n} for every one below it",
            "{name}: 每位玩家每比全桌平均多一{card}得 {n}, 少一张付 {n}",
        )
        card = selection_words(rule.cards, lang)
        blocks.append(say(lang, each, name=rule.name, n=rule.units, card=card))
    return Section(term("payouts", lang), tuple(blocks))


def _fouls(r: ThirteenCardRuleset, lang: Lang) -> Section:
    lines = [*low_foul_line(r.ranking, lang), say(lang, FOUL[r.foul.handling])]
    if r.pool is not None and r.foul.handling != "refuse":
        lines = [say(lang, POOL_FOUL)]
    elif r.foul.handling != "refuse":
        lines.append(say(lang, BOTH_FOULED[r.foul.both_fouled]))
    return Section(term("fouls", lang), tuple(lines))


def _bonuses(r: ThirteenCardRuleset, lang: Lang) -> Section | None:
    if not r.bonuses:
        return None
    blocks: list[str | Grid] = []
    header = ("", term("lane", lang), term("unit", lang), say(lang, ("when", "条件")))
    for group_name, group in r.bonuses.items():
        blocks.append(f"{group_name}: {say(lang, PAY_WHEN[group.pay_when])}")
        rows = tuple(
            (
                item.name,
                term(item.lane, lang) if item.lane else "",
                str(item.units),
                setting_words(item.when, lang),
            )
            for item in group.items
        )
        blocks.append(Grid(header, rows))
    return Section(term("bonuses", lang), tuple(blocks))


INSTANT_WIN: Phrase = (
    "an instant win: nobody else compares lanes",
    "直接获胜: 其他人不再比牌",
)


def _special_rows(hand: SpecialHand, lang: Lang) -> list[tuple[str, str, str]]:
    tiebreak = say(lang, TIEBREAK[hand.tiebreak])
    instant = f"; {say(lang, INSTANT_WIN)}" if hand.ends_round else ""
    if hand.tiers is None:
        assert hand.points is not None and hand.when is not None
        words = hand_words(hand.when, lang) + (f"; {tiebreak}" if tiebreak else "")
        return [(hand.name, str(hand.points), words + instant)]
    return [
        (hand.name if i == 0 else "", str(tier.points), hand_words(tier.when, lang) + instant)
        for i, tier in enumerate(hand.tiers)
    ]


def _false_declaration(false: FalseDeclaration, lang: Lang) -> str:
    pays = (
        "a false declaration pays {n} to each opponent{rest}",
        "报错特殊牌型者付给每位对手 {n}{rest}",
    )
    rest = (
        say(lang, ("; nothing else is settled that round", "; 本局其他一概不算"))
        if false.ends_round
        else say(lang, ("; the others still compare", "; 其他人照常比牌"))
    )
    return say(lang, pays, n=false.penalty, rest=rest)


def _joker_specials(r: ThirteenCardRuleset, lang: Lang) -> str:
    """Which specials a joker may complete (a deck with jokers only)."""
    listed = r.specials.jokers_complete
    if listed == "none":
        return say(lang, ("a joker completes no special hand", "王牌不能凑成特殊牌型"))
    if listed == "all":
        return say(lang, ("a joker may complete any special hand", "王牌可凑成任何特殊牌型"))
    names = ", ".join(h.name for h in r.specials.hands if h.id in listed)
    return say(lang, ("a joker may complete {names}", "王牌可凑成 {names}"), names=names)


def _specials(r: ThirteenCardRuleset, lang: Lang) -> Section | None:
    s = r.specials
    if not s.hands:
        return None
    blocks: list[str | Grid] = [
        say(lang, DECLARE[s.declare]),
        say(lang, ORDER[s.order]),
        say(lang, VS_SET[s.vs_set]),
        say(
            lang,
            ("two specials: {how}", "双方都报到: {how}"),
            how=say(lang, VS_SPECIAL[s.vs_special]),
        ),
    ]
    if r.pool is not None:
        outside = ("declarers settle pair by pair, outside the pool", "报到者逐对结算, 不参与彩池")
        blocks.append(say(lang, outside))
    if s.vs_special_with_banker is not None:
        how = say(lang, VS_SPECIAL[s.vs_special_with_banker])
        blocks.append(say(lang, ("with the banker: {how}", "与庄家都报到: {how}"), how=how))
    if s.higher_counts_as_scoop:
        higher = (
            "a higher special counts as a {scoop} for the {home_run}",
            "较大的特殊牌型算{scoop}, 计入{home_run}",
        )
        blocks.append(say(lang, higher, scoop=term("scoop", lang), home_run=term("home-run", lang)))
    if s.higher_counts_as_scoop and not s.lower_pays_home_run:
        drawn = (
            "the {home_run} is collected only from players actually beaten, not from a lower "
            "special",
            "{home_run}只向真正赢了的玩家收取, 不向较小的特殊牌型收取",
        )
        blocks.append(say(lang, drawn, home_run=term("home-run", lang)))
    if s.all_declared == "nothing":
        nothing = (
            "when every player declares, nothing is compared and nobody pays",
            "所有玩家都报到时不比牌, 谁都不付",
        )
        blocks.append(say(lang, nothing))
    if s.set_extras == "paid":
        extras = (
            "a set hand's win-or-lose add-ons are paid against a declarer too",
            "摆牌者不论输赢都付的加分, 对报到者也照付",
        )
        blocks.append(say(lang, extras))
    if s.home_run_ends_round:
        ends = (
            "a declarer's {home_run} ends the round for everyone",
            "报到者{home_run}时本局结束, 其他人不再互比",
        )
        blocks.append(say(lang, ends, home_run=term("home-run", lang)))
    if s.false_declaration is not None:
        blocks.append(_false_declaration(s.false_declaration, lang))
    if any(hand.ends_round for hand in s.hands) and r.settlements:
        skipped = (
            "an instant win skips the per-player settlements",
            "直接获胜时不算个人结算",
        )
        blocks.append(say(lang, skipped))
    rows = tuple(row for hand in s.hands for row in _special_rows(hand, lang))
    header = (
        "",
        say(lang, ("points", "分数")),
        say(lang, ("when the 13 cards hold", "十三张牌的条件")),
    )
    blocks.append(Grid(header, rows))
    if r.deck.jokers:  # after the table, which a diff pairs by its place
        blocks.append(_joker_specials(r, lang))
    return Section(term("specials", lang), tuple(blocks))


def thirteen_sections(r: ThirteenCardRuleset, lang: Lang) -> list[Section]:
    ranking = Section(term("ranking", lang), tuple(ranking_lines(r.ranking, lang, r.deck)))
    sections = [
        _table(r, lang),
        ranking,
        _payouts(r, lang),
        _fouls(r, lang),
        _bonuses(r, lang),
        _specials(r, lang),
        sources_section(r, lang),
    ]
    return [s for s in sections if s is not None]


__all__ = ["lane_value", "payout_grid", "thirteen_sections"]

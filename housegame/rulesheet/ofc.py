"""The rules sheet of an OFC ruleset: deal, scoring, royalties, fouls and Fantasyland."""

from __future__ import annotations

from housegame.glossary import Lang, Phrase, say, term
from housegame.rulesets.common import LANES
from housegame.rulesets.ofc import FrontAtLeast, OfcRuleset
from housegame.rulesheet.common import (
    deck_words,
    ranking_lines,
    seats_words,
    sources_section,
    yes_no,
)
from housegame.rulesheet.model import Grid, Section

AGAINST_CLEAN: dict[str, Phrase] = {
    "scooped": (
        "a fouled hand loses every lane to a clean one and pays the scoop bonus",
        "倒水者对未倒水者三道全输, 并付打枪奖励",
    ),
    "lose-lanes": (
        "a fouled hand loses every lane to a clean one, without the scoop bonus",
        "倒水者对未倒水者三道全输, 不付打枪奖励",
    ),
}
FOUL_ROYALTIES: dict[str, Phrase] = {
    "forfeit": ("a fouled hand forfeits its royalties", "倒水者没有奖励分"),
    "keep": ("a fouled hand keeps its royalties", "倒水者仍得奖励分"),
}
BOTH_FOULED: dict[str, Phrase] = {
    "push": ("two fouled hands settle at 0", "双方都倒水则为 0"),
    "compare-lanes": (
        "two fouled hands compare lanes as if neither had fouled",
        "双方都倒水则照常逐道比较",
    ),
}
MISPLACED: dict[str, Phrase] = {
    "refuse": (
        "placing too many or too few cards at a stage is refused",
        "某一轮摆放的张数不对: 不被接受",
    ),
    "foul": (
        "placing too many or too few cards at a stage is a foul: the hand is dead, dealt no "
        "more cards",
        "某一轮摆放的张数不对即为倒水: 该手牌作废, 不再发牌",
    ),
}


def _front(f: FrontAtLeast, lang: Lang) -> str:
    shape = ("{lane} {kind} of {rank}s or better", "{lane} {rank} {kind}或更好")
    return say(lang, shape, lane=term("front", lang), kind=term(f.category, lang), rank=f.rank)


def _deal(r: OfcRuleset, lang: Lang) -> Section:
    caps = ", ".join(f"{term(lane, lang)} {r.lanes.cap(lane)}" for lane in LANES)
    rows = tuple(
        (str(i), str(s.dealt), str(s.placed), str(s.discarded)) for i, s in enumerate(r.deal, 1)
    )
    header = (
        term("street", lang),
        say(lang, ("dealt", "发")),
        say(lang, ("placed", "摆")),
        term("discard", lang),
    )
    blocks: list[str | Grid] = [
        f"{term('seats', lang)}: {seats_words(r.players, lang)}; {deck_words(r.deck, lang)}",
        say(lang, ("cards per lane: {caps}", "每道张数: {caps}"), caps=caps),
        Grid(header, rows),
    ]
    return Section(term("deal-heading", lang), tuple(blocks))


SCOOP_WHEN: dict[str, Phrase] = {
    "won-all-three": ("winning all three lanes", "三道全赢"),
    "opponent-won-none": (
        "winning a lane while the opponent wins none (ties included)",
        "赢至少一道而对手一道未赢 (含平局)",
    ),
}
ROYALTIES_PAID: dict[str, Phrase] = {
    "always": (
        "{r} are paid to the holder whatever the lane's result",
        "{r}不论该道输赢都付给持牌者",
    ),
    "lane-won": (
        "{r} are paid only for a lane the holder wins, by the opponent it beats there",
        "{r}只在持牌者赢了该道时, 由该道输家支付",
    ),
}


def _scoring(r: OfcRuleset, lang: Lang) -> Section:
    scoop = say(lang, SCOOP_WHEN[r.scoring.scoop_when])
    lines = [
        say(lang, ("each lane won: {n}", "每赢一道: {n}"), n=r.scoring.lane_units),
        f"{term('scoop', lang)} ({scoop}): +{r.scoring.scoop_bonus}",
        say(lang, ROYALTIES_PAID[r.royalties.paid], r=term("royalties", lang)),
    ]
    return Section(term("scoring", lang), tuple(lines))


def _royalties(r: OfcRuleset, lang: Lang) -> Section:
    rows: list[tuple[str, str, str]] = []
    front = r.royalties.front
    for kind, table in (("pair", front.pairs), ("trips", front.trips)):
        for rank, units in table.items():
            rows.append((term("front", lang), f"{rank} {term(kind, lang)}", str(units)))
    for lane, by_hand in (("middle", r.royalties.middle), ("back", r.royalties.back)):
        for hand, units in by_hand.items():
            rows.append((term(lane, lang), term(hand, lang), str(units)))
    header = (term("lane", lang), say(lang, ("hand", "牌型")), term("unit", lang))
    return Section(term("royalties-heading", lang), (Grid(header, tuple(rows), keys=2),))


def _fouls(r: OfcRuleset, lang: Lang) -> Section:
    lines = (
        say(lang, AGAINST_CLEAN[r.foul.against_clean]),
        say(lang, FOUL_ROYALTIES[r.foul.royalties]),
        say(lang, BOTH_FOULED[r.foul.both_fouled]),
        say(lang, MISPLACED[r.foul.misplaced]),
    )
    return Section(term("fouls", lang), lines)


def _fantasyland(r: OfcRuleset, lang: Lang) -> Section | None:
    fl = r.fantasyland
    if fl is None:
        return None
    entry = ("entry: {front}; must be clean: {clean}", "进入: {front}; 须未倒水: {clean}")
    front, clean = _front(fl.entry.front, lang), yes_no(fl.entry.clean, lang)
    blocks: list[str | Grid] = [say(lang, entry, front=front, clean=clean)]
    if fl.cards.mode == "fixed":
        blocks.append(say(lang, ("cards dealt: {n}", "发牌张数: {n}"), n=fl.cards.fixed))
    else:
        rows = tuple((_front(row.front, lang), str(row.cards)) for row in fl.cards.progressive)
        blocks.append(
            say(
                lang,
                (
                    "cards dealt, by the entering front (the best row that holds):",
                    "发牌张数, 按进入时的头道 (取符合的最好一行):",
                ),
            )
        )
        header = (say(lang, ("entering with", "进入时")), say(lang, ("cards", "张数")))
        blocks.append(Grid(header, rows))
    better = ("{lane} {kind} or better", "{lane} {kind}或更好")
    stay = [
        say(lang, better, lane=term(lane, lang), kind=term(category, lang))
        for lane, category in (
            ("front", fl.stay.front),
            ("middle", fl.stay.middle),
            ("back", fl.stay.back),
        )
        if category is not None
    ]
    clean_stay = say(lang, (", clean", ", 须未倒水")) if fl.stay.clean else ""
    stay_line = ("stay{clean}: {how}; {n} cards", "留在{fl}{clean}: {how}; {n} 张")
    blocks.append(
        say(
            lang,
            stay_line,
            fl=term("fantasyland", lang),
            clean=clean_stay,
            how=f" {say(lang, OR_WORD)} ".join(stay) or say(lang, ("never", "不能")),
            n=fl.stay.cards,
        )
    )
    order = say(lang, (", then ", " > ")).join(fl.solver_priority)
    blocks.append(say(lang, ("the solver maximises: {o}", "摆牌求解的优先顺序: {o}"), o=order))
    return Section(term("fantasyland", lang), tuple(blocks))


OR_WORD: Phrase = ("or", "或")


def ofc_sections(r: OfcRuleset, lang: Lang) -> list[Section]:
    sections = [
        _deal(r, lang),
        Section(term("ranking", lang), tuple(ranking_lines(r.ranking, lang))),
        _scoring(r, lang),
        _royalties(r, lang),
        _fouls(r, lang),
        _fantasyland(r, lang),
        sources_section(r, lang),
    ]
    return [s for s in sections if s is not None]

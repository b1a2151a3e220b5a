"""The rules sheet of an OFC ruleset: deal, scoring, royalties, fouls and Fantasyland."""

from __future__ import annotations

from housegame.glossary import Lang, term
from housegame.rulesets.common import LANES
from housegame.rulesets.ofc import FrontAtLeast, OfcRuleset
from housegame.rulesheet.common import ranking_lines, seats_words, sources_section, yes_no
from housegame.rulesheet.model import Grid, Section

AGAINST_CLEAN = {
    "scooped": "a fouled hand loses every lane to a clean one and pays the scoop bonus",
    "lose-lanes": "a fouled hand loses every lane to a clean one, without the scoop bonus",
}
FOUL_ROYALTIES = {
    "forfeit": "a fouled hand forfeits its royalties",
    "keep": "a fouled hand keeps its royalties",
}
BOTH_FOULED = {
    "push": "two fouled hands settle at 0",
    "compare-lanes": "two fouled hands compare lanes as if neither had fouled",
}


def _front(f: FrontAtLeast, lang: Lang) -> str:
    return f"{term('front', lang)} {term(f.category, lang)} of {f.rank}s or better"


def _deal(r: OfcRuleset, lang: Lang) -> Section:
    caps = ", ".join(f"{term(lane, lang)} {r.lanes.cap(lane)}" for lane in LANES)
    rows = tuple(
        (str(i), str(s.dealt), str(s.placed), str(s.discarded)) for i, s in enumerate(r.deal, 1)
    )
    blocks: list[str | Grid] = [
        f"{term('seats', lang)}: {seats_words(r.players)}; one {r.deck_size}-card deck",
        f"cards per lane: {caps}",
        Grid((term("street", lang), "dealt", "placed", term("discard", lang)), rows),
    ]
    return Section(term("deal-heading", lang), tuple(blocks))


def _scoring(r: OfcRuleset, lang: Lang) -> Section:
    lines = [
        f"each {term('lane', lang)} won: {r.scoring.lane_units}",
        f"{term('scoop', lang)}: +{r.scoring.scoop_bonus}",
        f"{term('royalties', lang)} are paid to the holder whatever the lane's result",
    ]
    return Section(term("scoring", lang), tuple(lines))


def _royalties(r: OfcRuleset, lang: Lang) -> Section:
    rows: list[tuple[str, str, str]] = []
    front = r.royalties.front
    for kind, table in (("pair", front.pairs), ("trips", front.trips)):
        for rank, units in table.items():
            rows.append((term("front", lang), f"{term(kind, lang)} {rank}", str(units)))
    for lane, by_hand in (("middle", r.royalties.middle), ("back", r.royalties.back)):
        for hand, units in by_hand.items():
            rows.append((term(lane, lang), term(hand, lang), str(units)))
    return Section(
        term("royalties-heading", lang),
        (Grid((term("lane", lang), "hand", term("unit", lang)), tuple(rows)),),
    )


def _fouls(r: OfcRuleset, lang: Lang) -> Section:
    lines = (
        AGAINST_CLEAN[r.foul.against_clean],
        FOUL_ROYALTIES[r.foul.royalties],
        BOTH_FOULED[r.foul.both_fouled],
    )
    return Section(term("fouls", lang), lines)


def _fantasyland(r: OfcRuleset, lang: Lang) -> Section | None:
    fl = r.fantasyland
    if fl is None:
        return None
    blocks: list[str | Grid] = [
        f"entry: {_front(fl.entry.front, lang)}; must be clean: {yes_no(fl.entry.clean)}"
    ]
    if fl.cards.mode == "fixed":
        blocks.append(f"cards dealt: {fl.cards.fixed}")
    else:
        rows = tuple((_front(row.front, lang), str(row.cards)) for row in fl.cards.progressive)
        blocks.append("cards dealt, by the entering front (the best row that holds):")
        blocks.append(Grid(("entering with", "cards"), rows))
    stay = [
        f"{term(lane, lang)} {term(category, lang)} or better"
        for lane, category in (
            ("front", fl.stay.front),
            ("middle", fl.stay.middle),
            ("back", fl.stay.back),
        )
        if category is not None
    ]
    clean = ", clean" if fl.stay.clean else ""
    blocks.append(f"stay{clean}: {' or '.join(stay) or 'never'}; {fl.stay.cards} cards")
    blocks.append("the solver maximises: " + ", then ".join(fl.solver_priority))
    return Section(term("fantasyland", lang), tuple(blocks))


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

"""The rules sheet of a 13-card ruleset: who plays whom, what each lane pays, scoops, fouls,
bonuses and every special hand with its condition in words."""

from __future__ import annotations

from typing import get_args

from housegame.glossary import Lang, term
from housegame.rulesets.common import LANES, CategoryName
from housegame.rulesets.thirteen import SpecialHand, ThirteenCardRuleset
from housegame.rulesheet.common import ranking_lines, seats_words, sources_section
from housegame.rulesheet.model import Grid, Section
from housegame.rulesheet.words import hand_words, setting_words

FRONT_CATEGORIES: tuple[CategoryName, ...] = ("high-card", "pair", "trips")

COMPARE = {
    "all-pairs": "every pair of players compares",
    "banker": "each player compares with the banker only",
    "banker-or-all-pairs": "each player compares with the banker if one is named, else all pairs",
    "pool": "everyone stakes into a pool; the best hand in each lane takes a third",
}
TIES = {"split": "a tied lane scores for nobody", "banker-wins": "a tied lane goes to the banker"}
PAY_WHEN = {
    "lane-won": "paid when its lane beats that opponent",
    "match-won": "paid when the pair's result goes to the holder",
    "any-lane-won": "paid when the holder wins any lane of the pair",
    "always": "paid win or lose",
}
FOUL = {
    "refuse": "a fouled setting is refused as an input error",
    "lose-all-lanes": "the fouled hand loses every lane, each at the opponent's lane value "
    "(a scoop)",
}
BOTH_FOULED = {"push": "two fouled hands push", "banker-wins": "a fouled banker still wins"}
DECLARE = {
    "automatic": "the best special hand that holds is always declared",
    "optional": "a player may declare a special hand instead of setting",
}
ORDER = {
    "points": "a special is higher when it pays more points",
    "listed": "a special is higher when listed later",
}
VS_SET = {
    "points": "against a set hand the declarer wins its points (no scoop)",
    "as-scoop": "against a set hand the declarer wins every lane (a scoop) plus its points",
}
VS_SPECIAL = {
    "higher-wins": "the higher special wins its points; equal specials tie",
    "difference": "the two specials settle the difference of their points",
    "push": "two specials push",
    "banker-pays": "the banker pays the declaring player",
}
TIEBREAK = {"none": "", "pairs": "equal kinds compare pairs", "lanes": "equal kinds compare lanes"}


def _table(r: ThirteenCardRuleset, lang: Lang) -> Section:
    lines = [
        f"{term('seats', lang)}: {seats_words(r.table.seats)}",
        f"compare: {COMPARE[r.table.compare]}",
        f"{term('tie', lang)}: {TIES[r.table.ties]}",
    ]
    if r.display.unit != "unit" or r.display.points_per_unit != 1:
        lines.append(
            f"{term('unit', lang)}: {r.display.unit}, shown as {r.display.points_per_unit} points"
        )
    return Section(term("table", lang), tuple(lines))


def lane_value(r: ThirteenCardRuleset, lane: str, category: str) -> int:
    """Units for winning ``lane`` with ``category`` (replace mode: the highest listed value)."""
    listed = [v.units for v in r.lane_values.values if v.lane == lane and category in v.category]
    return max(listed, default=r.lane_values.default)


def payout_grid(r: ThirteenCardRuleset, lang: Lang) -> Grid:
    """Lane x hand category: the units a lane won with that hand is worth."""
    rows = []
    for category in get_args(CategoryName):
        cells = [
            str(lane_value(r, lane, category))
            if lane != "front" or category in FRONT_CATEGORIES
            else "-"
            for lane in LANES
        ]
        rows.append((term(category, lang), *cells))
    return Grid(("", *(term(lane, lang) for lane in LANES)), tuple(rows))


def _times_plus(multiplier: int, bonus: int, again: str, each: str) -> str:
    """'lane units x2 again, +3 from each', leaving out a x1 and a +0."""
    parts = [f"lane units x{multiplier}{again}"] if multiplier != 1 else []
    parts += [f"+{bonus}{each}"] if bonus else []
    return ", ".join(parts)


def _payouts(r: ThirteenCardRuleset, lang: Lang) -> Section:
    blocks: list[str | Grid] = []
    if r.pool is not None:
        blocks.append(f"{term('pool', lang)}: each player stakes {r.pool.stake}")
        if r.pool.sweep_bonus:
            blocks.append(f"winning all three lanes: +{r.pool.sweep_bonus} from each other player")
    elif r.outcomes is not None:
        blocks.append("a pair settles by lanes won-lost-tied (holder's side), not by a lane sum")
        rows = tuple(
            (f"{o.won}-{o.lost}-{o.tied}", f"{o.units:+}", term("scoop", lang) if o.scoop else "")
            for o in sorted(r.outcomes, key=lambda o: (-o.units, -o.won, o.lost))
        )
        blocks.append(Grid(("won-lost-tied", term("unit", lang), ""), rows))
    else:
        blocks.append("units for a lane won, by the winner's hand in that lane:")
        blocks.append(payout_grid(r, lang))
    scoop = term("scoop", lang)
    if r.pool is None:
        extra = _times_plus(r.scoop.multiplier, r.scoop.bonus, "", "")
        blocks.append(f"{scoop}: {extra or 'no extra payment'}")
    if r.home_run is not None:
        h = r.home_run
        extra = _times_plus(h.multiplier, h.bonus, " again", " from each")
        blocks.append(
            f"{term('home-run', lang)} ({scoop} {h.opponents} opponents): "
            f"{extra or 'no extra payment'}"
        )
    if r.overall_point:
        blocks.append(
            f"{term('overall-point', lang)}: +{r.overall_point} to each pair's net winner"
        )
    if r.surrender is not None:
        blocks.append(f"{term('surrender', lang)}: pays {r.surrender.units} to each opponent")
    return Section(term("payouts", lang), tuple(blocks))


def _fouls(r: ThirteenCardRuleset, lang: Lang) -> Section:
    lines = [FOUL[r.foul.handling]]
    if r.foul.handling != "refuse":
        lines.append(BOTH_FOULED[r.foul.both_fouled])
    return Section(term("fouls", lang), tuple(lines))


def _bonuses(r: ThirteenCardRuleset, lang: Lang) -> Section | None:
    if not r.bonuses:
        return None
    blocks: list[str | Grid] = []
    for group_name, group in r.bonuses.items():
        blocks.append(f"{group_name}: {PAY_WHEN[group.pay_when]}")
        rows = tuple(
            (
                item.name,
                term(item.lane, lang) if item.lane else "",
                str(item.units),
                setting_words(item.when, lang),
            )
            for item in group.items
        )
        blocks.append(Grid(("", term("lane", lang), term("unit", lang), "when"), rows))
    return Section(term("bonuses", lang), tuple(blocks))


def _special_rows(hand: SpecialHand, lang: Lang) -> list[tuple[str, str, str]]:
    tiebreak = TIEBREAK[hand.tiebreak]
    if hand.tiers is None:
        assert hand.points is not None and hand.when is not None
        words = hand_words(hand.when, lang) + (f"; {tiebreak}" if tiebreak else "")
        return [(hand.name, str(hand.points), words)]
    return [
        (hand.name if i == 0 else "", str(tier.points), hand_words(tier.when, lang))
        for i, tier in enumerate(hand.tiers)
    ]


def _specials(r: ThirteenCardRuleset, lang: Lang) -> Section | None:
    s = r.specials
    if not s.hands:
        return None
    blocks: list[str | Grid] = [DECLARE[s.declare], ORDER[s.order], VS_SET[s.vs_set]]
    blocks.append(f"two specials: {VS_SPECIAL[s.vs_special]}")
    if s.vs_special_with_banker is not None:
        blocks.append(f"with the banker: {VS_SPECIAL[s.vs_special_with_banker]}")
    if s.higher_counts_as_scoop:
        blocks.append(f"a higher special counts as a {term('scoop', lang)} for the home run")
    if s.home_run_ends_round:
        blocks.append("a declarer's home run ends the round for everyone")
    rows = tuple(row for hand in s.hands for row in _special_rows(hand, lang))
    blocks.append(Grid(("", "points", "when the 13 cards hold"), rows))
    return Section(term("specials", lang), tuple(blocks))


def thirteen_sections(r: ThirteenCardRuleset, lang: Lang) -> list[Section]:
    ranking = Section(term("ranking", lang), tuple(ranking_lines(r.ranking, lang)))
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

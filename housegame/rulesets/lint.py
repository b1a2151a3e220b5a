"""Warnings about a ruleset that loads but probably does not say what its author meant.

Each check reads the merged ruleset (and what the merge did); none knows a ruleset by id.
``housegame validate`` prints the warnings, and ``--strict`` makes them errors.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from functools import cache
from typing import Any, get_args

from housegame.cards import Card, rank_value
from housegame.ranking import Category, RankingRules, category_of, evaluate, named_rank
from housegame.rulesets.bigtwo import BigTwoRuleset
from housegame.rulesets.common import LANE_SIZES, RANK_TEXTS, LaneName, RulesetBase
from housegame.rulesets.loader import Resolved
from housegame.rulesets.ofc import OfcRuleset, RoyaltyHand
from housegame.rulesets.thirteen import (
    AllOf,
    AnyOf,
    LaneIs,
    NotOf,
    SettingCondition,
    ThirteenCardRuleset,
)
from housegame.validation import Problem
from housegame.yamlsource import KeyPath, format_path

ROYALTY_ORDER: tuple[str, ...] = get_args(RoyaltyHand)
"""Royalty hands, lowest first, as the model lists them."""
RANK_ORDER: tuple[str, ...] = RANK_TEXTS
"""Ranks low to high with A high: 2, 3, ..., K, A."""


@cache
def lane_categories(rules: RankingRules, size: int, five_of_a_kind: bool = False) -> frozenset[str]:
    """Every category a lane of ``size`` cards can rank as under ``rules``, found by ranking
    hands (every 3-card hand; for 5 cards, every category the ranking has, five of a kind
    where the deck makes it)."""
    if size != 3:
        five = {Category.FIVE_OF_A_KIND.label}
        return frozenset(c.label for c in Category) - (set() if five_of_a_kind else five)
    hands = itertools.combinations([Card(i) for i in range(52)], size)
    return frozenset(category_of(evaluate(list(h), rules)).label for h in hands)


@cache
def named_ranks(
    rules: RankingRules, size: int, five_of_a_kind: bool = False
) -> frozenset[tuple[str, int]]:
    """Every (category, named rank) a lane of ``size`` cards can be, found by ranking one hand
    of every rank multiset (suits spread, and all one suit where the ranks differ); five of a
    rank only where the deck makes it (a card twice: the spread repeats a suit)."""
    found: set[tuple[str, int]] = set()
    for ranks in itertools.combinations_with_replacement(range(13), size):
        if max(ranks.count(r) for r in ranks) > (5 if five_of_a_kind else 4):
            continue
        spread = [Card(r * 4 + i % 4) for i, r in enumerate(ranks)]
        hands = [spread]
        if len(set(ranks)) == size:
            hands.append([Card(r * 4) for r in ranks])
        for hand in hands:
            key = evaluate(hand, rules)
            found.add((category_of(key).label, named_rank(key, rules, size)))
    return frozenset(found)


def _warning(resolved: Resolved, path: KeyPath, message: str, hint: str | None = None) -> Problem:
    located = resolved.located
    pos = located.position_of(path)
    written = format_path(located.written_path(path))
    return Problem(pos.file, pos.line, written, message, hint, "warning")


def _lane_tests(condition: Any, path: KeyPath) -> Iterator[tuple[LaneIs, KeyPath]]:
    if isinstance(condition, LaneIs):
        yield condition, path
    elif isinstance(condition, AllOf):
        for i, sub in enumerate(condition.all):
            yield from _lane_tests(sub, (*path, "all", i))
    elif isinstance(condition, AnyOf):
        for i, sub in enumerate(condition.any):
            yield from _lane_tests(sub, (*path, "any", i))
    elif isinstance(condition, NotOf):
        yield from _lane_tests(condition.not_, (*path, "not"))


def _unreachable(
    resolved: Resolved, rules: ThirteenCardRuleset, lane: LaneName, categories: list[str]
) -> list[str]:
    can = lane_categories(
        rules.ranking.rules(), LANE_SIZES[lane], rules.deck.makes_five_of_a_kind()
    )
    return [c for c in categories if c not in can]


def _never_holds(resolved: Resolved, rules: ThirteenCardRuleset) -> Iterator[Problem]:
    def warn(path: KeyPath, lane: LaneName, missing: list[str], what: str) -> Problem:
        return _warning(
            resolved,
            path,
            f"the {lane} never ranks as {', '.join(missing)} under this ranking; {what}",
            f"the {lane} ranks as "
            + ", ".join(
                sorted(
                    lane_categories(
                        rules.ranking.rules(), LANE_SIZES[lane], rules.deck.makes_five_of_a_kind()
                    ),
                    key=lambda c: Category.from_label(c),
                )
            ),
        )

    for i, value in enumerate(rules.lane_values.values):
        missing = _unreachable(resolved, rules, value.lane, list(value.category))
        if missing:
            at: KeyPath = ("lane_values", "values", i, "category")
            yield warn(at, value.lane, missing, "this lane value can never pay")
        if value.rank is not None:
            can = named_ranks(
                rules.ranking.rules(), LANE_SIZES[value.lane], rules.deck.makes_five_of_a_kind()
            )
            rank = rank_value(value.rank)
            never = [c for c in value.category if c not in missing and (c, rank) not in can]
            if never:
                yield _warning(
                    resolved,
                    ("lane_values", "values", i, "rank"),
                    f"no {value.lane} {' or '.join(never)} is named by {value.rank}; "
                    "this lane value can never pay",
                    "a straight is named by its top card (A-2-3-4-5 by 5), a flush by its "
                    "highest card",
                )
    for name, group in rules.bonuses.items():
        for i, item in enumerate(group.items):
            when: SettingCondition = item.when
            for test, path in _lane_tests(when, ("bonuses", name, "items", i, "when")):
                missing = _unreachable(resolved, rules, test.lane, list(test.category or []))
                if missing:
                    yield warn((*path, "category"), test.lane, missing, "that test never holds")


def _low_lane_categories(resolved: Resolved, rules: ThirteenCardRuleset) -> Iterator[Problem]:
    """A lane value or a bonus test naming a category above high card on a lane ranked for low:
    such a hand loses that lane to almost every other, so it pays (or holds) for a bad low."""
    low = rules.ranking.low_lanes
    hint = "a lane ranked for low is won by the weaker hand; drop the entry, or rank it high"

    def warn(path: KeyPath, lane: LaneName, named: Sequence[str], what: str) -> Problem:
        message = (
            f"the {lane} is ranked for low ({low[lane]}): {what} {', '.join(named)}, hands that "
            "count against it"
        )
        return _warning(resolved, path, message, hint)

    for i, value in enumerate(rules.lane_values.values):
        named = [c for c in value.category if c != "high-card"]
        if value.lane in low and named:
            at: KeyPath = ("lane_values", "values", i, "category")
            yield warn(at, value.lane, named, "this lane value pays a winning")
    for name, group in rules.bonuses.items():
        for i, item in enumerate(group.items):
            for test, path in _lane_tests(item.when, ("bonuses", name, "items", i, "when")):
                named = [c for c in test.category or [] if c != "high-card"]
                if test.lane in low and named:
                    yield warn((*path, "category"), test.lane, named, "this test asks for")


def _same_specials(resolved: Resolved, rules: ThirteenCardRuleset) -> Iterator[Problem]:
    seen: dict[str, str] = {}
    for i, hand in enumerate(rules.specials.hands):
        shown = hand.when.model_dump_json(by_alias=True) if hand.when is not None else None
        if hand.tiers is not None:
            shown = "[" + ",".join(t.when.model_dump_json(by_alias=True) for t in hand.tiers) + "]"
        if shown is None:
            continue
        if shown in seen:
            yield _warning(
                resolved,
                ("specials", "hands", i, "when" if hand.when is not None else "tiers"),
                f"special '{hand.id}' has the same condition as '{seen[shown]}'",
                "one of them can never be the better declaration; drop one or change its condition",
            )
        else:
            seen[shown] = hand.id


def _banker_settings(resolved: Resolved, rules: ThirteenCardRuleset) -> Iterator[Problem]:
    compare = rules.table.compare
    if compare in ("banker", "banker-or-all-pairs"):
        return
    settings: list[tuple[KeyPath, bool]] = [
        (("table", "ties"), rules.table.ties == "banker-wins"),
        (("specials", "vs_special_with_banker"), rules.specials.vs_special_with_banker is not None),
        (("foul", "both_fouled"), rules.foul.both_fouled == "banker-wins"),
    ]
    for path, present in settings:
        if present:
            yield _warning(
                resolved,
                path,
                f"a banker setting, but table.compare is {compare}: there is no banker",
                "drop it, or set table.compare to banker or banker-or-all-pairs",
            )


def _table_gaps(
    resolved: Resolved, table: dict[str, int], order: tuple[str, ...], path: KeyPath, what: str
) -> Iterator[Problem]:
    listed = [k for k in order if k in table]
    if len(listed) < 2:
        return
    low, high = order.index(listed[0]), order.index(listed[-1])
    for key in order[low + 1 : high]:
        if key not in table:
            below = max((k for k in listed if order.index(k) < order.index(key)), key=order.index)
            above = min((k for k in listed if order.index(k) > order.index(key)), key=order.index)
            yield _warning(
                resolved,
                path,
                f"no entry for {what} {key}, between {below} ({table[below]}) and {above} "
                f"({table[above]}), so it pays nothing",
                f"add `{key}: N` (0 if it really pays nothing)",
            )


def _ofc_gaps(resolved: Resolved, rules: OfcRuleset) -> Iterator[Problem]:
    royalties = rules.royalties
    front = royalties.front
    ranks = RANK_ORDER
    pairs: dict[str, int] = {str(k): v for k, v in front.pairs.items()}
    trips: dict[str, int] = {str(k): v for k, v in front.trips.items()}
    yield from _table_gaps(resolved, pairs, ranks, ("royalties", "front", "pairs"), "a pair of")
    yield from _table_gaps(resolved, trips, ranks, ("royalties", "front", "trips"), "trips of")
    for lane in ("middle", "back"):
        table = dict(getattr(royalties, lane))
        yield from _table_gaps(resolved, table, ROYALTY_ORDER, ("royalties", lane), "a")


def _ofc_moot(resolved: Resolved, rules: OfcRuleset) -> Iterator[Problem]:
    """Royalties paid for lanes won never reach a fouled hand that wins no lane."""
    foul = rules.foul
    moot = (rules.royalties.paid, foul.royalties, foul.both_fouled) == ("lane-won", "keep", "push")
    if moot:
        yield _warning(
            resolved,
            ("foul", "royalties"),
            "a fouled hand keeps its royalties, but royalties are paid only for lanes won "
            "and a fouled hand wins none (two fouled hands push)",
            "drop foul.royalties: keep, or set foul.both_fouled: compare-lanes",
        )


def _bigtwo_values(resolved: Resolved, rules: BigTwoRuleset) -> Iterator[Problem]:
    """Card values that are all equal only count the cards, the tiers' job."""
    values = rules.penalty.card_values
    if values is not None and len(set(values.values())) == 1:
        (value,) = set(values.values())
        yield _warning(
            resolved,
            ("penalty", "card_values"),
            f"every rank is worth {value}: the same as counting the cards left",
            f"drop card_values and set the tiers' per_card to {value}",
        )


def _bigtwo_deals(resolved: Resolved, rules: BigTwoRuleset) -> Iterator[Problem]:
    """A deal that deals the whole deck has no cards left over to send anywhere."""
    for i, deal in enumerate(rules.deal):
        if deal.rest == "to-opener" and not deal.left_over:
            yield _warning(
                resolved,
                ("deal", i, "rest"),
                f"{deal.players} players with {deal.cards} cards each take the whole deck: no "
                "card is left over for the opener",
                "drop rest, or deal fewer cards each",
            )


def _merge_notes(resolved: Resolved) -> Iterator[Problem]:
    for note in resolved.notes:
        hint = (
            "intended? the entry is gone from the merged ruleset"
            if note.kind == "removed"
            else "drop the line: the parent already says so"
        )
        yield Problem(
            note.position.file,
            note.position.line,
            format_path(note.path),
            ("override " if note.kind == "removed" else "override changes nothing: ")
            + note.message,
            hint,
            "warning",
        )


def lint(ruleset: RulesetBase, resolved: Resolved) -> list[Problem]:
    """Every warning for a loaded ruleset, in file order."""
    found = list(_merge_notes(resolved))
    if isinstance(ruleset, ThirteenCardRuleset):
        found += _never_holds(resolved, ruleset)
        found += _low_lane_categories(resolved, ruleset)
        found += _same_specials(resolved, ruleset)
        found += _banker_settings(resolved, ruleset)
    if isinstance(ruleset, OfcRuleset):
        found += _ofc_gaps(resolved, ruleset)
        found += _ofc_moot(resolved, ruleset)
    if isinstance(ruleset, BigTwoRuleset):
        found += _bigtwo_values(resolved, ruleset)
        found += _bigtwo_deals(resolved, ruleset)
    return sorted(found, key=lambda p: (p.file, p.line or 0))


__all__ = ["lane_categories", "lint"]

"""The generic 13-card interpreter: settle every pair (or the pool) as the ruleset says.

Nothing here knows a ruleset by name; every difference is a field of
ThirteenCardRuleset.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from typing import TypeVar

from housegame.numbers import Num, whole
from housegame.ranking import category_of, describe
from housegame.results import Item, LaneResult, PairResult
from housegame.rulesets.common import LANES, LaneName
from housegame.rulesets.thirteen import ThirteenCardRuleset
from housegame.setting import Setting
from housegame.thirteen.conditions import lane_holds
from housegame.thirteen.payout import LaneVals, Opponent, PayKey, Payout
from housegame.thirteen.results import PairTerms, PoolEntry, Seat, TableResult, TableTerms
from housegame.thirteen.specials import compare as compare_specials


def lane_value(ruleset: ThirteenCardRuleset, setting: Setting, lane: LaneName) -> int:
    """Replace mode: what winning ``lane`` with this hand is worth."""
    return payout_of(ruleset).lane_values[LANES.index(lane)][category_of(setting.key(lane))]


_PAYOUTS: dict[int, tuple[ThirteenCardRuleset, Payout]] = {}


def payout_of(ruleset: ThirteenCardRuleset) -> Payout:
    """The compiled payout terms of a ruleset object (kept while the object lives)."""
    found = _PAYOUTS.get(id(ruleset))
    if found is None or found[0] is not ruleset:
        if len(_PAYOUTS) > 256:
            _PAYOUTS.clear()
        found = _PAYOUTS[id(ruleset)] = (ruleset, Payout(ruleset))
    return found[1]


@dataclass(frozen=True)
class SeatTerms:
    """One seat's own part of the payout inputs: lane values, bonus leaves, and each add-on's
    units if its condition holds (paid or not depends on the pair)."""

    seat: Seat
    values: list[int]
    leaves: list[list[int]]
    bonuses: list[int]
    group_units: dict[PayKey, Num]


Pair = PairResult | PairTerms
P = TypeVar("P", PairResult, PairTerms)


class PairScorer:
    """Settles one pair of seats with the ruleset's payout terms (``payout``), itemized
    (``settle``) or as plain terms to count (``terms``: the same terms, no hand descriptions,
    no ``Fraction`` unless a share is not whole); ``banker`` decides ties where the ruleset
    gives them to the banker."""

    def __init__(self, ruleset: ThirteenCardRuleset, banker: str | None) -> None:
        self.ruleset = ruleset
        self.banker = banker
        self.payout = payout_of(ruleset)
        self._seen: dict[str, SeatTerms] = {}
        self.bonus_lanes = {
            item.id: item.lane for group in ruleset.bonuses.values() for item in group.items
        }
        self.reads_match = any(term.pay[0] == "match-won" for term in self.payout.bonuses)

    def settle(self, a: Seat, b: Seat) -> PairResult:
        return self._settle(PairResult(a.name, b.name), a, b)

    def terms(self, a: Seat, b: Seat) -> PairTerms:
        return self._settle(PairTerms(a.name, b.name), a, b)

    def _settle(self, pair: P, a: Seat, b: Seat) -> P:
        if a.surrendered or b.surrendered:
            self._surrender(pair, a, b)
        elif a.declared is not None or b.declared is not None:
            self._specials(pair, a, b)
        else:
            self._set_hands(pair, a, b)
            return pair
        if pair.net:
            self._overall(pair, whole(self.payout.points_net(1 if pair.net > 0 else -1)))
        return pair

    def _overall(self, pair: Pair, units: int) -> None:
        if units:
            winner = pair.first if units > 0 else pair.second
            pair.add("overall-point", f"overall point to {winner}", units)

    def _surrender(self, pair: Pair, a: Seat, b: Seat) -> None:
        if a.surrendered and b.surrendered:
            return
        units = self.ruleset.surrender.units if self.ruleset.surrender else 0
        loser = a if a.surrendered else b
        pair.add("surrender", f"{loser.name} surrenders", -units if loser is a else units)

    def _specials(self, pair: Pair, a: Seat, b: Seat) -> None:
        rules = self.ruleset.specials
        if a.declared is not None and b.declared is not None:
            order = compare_specials(a.declared, b.declared)
            mode = rules.vs_special
            if self.banker in (a.name, b.name) and rules.vs_special_with_banker is not None:
                mode = rules.vs_special_with_banker
            units = 0
            if mode == "banker-pays" and self.banker in (a.name, b.name):
                units = -b.declared.points if a.name == self.banker else a.declared.points
            elif mode in ("higher-wins", "banker-pays") and order:
                units = a.declared.points if order > 0 else -b.declared.points
            elif mode == "difference" and order:
                units = a.declared.points - b.declared.points
            detail = f"{a.declared.label} vs {b.declared.label}"
            pair.add("special", "specials meet", units, detail)
            if order and rules.higher_counts_as_scoop:
                pair.scooped_by = a.name if order > 0 else b.name
                pair.counted_only = True
            return
        holder, sign = (a, 1) if a.declared is not None else (b, -1)
        assert holder.declared is not None
        if rules.vs_set == "as-scoop":
            self._lane_items(pair, a, b, self.payout.declared_lanes(sign))
        pair.add(
            "special",
            holder.declared.label,
            sign * holder.declared.points,
            f"{holder.name} declares",
        )
        setter = b if holder is a else a
        if self.ruleset.specials.set_extras == "paid" and setter.setting is not None:
            for term, units in zip(self.payout.bonuses, self._own(setter).bonuses):
                if term.pay[0] == "always":
                    pair.add("bonus", f"{term.name} ({setter.name})", -sign * units)

    def _outcomes(self, a: Seat, b: Seat) -> list[int]:
        """Each lane from ``a``'s side: +1 won, 0 tied, -1 lost (fouls and banker ties in)."""
        assert a.setting is not None and b.setting is not None
        to_a = {a.name: 1, b.name: -1}
        if a.fouled and b.fouled:
            if self.ruleset.foul.both_fouled == "banker-wins" and self.banker in to_a:
                return [to_a[self.banker]] * 3
            return [0] * 3
        if a.fouled or b.fouled:
            return [-1 if a.fouled else 1] * 3
        out = []
        for lane in LANES:
            ka, kb = a.setting.key(lane), b.setting.key(lane)
            if ka != kb:
                out.append(1 if ka > kb else -1)
            elif self.ruleset.table.ties == "banker-wins" and self.banker in to_a:
                out.append(to_a[self.banker])
            else:
                out.append(0)
        return out

    def _own(self, seat: Seat) -> SeatTerms:
        """What a seat brings to every pair it is in, whoever it meets: worked out once per
        seat, not once per pair."""
        found = self._seen.get(seat.name)
        if found is None or found.seat is not seat:
            assert seat.setting is not None
            payout = self.payout
            values = [
                payout.lane_values[i][category_of(seat.setting.key(lane))]
                for i, lane in enumerate(LANES)
            ]
            leaves = [
                [0 if seat.fouled else int(lane_holds(cond, seat.setting)) for cond in conds]
                for conds in payout.leaves
            ]
            lanes = [LaneVals(0, 0, 0, 0, 0, 0, 0, [*own]) for own in leaves]
            seen: dict[int, Num] = {}
            bonuses = [whole(payout.bonus(term, lanes, seen)) for term in payout.bonuses]
            found = SeatTerms(seat, values, leaves, bonuses, payout.group_units(lanes))
            self._seen[seat.name] = found
        return found

    def _lanes(self, seat: Seat, other: Seat, outcomes: list[int]) -> list[LaneVals]:
        """``seat``'s lanes against ``other`` as payout inputs."""
        mine, theirs = self._own(seat), self._own(other)
        return [
            LaneVals.known(outcome, value, other_value, own)
            for outcome, value, other_value, own in zip(
                outcomes, mine.values, theirs.values, mine.leaves
            )
        ]

    def _set_hands(self, pair: Pair, a: Seat, b: Seat) -> None:
        outcomes = self._outcomes(a, b)
        lanes_a = self._lanes(a, b, outcomes)
        dist = self._lane_items(pair, a, b, lanes_a)
        payout = self.payout
        # who won the pair is read only by match-won add-ons, b's lanes only by b's add-ons
        won, lost = payout.match(lanes_a, dist) if self.reads_match else (0, 0)
        for seat, sign, match in ((a, 1, won), (b, -1, lost)):
            own = self._own(seat)
            if not any(own.bonuses):
                continue
            lanes = lanes_a if seat is a else self._lanes(b, a, [-o for o in outcomes])
            for term, units in zip(payout.bonuses, own.bonuses):
                if units:
                    paid = units * payout.pays(term.pay, lanes, match)
                    label = f"{term.name} ({seat.name})"
                    lane = self.bonus_lanes.get(term.id)
                    pair.add("bonus", label, sign * whole(paid), lane=lane)
        theirs = Opponent(self._own(b).group_units)
        overall = payout.overall_point(lanes_a, self._own(a).group_units, theirs)
        self._overall(pair, whole(overall))

    def _lane_items(
        self, pair: Pair, a: Seat, b: Seat, lanes: list[LaneVals]
    ) -> dict[tuple[int, int], Num]:
        """Lane results (or the outcome table) and the scoop, from ``a``'s side; sets who
        scooped and the lane units a home run multiplies."""
        payout = self.payout
        dist = payout.won_lost(lanes) if payout.outcomes is not None else {}  # lane sums: unread
        itemized = isinstance(pair, PairResult)
        for lane, vals in zip(LANES, lanes):
            winner = a.name if vals.w else b.name if vals.l else None
            if isinstance(pair, PairResult):
                pair.lanes.append(LaneResult(lane, winner, *self._lane_hands(lane, a, b)))
            if payout.outcomes is None:
                label = f"{lane} to {winner}" if winner else f"{lane} tied"
                detail = self._lane_detail(lane, a, b) if itemized else ""
                pair.add("lane", label, whole(payout.lane(vals)), detail, lane=lane)
        if payout.outcomes is not None:
            won = sum(whole(v.w) for v in lanes)
            lost = sum(whole(v.l) for v in lanes)
            label = f"{won}-{lost}-{3 - won - lost} (won-lost-tied)"
            pair.add("outcome", label, whole(payout.outcome(dist)))
        scoops = payout.scoops(lanes, dist)
        if scoops.won or scoops.lost:
            pair.scooped_by = a.name if scoops.won else b.name
            mult = payout.scoop_mult
            label = f"scoop by {pair.scooped_by}" + (f" x{mult}" if mult > 1 else "")
            pair.add("scoop", label, whole(payout.scoop(lanes, dist)))
        lane_units = whole(scoops.won_units - scoops.lost_units)
        if isinstance(pair, PairResult):
            pair.lane_units = Fraction(lane_units)
        else:
            pair.lane_units = lane_units
        return dist

    def _lane_hands(self, lane: LaneName, a: Seat, b: Seat) -> tuple[str, str]:
        def show(seat: Seat) -> str:
            if seat.setting is None:
                return "special"
            text = describe(seat.setting.key(lane))
            return f"{text} (foul)" if seat.fouled else text

        return show(a), show(b)

    def _lane_detail(self, lane: LaneName, a: Seat, b: Seat) -> str:
        return " vs ".join(self._lane_hands(lane, a, b))


def _pairs(
    seats: Sequence[Seat], ruleset: ThirteenCardRuleset, banker: str | None
) -> list[tuple[Seat, Seat]]:
    if banker is not None:
        bank = next(s for s in seats if s.name == banker)
        return [(bank, s) for s in seats if s is not bank]
    return list(combinations(seats, 2))


def _home_runs(ruleset: ThirteenCardRuleset, pairs: Sequence[Pair]) -> list[str]:
    home_run = ruleset.home_run
    if home_run is None:
        return []
    makers = []
    for name in {p.first for p in pairs} | {p.second for p in pairs}:
        mine = [p for p in pairs if name in (p.first, p.second)]
        if home_run.counts_at(len(mine)) and all(p.scooped_by == name for p in mine):
            makers.append(name)
            for p in mine:
                if p.counted_only and not ruleset.specials.lower_pays_home_run:
                    continue  # a declarer it drew with pays no home run (Taiwan rule b)
                sign = 1 if p.first == name else -1
                extra = whole(payout_of(ruleset).home_run(int(p.lane_units), sign))
                label = f"home run by {name}" + (
                    f" x{home_run.multiplier}" if home_run.multiplier > 1 else ""
                )
                p.add("home-run", label, extra)
    return makers


def _multiply(ruleset: ThirteenCardRuleset, seats: Sequence[Seat], pairs: Sequence[Pair]) -> None:
    """Card multipliers: each pair's whole settlement times both players' factors, as one
    itemized line (``Payout.multiplied``)."""
    payout = payout_of(ruleset)
    if not payout.multipliers:
        return
    by_name = {s.name: s for s in seats}
    for pair in pairs:
        held = {name: payout.held(by_name[name].hand) for name in (pair.first, pair.second)}
        mine, theirs = (payout.factor(by_name[name].hand) for name in (pair.first, pair.second))
        names = [f"{m.name} x{m.factor} ({name})" for name, found in held.items() for m, _ in found]
        extra = payout.multiplied(pair.net, mine, theirs)
        assert isinstance(extra, Fraction)
        factor = mine * theirs
        shown = str(factor) if factor.denominator == 1 else repr(float(factor))
        pair.add("multiplier", f"multipliers x{shown}", extra, ", ".join(names))


def _pool(ruleset: ThirteenCardRuleset, seats: Sequence[Seat]) -> list[PoolEntry]:
    """Pagat's pool: each stakes; the best hand in each lane takes a third; ties split."""
    assert ruleset.pool is not None
    players = [s for s in seats if s.declared is None]
    contest = [s for s in players if s.setting is not None and not s.fouled and not s.surrendered]
    entries = [
        PoolEntry(s.name, Item("stake", "stake into the pool", Fraction(-ruleset.pool.stake)))
        for s in players
    ]
    share = payout_of(ruleset).pool_share(len(players))
    lane_winners: dict[str, int] = {}
    for lane in LANES:
        if not contest:
            break
        best = max(s.setting.key(lane) for s in contest if s.setting is not None)
        winners = [s for s in contest if s.setting is not None and s.setting.key(lane) == best]
        for w in winners:
            best_lane = Item("pool", f"best {lane}", share / len(winners), lane=lane, winner=w.name)
            entries.append(PoolEntry(w.name, best_lane))
            if len(winners) == 1:
                lane_winners[w.name] = lane_winners.get(w.name, 0) + 1
    if not contest:  # nobody can win a lane: stakes go back
        return []
    sweeper = next((n for n, count in lane_winners.items() if count == 3), None)
    if sweeper is not None and ruleset.pool.sweep_bonus:
        for s in players:
            if s.name != sweeper:
                entries.append(
                    PoolEntry(
                        s.name,
                        Item("pool", f"sweep by {sweeper}", Fraction(-ruleset.pool.sweep_bonus)),
                    )
                )
                entries.append(
                    PoolEntry(
                        sweeper,
                        Item(
                            "pool",
                            f"sweep from {s.name}",
                            Fraction(ruleset.pool.sweep_bonus),
                            winner=sweeper,
                        ),
                    )
                )
    return entries


def _settle(
    ruleset: ThirteenCardRuleset,
    seats: Sequence[Seat],
    banker: str | None,
    settle: Callable[[Seat, Seat], P],
) -> tuple[list[P], list[PoolEntry]]:
    """The table's settled pairs (each by ``settle``) and pool entries."""
    if ruleset.specials.all_declared == "nothing" and all(s.declared is not None for s in seats):
        return [], []
    if ruleset.table.compare == "pool":
        declarers = [s for s in seats if s.declared is not None]
        candidates = [(x, y) for x, y in combinations(seats, 2) if x in declarers or y in declarers]
        return [settle(x, y) for x, y in candidates], _pool(ruleset, seats)
    pairs = [settle(x, y) for x, y in _pairs(seats, ruleset, banker)]
    makers = _home_runs(ruleset, pairs)
    declared = {s.name for s in seats if s.declared is not None}
    if ruleset.specials.home_run_ends_round and declared & set(makers):
        pairs = [p for p in pairs if p.first in declared or p.second in declared]
    _multiply(ruleset, seats, pairs)
    return pairs, []


def settle_table(
    ruleset: ThirteenCardRuleset, seats: Sequence[Seat], banker: str | None = None
) -> TableResult:
    """Score seated players under the ruleset. Seats are already checked (see ``seat_table``)."""
    pairs, pool = _settle(ruleset, seats, banker, PairScorer(ruleset, banker).settle)
    display = ruleset.display
    return TableResult(
        ruleset.id, list(seats), banker, pairs, pool, display.unit, display.points_per_unit
    )


def settle_terms(
    ruleset: ThirteenCardRuleset, seats: Sequence[Seat], banker: str | None = None
) -> TableTerms:
    """``settle_table`` for counting (what simulations use): the same terms in the same order,
    with ints instead of ``Fraction`` where whole and no descriptions of the lanes' hands."""
    pairs, pool = _settle(ruleset, seats, banker, PairScorer(ruleset, banker).terms)
    return TableTerms(ruleset.id, list(seats), banker, pairs, pool)

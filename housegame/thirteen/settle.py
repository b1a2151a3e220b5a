"""The generic 13-card interpreter: settle every pair (or the pool) as the ruleset says.

Nothing here knows a ruleset by name; every difference is a field of
ThirteenCardRuleset.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from itertools import combinations

from housegame.ranking import category_of, describe
from housegame.rulesets.common import LANES, LaneName
from housegame.rulesets.thirteen import ThirteenCardRuleset
from housegame.thirteen.conditions import setting_holds
from housegame.thirteen.results import Item, PairResult, PoolEntry, Seat, TableResult
from housegame.thirteen.setting import Setting
from housegame.thirteen.specials import compare as compare_specials


def lane_value(ruleset: ThirteenCardRuleset, setting: Setting, lane: LaneName) -> int:
    """Replace mode: what winning ``lane`` with this hand is worth."""
    label = category_of(setting.key(lane)).label
    values = [v.units for v in ruleset.lane_values.values if v.lane == lane and label in v.category]
    return max(values, default=ruleset.lane_values.default)


class PairScorer:
    """Settles one pair of seats; ``banker`` decides ties where the ruleset gives them to the
    banker.
    """

    def __init__(self, ruleset: ThirteenCardRuleset, banker: str | None) -> None:
        self.ruleset = ruleset
        self.banker = banker

    def settle(self, a: Seat, b: Seat) -> PairResult:
        pair = PairResult(a.name, b.name)
        if a.surrendered or b.surrendered:
            self._surrender(pair, a, b)
        elif a.declared is not None or b.declared is not None:
            self._specials(pair, a, b)
        else:
            self._set_hands(pair, a, b)
        return pair

    def _surrender(self, pair: PairResult, a: Seat, b: Seat) -> None:
        if a.surrendered and b.surrendered:
            return
        units = self.ruleset.surrender.units if self.ruleset.surrender else 0
        loser = a if a.surrendered else b
        pair.add("surrender", f"{loser.name} surrenders", -units if loser is a else units)

    def _specials(self, pair: PairResult, a: Seat, b: Seat) -> None:
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
            return
        holder, sign = (a, 1) if a.declared is not None else (b, -1)
        assert holder.declared is not None
        if rules.vs_set == "as-scoop":
            won = [3, 0, 0] if sign > 0 else [0, 3, 0]
            self._lane_points(pair, [a.name if sign > 0 else b.name] * 3, a, b, won_lost=won)
        pair.add(
            "special",
            holder.declared.label,
            sign * holder.declared.points,
            f"{holder.name} declares",
        )

    def _winners(self, a: Seat, b: Seat) -> list[str | None]:
        assert a.setting is not None and b.setting is not None
        if a.fouled and b.fouled:
            if self.ruleset.foul.both_fouled == "banker-wins" and self.banker in (a.name, b.name):
                return [self.banker] * 3
            return [None] * 3
        if a.fouled or b.fouled:
            return [b.name if a.fouled else a.name] * 3
        winners: list[str | None] = []
        for lane in LANES:
            ka, kb = a.setting.key(lane), b.setting.key(lane)
            if ka != kb:
                winners.append(a.name if ka > kb else b.name)
            elif self.ruleset.table.ties == "banker-wins" and self.banker in (a.name, b.name):
                winners.append(self.banker)
            else:
                winners.append(None)
        return winners

    def _set_hands(self, pair: PairResult, a: Seat, b: Seat) -> None:
        winners = self._winners(a, b)
        won = sum(w == a.name for w in winners)
        lost = sum(w == b.name for w in winners)
        match = self._lane_points(pair, winners, a, b, won_lost=[won, lost, 3 - won - lost])
        self._bonuses(pair, a, b, winners, match)

    def _lane_points(
        self, pair: PairResult, winners: Sequence[str | None], a: Seat, b: Seat, won_lost: list[int]
    ) -> int:
        """Lane results (or the outcome table), then the scoop; returns the match winner's sign."""
        total = Fraction(0)
        for lane, winner in zip(LANES, winners):
            seat = a if winner == a.name else b
            units = 1
            if seat.setting is not None:
                units = lane_value(self.ruleset, seat.setting, lane)
            signed = units if winner == a.name else -units
            if winner is None:
                signed = 0
            detail = self._lane_detail(lane, a, b)
            if self.ruleset.outcomes is None:
                pair.add(
                    "lane", f"{lane} to {winner}" if winner else f"{lane} tied", signed, detail
                )
                total += signed
        scoop_sign = 0
        if self.ruleset.outcomes is not None:
            row = next(o for o in self.ruleset.outcomes if [o.won, o.lost, o.tied] == won_lost)
            pair.add("outcome", f"{row.won}-{row.lost}-{row.tied} (won-lost-tied)", row.units)
            total = Fraction(row.units)
            scoop_sign = (1 if row.units > 0 else -1) if row.scoop else 0
        elif won_lost[0] == 3 or won_lost[1] == 3:
            scoop_sign = 1 if won_lost[0] == 3 else -1
        if scoop_sign:
            pair.scooped_by = a.name if scoop_sign > 0 else b.name
            scoop = self.ruleset.scoop
            extra = total * (scoop.multiplier - 1)
            total += extra
            label = f"scoop by {pair.scooped_by}" + (
                f" x{scoop.multiplier}" if scoop.multiplier > 1 else ""
            )
            pair.add("scoop", label, extra + scoop_sign * scoop.bonus)
        pair.lane_units = total
        return (total > 0) - (total < 0)

    def _lane_detail(self, lane: LaneName, a: Seat, b: Seat) -> str:
        def show(seat: Seat) -> str:
            if seat.setting is None:
                return "special"
            text = describe(seat.setting.key(lane))
            return f"{text} (foul)" if seat.fouled else text

        return f"{show(a)} vs {show(b)}"

    def _bonuses(
        self, pair: PairResult, a: Seat, b: Seat, winners: list[str | None], match: int
    ) -> None:
        for seat, sign in ((a, 1), (b, -1)):
            if seat.setting is None or seat.fouled:
                continue
            lanes_won = {lane for lane, w in zip(LANES, winners) if w == seat.name}
            for group in self.ruleset.bonuses.values():
                for bonus in group.items:
                    paid = {
                        "always": True,
                        "lane-won": bonus.lane in lanes_won,
                        "match-won": match == sign,
                        "any-lane-won": bool(lanes_won),
                    }[group.pay_when]
                    if paid and setting_holds(bonus.when, seat.setting):
                        pair.add("bonus", f"{bonus.name} ({seat.name})", sign * bonus.units)


def _pairs(
    seats: Sequence[Seat], ruleset: ThirteenCardRuleset, banker: str | None
) -> list[tuple[Seat, Seat]]:
    if banker is not None:
        bank = next(s for s in seats if s.name == banker)
        return [(bank, s) for s in seats if s is not bank]
    return list(combinations(seats, 2))


def _home_runs(ruleset: ThirteenCardRuleset, pairs: list[PairResult]) -> list[str]:
    home_run = ruleset.home_run
    if home_run is None:
        return []
    makers = []
    for name in {p.first for p in pairs} | {p.second for p in pairs}:
        mine = [p for p in pairs if name in (p.first, p.second)]
        if len(mine) >= home_run.opponents and all(p.scooped_by == name for p in mine):
            makers.append(name)
            for p in mine:
                sign = 1 if p.first == name else -1
                extra = p.lane_units * (home_run.multiplier - 1) + sign * home_run.bonus
                label = f"home run by {name}" + (
                    f" x{home_run.multiplier}" if home_run.multiplier > 1 else ""
                )
                p.add("home-run", label, extra)
    return makers


def _pool(ruleset: ThirteenCardRuleset, seats: Sequence[Seat]) -> list[PoolEntry]:
    """Pagat's pool: each stakes; the best hand in each lane takes a third; ties split."""
    assert ruleset.pool is not None
    players = [s for s in seats if s.declared is None]
    contest = [s for s in players if s.setting is not None and not s.fouled and not s.surrendered]
    entries = [
        PoolEntry(s.name, Item("stake", "stake into the pool", Fraction(-ruleset.pool.stake)))
        for s in players
    ]
    share = Fraction(ruleset.pool.stake * len(players), 3)
    lane_winners: dict[str, int] = {}
    for lane in LANES:
        if not contest:
            break
        best = max(s.setting.key(lane) for s in contest if s.setting is not None)
        winners = [s for s in contest if s.setting is not None and s.setting.key(lane) == best]
        for w in winners:
            entries.append(PoolEntry(w.name, Item("pool", f"best {lane}", share / len(winners))))
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
                        Item("pool", f"sweep from {s.name}", Fraction(ruleset.pool.sweep_bonus)),
                    )
                )
    return entries


def settle_table(
    ruleset: ThirteenCardRuleset, seats: Sequence[Seat], banker: str | None = None
) -> TableResult:
    """Score seated players under the ruleset. Seats are already checked (see ``seat_table``)."""
    scorer = PairScorer(ruleset, banker)
    if ruleset.table.compare == "pool":
        declarers = [s for s in seats if s.declared is not None]
        candidates = [(x, y) for x, y in combinations(seats, 2) if x in declarers or y in declarers]
        pairs = [scorer.settle(x, y) for x, y in candidates]
        return TableResult(
            ruleset.id,
            list(seats),
            banker,
            pairs,
            _pool(ruleset, seats),
            ruleset.display.unit,
            ruleset.display.points_per_unit,
        )
    pairs = [scorer.settle(x, y) for x, y in _pairs(seats, ruleset, banker)]
    makers = _home_runs(ruleset, pairs)
    declared = {s.name for s in seats if s.declared is not None}
    if ruleset.specials.home_run_ends_round and declared & set(makers):
        pairs = [p for p in pairs if p.first in declared or p.second in declared]
    if ruleset.overall_point:
        for p in pairs:
            if p.net:
                winner = p.first if p.net > 0 else p.second
                p.add(
                    "overall-point",
                    f"overall point to {winner}",
                    ruleset.overall_point if p.net > 0 else -ruleset.overall_point,
                )
    return TableResult(
        ruleset.id,
        list(seats),
        banker,
        pairs,
        [],
        ruleset.display.unit,
        ruleset.display.points_per_unit,
    )

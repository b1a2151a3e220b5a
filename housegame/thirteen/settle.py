"""The generic 13-card interpreter: settle every pair (or the pool) as the ruleset says, then
what spans pairs (home runs, card multipliers, the pool, per-player settlements).

Nothing here knows a ruleset by name; every difference is a field of
ThirteenCardRuleset.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from itertools import combinations

from housegame.numbers import whole
from housegame.results import Item
from housegame.rulesets.common import LANES
from housegame.rulesets.thirteen import ThirteenCardRuleset
from housegame.thirteen.pairs import P, Pair, PairScorer, payout_of
from housegame.thirteen.results import PoolEntry, Seat, TableResult, TableTerms


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


def round_enders(ruleset: ThirteenCardRuleset, seats: Sequence[Seat]) -> set[str]:
    """The players whose declaration ends the round for everyone: an instant win
    (``ends_round``), or a false declaration that ends it."""
    false = ruleset.specials.false_declaration
    return {
        s.name
        for s in seats
        if (s.declared is not None and s.declared.hand.ends_round)
        or (s.misdeclared is not None and false is not None and false.ends_round)
    }


def settlements(ruleset: ThirteenCardRuleset, seats: Sequence[Seat]) -> list[PoolEntry]:
    """Per-player settlements outside the pairs: units for each selected card held above
    the table's average (below it: paid), so the table sums to zero."""
    out = []
    payout = payout_of(ruleset)
    counted = {s.name: payout.counted(s.hand) for s in seats}
    for i, rule in enumerate(ruleset.settlements):
        counts = [held[i] for held in counted.values()]
        average = Fraction(sum(counts), len(counts))
        for name, held in counted.items():
            units = payout.settlement(rule.units, held[i], counts)
            detail = f"{held[i]} held, table average {average}"
            assert isinstance(units, Fraction)
            out.append(PoolEntry(name, Item("settlement", rule.name, units, detail)))
    return out


def _settle(
    ruleset: ThirteenCardRuleset,
    seats: Sequence[Seat],
    banker: str | None,
    settle: Callable[[Seat, Seat], P],
) -> tuple[list[P], list[PoolEntry], list[PoolEntry]]:
    """The table's settled pairs (each by ``settle``), pool entries and per-player
    settlements."""
    if ruleset.specials.all_declared == "nothing" and all(s.declared is not None for s in seats):
        return [], [], []
    enders = round_enders(ruleset, seats)
    if ruleset.table.compare == "pool":
        declarers = [s for s in seats if s.declared is not None or s.misdeclared is not None]
        candidates = [(x, y) for x, y in combinations(seats, 2) if x in declarers or y in declarers]
        if enders:
            candidates = [(x, y) for x, y in candidates if {x.name, y.name} & enders]
            return [settle(x, y) for x, y in candidates], [], []
        pool = _pool(ruleset, seats)
        return [settle(x, y) for x, y in candidates], pool, settlements(ruleset, seats)
    seated = _pairs(seats, ruleset, banker)
    if enders:
        seated = [(x, y) for x, y in seated if {x.name, y.name} & enders]
    pairs = [settle(x, y) for x, y in seated]
    makers = _home_runs(ruleset, pairs)
    declared = {s.name for s in seats if s.declared is not None}
    if ruleset.specials.home_run_ends_round and declared & set(makers):
        pairs = [p for p in pairs if p.first in declared or p.second in declared]
    _multiply(ruleset, seats, pairs)
    return pairs, [], [] if enders else settlements(ruleset, seats)


def settle_table(
    ruleset: ThirteenCardRuleset, seats: Sequence[Seat], banker: str | None = None
) -> TableResult:
    """Score seated players under the ruleset. Seats are already checked (see ``seat_table``)."""
    pairs, pool, extra = _settle(ruleset, seats, banker, PairScorer(ruleset, banker).settle)
    display = ruleset.display
    return TableResult(
        ruleset.id, list(seats), banker, pairs, pool, display.unit, display.points_per_unit, extra
    )


def settle_terms(
    ruleset: ThirteenCardRuleset, seats: Sequence[Seat], banker: str | None = None
) -> TableTerms:
    """``settle_table`` for counting (what simulations use): the same terms in the same order,
    with ints instead of ``Fraction`` where whole and no descriptions of the lanes' hands."""
    pairs, pool, extra = _settle(ruleset, seats, banker, PairScorer(ruleset, banker).terms)
    return TableTerms(ruleset.id, list(seats), banker, pairs, pool, extra)

"""Settling finished OFC hands: every pair of players, lane by lane, then scoop and royalties.

Nothing here knows a ruleset by name; every choice is a field of OfcRuleset.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from itertools import combinations

from housegame.ofc.fantasyland import next_hand
from housegame.ofc.results import Item, OfcSeat, OfcTableResult, PairResult
from housegame.ofc.royalties import lane_royalties
from housegame.ranking import describe
from housegame.rulesets.common import LANES, LaneName
from housegame.rulesets.ofc import OfcRuleset
from housegame.setting import Setting


def make_seat(
    ruleset: OfcRuleset,
    name: str,
    setting: Setting,
    in_fantasyland: bool = False,
    discards: tuple[str, ...] = (),
) -> OfcSeat:
    """A finished hand with the royalties it is paid (none when a foul forfeits them)."""
    royalties = lane_royalties(ruleset, setting)
    if setting.fouled and ruleset.foul.royalties == "forfeit":
        royalties = {lane: 0 for lane in LANES}
    return OfcSeat(
        name,
        setting,
        royalties,
        next_hand(ruleset, setting, in_fantasyland),
        in_fantasyland,
        discards,
    )


def _lane_detail(lane: LaneName, a: OfcSeat, b: OfcSeat) -> str:
    def show(seat: OfcSeat) -> str:
        text = describe(seat.setting.key(lane))
        return f"{text} (foul)" if seat.fouled else text

    return f"{show(a)} vs {show(b)}"


def _winners(ruleset: OfcRuleset, a: OfcSeat, b: OfcSeat) -> list[str | None]:
    """Who takes each lane: a foul loses every lane to a clean hand; two fouls may push."""
    if a.fouled and b.fouled and ruleset.foul.both_fouled == "push":
        return [None, None, None]
    if a.fouled != b.fouled:
        return [b.name if a.fouled else a.name] * 3
    winners: list[str | None] = []
    for lane in LANES:
        ka, kb = a.setting.key(lane), b.setting.key(lane)
        winners.append(None if ka == kb else (a.name if ka > kb else b.name))
    return winners


def _royalty_detail(seat: OfcSeat) -> str:
    parts = [
        f"{lane} {describe(seat.setting.key(lane))} = {units}"
        for lane, units in seat.royalties.items()
        if units
    ]
    return ", ".join(parts)


def settle_pair(ruleset: OfcRuleset, a: OfcSeat, b: OfcSeat) -> PairResult:
    """Units between two hands, itemized; positive items go to ``a``."""
    pair = PairResult(a.name, b.name)
    if a.fouled and b.fouled and ruleset.foul.both_fouled == "push":
        pair.items.append(Item("foul", "both fouled: push", Fraction(0)))
        return pair
    winners = _winners(ruleset, a, b)
    units = ruleset.scoring.lane_units
    for lane, winner in zip(LANES, winners):
        detail = _lane_detail(lane, a, b)
        if winner is None:
            pair.items.append(Item("lane", f"{lane} tied", Fraction(0), detail))
        else:
            pair.add("lane", f"{lane} to {winner}", units if winner == a.name else -units, detail)
    sweeper = winners[0] if winners[0] is not None and len(set(winners)) == 1 else None
    fouled_out = a.fouled != b.fouled
    if sweeper is not None:
        pair.scooped_by = sweeper
        if not fouled_out or ruleset.foul.against_clean == "scooped":
            bonus = ruleset.scoring.scoop_bonus
            pair.add(
                "scoop",
                f"scoop by {sweeper}",
                bonus if sweeper == a.name else -bonus,
                "the other hand fouled" if fouled_out else "",
            )
    for seat, sign in ((a, 1), (b, -1)):
        if seat.royalty_total:
            pair.add(
                "royalty",
                f"royalties {seat.name}",
                sign * seat.royalty_total,
                _royalty_detail(seat),
            )
    pair.lane_units = sum((i.units for i in pair.items if i.kind in ("lane", "scoop")), Fraction(0))
    return pair


def settle_table(ruleset: OfcRuleset, seats: Sequence[OfcSeat]) -> OfcTableResult:
    """Every pair of players settles (3 players: three pairs)."""
    pairs = [settle_pair(ruleset, a, b) for a, b in combinations(seats, 2)]
    return OfcTableResult(ruleset.id, list(seats), pairs)

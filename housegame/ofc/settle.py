"""Settling finished OFC hands: every pair of players, lane by lane, then scoop and royalties.

Nothing here knows a ruleset by name; every choice is a field of OfcRuleset.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from itertools import combinations

from housegame.ofc.fantasyland import NextHand, next_hand
from housegame.ofc.results import Item, OfcSeat, OfcTableResult, PairResult
from housegame.ofc.royalties import lane_royalties
from housegame.ranking import describe
from housegame.results import LaneResult
from housegame.rulesets.common import LANES, LaneName
from housegame.rulesets.ofc import OfcRuleset
from housegame.setting import Setting


def make_seat(
    ruleset: OfcRuleset,
    name: str,
    setting: Setting,
    in_fantasyland: bool = False,
    discards: tuple[str, ...] = (),
    dead: str | None = None,
) -> OfcSeat:
    """A finished hand with the royalties it is paid (none when a foul forfeits them, none to
    a dead hand), and the next hand's Fantasyland (never after a dead hand)."""
    if dead is not None:
        nothing = {lane: 0 for lane in LANES}
        left = NextHand(None, "dead hand (§343): no Fantasyland")
        return OfcSeat(name, setting, nothing, left, in_fantasyland, discards, dead)
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
        text = seat.lane_text(lane)
        return f"{text} (foul)" if seat.fouled else text

    return f"{show(a)} vs {show(b)}"


def _winners(ruleset: OfcRuleset, a: OfcSeat, b: OfcSeat) -> list[str | None]:
    """Who takes each lane: a foul loses every lane to a clean hand; two fouls may push."""
    if a.fouled and b.fouled and _push(ruleset, a, b):
        return [None, None, None]
    if a.fouled != b.fouled:
        return [b.name if a.fouled else a.name] * 3
    winners: list[str | None] = []
    for lane in LANES:
        ka, kb = a.setting.key(lane), b.setting.key(lane)
        winners.append(None if ka == kb else (a.name if ka > kb else b.name))
    return winners


def _push(ruleset: OfcRuleset, a: OfcSeat, b: OfcSeat) -> bool:
    """Two fouled hands push: by the ruleset, or when either is dead (no lanes to compare)."""
    return ruleset.foul.both_fouled == "push" or a.dead is not None or b.dead is not None


def _royalty_detail(seat: OfcSeat, lanes: Sequence[LaneName]) -> str:
    parts = [
        f"{lane} {describe(seat.setting.key(lane))} = {units}"
        for lane, units in seat.royalties.items()
        if units and lane in lanes
    ]
    return ", ".join(parts)


def _paid_lanes(
    ruleset: OfcRuleset, seat: OfcSeat, winners: Sequence[str | None]
) -> list[LaneName]:
    """The lanes whose royalties this opponent pays ``seat``: all, or only those it won."""
    if ruleset.royalties.paid == "always":
        return list(LANES)
    return [lane for lane, winner in zip(LANES, winners) if winner == seat.name]


def _sweeper(ruleset: OfcRuleset, a: OfcSeat, b: OfcSeat, winners: list[str | None]) -> str | None:
    """Who scoops the other, if anyone (``scoring.scoop_when``)."""
    won = {a.name: winners.count(a.name), b.name: winners.count(b.name)}
    for seat, other in ((a, b), (b, a)):
        if ruleset.scoring.scoop_when == "won-all-three":
            if won[seat.name] == len(LANES):
                return seat.name
        elif won[seat.name] > 0 and won[other.name] == 0:
            return seat.name
    return None


def settle_pair(ruleset: OfcRuleset, a: OfcSeat, b: OfcSeat) -> PairResult:
    """Units between two hands, itemized; positive items go to ``a``."""
    pair = PairResult(a.name, b.name)
    if a.fouled and b.fouled and _push(ruleset, a, b):
        pair.items.append(Item("foul", "both fouled: push", Fraction(0)))
        return pair
    winners = _winners(ruleset, a, b)
    units = ruleset.scoring.lane_units
    for lane, winner in zip(LANES, winners):
        detail = _lane_detail(lane, a, b)
        pair.lanes.append(LaneResult(lane, winner, *detail.split(" vs ", 1)))
        if winner is None:
            pair.items.append(Item("lane", f"{lane} tied", Fraction(0), detail, lane=lane))
        else:
            to_a = units if winner == a.name else -units
            pair.add("lane", f"{lane} to {winner}", to_a, detail, lane=lane)
    sweeper = _sweeper(ruleset, a, b, winners)
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
        lanes = _paid_lanes(ruleset, seat, winners)
        total = sum(seat.royalties[lane] for lane in lanes)
        if total:
            pair.add(
                "royalty",
                f"royalties {seat.name}",
                sign * total,
                _royalty_detail(seat, lanes),
            )
    pair.lane_units = sum((i.units for i in pair.items if i.kind in ("lane", "scoop")), Fraction(0))
    return pair


def settle_table(ruleset: OfcRuleset, seats: Sequence[OfcSeat]) -> OfcTableResult:
    """Every pair of players settles (3 players: three pairs)."""
    pairs = [settle_pair(ruleset, a, b) for a, b in combinations(seats, 2)]
    return OfcTableResult(ruleset.id, list(seats), pairs)

"""One pair of seats settled with the ruleset's payout terms: the pair part of the 13-card
interpreter (``settle`` seats the table and adds what spans pairs)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TypeVar

from housegame.numbers import Num, whole
from housegame.ranking import NATURAL, describe, strength
from housegame.results import LaneResult, PairResult
from housegame.rulesets.common import LANES, LaneName
from housegame.rulesets.thirteen import ThirteenCardRuleset
from housegame.thirteen.conditions import lane_holds
from housegame.thirteen.payout import LaneVals, Opponent, PayKey, Payout
from housegame.thirteen.results import PairTerms, Seat
from housegame.thirteen.specials import compare as compare_specials

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
        if a.misdeclared is not None or b.misdeclared is not None:
            self._misdeclared(pair, a, b)
            return pair
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

    def _misdeclared(self, pair: Pair, a: Seat, b: Seat) -> None:
        """A false declaration pays its penalty, before anything else in the pair."""
        rules = self.ruleset.specials.false_declaration
        assert rules is not None
        for seat, sign in ((a, -1), (b, 1)):
            if seat.misdeclared is not None:
                label = f"false declaration by {seat.name}"
                pair.add("false-declaration", label, sign * rules.penalty, seat.misdeclared.name)

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
        both = self.ruleset.foul.both_fouled
        if a.fouled and b.fouled and both != "compare-lanes":
            if both == "banker-wins" and self.banker in to_a:
                return [to_a[self.banker]] * 3
            return [0] * 3
        if a.fouled != b.fouled:
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
            values = [payout.lane_value(i, seat.setting.key(lane)) for i, lane in enumerate(LANES)]
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
        """The two hands as shown; where equal hands were told apart by the suit (the
        ruleset's ``suit_order``) or by a joker (``natural_beats_joker``), the winner's says
        so: ``straight to 7 (by suit) vs straight to 7``."""
        broken = _tie_broken(lane, a, b)

        def show(seat: Seat) -> str:
            if seat.setting is None:
                return "special"
            text = describe(seat.setting.key(lane))
            if seat.fouled:
                return f"{text} (foul)"
            return f"{text} ({broken[1]})" if broken and broken[0] is seat else text

        return show(a), show(b)

    def _lane_detail(self, lane: LaneName, a: Seat, b: Seat) -> str:
        return " vs ".join(self._lane_hands(lane, a, b))


SUIT_BITS = NATURAL - 1
"""The suit's part of a key's last nibble (below ``NATURAL``)."""


def _tie_broken(lane: LaneName, a: Seat, b: Seat) -> tuple[Seat, str] | None:
    """Where two set hands are the same hand (equal strength) and one still won the lane: the
    winner, and what told them apart (``by suit``, or ``natural``: a hand made without a
    joker)."""
    if a.setting is None or b.setting is None or a.fouled or b.fouled:
        return None
    ka, kb = a.setting.key(lane), b.setting.key(lane)
    if ka == kb or strength(ka) != strength(kb):
        return None
    by_suit = (ka & SUIT_BITS) != (kb & SUIT_BITS)
    return (a if ka > kb else b), "by suit" if by_suit else "natural"

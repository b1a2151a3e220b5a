"""What one chunk of 13-card deals leaves behind: exact counts and sums that add up.

Every number is read from the settled ``TableResult``: seat totals, and each pair's (or the
pool's) items with their ``kind`` and ``units``. Items are grouped into payout terms by kind and
label, with the seats' names replaced by ``*`` ("front to *", "scoop by * x2"), so a term
means the same in every deal. Sums are exact (ints, or ``Fraction`` where a share is not
whole) and counts ``Counter``: adding chunks in
any grouping gives the same totals, which is what makes every backend agree.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction

from housegame.results import Item
from housegame.simulation.stats import Exact, magnitude
from housegame.thirteen.results import TableResult, TableTerms, Term

NAMES = ("p1", "p2", "p3", "p4", "p5", "p6")
"""Seat names in simulated tables; seat 1 banks in banker games."""
_SEAT = re.compile(r"\bp[1-4]\b")
TermKey = tuple[str, str]
"""(item kind, label with seat names as ``*``)."""
Units = Exact
"""Sums stay plain ints while every amount is whole (most rulesets), which is much faster than
``Fraction`` arithmetic and equal to it (``3 == Fraction(3)``, same hash)."""


def exact(units: Fraction | int) -> Units:
    """``units`` as an int when whole."""
    if isinstance(units, Fraction) and units.denominator == 1:
        return units.numerator
    return units


_LABELS: dict[str, str] = {}


def _general(label: str) -> str:
    """The label with seat names as ``*`` (memoized: labels repeat in every deal)."""
    known = _LABELS.get(label)
    if known is None:
        known = _LABELS[label] = _SEAT.sub("*", label)
    return known


@dataclass
class TermTally:
    """One payout term: how often it was paid, how many units it moved, and where to."""

    count: int = 0
    gross: Units = 0
    """Units it moved, whichever way."""
    seat1: Units = 0
    """Units it paid seat 1 (negative: seat 1 paid): the banker's side in banker games."""
    values: Counter[Units] = field(default_factory=Counter)
    """How often each size (units, unsigned) was paid."""

    def add(self, units: Units, to_seat1: int) -> None:
        self.count += 1
        size = magnitude(units)
        self.gross += size
        self.seat1 += units * to_seat1
        self.values[size] += 1

    def merge(self, other: TermTally) -> None:
        self.count += other.count
        self.gross += other.gross
        self.seat1 += other.seat1
        self.values.update(other.values)


@dataclass
class Swing:
    """The largest single result (won or lost) of one seat in one deal; the earliest wins ties."""

    units: Units
    deal: int
    """0-based deal number in the run: the same deal under every ruleset."""
    seat: int

    def beats(self, other: Swing | None) -> bool:
        return other is None or (magnitude(self.units), -self.deal) > (
            magnitude(other.units),
            -other.deal,
        )


@dataclass
class ThirteenTally:
    """One ruleset over some deals (see the module docstring)."""

    players: int
    deals: int = 0
    results: list[Counter[Units]] = field(default_factory=list)
    """Per seat: how often each result (units in one deal) happened."""
    moved: Units = 0
    """Units that changed hands: in each deal, what the winners won."""
    action: Units = 0
    """Units settled in seat 1's pairs, whichever way (each pair's net, unsigned)."""
    pairs: int = 0
    set_pairs: int = 0
    """Pairs where both hands were set (no special declared, nobody surrendered)."""
    scoops: int = 0
    home_run_deals: int = 0
    fouls: int = 0
    surrenders: int = 0
    foul_pairs: int = 0
    """Pairs where one hand fouled and the other did not: a foul decided their lanes."""
    foul_units: Units = 0
    """Units those pairs settled (each pair's net, unsigned)."""
    declared: Counter[str] = field(default_factory=Counter)
    held: Counter[str] = field(default_factory=Counter)
    """Hands whose cards make each special hand (declared or not)."""
    terms: dict[TermKey, TermTally] = field(default_factory=dict)
    swing: Swing | None = None

    def __post_init__(self) -> None:
        if not self.results:
            self.results = [Counter() for _ in range(self.players)]

    @property
    def hands(self) -> int:
        return self.deals * self.players

    def _term(self, item: Item | Term, to_seat1: int) -> None:
        key = (item.kind, _general(item.label))
        term = self.terms.get(key)
        if term is None:
            term = self.terms[key] = TermTally()
        term.add(exact(item.units), to_seat1)

    def add_table(self, deal: int, table: TableResult | TableTerms) -> None:
        """Count one settled table (deal number ``deal`` of the run), itemized or as terms
        (``settle_terms``: the same counts)."""
        names = NAMES[: self.players]
        totals = {name: exact(units) for name, units in table.totals.items()}
        self.deals += 1
        for seat, name in enumerate(names):
            units = totals[name]
            self.results[seat][units] += 1
            swing = Swing(units, deal, seat)
            if swing.beats(self.swing):
                self.swing = swing
        self.moved += sum(u for u in totals.values() if u > 0)
        for seat_state in table.seats:
            self.fouls += seat_state.fouled
            self.surrenders += seat_state.surrendered
            if seat_state.declared is not None:
                self.declared[seat_state.declared.hand.id] += 1
        by_name = {s.name: s for s in table.seats}
        for pair in table.pairs:
            self.pairs += 1
            a, b = by_name[pair.first], by_name[pair.second]
            if a.setting and b.setting and not (a.declared or b.declared):
                self.set_pairs += not (a.surrendered or b.surrendered)
            self.scoops += pair.scooped_by is not None
            to_seat1 = 1 if pair.first == names[0] else -1 if pair.second == names[0] else 0
            net = magnitude(exact(pair.net)) if to_seat1 or a.fouled != b.fouled else 0
            if to_seat1:
                self.action += net
            if a.fouled != b.fouled:
                self.foul_pairs += 1
                self.foul_units += net
            for item in pair.items:
                self._term(item, to_seat1)
        self.home_run_deals += any(
            item.kind == "home-run" for pair in table.pairs for item in pair.items
        )
        for entry in table.pool:
            self._term(entry.item, 1 if entry.player == names[0] else 0)

    def merge(self, other: ThirteenTally) -> None:
        """Add another chunk's counts (of the same ruleset and seat count)."""
        self.deals += other.deals
        for mine, theirs in zip(self.results, other.results):
            mine.update(theirs)
        self.moved += other.moved
        self.action += other.action
        self.pairs += other.pairs
        self.set_pairs += other.set_pairs
        self.scoops += other.scoops
        self.home_run_deals += other.home_run_deals
        self.fouls += other.fouls
        self.surrenders += other.surrenders
        self.foul_pairs += other.foul_pairs
        self.foul_units += other.foul_units
        self.declared.update(other.declared)
        self.held.update(other.held)
        for key, term in other.terms.items():
            self.terms.setdefault(key, TermTally()).merge(term)
        if other.swing is not None and other.swing.beats(self.swing):
            self.swing = other.swing

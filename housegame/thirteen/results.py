"""What scoring a table produces: itemized pair results and totals."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, NamedTuple

from housegame.cards import Card
from housegame.jsonsafe import flat_records, number_map
from housegame.results import Item, PairResult, pair_totals, totals_line
from housegame.rulesets.thirteen import SpecialHand
from housegame.setting import Setting
from housegame.thirteen.specials import Declared


@dataclass(frozen=True)
class Seat:
    """One player as scored: a set hand, a declared special, or a surrender."""

    name: str
    setting: Setting | None
    declared: Declared | None = None
    surrendered: bool = False
    cards: tuple[Card, ...] = ()
    """The 13 cards, when not read from ``setting`` (a declared special, a surrender)."""
    misdeclared: SpecialHand | None = None
    """A special declared that the cards do not make (``specials.false_declaration``)."""

    @property
    def hand(self) -> tuple[Card, ...]:
        """The 13 cards (what card multipliers read); empty if never given."""
        if self.cards or self.setting is None:
            return self.cards
        return self.setting.cards

    @property
    def fouled(self) -> bool:
        return (
            self.declared is None
            and self.misdeclared is None
            and not self.surrendered
            and self.setting is not None
            and self.setting.fouled
        )

    def describe(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name}
        if self.setting is not None:
            out.update(self.setting.text())
            if any(self.setting.stands):
                out["jokers"] = self.setting.jokers()
        if self.declared is not None:
            out["declared"] = self.declared.hand.id
            out["declared_name"] = self.declared.hand.name
            out["declared_points"] = self.declared.points
        if self.misdeclared is not None:
            out["misdeclared"] = self.misdeclared.id
        out["fouled"] = self.fouled
        if self.surrendered:
            out["surrendered"] = True
        return out


class Term(NamedTuple):
    """One settled term, as counted: an ``Item`` without the people's parts (detail, winner);
    ``units`` to the pair's first player, an int unless a share is not whole."""

    kind: str
    label: str
    units: Fraction | int


class PairTerms:
    """A pair settled for counting (``settle_terms``): the same terms, in the same order, as
    its ``PairResult``, without the lanes' hand descriptions and in plain ints."""

    __slots__ = ("counted_only", "first", "items", "lane_units", "scooped_by", "second")

    def __init__(self, first: str, second: str) -> None:
        self.first, self.second = first, second
        self.items: list[Term] = []
        self.scooped_by: str | None = None
        self.lane_units: Fraction | int = 0
        """As ``PairResult.lane_units``."""
        self.counted_only = False

    @property
    def net(self) -> Fraction | int:
        return sum(term.units for term in self.items)

    def add(self, kind: str, label: str, units: Fraction | int, *_: object, **__: object) -> None:
        """As ``PairResult.add``; its detail and lane are not kept."""
        if units:
            self.items.append(Term(kind, label, units))


@dataclass
class PoolEntry:
    player: str
    item: Item


@dataclass
class TableResult:
    ruleset: str
    seats: list[Seat]
    banker: str | None
    pairs: list[PairResult]
    pool: list[PoolEntry] = field(default_factory=list)
    unit: str = "unit"
    points_per_unit: int = 1
    settlements: list[PoolEntry] = field(default_factory=list)
    """Per-player settlements outside the pairs (``ruleset.settlements``)."""

    @property
    def totals(self) -> dict[str, Fraction]:
        totals = pair_totals((s.name for s in self.seats), self.pairs)
        for entry in (*self.pool, *self.settlements):
            totals[entry.player] += entry.item.units
        return totals

    def as_dict(self) -> dict[str, Any]:
        totals = self.totals
        return {
            "ruleset": self.ruleset,
            "banker": self.banker,
            "players": [s.describe() for s in self.seats],
            "pairs": [p.as_dict() for p in self.pairs],
            "pool": [{"player": e.player, **e.item.as_dict()} for e in self.pool],
            **(
                {
                    "settlements": [
                        {"player": e.player, **e.item.as_dict()} for e in self.settlements
                    ]
                }
                if self.settlements
                else {}
            ),
            **number_map("totals", totals),
            "unit": self.unit,
            **number_map("points", {n: t * self.points_per_unit for n, t in totals.items()}),
        }

    def to_records(self) -> list[dict[str, Any]]:
        """One row per settled item (pairs, then the pool), for ``pandas.DataFrame``: the
        ruleset, the pair (or the pool player), kind, label, lane, winner, units, detail."""
        rows = [
            {"ruleset": self.ruleset, **row} for pair in self.pairs for row in pair.to_records()
        ]
        pool = ({"player": e.player, **e.item.as_dict()} for e in (*self.pool, *self.settlements))
        rows += [{"ruleset": self.ruleset, "first": None, "second": None, **row} for row in pool]
        return flat_records(rows)

    def __repr__(self) -> str:
        return f"TableResult({self.ruleset}): {totals_line(self.totals, self.unit)}"


@dataclass
class TableTerms:
    """A table settled for counting (``settle_terms``): what ``TableResult`` holds, its pairs
    as ``PairTerms``."""

    ruleset: str
    seats: list[Seat]
    banker: str | None
    pairs: list[PairTerms]
    pool: list[PoolEntry] = field(default_factory=list)
    settlements: list[PoolEntry] = field(default_factory=list)

    @property
    def totals(self) -> dict[str, Fraction | int]:
        totals: dict[str, Fraction | int] = {s.name: 0 for s in self.seats}
        for pair in self.pairs:
            net = pair.net
            totals[pair.first] += net
            totals[pair.second] -= net
        for entry in (*self.pool, *self.settlements):
            totals[entry.player] += entry.item.units
        return totals

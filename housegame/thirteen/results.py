"""What scoring a table produces: itemized pair results and totals."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from housegame.cards import Card
from housegame.thirteen.setting import Setting
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
            and not self.surrendered
            and self.setting is not None
            and self.setting.fouled
        )

    def describe(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name}
        if self.setting is not None:
            out.update(self.setting.text())
        if self.declared is not None:
            out["declared"] = self.declared.hand.id
            out["declared_name"] = self.declared.hand.name
            out["declared_points"] = self.declared.points
        out["fouled"] = self.fouled
        if self.surrendered:
            out["surrendered"] = True
        return out


@dataclass(frozen=True)
class Item:
    """One line of a settlement; ``units`` go to the pair's first player (negative: to the
    second).
    """

    kind: str
    label: str
    units: Fraction
    detail: str = ""

    def as_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "label": self.label, "units": self.units, "detail": self.detail}


@dataclass
class PairResult:
    first: str
    second: str
    items: list[Item] = field(default_factory=list)
    scooped_by: str | None = None
    lane_units: Fraction = Fraction(0)
    """The lane part after the scoop multiplier, signed to ``first``: what a home run multiplies."""
    counted_only: bool = False
    """Counted as scooped for the home run though nothing was won: a higher special over a
    lower one (``higher_counts_as_scoop``)."""

    @property
    def net(self) -> Fraction:
        return sum((i.units for i in self.items), Fraction(0))

    def add(self, kind: str, label: str, units: Fraction | int, detail: str = "") -> None:
        if units:
            self.items.append(Item(kind, label, Fraction(units), detail))

    def as_dict(self) -> dict[str, Any]:
        return {
            "players": [self.first, self.second],
            "items": [i.as_dict() for i in self.items],
            "scooped_by": self.scooped_by,
            "net": {self.first: self.net, self.second: -self.net},
        }


def pair_totals(names: Iterable[str], pairs: Iterable[PairResult]) -> dict[str, Fraction]:
    """Each player's net over every settled pair."""
    totals = {name: Fraction(0) for name in names}
    for pair in pairs:
        totals[pair.first] += pair.net
        totals[pair.second] -= pair.net
    return totals


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

    @property
    def totals(self) -> dict[str, Fraction]:
        totals = pair_totals((s.name for s in self.seats), self.pairs)
        for entry in self.pool:
            totals[entry.player] += entry.item.units
        return totals

    def as_dict(self) -> dict[str, Any]:
        return {
            "ruleset": self.ruleset,
            "banker": self.banker,
            "players": [s.describe() for s in self.seats],
            "pairs": [p.as_dict() for p in self.pairs],
            "pool": [{"player": e.player, **e.item.as_dict()} for e in self.pool],
            "totals": self.totals,
            "unit": self.unit,
            "points": {name: total * self.points_per_unit for name, total in self.totals.items()},
        }

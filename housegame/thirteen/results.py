"""What scoring a table produces: itemized pair results and totals."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from housegame.jsonsafe import flat_records, number_map, numbers
from housegame.rulesets.common import LaneName
from housegame.thirteen.setting import Setting
from housegame.thirteen.specials import Declared


@dataclass(frozen=True)
class Seat:
    """One player as scored: a set hand, a declared special, or a surrender."""

    name: str
    setting: Setting | None
    declared: Declared | None = None
    surrendered: bool = False

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
    second). ``label`` is for people; ``kind``, ``lane`` and ``winner`` are for programs.
    """

    kind: str
    """lane, outcome, scoop, home-run, bonus, overall-point, special, surrender, royalty,
    stake, pool or foul."""
    label: str
    units: Fraction
    detail: str = ""
    lane: LaneName | None = None
    """The lane the item is about (a lane result, a lane's add-on, a pool share)."""
    winner: str | None = None
    """Who collects the units (None when nobody does, e.g. a push)."""

    def as_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "label": self.label,
            "lane": self.lane,
            "winner": self.winner,
            **numbers("units", self.units),
            "detail": self.detail,
        }


@dataclass(frozen=True)
class LaneResult:
    """One lane of a compared pair: who won it (None: tied) and the two hands, as shown."""

    lane: LaneName
    winner: str | None
    first: str
    second: str

    def as_dict(self) -> dict[str, Any]:
        return {"lane": self.lane, "winner": self.winner, "hands": [self.first, self.second]}


@dataclass
class PairResult:
    first: str
    second: str
    items: list[Item] = field(default_factory=list)
    scooped_by: str | None = None
    lane_units: Fraction = Fraction(0)
    """The lane part after the scoop multiplier, signed to ``first``: what a home run multiplies."""
    lanes: list[LaneResult] = field(default_factory=list)
    """Each lane's winner and hands, whatever the ruleset pays for them (empty when the pair
    did not compare set hands, e.g. a declared special or a surrender)."""

    @property
    def net(self) -> Fraction:
        return sum((i.units for i in self.items), Fraction(0))

    def add(
        self,
        kind: str,
        label: str,
        units: Fraction | int,
        detail: str = "",
        lane: LaneName | None = None,
    ) -> None:
        """An item worth ``units`` to ``first`` (negative: to ``second``); nothing if zero."""
        if units:
            winner = self.first if units > 0 else self.second
            self.items.append(Item(kind, label, Fraction(units), detail, lane, winner))

    def as_dict(self) -> dict[str, Any]:
        return {
            "players": [self.first, self.second],
            "lanes": [lane.as_dict() for lane in self.lanes],
            "items": [i.as_dict() for i in self.items],
            "scooped_by": self.scooped_by,
            **number_map("net", {self.first: self.net, self.second: -self.net}),
        }

    def to_records(self) -> list[dict[str, Any]]:
        """One row per item: the pair's players, then the item's fields."""
        pair = {"first": self.first, "second": self.second}
        return flat_records({**pair, **item.as_dict()} for item in self.items)


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
        totals = self.totals
        return {
            "ruleset": self.ruleset,
            "banker": self.banker,
            "players": [s.describe() for s in self.seats],
            "pairs": [p.as_dict() for p in self.pairs],
            "pool": [{"player": e.player, **e.item.as_dict()} for e in self.pool],
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
        pool = ({"player": e.player, **e.item.as_dict()} for e in self.pool)
        rows += [{"ruleset": self.ruleset, "first": None, "second": None, **row} for row in pool]
        return flat_records(rows)

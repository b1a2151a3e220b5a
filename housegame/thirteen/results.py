"""What scoring a table produces: itemized pair results and totals."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from housegame.results import Item, PairResult, pair_totals
from housegame.setting import Setting
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

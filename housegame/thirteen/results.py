"""What scoring a table produces: itemized pair results and totals."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from housegame.cards import Card
from housegame.jsonsafe import flat_records, number_map
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

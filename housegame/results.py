"""Itemized pair results, shared by the 13-card and OFC engines: each line of a settlement,
a pair's lines, and players' totals over pairs."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from housegame.jsonsafe import flat_records, number_map, numbers
from housegame.rulesets.common import LaneName


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
    counted_only: bool = False
    """Counted as scooped for the home run though nothing was won: a higher special over a
    lower one (``higher_counts_as_scoop``)."""
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


def totals_line(totals: Mapping[str, Fraction | int | float], unit: str) -> str:
    """``You +108, Opponent -24, West -43 (unit)``: a result's short summary."""
    shown = ", ".join(f"{name} {float(units):+g}" for name, units in totals.items())
    return f"{shown} ({unit})"


__all__ = ["Item", "LaneResult", "PairResult", "pair_totals", "totals_line"]

"""Itemized pair results, shared by the 13-card and OFC engines: each line of a settlement,
a pair's lines, and players' totals over pairs."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any


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


__all__ = ["Item", "PairResult", "pair_totals"]

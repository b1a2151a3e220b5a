"""What settling an OFC table produces: each seat's hand and royalties, pair items, totals.

Pair results reuse the 13-card ``PairResult`` and ``Item`` so ``housegame score``
prints one JSON shape whatever the game.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from housegame.jsonsafe import number_map
from housegame.ofc.fantasyland import NextHand
from housegame.ranking import describe
from housegame.results import Item, PairResult, pair_totals, totals_line
from housegame.rulesets.common import LANES, LaneName
from housegame.setting import Setting

__all__ = ["Item", "OfcSeat", "OfcTableResult", "PairResult"]


@dataclass(frozen=True)
class OfcSeat:
    """One finished hand: its setting, royalties (0 when forfeited), and the next hand's status."""

    name: str
    setting: Setting
    royalties: dict[LaneName, int]
    next_hand: NextHand
    in_fantasyland: bool = False
    discards: tuple[str, ...] = ()
    dead: str | None = None
    """Why the hand is dead (§343: a misplaced move); a dead hand is fouled."""

    @property
    def fouled(self) -> bool:
        return self.dead is not None or self.setting.fouled

    def lane_text(self, lane: LaneName) -> str:
        """The lane's hand in words, or that the hand is dead."""
        return "dead hand" if self.dead is not None else describe(self.setting.key(lane))

    @property
    def royalty_total(self) -> int:
        return sum(self.royalties.values())

    def describe(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, **self.setting.text()}
        out["hands"] = {lane: self.lane_text(lane) for lane in LANES}
        out["fouled"] = self.fouled
        if self.fouled:
            out["foul_reason"] = self.dead or self.setting.foul_reason()
        out["royalties"] = dict(self.royalties)
        out["royalty_total"] = self.royalty_total
        out["in_fantasyland"] = self.in_fantasyland
        out["next_fantasyland"] = self.next_hand.as_dict()
        if self.discards:
            out["discards"] = list(self.discards)
        return out


@dataclass
class OfcTableResult:
    ruleset: str
    seats: list[OfcSeat]
    pairs: list[PairResult]
    unit: str = "unit"
    """As ``TableResult``'s: OFC rulesets score in plain units."""
    points_per_unit: int = 1

    @property
    def totals(self) -> dict[str, Fraction]:
        return pair_totals((s.name for s in self.seats), self.pairs)

    def as_dict(self) -> dict[str, Any]:
        return {
            "ruleset": self.ruleset,
            "game": "ofc",
            "players": [s.describe() for s in self.seats],
            "pairs": [p.as_dict() for p in self.pairs],
            **number_map("totals", self.totals),
        }

    def to_records(self) -> list[dict[str, Any]]:
        """One row per settled item, as ``TableResult.to_records``."""
        return [
            {"ruleset": self.ruleset, **row} for pair in self.pairs for row in pair.to_records()
        ]

    def __repr__(self) -> str:
        return f"OfcTableResult({self.ruleset}): {totals_line(self.totals, self.unit)}"

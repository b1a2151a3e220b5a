"""A set hand: three lanes, their ranking keys, and whether it fouls (shared by the 13-card and
OFC engines)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

from housegame.cards import Card, format_cards
from housegame.ranking import RankingRules, describe, evaluate, strength
from housegame.rulesets.common import LANES, LaneName


@dataclass(frozen=True)
class Setting:
    """Front (3), middle (5) and back (5) cards, with their keys under one ranking."""

    front: tuple[Card, ...]
    middle: tuple[Card, ...]
    back: tuple[Card, ...]
    keys: tuple[int, int, int]

    @classmethod
    def of(
        cls,
        front: Sequence[Card],
        middle: Sequence[Card],
        back: Sequence[Card],
        rules: RankingRules,
    ) -> Setting:
        keys = (evaluate(front, rules), evaluate(middle, rules), evaluate(back, rules))
        return cls(tuple(front), tuple(middle), tuple(back), keys)

    def lane(self, lane: LaneName) -> tuple[Card, ...]:
        return {"front": self.front, "middle": self.middle, "back": self.back}[lane]

    def key(self, lane: LaneName) -> int:
        return self.keys[LANES.index(lane)]

    @property
    def cards(self) -> tuple[Card, ...]:
        return self.front + self.middle + self.back

    @cached_property
    def fouled(self) -> bool:
        """Back >= middle >= front by strength (suits never make a foul). Kept once read:
        settlement asks it for every pair of the table."""
        front, middle, back = (strength(k) for k in self.keys)
        return front > middle or middle > back

    def foul_reason(self) -> str:
        front, middle, back = self.keys
        if strength(front) > strength(middle):
            return f"front {describe(front)} beats middle {describe(middle)}"
        return f"middle {describe(middle)} beats back {describe(back)}"

    def text(self) -> dict[str, str]:
        return {lane: format_cards(self.lane(lane)) for lane in LANES}

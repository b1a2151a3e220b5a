"""Model pieces shared by every game kind: the frozen base, sources, ranking choices."""

from __future__ import annotations

from collections import Counter
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from housegame.cards import SUIT_NAMES, rank_value
from housegame.ranking import RankingRules

SuitName = Literal["clubs", "diamonds", "hearts", "spades"]
LaneName = Literal["front", "middle", "back"]
LANES: tuple[LaneName, ...] = ("front", "middle", "back")
CategoryName = Literal[
    "high-card",
    "pair",
    "two-pair",
    "trips",
    "straight",
    "flush",
    "full-house",
    "quads",
    "straight-flush",
]
RankName = Literal["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
RulesetId = Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9-]*$")]


class PathError(ValueError):
    """A cross-field rule broken at a known key path (relative to the model being checked)."""

    def __init__(self, path: tuple[str | int, ...], message: str) -> None:
        super().__init__(message)
        self.path = path


class Model(BaseModel):
    """Frozen, strict about unknown keys: a typo in a ruleset is an error, not a silent default."""

    model_config = ConfigDict(extra="forbid", frozen=True)


def require_unique(values: list[str], what: str) -> None:
    """Refuse repeated ids or names, naming each repeat."""
    repeated = sorted(v for v, n in Counter(values).items() if n > 1)  # linear: 40,000 names
    if repeated:
        raise ValueError(f"{what} must be unique: {', '.join(repeated)}")


def rank_values(ranks: list[RankName] | None) -> frozenset[int]:
    return frozenset(rank_value(r) for r in ranks or ())


class Source(Model):
    """Where a rule comes from: a seed document and the section read."""

    seed: str
    section: str


class Bounds(Model):
    """An inclusive range; either end may be left open."""

    min: int | None = None
    max: int | None = None

    @model_validator(mode="after")
    def _ordered(self) -> Bounds:
        if self.min is None and self.max is None:
            raise ValueError("give min, max or both")
        if self.min is not None and self.max is not None and self.min > self.max:
            raise ValueError(f"min {self.min} is above max {self.max}")
        return self

    def holds(self, value: int) -> bool:
        return (self.min is None or value >= self.min) and (self.max is None or value <= self.max)


Count = int | Bounds
"""A count condition: a plain number means exactly that many."""


def count_holds(count: Count, value: int) -> bool:
    return value == count if isinstance(count, int) else count.holds(value)


class Ranking(Model):
    """How hands rank: where the wheel sits, and the suit order for breaking ties (if any)."""

    wheel_straight: Literal["lowest", "second-highest"] = "lowest"
    wheel_straight_flush: Literal["lowest", "second-highest"] = "lowest"
    suit_order: list[SuitName] | None = Field(
        default=None,
        description="Suits from highest to lowest; hands equal in rank compare the "
        "suit of their highest-ranked card. Omit to leave such hands tied.",
    )

    @model_validator(mode="after")
    def _all_suits(self) -> Ranking:
        if self.suit_order is not None and sorted(self.suit_order) != sorted(SUIT_NAMES):
            raise ValueError("suit_order must list each of the four suits once")
        return self

    def rules(self) -> RankingRules:
        order = None
        if self.suit_order is not None:
            order = tuple(SUIT_NAMES.index(s) for s in self.suit_order)
        return RankingRules(self.wheel_straight, self.wheel_straight_flush, order)


class RulesetBase(Model):
    """Fields every ruleset has, whatever its game."""

    id: RulesetId
    name: str
    summary: str = Field(description="One line shown by `housegame rulesets`.")
    sources: list[Source] = Field(default_factory=list)
    extends: str | None = Field(
        default=None,
        description="Id or relative path of a ruleset this one overrides (deep merge).",
    )

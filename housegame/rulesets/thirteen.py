"""The 13-card Chinese Poker ruleset model: every way the regional rules differ, as data."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from housegame.rulesets.common import (
    LANES,
    Bounds,
    CategoryName,
    Count,
    LaneName,
    Model,
    PathError,
    Ranking,
    RankName,
    RulesetBase,
    SuitName,
    require_unique,
)

# ---- conditions on a set hand (three lanes) -------------------------------------------------

CardName = Annotated[
    str,
    Field(pattern=r"^(10|[2-9TJQKAtjqka])[CDHScdhs]$", description="A card: rank then suit (AH)."),
]


class LaneIs(Model):
    """One lane of a set hand holds this; every given field must hold."""

    lane: LaneName
    category: list[CategoryName] | None = Field(
        default=None, description="Any of these categories."
    )
    suited: bool | None = Field(
        default=None, description="All cards of one suit (a 3-card flush counts)."
    )
    ranks: list[RankName] | None = Field(
        default=None, description="The lane's distinct ranks are exactly these (7-11: [7, J])."
    )
    cards: list[CardName] | None = Field(
        default=None, description="The lane holds every one of these cards (AH: ace of hearts)."
    )
    suit: SuitName | None = Field(
        default=None, description="Count the lane's cards of this suit (see count)."
    )
    min_rank: RankName | None = Field(
        default=None, description="Count the lane's cards of this rank or higher (see count)."
    )
    max_rank: RankName | None = Field(
        default=None, description="Count the lane's cards of this rank or lower (see count)."
    )
    count: Count | None = Field(
        default=None,
        description="How many of the lane's cards pass suit, min_rank and max_rank together: a "
        "number or {min, max}; omitted, every card of the lane must pass.",
    )

    def reads_cards(self) -> bool:
        """Whether the condition reads the lane's cards, not just its hand (rank and shape)."""
        return self.cards is not None or self.filters()

    def filters(self) -> bool:
        return (self.suit, self.min_rank, self.max_rank) != (None, None, None)


class AllOf(Model):
    all: list[SettingCondition] = Field(min_length=1)


class AnyOf(Model):
    any: list[SettingCondition] = Field(min_length=1)


class NotOf(Model):
    not_: SettingCondition = Field(alias="not")


SettingCondition = LaneIs | AllOf | AnyOf | NotOf


def lane_conditions(cond: SettingCondition) -> list[LaneIs]:
    """Every lane condition inside ``cond``."""
    if isinstance(cond, LaneIs):
        return [cond]
    if isinstance(cond, NotOf):
        return lane_conditions(cond.not_)
    parts = cond.all if isinstance(cond, AllOf) else cond.any
    return [leaf for part in parts for leaf in lane_conditions(part)]


# ---- conditions on 13 cards (special hands) ------------------------------------------------

LaneShape = Literal["straight", "flush", "straight-flush"]


class CardFilter(Model):
    """Count the cards that pass every given filter, then test the count."""

    ranks: list[RankName] | None = None
    min_rank: RankName | None = None
    max_rank: RankName | None = None
    suits: list[SuitName] | None = None
    colour: Literal["red", "black"] | None = None
    count: Count = Field(description="How many of the 13 cards must pass: a number, or {min, max}.")


class CanSet(Model):
    """The 13 cards can be split so each lane has this shape (the front's 3-card version:
    three in a row, A-2-3 and Q-K-A allowed; three of one suit)."""

    front: LaneShape
    middle: LaneShape
    back: LaneShape


class HandAll(Model):
    all: list[HandCondition] = Field(min_length=1)


class HandAny(Model):
    any: list[HandCondition] = Field(min_length=1)


class HandNot(Model):
    not_: HandCondition = Field(alias="not")


class RankPattern(Model):
    rank_pattern: list[int] = Field(
        description="How many cards of each held rank, largest first, exactly (six pairs and a "
        "half: [2, 2, 2, 2, 2, 2, 1])."
    )


class SuitPattern(Model):
    suit_pattern: list[int] = Field(
        description="Cards per held suit, largest first (5-5-3: [5, 5, 3])."
    )


class PairsCount(Model):
    pairs: Count = Field(description="Pairs in the hand, quads counting as two and trips as one.")


class DistinctRanks(Model):
    distinct_ranks: Count


class RepeatedRanks(Model):
    repeated_ranks: Count = Field(description="Ranks held two or more times.")


class MostOfARank(Model):
    most_of_a_rank: Count = Field(description="The largest number of cards of one rank.")


class DistinctSuits(Model):
    distinct_suits: Count


class CountCards(Model):
    count_cards: CardFilter


class CanSetCondition(Model):
    can_set: CanSet


class Holds(Model):
    holds: list[CardName] = Field(
        min_length=1, description="The 13 cards hold every one of these cards (马牌: [AH])."
    )

    @model_validator(mode="after")
    def _distinct(self) -> Holds:
        require_unique([c.upper() for c in self.holds], "cards in holds")
        return self


HandCondition = (
    HandAll
    | HandAny
    | HandNot
    | RankPattern
    | SuitPattern
    | PairsCount
    | DistinctRanks
    | RepeatedRanks
    | MostOfARank
    | DistinctSuits
    | CountCards
    | CanSetCondition
    | Holds
)

# ---- scoring -------------------------------------------------------------------------------


class Table(Model):
    """Who compares with whom."""

    compare: Literal["all-pairs", "banker", "banker-or-all-pairs", "pool"] = Field(
        default="all-pairs",
        description="all-pairs: every pair of players; banker: each player against the banker only "
        "(a banker must be named); banker-or-all-pairs: banker if one is named; pool: best lane "
        "collects from a pool.",
    )
    ties: Literal["split", "banker-wins"] = Field(
        default="split", description="A tied lane scores for nobody, or goes to the banker."
    )
    seats: Bounds = Field(default_factory=lambda: Bounds(min=2, max=4))


class LaneValue(Model):
    """Replace mode: a lane won with this hand is worth ``units`` instead of the default."""

    lane: LaneName
    category: list[CategoryName]
    units: int = Field(ge=0)


class LaneValues(Model):
    default: int = Field(default=1, ge=0)
    values: list[LaneValue] = Field(default_factory=list)


class Outcome(Model):
    """One row of an outcome table: lanes won/lost/tied by the holder -> units to the holder."""

    won: int = Field(ge=0, le=3)
    lost: int = Field(ge=0, le=3)
    tied: int = Field(ge=0, le=3)
    units: int
    scoop: bool = Field(default=False, description="Counts as a scoop (打枪) for home runs.")


class Scoop(Model):
    """Winning every lane against one opponent."""

    multiplier: int = Field(default=1, ge=1, description="Applied to the pair's lane units.")
    bonus: int = Field(default=0, ge=0, description="Added after the multiplier.")


class HomeRun(Model):
    """Scooping every other player (全壘打 / 红不让)."""

    opponents: int = Field(default=3, ge=1, description="Needs this many opponents, all scooped.")
    multiplier: int = Field(default=1, ge=1)
    bonus: int = Field(default=0, ge=0, description="Units more from each scooped opponent.")


class Bonus(Model):
    """An add-on paid to a set hand that meets ``when``."""

    id: str
    name: str
    units: int = Field(ge=0)
    lane: LaneName | None = Field(default=None, description="The lane it belongs to, for lane-won.")
    when: SettingCondition


class BonusGroup(Model):
    pay_when: Literal["lane-won", "match-won", "any-lane-won", "always"] = Field(
        description="lane-won: the bonus's lane beat that opponent; match-won: the pair's result "
        "went to the holder; any-lane-won: the holder won a lane of that pair; always: win or lose."
    )
    items: list[Bonus] = Field(default_factory=list)

    @model_validator(mode="after")
    def _lane_for_lane_won(self) -> BonusGroup:
        for item in self.items:
            if self.pay_when == "lane-won" and item.lane is None:
                raise ValueError(f"bonus '{item.id}' needs a lane when paid on lane-won")
        return self


class Foul(Model):
    handling: Literal["refuse", "lose-all-lanes"] = Field(
        description="refuse: a foul setting is an input error; lose-all-lanes: the fouled hand "
        "loses every lane, each at the opponent's lane value (so it is scooped)."
    )
    both_fouled: Literal["push", "banker-wins"] = "push"


class Tier(Model):
    when: HandCondition
    points: int = Field(ge=0)


class SpecialHand(Model):
    """A 13-card hand declared instead of set."""

    id: str
    name: str
    points: int | None = Field(default=None, ge=0)
    when: HandCondition | None = None
    tiers: list[Tier] | None = Field(default=None, description="The best tier that holds pays.")
    tiebreak: Literal["none", "pairs", "lanes"] = Field(
        default="none",
        description="Equal kinds: compare pairs high to low, or the lanes that "
        "make the shape (back, middle, front).",
    )

    @model_validator(mode="after")
    def _points_or_tiers(self) -> SpecialHand:
        if self.tiers is None and (self.points is None or self.when is None):
            raise ValueError(f"special '{self.id}' needs points and when, or tiers")
        if self.tiers is not None and (self.points is not None or self.when is not None):
            raise ValueError(f"special '{self.id}' has tiers; drop points and when")
        return self


SpecialSettlement = Literal["higher-wins", "difference", "push", "banker-pays"]


class Specials(Model):
    declare: Literal["automatic", "optional"] = Field(
        default="optional", description="automatic: the best special that holds is always declared."
    )
    order: Literal["points", "listed"] = Field(
        default="points",
        description="What makes one special higher: its points, or its place in "
        "the list (listed lowest first).",
    )
    vs_set: Literal["points", "as-scoop"] = Field(
        default="points",
        description="points: the declarer wins its points (no scoop); as-scoop: "
        "it wins every lane (a scoop) and collects its points as an add-on.",
    )
    vs_special: SpecialSettlement = "higher-wins"
    vs_special_with_banker: SpecialSettlement | None = None
    higher_counts_as_scoop: bool = Field(
        default=False,
        description="A higher special counts as having scooped a lower one for the "
        "home run, even when the pair itself is a push.",
    )
    home_run_ends_round: bool = Field(
        default=False,
        description="When a declarer makes a home run, the other players do not "
        "compare among themselves.",
    )
    lower_pays_home_run: bool = Field(
        default=False,
        description="A lower special counted as scooped (higher_counts_as_scoop) also pays the "
        "home run's extra; false (seed 004's Taiwan reading): the extra is collected only from "
        "the players the maker beat, not from a declarer it drew with.",
    )
    all_declared: Literal["compare", "nothing"] = Field(
        default="compare",
        description="When every player declares a special: compare them as usual, or compare "
        "nothing and pay nothing (Taiwan rule c: four dragons).",
    )
    set_extras: Literal["paid", "not-paid"] = Field(
        default="not-paid",
        description="Whether a set hand's win-or-lose add-ons (pay_when: always) are paid when "
        "its opponent declares a special; the seeds are silent, not-paid is the default.",
    )
    hands: list[SpecialHand] = Field(default_factory=list)

    @model_validator(mode="after")
    def _unique_ids(self) -> Specials:
        require_unique([h.id for h in self.hands], "special hand ids")
        return self


class Surrender(Model):
    units: int = Field(ge=0, description="Paid to each opponent by a player who surrenders.")


class Pool(Model):
    stake: int = Field(
        ge=1, description="Each player puts this in; each lane's best hand takes a third."
    )
    sweep_bonus: int = Field(
        default=0, ge=0, description="Paid by each other player to one who wins all three lanes."
    )


class Multiplier(Model):
    """A card multiplier (马牌): a player whose 13 cards meet ``when`` has every pair
    settlement multiplied by ``factor``, won or lost, whatever it holds (lanes, scoop, add-ons,
    specials, surrender, home run); two qualifying players multiply by both factors."""

    id: str
    name: str
    when: HandCondition = Field(description="A 13-card condition, e.g. {holds: [AH]}.")
    factor: int | float = Field(
        gt=0, le=100, description="Any positive number up to 100; 1.5 is read exactly as 3/2."
    )


class Display(Model):
    """How results are shown: the name of a unit, and display points per unit (台湾: 1 赌 = 100)."""

    unit: str = "unit"
    points_per_unit: int = Field(default=1, ge=1)


class ThirteenCardRuleset(RulesetBase):
    """A 13-card Chinese Poker ruleset (十三张 family)."""

    game: Literal["thirteen-card"] = "thirteen-card"
    ranking: Ranking = Field(default_factory=Ranking)
    table: Table = Field(default_factory=Table)
    lane_values: LaneValues = Field(default_factory=LaneValues)
    outcomes: list[Outcome] | None = Field(
        default=None, description="Pair result by lanes won/lost/tied instead of a lane sum."
    )
    scoop: Scoop = Field(default_factory=Scoop)
    home_run: HomeRun | None = None
    overall_point: int = Field(
        default=0, ge=0, description="Extra units to each pair's net winner."
    )
    bonuses: dict[str, BonusGroup] = Field(default_factory=dict)
    foul: Foul
    specials: Specials = Field(default_factory=Specials)
    surrender: Surrender | None = None
    pool: Pool | None = None
    display: Display = Field(default_factory=Display)
    multipliers: list[Multiplier] = Field(
        default_factory=list,
        description="Card multipliers (马牌); not in pool games, which settle no pairs.",
    )

    @model_validator(mode="after")
    def _consistent(self) -> ThirteenCardRuleset:
        if self.outcomes is not None:
            seen = {(o.won, o.lost, o.tied): o for o in self.outcomes}
            for o in self.outcomes:
                if o.won + o.lost + o.tied != 3:
                    raise PathError(
                        ("outcomes",),
                        f"outcome {o.won}-{o.lost}-{o.tied} does not add up to 3 lanes",
                    )
            missing = [
                f"{w}-{l}-{3 - w - l}"
                for w in range(4)
                for l in range(4 - w)
                if (w, l, 3 - w - l) not in seen
            ]
            if missing:
                raise PathError(
                    ("outcomes",),
                    f"outcomes table lacks rows for {', '.join(missing)} (won-lost-tied)",
                )
            for (w, l, t), o in seen.items():
                mirror = seen[(l, w, t)]
                if mirror.units != -o.units:
                    raise PathError(
                        ("outcomes", self.outcomes.index(o)),
                        f"outcome {w}-{l}-{t} pays {o.units} but {l}-{w}-{t} pays "
                        f"{mirror.units}; a pair's result must sum to zero",
                    )
            if self.lane_values.values:
                raise PathError(("lane_values", "values"), "has no effect with an outcomes table")
        if (self.table.compare == "pool") != (self.pool is not None):
            raise PathError(("table", "compare"), "compare: pool and a pool section go together")
        for name, group in self.bonuses.items():
            for i, item in enumerate(group.items):
                if any(c.count is not None and not c.filters() for c in lane_conditions(item.when)):
                    raise PathError(
                        ("bonuses", name, "items", i, "when"),
                        "count needs suit, min_rank or max_rank to say what it counts",
                    )
        if self.multipliers and self.pool is not None:
            raise PathError(
                ("multipliers",),
                "a pool game settles no pairs for a multiplier to scale; drop multipliers or "
                "use compare: all-pairs or banker",
            )
        require_unique([m.id for m in self.multipliers], "multiplier ids")
        if self.home_run is not None and self.home_run.opponents >= (self.table.seats.max or 4):
            raise PathError(("home_run", "opponents"), "must be fewer than table.seats.max")
        return self

    def lanes(self) -> tuple[LaneName, ...]:
        return LANES

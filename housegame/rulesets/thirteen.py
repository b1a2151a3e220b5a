"""The 13-card Chinese Poker ruleset model: every way the regional rules differ, as data."""

from __future__ import annotations

import itertools
from typing import Annotated, ClassVar, Literal

from pydantic import AfterValidator, Discriminator, Field, Tag, model_validator

from housegame.cards import parse_card, rank_value
from housegame.errors import CardError, PathError
from housegame.rulesets.common import (
    DECK_TEXT,
    HAND_CARDS,
    LANES,
    Bounds,
    Count,
    DeckSpec,
    LaneName,
    Model,
    Ranking,
    RankName,
    RulesetBase,
    SuitName,
    ThirteenCategory,
    by_key,
    require_unique,
)
from housegame.rulesets.jokers import ENUMERATED_JOKERS, enumerated
from housegame.rulesets.merge import ANY_ITEM, ANY_KEY, MergeSpec
from housegame.rulesets.possible import never_holds

DECK_WORDS = {
    "joker_duplicates": "a deck with jokers",
    "natural_beats_joker": "a deck with jokers",
    "five_of_a_kind": "a deck holding a card twice, or jokers",
}
MAX_SEATS = 6
"""The most players at a 13-card table (六人十三水); the deck must deal each 13 cards."""

CATEGORY_TEXT = (
    "Hand categories, lowest first: high-card, pair, two-pair, trips, straight, flush, "
    "full-house, quads, straight-flush (a royal flush is a straight-flush), five-of-a-kind (a deck "
    "with a card twice, or jokers; its place: ranking.five_of_a_kind). The 3-card front "
    "makes only high-card, pair and trips."
)

# ---- conditions on a set hand (three lanes) -------------------------------------------------


def _card_name(text: str) -> str:
    """A card as a ruleset names it (AH, 10s, T♠), checked by the card parser."""
    try:
        parse_card(text)
    except CardError as exc:
        raise ValueError(f"{exc.message}; {exc.hint}") from None
    return text


CardName = Annotated[
    str,
    AfterValidator(_card_name),
    Field(description="A card: rank then suit (AH, 10S, T♠)."),
]


class LaneIs(Model):
    """One lane of a set hand holds this; every given field must hold."""

    lane: LaneName = Field(description="The lane tested: front (3 cards), middle or back (5).")
    category: list[ThirteenCategory] | None = Field(
        default=None, description="The lane's hand is any of these categories. " + CATEGORY_TEXT
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
    all: list[SettingCondition] = Field(min_length=1, description="Every condition holds.")


class AnyOf(Model):
    any: list[SettingCondition] = Field(min_length=1, description="At least one condition holds.")


class NotOf(Model):
    not_: SettingCondition = Field(alias="not", description="The condition does not hold.")


SettingCondition = Annotated[
    Annotated[LaneIs, Tag("lane")]
    | Annotated[AllOf, Tag("all")]
    | Annotated[AnyOf, Tag("any")]
    | Annotated[NotOf, Tag("not")],
    Discriminator(by_key("lane", "all", "any", "not")),
]
"""A condition on a set hand: ``{lane: ...}`` tests one lane; ``all``, ``any``, ``not`` combine."""


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


class CardSelection(Model):
    """The cards that pass every given filter."""

    ranks: list[RankName] | None = Field(
        default=None, description="Only cards of these ranks.", examples=[["J", "Q", "K"]]
    )
    min_rank: RankName | None = Field(
        default=None, description="Only cards of this rank or higher (A is high)."
    )
    max_rank: RankName | None = Field(
        default=None, description="Only cards of this rank or lower (A is high)."
    )
    suits: list[SuitName] | None = Field(default=None, description="Only cards of these suits.")
    colour: Literal["red", "black"] | None = Field(
        default=None, description="Only red cards (hearts, diamonds) or black (spades, clubs)."
    )


class CardFilter(CardSelection):
    """Count the cards that pass every given filter, then test the count."""

    count: Count = Field(
        description="How many of the 13 cards must pass: a number, or {min, max}.",
        examples=[13, {"min": 12}],
    )


def _run_name(text: str) -> str:
    """A straight's ranks as a ruleset writes them (A-2-3, 10-J-Q-K-A), checked."""
    parts = text.split("-")
    try:
        ranks = [rank_value(part.strip()) for part in parts]
    except CardError as exc:
        raise ValueError(f"{exc.message}; write a run as ranks joined by '-', e.g. A-2-3") from None
    low = [1 if r == 14 and i == 0 else r for i, r in enumerate(ranks)]
    if len(ranks) not in (3, 5) or any(b - a != 1 for a, b in itertools.pairwise(low)):
        raise ValueError(f"'{text}' is not a straight of 3 or 5 ranks in a row, e.g. A-2-3")
    return text


RunName = Annotated[str, AfterValidator(_run_name), Field(description="A run such as A-2-3.")]


class CanSet(Model):
    """The 13 cards can be split so each lane has this shape (the front's 3-card version:
    three in a row, A-2-3 and Q-K-A allowed; three of one suit)."""

    front: LaneShape = Field(
        description="The front's 3-card shape: straight (three in a row, A-2-3 and Q-K-A "
        "allowed), flush (three of one suit) or straight-flush (both)."
    )
    middle: LaneShape = Field(
        description="The middle's shape: straight, flush or straight-flush (5 cards)."
    )
    back: LaneShape = Field(
        description="The back's shape: straight, flush or straight-flush (5 cards)."
    )
    exclude: list[RunName] = Field(
        default_factory=list,
        description="Runs that do not count as straights here, written low to high with the "
        "ranks joined by '-' (Mậu Binh's ba sảnh: A-2-3 and A-2-3-4-5, the ace playing low).",
        examples=[["A-2-3", "A-2-3-4-5"]],
    )


class HandAll(Model):
    all: list[HandCondition] = Field(min_length=1, description="Every condition holds.")


class HandAny(Model):
    any: list[HandCondition] = Field(min_length=1, description="At least one condition holds.")


class HandNot(Model):
    not_: HandCondition = Field(alias="not", description="The condition does not hold.")


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
    distinct_ranks: Count = Field(
        description="How many different ranks the 13 cards hold (13: a dragon, A to K).",
        examples=[13],
    )


class RepeatedRanks(Model):
    repeated_ranks: Count = Field(description="Ranks held two or more times.")


class MostOfARank(Model):
    most_of_a_rank: Count = Field(description="The largest number of cards of one rank.")


class DistinctSuits(Model):
    distinct_suits: Count = Field(
        description="How many different suits the 13 cards hold (1: all one suit).", examples=[1]
    )


class CountCards(Model):
    count_cards: CardFilter = Field(
        description="Count the cards that pass a filter (ranks, min_rank, max_rank, suits, "
        "colour) and test the count."
    )


class CanSetCondition(Model):
    can_set: CanSet = Field(
        description="The 13 cards can be set so each lane has the given shape (three "
        "straights, three flushes, ...)."
    )


class Holds(Model):
    holds: list[CardName] = Field(
        min_length=1, description="The 13 cards hold every one of these cards (马牌: [AH])."
    )

    @model_validator(mode="after")
    def _distinct(self) -> Holds:
        require_unique([str(parse_card(c)) for c in self.holds], "cards in holds")
        return self


_HAND_FORMS = (
    "all",
    "any",
    "not",
    "rank_pattern",
    "suit_pattern",
    "pairs",
    "distinct_ranks",
    "repeated_ranks",
    "most_of_a_rank",
    "distinct_suits",
    "count_cards",
    "can_set",
    "holds",
)

HandCondition = Annotated[
    Annotated[HandAll, Tag("all")]
    | Annotated[HandAny, Tag("any")]
    | Annotated[HandNot, Tag("not")]
    | Annotated[RankPattern, Tag("rank_pattern")]
    | Annotated[SuitPattern, Tag("suit_pattern")]
    | Annotated[PairsCount, Tag("pairs")]
    | Annotated[DistinctRanks, Tag("distinct_ranks")]
    | Annotated[RepeatedRanks, Tag("repeated_ranks")]
    | Annotated[MostOfARank, Tag("most_of_a_rank")]
    | Annotated[DistinctSuits, Tag("distinct_suits")]
    | Annotated[CountCards, Tag("count_cards")]
    | Annotated[CanSetCondition, Tag("can_set")]
    | Annotated[Holds, Tag("holds")],
    Discriminator(by_key(*_HAND_FORMS)),
]
"""A condition on 13 cards (special hands): one key says which test; ``all``, ``any``, ``not``
combine tests."""


def require_possible(cond: HandCondition, at: tuple[str | int, ...]) -> None:
    """Refuse a 13-card condition no hand can meet (``possible.never_holds``), saying why."""
    found = never_holds(cond)
    if found is not None:
        inner, reason = found
        raise PathError(
            (*at, *inner),
            f"this condition can never hold: {reason}",
            "no 13 cards of one deck meet it; check the numbers",
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
        default="split",
        description="A tied lane. split: it scores for nobody; banker-wins: it goes to the "
        "banker (夹棍), in banker games only.",
    )
    seats: Bounds = Field(
        default_factory=lambda: Bounds(min=2, max=4),
        description="How many players may sit: {min, max}.",
        examples=[{"min": 2, "max": 4}],
    )


class LaneValue(Model):
    """Replace mode: a lane won with this hand is worth ``units`` instead of the default."""

    lane: LaneName = Field(description="The lane won: front, middle or back.")
    category: list[ThirteenCategory] = Field(
        description="The winner's hand in that lane is one of these. Together with `lane` it "
        "identifies the entry when a file extends another. " + CATEGORY_TEXT,
        examples=[["quads"], ["straight-flush"]],
    )
    rank: RankName | None = Field(
        default=None,
        description="Only a hand named by this rank: the rank of its quads, trips, full "
        "house's trips or higher pair; a straight's top card (A-2-3-4-5 is 5-high); a flush's "
        "highest card. Where an entry with a rank and one without both match, the one with the "
        "rank sets the units (front AAA 12 beside trips 3).",
        examples=["A", "5"],
    )
    units: int = Field(ge=0, description="Units the lane is worth, instead of the default.")


class LaneValues(Model):
    """What a won lane is worth (replace mode: the winner's hand sets the units)."""

    default: int = Field(default=1, ge=0, description="Units for a lane won with any other hand.")
    values: list[LaneValue] = Field(
        default_factory=list,
        description="Lane values by the winner's hand. Merged by (lane, category, rank) when a "
        "file extends another; `{lane: ..., category: [...], $delete: true}` removes one, "
        "`{$replace: [...]}` replaces them all.",
    )


class Outcome(Model):
    """One row of an outcome table: lanes won/lost/tied by the holder -> units to the holder."""

    won: int = Field(ge=0, le=3, description="Lanes the holder won.")
    lost: int = Field(ge=0, le=3, description="Lanes the holder lost.")
    tied: int = Field(ge=0, le=3, description="Lanes tied.")
    units: int = Field(description="Units to the holder (negative: paid by the holder).")
    scoop: bool = Field(default=False, description="Counts as a scoop (打枪) for home runs.")


class Scoop(Model):
    """Winning every lane against one opponent."""

    multiplier: int = Field(default=1, ge=1, description="Applied to the pair's lane units.")
    bonus: int = Field(default=0, ge=0, description="Added after the multiplier.")


class HomeRun(Model):
    """Scooping every other player (全壘打 / 红不让)."""

    opponents: int = Field(
        default=3,
        ge=1,
        description="A home run scoops every other player, at a table of at least this many "
        "opponents (3: four players; a smaller table makes none).",
    )
    max_opponents: int | None = Field(
        default=None,
        ge=1,
        description="The largest table, in opponents, where a home run counts (3 with "
        "opponents: 3: only with four players); null: any table of at least `opponents`.",
    )
    multiplier: int = Field(
        default=1, ge=1, description="Applied again to the lane units of every scooped pair."
    )
    bonus: int = Field(default=0, ge=0, description="Units more from each scooped opponent.")

    @model_validator(mode="after")
    def _range(self) -> HomeRun:
        if self.max_opponents is not None and self.max_opponents < self.opponents:
            raise PathError(
                ("max_opponents",),
                f"max_opponents {self.max_opponents} is below opponents {self.opponents}",
                "no table could make a home run: raise max_opponents, or drop it",
            )
        return self

    def counts_at(self, opponents: int) -> bool:
        """Whether scooping ``opponents`` players makes a home run."""
        return opponents >= self.opponents and (
            self.max_opponents is None or opponents <= self.max_opponents
        )


class Bonus(Model):
    """An add-on paid to a set hand that meets ``when``."""

    id: str = Field(
        description="Identifies the bonus (and merges it when a file extends another).",
        examples=["chong-san"],
    )
    name: str = Field(description="The bonus as players call it.", examples=["冲三"])
    units: int = Field(ge=0, description="Units paid by the opponent when the bonus pays.")
    lane: LaneName | None = Field(
        default=None,
        description="The lane it belongs to (front, middle or back), needed for lane-won.",
    )
    when: SettingCondition = Field(
        description="A condition on the set hand: {lane, category, suited, ranks}, combined "
        "with all / any / not. Replaced whole when a file extends another.",
        examples=[{"lane": "front", "category": ["trips"]}],
    )


class BonusGroup(Model):
    pay_when: Literal["lane-won", "match-won", "any-lane-won", "always"] = Field(
        description="lane-won: the bonus's lane beat that opponent; match-won: the pair's result "
        "went to the holder; any-lane-won: the holder won a lane of that pair; always: win or lose."
    )
    items: list[Bonus] = Field(
        default_factory=list,
        description="The bonuses of this group. Merged by id when a file extends another; "
        "`{id: ..., $delete: true}` removes one, `{$replace: [...]}` replaces them all.",
    )

    @model_validator(mode="after")
    def _lane_for_lane_won(self) -> BonusGroup:
        for i, item in enumerate(self.items):
            if self.pay_when == "lane-won" and item.lane is None:
                raise PathError(
                    ("items", i),
                    f"bonus '{item.id}' needs a lane when paid on lane-won",
                    "add `lane: front`, `middle` or `back`, or pay it on match-won or always",
                )
        return self


class Foul(Model):
    handling: Literal["refuse", "lose-all-lanes"] = Field(
        description="refuse: a foul setting is an input error; lose-all-lanes: the fouled hand "
        "loses every lane, each at the opponent's lane value (so it is scooped)."
    )
    both_fouled: Literal["push", "banker-wins", "compare-lanes"] = Field(
        default="push",
        description="Two fouled hands. push: they settle at 0; banker-wins: a fouled player "
        "loses even to a fouled banker (banker games); compare-lanes: they compare their lanes "
        "as set, as if neither had fouled (Mậu Binh).",
    )


class Tier(Model):
    """One step of a tiered special hand."""

    when: HandCondition = Field(description="A condition on the 13 cards.")
    points: int = Field(ge=0, description="Points when this is the best tier that holds.")


class SpecialHand(Model):
    """A 13-card hand declared instead of set."""

    id: str = Field(
        description="Identifies the special (what a table's `declare:` names; merges it when a "
        "file extends another).",
        examples=["dragon"],
    )
    name: str = Field(description="The special as players call it.", examples=["一条龙"])
    points: int | None = Field(
        default=None, ge=0, description="Units the declarer wins (with `when`)."
    )
    when: HandCondition | None = Field(
        default=None,
        description="A condition on the 13 cards (rank_pattern, suit_pattern, pairs, "
        "distinct_ranks, repeated_ranks, most_of_a_rank, distinct_suits, count_cards, can_set; "
        "all / any / not). Replaced whole when a file extends another.",
        examples=[{"distinct_ranks": 13}, {"pairs": 6}],
    )
    tiers: list[Tier] | None = Field(
        default=None,
        description="Instead of points and when: steps {when, points}; the best tier that "
        "holds pays.",
    )
    tiebreak: Literal["none", "pairs", "lanes"] = Field(
        default="none",
        description="Two declarers of this special. none: they tie; pairs: compare pairs high to "
        "low; lanes: compare the lanes that make the shape (back, middle, front).",
    )
    ends_round: bool = Field(
        default=False,
        description="An instant win (Mậu Binh's thắng trắng): when a player declares it, "
        "nobody else compares lanes; only the pairs with such a declarer settle, and the "
        "per-player settlements are skipped.",
    )

    @model_validator(mode="after")
    def _points_or_tiers(self) -> SpecialHand:
        if self.tiers is None and (self.points is None or self.when is None):
            raise PathError(
                (),
                f"special '{self.id}' needs points and when, or tiers",
                "e.g. {id: dragon, name: Dragon, points: 13, when: {distinct_ranks: 13}}",
            )
        if self.tiers is not None and (self.points is not None or self.when is not None):
            raise PathError(
                (),
                f"special '{self.id}' has tiers; drop points and when",
                "a tiered special pays the best tier that holds",
            )
        if self.when is not None:
            require_possible(self.when, ("when",))
        for i, tier in enumerate(self.tiers or ()):
            require_possible(tier.when, ("tiers", i, "when"))
        return self


class FalseDeclaration(Model):
    """A special declared that the hand does not hold (Mậu Binh's báo ù sai)."""

    penalty: int = Field(ge=0, description="Units the false declarer pays each opponent.")
    ends_round: bool = Field(
        default=True,
        description="true: nothing else is settled that round; false: the others still "
        "compare among themselves (the false declarer's hand takes no part).",
    )


SpecialSettlement = Literal["higher-wins", "difference", "push", "banker-pays"]
SETTLEMENT_TEXT = (
    "higher-wins: the higher special wins its points, equal ones tie; difference: the higher "
    "wins the difference of the points; push: nothing changes hands; banker-pays: the banker "
    "pays the player's special."
)


class Specials(Model):
    declare: Literal["automatic", "optional"] = Field(
        default="optional",
        description="automatic: the best special that holds is always declared; optional: a "
        "player may declare one, or set the hand.",
    )
    order: Literal["points", "listed", "listed-highest-first"] = Field(
        default="points",
        description="What makes one special higher. points: its points; listed: its place in "
        "the list, written lowest first; listed-highest-first: its place in the list, written "
        "highest first (as Chinese rule pages list them).",
    )
    vs_set: Literal["points", "as-scoop"] = Field(
        default="points",
        description="points: the declarer wins its points (no scoop); as-scoop: "
        "it wins every lane (a scoop) and collects its points as an add-on.",
    )
    vs_special: SpecialSettlement = Field(
        default="higher-wins",
        description="Two declared specials. " + SETTLEMENT_TEXT,
    )
    vs_special_with_banker: SpecialSettlement | None = Field(
        default=None,
        description="A player's special against the banker's, where that differs from "
        "vs_special (banker games). " + SETTLEMENT_TEXT,
    )
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
    false_declaration: FalseDeclaration | None = Field(
        default=None,
        description="Declaring a special that the cards do not make (declaring by hand); null: "
        "such a table is refused as an input error.",
    )
    hands: list[SpecialHand] = Field(
        default_factory=list,
        description="The special hands. Merged by id when a file extends another (new ids go "
        "last); `{id: ..., $delete: true}` removes one, `{$replace: [...]}` replaces them all.",
    )
    jokers_complete: Literal["none", "all"] | list[str] = Field(
        default="none",
        description="Which special hands a joker may complete, standing for any card: none (a "
        "joker then stands for no card: the other cards must make the hand), all, or a list "
        "of special-hand ids.",
        examples=["all", ["six-pairs"]],
    )

    @model_validator(mode="after")
    def _unique_ids(self) -> Specials:
        require_unique([h.id for h in self.hands], "special hand ids")
        if isinstance(self.jokers_complete, list):
            ids = [h.id for h in self.hands]
            for i, name in enumerate(self.jokers_complete):
                if name not in ids:
                    raise PathError(
                        ("jokers_complete", i),
                        f"no special hand '{name}'",
                        "special hands: " + (", ".join(ids) or "none"),
                    )
        return self

    def joker_completes(self, hand: SpecialHand) -> bool:
        """Whether a joker may stand for any card in ``hand``'s condition."""
        listed = self.jokers_complete
        return listed == "all" or (isinstance(listed, list) and hand.id in listed)

    def place(self, hand: SpecialHand) -> int:
        """How high ``hand`` stands among the specials by ``order`` (higher is better)."""
        index = self.hands.index(hand)
        if self.order == "listed-highest-first":
            return len(self.hands) - 1 - index
        return index


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

    id: str = Field(description="Identifies the multiplier (extends merges by it).")
    name: str = Field(description="Shown on the multiplier's line of a settlement (马牌).")
    when: HandCondition = Field(description="A 13-card condition, e.g. {holds: [AH]}.")
    factor: int | float = Field(
        gt=0, le=100, description="Any positive number up to 100; 1.5 is read exactly as 3/2."
    )

    @model_validator(mode="after")
    def _possible(self) -> Multiplier:
        require_possible(self.when, ("when",))
        return self


class Settlement(Model):
    """A per-player settlement outside the pairs, read from the 13 cards (Mậu Binh's chi Á):
    each player receives ``units`` for every selected card held above the table's average,
    and pays for every one below it, so the table sums to zero."""

    id: str = Field(description="Identifies the settlement (extends merges by it).")
    name: str = Field(description="Shown on the settlement's line.", examples=["Chi Á"])
    units: int = Field(ge=1, description="Units per selected card above or below the average.")
    cards: CardSelection = Field(
        description="The cards counted: ranks, min_rank, max_rank, suits, colour.",
        examples=[{"ranks": ["A"]}],
    )


class Display(Model):
    """How results are shown: the name of a unit, and display points per unit (台湾: 1 赌 = 100)."""

    unit: str = Field(default="unit", description="What a unit is called.", examples=["赌"])
    points_per_unit: int = Field(
        default=1, ge=1, description="Display points per unit (Taiwan: 1 赌 = 100)."
    )


class ThirteenCardRuleset(RulesetBase):
    """A 13-card Chinese Poker ruleset (十三张 family)."""

    merge_spec: ClassVar[MergeSpec] = MergeSpec(
        keys={
            ("lane_values", "values"): ("lane", "category", "rank"),
            ("outcomes",): ("won", "lost", "tied"),
            ("bonuses", ANY_KEY, "items"): ("id",),
            ("specials", "hands"): ("id",),
            ("multipliers",): ("id",),
            ("settlements",): ("id",),
        },
        atomic=frozenset(
            {
                ("bonuses", ANY_KEY, "items", ANY_ITEM, "when"),
                ("specials", "hands", ANY_ITEM, "when"),
                ("multipliers", ANY_ITEM, "when"),
                ("settlements", ANY_ITEM, "cards"),
            }
        ),
        optional=frozenset({"rank"}),
    )

    game: Literal["thirteen-card"] = Field(
        default="thirteen-card",
        description="thirteen-card: 13-card Chinese Poker (十三张); the default.",
    )
    ranking: Ranking = Field(
        default_factory=Ranking, description="How hands rank: the wheel's place, suit order."
    )
    deck: DeckSpec = Field(default_factory=DeckSpec, description=DECK_TEXT)
    table: Table = Field(
        default_factory=Table, description="Who compares with whom, tied lanes, seats."
    )
    lane_values: LaneValues = Field(
        default_factory=LaneValues,
        description="What a won lane is worth, by the winner's hand (replace mode).",
    )
    outcomes: list[Outcome] | None = Field(
        default=None,
        description="Pair result by lanes won/lost/tied instead of a lane sum: all ten rows, "
        "each mirror row paying the opposite. Merged by (won, lost, tied) when a file extends "
        "another.",
    )
    scoop: Scoop = Field(
        default_factory=Scoop, description="Winning all three lanes against one opponent (打枪)."
    )
    home_run: HomeRun | None = Field(
        default=None,
        description="Scooping every other player (全垒打 / 红不让); null: no home run.",
    )
    overall_point: int = Field(
        default=0, ge=0, description="Extra units to each pair's net winner."
    )
    bonuses: dict[str, BonusGroup] = Field(
        default_factory=dict,
        description="Add-ons (加赌), in named groups {pay_when, items}. A file that extends "
        "another merges groups by name; `NAME: {$delete: true}` removes one.",
    )
    foul: Foul = Field(description="What a foul (相公 / 倒水) costs.")
    specials: Specials = Field(
        default_factory=Specials,
        description="Special hands (报到) declared instead of set, and how they settle.",
    )
    surrender: Surrender | None = Field(
        default=None, description="Surrender before the showdown; null: not allowed."
    )
    pool: Pool | None = Field(
        default=None, description="Playing for a pool (table.compare: pool); null otherwise."
    )
    display: Display = Field(
        default_factory=Display, description="How results are shown: unit name and scale."
    )
    multipliers: list[Multiplier] = Field(
        default_factory=list,
        description="Card multipliers (马牌); not in pool games, which settle no pairs. Merged "
        "by id when a file extends another.",
    )
    settlements: list[Settlement] = Field(
        default_factory=list,
        description="Per-player settlements outside the pairs, read from the 13 cards (chi Á: "
        "aces held). Merged by id when a file extends another.",
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
                        "won + lost + tied is 3 in every row",
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
                    "an outcomes table has all ten rows",
                )
            for (w, l, t), o in seen.items():
                mirror = seen[(l, w, t)]
                if mirror.units != -o.units:
                    raise PathError(
                        ("outcomes", self.outcomes.index(o)),
                        f"outcome {w}-{l}-{t} pays {o.units} but {l}-{w}-{t} pays "
                        f"{mirror.units}; a pair's result must sum to zero",
                        f"make {l}-{w}-{t} pay {-o.units}, or change this row",
                    )
            if self.lane_values.values:
                raise PathError(
                    ("lane_values", "values"),
                    "has no effect with an outcomes table",
                    "drop the lane values (`values: {$replace: []}` in a file that extends "
                    "another), or the outcomes",
                )
        if (self.table.compare == "pool") != (self.pool is not None):
            raise PathError(
                ("table", "compare"),
                "compare: pool and a pool section go together",
                "add `pool: {stake: N}` with compare: pool, or choose another compare",
            )
        for name, group in self.bonuses.items():
            for i, item in enumerate(group.items):
                if any(c.count is not None and not c.filters() for c in lane_conditions(item.when)):
                    raise PathError(
                        ("bonuses", name, "items", i, "when"),
                        "count needs suit, min_rank or max_rank to say what it counts",
                        "add suit, min_rank or max_rank, or drop count",
                    )
        if self.multipliers and self.pool is not None:
            raise PathError(
                ("multipliers",),
                "a pool game settles no pairs for a multiplier to scale",
                "drop multipliers, or use compare: all-pairs or banker",
            )
        require_unique([m.id for m in self.multipliers], "multiplier ids")
        require_unique([m.id for m in self.settlements], "settlement ids")
        if self.home_run is not None and self.home_run.opponents >= (self.table.seats.max or 4):
            raise PathError(
                ("home_run", "opponents"),
                "must be fewer than table.seats.max",
                "a home run scoops every other player: seats.max - 1 at most",
            )
        return self

    @model_validator(mode="after")
    def _seats_fit_a_deck(self) -> ThirteenCardRuleset:
        """Two to six hands of 13, all out of the ruleset's deck: other seat counts could never
        play."""
        seats = self.table.seats
        for end, value in (("min", seats.min), ("max", seats.max)):
            if value is not None and not 2 <= value <= MAX_SEATS:
                raise PathError(
                    ("table", "seats", end),
                    f"{value} seats: a 13-card table seats 2 to {MAX_SEATS} players",
                    "5 or 6 players need a bigger deck: deck: {extra_suits: [spades]} (加一色)",
                )
            if value is not None and value * HAND_CARDS > self.deck.size:
                raise PathError(
                    ("table", "seats", end),
                    f"{value} seats need {value * HAND_CARDS} cards but the deck has "
                    f"{self.deck.size}",
                    "add extra suits (deck: {extra_suits: [spades]}: 13 cards more each), "
                    f"or seat at most {self.deck.size // HAND_CARDS}",
                )
        return self

    @model_validator(mode="after")
    def _deck_settings(self) -> ThirteenCardRuleset:
        """Joker and five-of-a-kind settings need a deck that makes them."""
        moot = self.deck.moot_ranking(self.ranking)
        if moot is not None:
            name, hint = moot
            raise PathError(("ranking", name), f"{name} is a setting for {DECK_WORDS[name]}", hint)
        if not self.deck.jokers and self.specials.jokers_complete != "none":
            raise PathError(
                ("specials", "jokers_complete"),
                "jokers_complete is a setting for a deck with jokers",
                "the deck has no jokers: drop it, or add deck: {jokers: 2}",
            )
        self._completion_cost()
        return self

    def _completion_cost(self) -> None:
        """A special hand that jokers complete by trying stand-ins (``rulesets.jokers``) is
        refused beside more jokers than that can afford."""
        if self.deck.jokers <= ENUMERATED_JOKERS:
            return
        repeats = self.ranking.joker_duplicates
        for i, hand in enumerate(self.specials.hands):
            if self.specials.joker_completes(hand) and enumerated(hand, repeats):
                raise PathError(
                    ("deck", "jokers"),
                    f"{self.deck.jokers} jokers are too many for special hand '{hand.id}' "
                    f"(specials.hands[{i}]): a joker completes it only by trying every card, "
                    f"affordable for at most {ENUMERATED_JOKERS}",
                    "leave it out of specials.jokers_complete, deal at most "
                    f"{ENUMERATED_JOKERS} jokers, or test only rank and suit counts (with "
                    "both, let a joker repeat a card: ranking.joker_duplicates), three "
                    "straights or three flushes (docs/decks.md)",
                )

    def lanes(self) -> tuple[LaneName, ...]:
        return LANES

    def ignored_settings(self) -> list[tuple[str, ...]]:
        """Special-hand settings without special hands, banker settings without a banker,
        home-run settings without a home run."""
        specials = self.specials
        unused: list[tuple[str, ...]] = []
        if not specials.hands:
            unused += [("specials", key) for key in type(specials).model_fields if key != "hands"]
        if self.table.compare not in ("banker", "banker-or-all-pairs"):
            unused.append(("specials", "vs_special_with_banker"))
        if self.home_run is None:
            unused.append(("specials", "home_run_ends_round"))
        if self.home_run is None or not specials.higher_counts_as_scoop:
            unused.append(("specials", "lower_pays_home_run"))
        return unused

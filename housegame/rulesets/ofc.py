"""The Open Face Chinese Poker ruleset model: deal, royalties, fouls and Fantasyland as data.

One interpreter (``housegame.ofc``) plays every ruleset of this kind; Pineapple
and classic OFC differ only in the values below.
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import Field, model_validator

from housegame.cards import rank_value
from housegame.errors import PathError
from housegame.ranking import Category
from housegame.rulesets.common import (
    DECK_TEXT,
    Bounds,
    CategoryName,
    DeckSpec,
    LaneName,
    Model,
    Ranking,
    RankName,
    RulesetBase,
)
from housegame.rulesets.merge import MergeSpec

JOKER_RANKING = frozenset({"five_of_a_kind", "joker_duplicates", "natural_beats_joker"})
"""Ranking settings an OFC deck (unique cards, no jokers) leaves moot."""

CATEGORY_TEXT = (
    "Categories, lowest first: high-card, pair, two-pair, trips, straight, flush, full-house, "
    "quads, straight-flush."
)

FrontCategory = Literal["pair", "trips"]
RoyaltyHand = Literal[
    "trips",
    "straight",
    "flush",
    "full-house",
    "quads",
    "straight-flush",
    "royal-flush",
]
Objective = Literal["no-foul", "stay", "royalties"]
Units = Annotated[int, Field(ge=0)]
OBJECTIVES: tuple[Objective, ...] = ("no-foul", "stay", "royalties")


class Stage(Model):
    """One street of the deal: every player gets ``dealt`` cards, places some, discards the rest."""

    dealt: int = Field(ge=1, description="Cards each player receives at this street.")
    placed: int = Field(ge=0, description="Cards each player places on the board.")
    discarded: int = Field(default=0, ge=0, description="Cards each player discards face down.")

    @model_validator(mode="after")
    def _adds_up(self) -> Stage:
        if self.placed + self.discarded != self.dealt:
            raise PathError(
                (),
                f"a stage deals {self.dealt} but places {self.placed} and discards "
                f"{self.discarded}; every dealt card is placed or discarded",
                "make placed + discarded equal dealt",
            )
        return self


class LaneCaps(Model):
    """Cards per lane. The ranking knows 3-card fronts and 5-card middles and backs only."""

    front: Literal[3] = Field(default=3, description="Cards in the front (always 3).")
    middle: Literal[5] = Field(default=5, description="Cards in the middle (always 5).")
    back: Literal[5] = Field(default=5, description="Cards in the back (always 5).")

    def cap(self, lane: LaneName) -> int:
        caps: dict[LaneName, int] = {"front": self.front, "middle": self.middle, "back": self.back}
        return caps[lane]

    @property
    def total(self) -> int:
        return self.front + self.middle + self.back


class Scoring(Model):
    lane_units: int = Field(default=1, ge=0, description="Units for each lane won.")
    scoop_bonus: int = Field(default=0, ge=0, description="Units more for a scoop (scoop_when).")
    scoop_when: Literal["won-all-three", "opponent-won-none"] = Field(
        default="won-all-three",
        description="What is a scoop. won-all-three: winning all three lanes; "
        "opponent-won-none: winning a lane while the opponent wins none (ties included: two "
        "lanes won and one tied is a scoop).",
    )


class FrontRoyalties(Model):
    """Front royalties by rank; a rank not listed pays nothing."""

    pairs: dict[RankName, Units] = Field(
        default_factory=dict,
        description="A front pair of this rank -> royalty units. Merged rank by rank when a "
        "file extends another.",
        examples=[{"6": 1, "A": 9}],
    )
    trips: dict[RankName, Units] = Field(
        default_factory=dict,
        description="Front trips of this rank -> royalty units.",
        examples=[{"2": 10, "A": 22}],
    )


class Royalties(Model):
    """Bonus units for strong lanes, paid by each opponent (``paid``: win or lose, or only for
    the lanes the holder wins against that opponent)."""

    paid: Literal["always", "lane-won"] = Field(
        default="always",
        description="always: a lane's royalty is paid to its holder whatever the lane's result; "
        "lane-won: only by an opponent the holder beats in that lane.",
    )

    front: FrontRoyalties = Field(
        default_factory=FrontRoyalties, description="Front royalties by pair or trips rank."
    )
    middle: dict[RoyaltyHand, Units] = Field(
        default_factory=dict,
        description="Middle hand -> royalty units (trips, straight, flush, full-house, quads, "
        "straight-flush, royal-flush); a hand not listed pays nothing.",
        examples=[{"trips": 2, "straight": 4}],
    )
    back: dict[RoyaltyHand, Units] = Field(
        default_factory=dict,
        description="Back hand -> royalty units (trips, straight, flush, full-house, quads, "
        "straight-flush, royal-flush); a hand not listed pays nothing.",
        examples=[{"straight": 2, "flush": 4}],
    )


class OfcFoul(Model):
    """What a foul costs (§343-344); each choice is separate."""

    against_clean: Literal["scooped", "lose-lanes"] = Field(
        default="scooped",
        description="scooped: the fouled hand loses every lane and pays the "
        "scoop bonus; lose-lanes: it loses every lane without the scoop bonus.",
    )
    royalties: Literal["forfeit", "keep"] = Field(
        default="forfeit",
        description="forfeit: a fouled hand collects no royalties; keep: it still collects them.",
    )
    both_fouled: Literal["push", "compare-lanes"] = Field(
        default="push",
        description="push: two fouled hands settle at 0; compare-lanes: their "
        "lanes are compared as if neither had fouled.",
    )
    misplaced: Literal["refuse", "foul"] = Field(
        default="refuse",
        description="A move placing too many or too few cards at a stage: refuse: the move is an "
        "input error; foul (§343): it is recorded and the hand is dead, dealt no more cards, and "
        "scores as a foul with no royalties (two fouled hands push if either is dead).",
    )


class FrontAtLeast(Model):
    """A front this good or better: ``{category: pair, rank: Q}`` is QQ+ (any trips count)."""

    category: FrontCategory = Field(description="pair or trips.")
    rank: RankName = Field(
        default="2", description="The lowest rank that counts (2: any pair or trips)."
    )

    def order(self) -> tuple[int, int]:
        return (int(Category.from_label(self.category)), rank_value(self.rank))


class Entry(Model):
    """What it takes to enter Fantasyland."""

    front: FrontAtLeast = Field(
        description="A front this good or better: {category: pair, rank: Q} is QQ+."
    )
    clean: bool = Field(default=True, description="The hand must not foul.")


class ProgressiveRow(Model):
    """One row of a progressive Fantasyland table."""

    front: FrontAtLeast = Field(
        description="Entering with a front this good or better (identifies the row when a "
        "file extends another)."
    )
    cards: int = Field(ge=13, le=52, description="Cards dealt to the entering player.")


class CardCount(Model):
    """How many cards a player entering Fantasyland receives."""

    mode: Literal["fixed", "progressive"] = Field(
        default="fixed",
        description="fixed: every entering player gets `fixed` cards; progressive: the "
        "`progressive` table's best row that holds sets the count.",
    )
    fixed: int = Field(default=14, ge=13, le=52, description="Cards for every entering player.")
    progressive: list[ProgressiveRow] = Field(
        default_factory=list,
        description="Entering with a front at least this good gives this many cards; the best "
        "row that holds applies. Merged by front when a file extends another.",
    )


class Stay(Model):
    """Conditions to stay in Fantasyland; any one that holds is enough, none are merged."""

    clean: bool = Field(default=True, description="The hand must not foul.")
    front: FrontCategory | None = Field(
        default=None, description="A front this good or better: pair or trips."
    )
    middle: CategoryName | None = Field(
        default=None, description="A middle this good or better. " + CATEGORY_TEXT
    )
    back: CategoryName | None = Field(
        default=None, description="A back this good or better. " + CATEGORY_TEXT
    )
    cards: int = Field(default=14, ge=13, le=52, description="Cards dealt to a player who stays.")


class Fantasyland(Model):
    """Fantasyland: a player with a strong enough hand gets all their next cards at once."""

    entry: Entry = Field(description="What it takes to enter.")
    cards: CardCount = Field(
        default_factory=CardCount, description="Cards an entering player receives."
    )
    stay: Stay = Field(default_factory=Stay, description="What it takes to stay another hand.")
    solver_priority: list[Objective] = Field(
        default_factory=lambda: list(OBJECTIVES),
        description="What the Fantasyland solver maximises, most important first: no-foul "
        "(a legal hand), stay (qualify to stay), royalties (the most royalty units).",
    )

    @model_validator(mode="after")
    def _consistent(self) -> Fantasyland:
        if sorted(self.solver_priority) != sorted(OBJECTIVES):
            raise PathError(
                ("solver_priority",),
                "solver_priority must list no-foul, stay and royalties once each",
                "write [no-foul, stay, royalties] in the order you want",
            )
        if self.cards.mode == "progressive":
            table = ("cards", "progressive")
            rows = sorted(self.cards.progressive, key=lambda r: r.front.order())
            if not rows:
                raise PathError(
                    ("cards", "mode"),
                    "cards.mode progressive needs a cards.progressive table",
                    "add rows {front: {category, rank}, cards}, or use mode: fixed",
                )
            if rows[0].front.order() != self.entry.front.order():
                raise PathError(
                    table,
                    "the progressive table's lowest row must be the entry front "
                    f"({self.entry.front.category} {self.entry.front.rank}), so every "
                    "entering hand has a card count",
                    "add a row for the entry front",
                )
            counts = [r.cards for r in rows]
            if counts != sorted(counts):
                raise PathError(
                    table,
                    "a better front must not give fewer cards (progressive table)",
                    "give each better front at least as many cards as the one below it",
                )
        return self

    def most_cards(self) -> int:
        return max(self.card_counts())

    def card_counts(self) -> list[int]:
        """Every number of cards a Fantasyland hand may be dealt: on entry (fixed, or a
        progressive row) and on staying."""
        counts = [self.cards.fixed, self.stay.cards, *(r.cards for r in self.cards.progressive)]
        if self.cards.mode == "fixed":
            counts = [self.cards.fixed, self.stay.cards]
        return sorted(set(counts))


class OfcRuleset(RulesetBase):
    """An Open Face Chinese Poker ruleset (classic, Pineapple, ...)."""

    merge_spec: ClassVar[MergeSpec] = MergeSpec(
        keys={("fantasyland", "cards", "progressive"): ("front",)},
        atomic=frozenset({("fantasyland", "entry", "front")}),
    )

    game: Literal["ofc"] = Field(description="ofc: Open Face Chinese Poker (classic, Pineapple).")
    ranking: Ranking = Field(
        default_factory=Ranking, description="How hands rank: the wheel's place, suit order."
    )
    deck: DeckSpec = Field(default_factory=DeckSpec, description=DECK_TEXT)
    players: Bounds = Field(
        default_factory=lambda: Bounds(min=2, max=3),
        description="How many players may sit: {min, max}; the deal must fit the deck.",
    )
    lanes: LaneCaps = Field(default_factory=LaneCaps, description="Cards per lane (3, 5, 5).")
    deal: list[Stage] = Field(
        min_length=1,
        description="Streets in order, each {dealt, placed, discarded}; the placed cards add up "
        "to 13. Replaced whole when a file extends another.",
    )
    scoring: Scoring = Field(default_factory=Scoring, description="Units for lanes and scoops.")
    royalties: Royalties = Field(
        default_factory=Royalties,
        description="Bonus units for strong lanes, win or lose (or for lanes won: paid).",
    )
    foul: OfcFoul = Field(default_factory=OfcFoul, description="What a foul costs.")
    fantasyland: Fantasyland | None = Field(
        default=None, description="Fantasyland rules; null: no Fantasyland."
    )

    @model_validator(mode="after")
    def _consistent(self) -> OfcRuleset:
        placed = [s.placed for s in self.deal]
        if sum(placed) != self.lanes.total:
            running = ", ".join(str(sum(placed[: i + 1])) for i in range(len(placed)))
            raise PathError(
                ("deal",),
                f"the deal places {sum(placed)} cards (running totals {running}); "
                f"the lanes hold {self.lanes.total}",
                f"the streets' placed cards add up to {self.lanes.total}",
            )
        if self.ranking.front_straights or self.ranking.front_flushes:
            raise PathError(
                ("ranking",),
                "three-card front straights and flushes are a 13-card setting; OFC royalties "
                "and Fantasyland read the front as high card, pair or trips",
                "drop front_straights and front_flushes",
            )
        if self.ranking.low_lanes:
            raise PathError(
                ("ranking", "low_lanes"),
                "lanes ranked for low are a 13-card setting; OFC royalties and Fantasyland "
                "read every lane ranked high",
                "drop low_lanes",
            )
        if self.deck != DeckSpec():
            raise PathError(
                ("deck",),
                "OFC deals one deck of unique cards without jokers: its play, royalties and "
                "Fantasyland read each card once",
                "drop decks, extra_suits and jokers",
            )
        if self.ranking != Ranking(**self.ranking.model_dump(exclude=set(JOKER_RANKING))):
            raise PathError(
                ("ranking",),
                "five of a kind and jokers are a 13-card setting; an OFC deck makes neither",
                "drop " + ", ".join(sorted(JOKER_RANKING)),
            )
        if self.players.min is None or self.players.min < 2:
            raise PathError(
                ("players", "min"), "players.min must be at least 2", "write players: {min: 2}"
            )
        most = self.players.max if self.players.max is not None else self.players.min
        need = most * self.cards_per_player()
        if need > self.deck.size:
            raise PathError(
                ("players",),
                self.seats_problem(most) or "",
                "seat fewer players, or deal fewer cards",
            )
        most_cards = self.fantasyland.most_cards() if self.fantasyland is not None else 0
        if most_cards * most > self.deck.size:
            raise PathError(
                ("fantasyland", "cards"),
                f"{most} players in Fantasyland with {most_cards} cards each need "
                f"more than the {self.deck.size}-card deck",
                "give Fantasyland fewer cards, or seat fewer players",
            )
        return self

    def ignored_settings(self) -> list[tuple[str, ...]]:
        if self.fantasyland is None:
            return []
        unused = "progressive" if self.fantasyland.cards.mode == "fixed" else "fixed"
        return [("fantasyland", "cards", unused)]

    def cards_per_player(self) -> int:
        """Cards one player receives in a regular hand, from the deal schedule."""
        return sum(s.dealt for s in self.deal)

    def seats_problem(self, players: int) -> str | None:
        """Why ``players`` cannot sit at this game, or None if they can."""
        need = players * self.cards_per_player()
        if need > self.deck.size:
            return (
                f"{players} players need {need} cards ({self.cards_per_player()} each by the "
                f"deal schedule) but the deck has {self.deck.size}"
            )
        if not self.players.holds(players):
            return f"{self.id} seats {self.players.min}-{self.players.max} players"
        return None

"""The Open Face Chinese Poker ruleset model: deal, royalties, fouls and Fantasyland as data.

One interpreter (``housegame.ofc``) plays every ruleset of this kind; Pineapple
and classic OFC differ only in the values below.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from housegame.cards import rank_value
from housegame.ranking import Category
from housegame.rulesets.common import (
    Bounds,
    CategoryName,
    LaneName,
    Model,
    PathError,
    Ranking,
    RankName,
    RulesetBase,
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

    dealt: int = Field(ge=1)
    placed: int = Field(ge=0)
    discarded: int = Field(default=0, ge=0)

    @model_validator(mode="after")
    def _adds_up(self) -> Stage:
        if self.placed + self.discarded != self.dealt:
            raise ValueError(
                f"a stage deals {self.dealt} but places {self.placed} and discards "
                f"{self.discarded}; every dealt card is placed or discarded"
            )
        return self


class LaneCaps(Model):
    """Cards per lane. The ranking knows 3-card fronts and 5-card middles and backs only."""

    front: Literal[3] = 3
    middle: Literal[5] = 5
    back: Literal[5] = 5

    def cap(self, lane: LaneName) -> int:
        caps: dict[LaneName, int] = {"front": self.front, "middle": self.middle, "back": self.back}
        return caps[lane]

    @property
    def total(self) -> int:
        return self.front + self.middle + self.back


class Scoring(Model):
    lane_units: int = Field(default=1, ge=0, description="Units for each lane won.")
    scoop_bonus: int = Field(default=0, ge=0, description="Units more for winning all three lanes.")


class FrontRoyalties(Model):
    """Front royalties by rank; a rank not listed pays nothing."""

    pairs: dict[RankName, Units] = Field(default_factory=dict)
    trips: dict[RankName, Units] = Field(default_factory=dict)


class Royalties(Model):
    """Paid to the holder whatever the lane's result (RULES.md: the "always" mode)."""

    front: FrontRoyalties = Field(default_factory=FrontRoyalties)
    middle: dict[RoyaltyHand, Units] = Field(default_factory=dict)
    back: dict[RoyaltyHand, Units] = Field(default_factory=dict)


class OfcFoul(Model):
    """What a foul costs (§343-344); each choice is separate."""

    against_clean: Literal["scooped", "lose-lanes"] = Field(
        default="scooped",
        description="scooped: the fouled hand loses every lane and pays the "
        "scoop bonus; lose-lanes: it loses every lane without the scoop bonus.",
    )
    royalties: Literal["forfeit", "keep"] = Field(
        default="forfeit", description="Whether a fouled hand still collects its royalties."
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

    category: FrontCategory
    rank: RankName = "2"

    def order(self) -> tuple[int, int]:
        return (int(Category.from_label(self.category)), rank_value(self.rank))


class Entry(Model):
    front: FrontAtLeast
    clean: bool = Field(default=True, description="The hand must not foul.")


class ProgressiveRow(Model):
    front: FrontAtLeast
    cards: int = Field(ge=13, le=52)


class CardCount(Model):
    """How many cards a player entering Fantasyland receives."""

    mode: Literal["fixed", "progressive"] = "fixed"
    fixed: int = Field(default=14, ge=13, le=52)
    progressive: list[ProgressiveRow] = Field(
        default_factory=list,
        description="Entering with a front at least this good gives this many cards; the best "
        "row that holds applies.",
    )


class Stay(Model):
    """Conditions to stay in Fantasyland; any one that holds is enough, none are merged."""

    clean: bool = Field(default=True, description="The hand must not foul.")
    front: FrontCategory | None = Field(default=None, description="Front this good or better.")
    middle: CategoryName | None = Field(default=None, description="Middle this good or better.")
    back: CategoryName | None = Field(default=None, description="Back this good or better.")
    cards: int = Field(default=14, ge=13, le=52, description="Cards dealt to a player who stays.")


class Fantasyland(Model):
    entry: Entry
    cards: CardCount = Field(default_factory=CardCount)
    stay: Stay = Field(default_factory=Stay)
    solver_priority: list[Objective] = Field(
        default_factory=lambda: list(OBJECTIVES),
        description="What the Fantasyland solver maximises, most important first.",
    )

    @model_validator(mode="after")
    def _consistent(self) -> Fantasyland:
        if sorted(self.solver_priority) != sorted(OBJECTIVES):
            raise ValueError("solver_priority must list no-foul, stay and royalties once each")
        if self.cards.mode == "progressive":
            rows = sorted(self.cards.progressive, key=lambda r: r.front.order())
            if not rows:
                raise ValueError("cards.mode progressive needs a cards.progressive table")
            if rows[0].front.order() != self.entry.front.order():
                raise ValueError(
                    "the progressive table's lowest row must be the entry front "
                    f"({self.entry.front.category} {self.entry.front.rank}), so every "
                    "entering hand has a card count"
                )
            counts = [r.cards for r in rows]
            if counts != sorted(counts):
                raise ValueError("a better front must not give fewer cards (progressive table)")
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

    game: Literal["ofc"] = "ofc"
    ranking: Ranking = Field(default_factory=Ranking)
    deck_size: Literal[52] = Field(default=52, description="One deck, no jokers.")
    players: Bounds = Field(default_factory=lambda: Bounds(min=2, max=3))
    lanes: LaneCaps = Field(default_factory=LaneCaps)
    deal: list[Stage] = Field(min_length=1, description="Streets in order.")
    scoring: Scoring = Field(default_factory=Scoring)
    royalties: Royalties = Field(default_factory=Royalties)
    foul: OfcFoul = Field(default_factory=OfcFoul)
    fantasyland: Fantasyland | None = None

    @model_validator(mode="after")
    def _consistent(self) -> OfcRuleset:
        placed = [s.placed for s in self.deal]
        if sum(placed) != self.lanes.total:
            running = ", ".join(str(sum(placed[: i + 1])) for i in range(len(placed)))
            raise ValueError(
                f"the deal places {sum(placed)} cards (running totals {running}); "
                f"the lanes hold {self.lanes.total}"
            )
        if self.ranking.front_straights or self.ranking.front_flushes:
            raise PathError(
                ("ranking",),
                "three-card front straights and flushes are a 13-card setting; OFC royalties "
                "and Fantasyland read the front as high card, pair or trips",
            )
        if self.players.min is None or self.players.min < 2:
            raise ValueError("players.min must be at least 2")
        most = self.players.max if self.players.max is not None else self.players.min
        need = most * self.cards_per_player()
        if need > self.deck_size:
            raise ValueError(self.seats_problem(most) or "")
        most_cards = self.fantasyland.most_cards() if self.fantasyland is not None else 0
        if most_cards * most > self.deck_size:
            raise ValueError(
                f"{most} players in Fantasyland with {most_cards} cards each need "
                f"more than the {self.deck_size}-card deck"
            )
        return self

    def cards_per_player(self) -> int:
        """Cards one player receives in a regular hand, from the deal schedule."""
        return sum(s.dealt for s in self.deal)

    def seats_problem(self, players: int) -> str | None:
        """Why ``players`` cannot sit at this game, or None if they can."""
        need = players * self.cards_per_player()
        if need > self.deck_size:
            return (
                f"{players} players need {need} cards ({self.cards_per_player()} each by the "
                f"deal schedule) but the deck has {self.deck_size}"
            )
        if not self.players.holds(players):
            return f"{self.id} seats {self.players.min}-{self.players.max} players"
        return None

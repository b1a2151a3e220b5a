"""The Big Two (大老二) ruleset model: every point where regions differ, as data.

Suit and rank order, the lead card, which rank runs are straights and in what
order, how flushes compare, quads with or without a kicker, bombs, passing,
timeouts and the penalty table all live in YAML; ``housegame.bigtwo`` only
interprets them.
"""

from __future__ import annotations

import re
from typing import Annotated, ClassVar, Literal, get_args

from pydantic import Field, model_validator

from housegame.cards import SUIT_NAMES
from housegame.errors import PathError
from housegame.rulesets.common import (
    DECK_TEXT,
    Bounds,
    DeckSpec,
    Model,
    RankName,
    RulesetBase,
    SuitName,
)
from housegame.rulesets.merge import MergeSpec

HAND_SIZE = 13
"""Cards dealt to each of four players (the deal when a ruleset states none)."""
DECK_SIZE = 52
MAX_PLAYERS = 4
MAX_HAND = DECK_SIZE // 2
"""The most cards one player can be dealt (two players, 26 each)."""

RANK_NAMES: tuple[RankName, ...] = (
    "2",
    "3",
    "4",
    "5",
    "6",
    "7",
    "8",
    "9",
    "10",
    "J",
    "Q",
    "K",
    "A",
)
"""Rank names in the natural cycle (A is followed by 2), used to check straights are runs."""

FiveCardKind = Literal["straight", "flush", "full-house", "quads", "straight-flush"]
Family = Literal["single", "pair", "triple", "five-card"]

_STRAIGHT = r"^(10|[2-9JQKA])(-(10|[2-9JQKA])){4}$"
_SPLIT = re.compile(r"-")
StraightText = Annotated[str, Field(pattern=_STRAIGHT)]


class BigTwoCard(Model):
    """One card by rank and suit, e.g. ``{rank: "3", suit: clubs}``."""

    rank: RankName = Field(description="2 to 10, J, Q, K, A.")
    suit: SuitName = Field(description="clubs, diamonds, hearts or spades.")

    def __str__(self) -> str:
        return f"{self.rank}{self.suit[0].upper()}"


class BigTwoBombs(Model):
    """Five-card kinds allowed to beat plays of another size (quads over a single 2)."""

    kinds: list[Literal["quads", "straight-flush"]] = Field(
        default_factory=list,
        description="Kinds that may be played as a bomb (quads, straight-flush). Empty: no bombs.",
    )
    beat: list[Literal["single", "pair", "triple"]] = Field(
        default_factory=list,
        description="What a bomb may be played over: single, pair or triple.",
    )

    @model_validator(mode="after")
    def _both_or_neither(self) -> BigTwoBombs:
        if bool(self.kinds) != bool(self.beat):
            raise PathError(
                ("kinds",) if self.kinds else ("beat",),
                "give both kinds and beat (what they may be played over), or neither",
                "e.g. {kinds: [quads], beat: [single]}; {kinds: [], beat: []} for no bombs",
            )
        return self


class BigTwoTrick(Model):
    """Passing inside one trick."""

    pass_is_final: bool = Field(
        default=False,
        description="true: a player who passed may not play again until the trick "
        "ends; false: they may play again when their turn comes round.",
    )


class BigTwoTimeout(Model):
    """What the table does for a player whose timer runs out."""

    lead_seconds: int = Field(ge=1, description="Timer for a player who leads a new trick.")
    follow_seconds: int = Field(ge=1, description="Timer for a player who follows.")
    on_lead: Literal["lowest-single", "lowest-card-most-cards"] = Field(
        description="lowest-single: the weakest single card (the lead card on the first turn); "
        "lowest-card-most-cards: the weakest of the largest plays that hold the lowest card."
    )
    on_follow: Literal["pass", "hint"] = Field(
        description="pass; or hint: the weakest play that beats the table (pass if none does)."
    )


class PenaltyTier(Model):
    """Points per card for a range of cards left."""

    cards: Bounds = Field(
        description="Cards left, inclusive: {min: 10, max: 12} (identifies the tier when a file "
        "extends another).",
        examples=[{"min": 10, "max": 12}],
    )
    per_card: int = Field(ge=0, description="Points for each card left.")


class PenaltyMultiplier(Model):
    """The penalty is multiplied when a loser still holds a card with enough cards left."""

    card: BigTwoCard = Field(
        description="The card that multiplies (identifies the multiplier when a file extends "
        "another).",
        examples=[{"rank": "2", "suit": "spades"}],
    )
    min_left: int = Field(
        default=1, ge=1, le=MAX_HAND, description="Only with at least this many cards left."
    )
    factor: int = Field(ge=1, description="The penalty is multiplied by this.")


class BigTwoPenalty(Model):
    """What losers pay for the cards they still hold."""

    tiers: list[PenaltyTier] = Field(
        min_length=1,
        description="Per-card points by cards left; together the tiers cover 1 card to the "
        "largest hand the deal gives (13 in a four-player deal) exactly once, a tier without "
        "`max` running to the end. Merged by `cards` when a file extends another; to move the "
        "boundaries write `{$replace: [...]}`.",
    )
    multipliers: list[PenaltyMultiplier] = Field(
        default_factory=list,
        description="Applied one after another. Merged by card when a file extends another.",
    )
    settlement: Literal["winner-collects", "pairwise-difference"] = Field(
        description="winner-collects: each loser pays their score to the player who went out; "
        "pairwise-difference: every pair of players settles the difference of their scores."
    )
    card_values: dict[RankName, Annotated[int, Field(ge=0)]] | None = Field(
        default=None,
        description="Count each card left at the value of its rank instead of 1 (Pusoy Dos: "
        "10, J, Q, K 10 each, other cards their face value), every rank listed; the tiers' "
        "per_card then multiplies the total. null: every card counts 1.",
        examples=[{"2": 2, "3": 3, "10": 10, "J": 10, "A": 1}],
    )
    liability: Literal["none", "did-not-top"] = Field(
        default="none",
        description="none: each loser pays their own; did-not-top (頂大): a player whose next "
        "player holds one card must play their highest card when they play a single; one who "
        "does not and lets that player go out pays every other loser's losses.",
    )

    @model_validator(mode="after")
    def _every_rank_valued(self) -> BigTwoPenalty:
        if self.card_values is not None:
            missing = [r for r in RANK_NAMES if r not in self.card_values]
            if missing:
                raise PathError(
                    ("card_values",),
                    "card_values leaves out " + ", ".join(missing),
                    "give every rank its value (0 for a card that counts nothing)",
                )
        return self

    def covers_problem(self, largest: int) -> PathError | None:
        """Why the tiers do not cover 1..``largest`` cards left exactly once (None: they do)."""
        owners: dict[int, int] = {}
        for i, tier in enumerate(self.tiers):
            low = tier.cards.min if tier.cards.min is not None else 1
            high = tier.cards.max if tier.cards.max is not None else largest
            if low < 1 or high > largest:
                return PathError(
                    ("tiers", i),
                    f"cards left run from 1 to {largest}, not {low}..{high}",
                    f"keep each tier's cards within 1..{largest} (the largest hand the deal gives)",
                )
            for n in range(low, high + 1):
                if n in owners:
                    other = self.tiers[owners[n]].cards
                    return PathError(
                        ("tiers", i),
                        f"the tier for {low}..{high} cards left and the tier for "
                        f"{other.min or 1}..{other.max or largest} both cover {n}",
                        "each count of cards left belongs to one tier; a file that extends "
                        "another and moves the boundaries writes `tiers: {$replace: [...]}`",
                    )
                owners[n] = i
        missing = [n for n in range(1, largest + 1) if n not in owners]
        if missing:
            return PathError(
                ("tiers",),
                "the tiers leave out " + ", ".join(map(str, missing)) + " cards left",
                "add a tier for them",
            )
        return None

    def per_card(self, left: int) -> int:
        """Points per card for ``left`` cards (0 for a player who went out)."""
        return next((t.per_card for t in self.tiers if t.cards.holds(left)), 0) if left else 0


class BigTwoDeal(Model):
    """How the cards go round for one number of players."""

    players: int = Field(
        ge=2,
        le=MAX_PLAYERS,
        description="The number of players this deal is for (identifies the deal when a file "
        "extends another).",
    )
    cards: int = Field(ge=1, le=MAX_HAND, description="Cards dealt to each player.")
    rest: Literal["out-of-play", "to-opener"] = Field(
        default="out-of-play",
        description="The cards left over after the deal: out-of-play (set aside unseen), or "
        "to-opener (all to the player who opens: the holder of the lead card, or of the lowest "
        "card dealt when the lead card is among the left-over ones).",
    )

    @property
    def left_over(self) -> int:
        return DECK_SIZE - self.players * self.cards

    @property
    def largest_hand(self) -> int:
        return self.cards + (self.left_over if self.rest == "to-opener" else 0)


FOUR_HANDS = BigTwoDeal(players=4, cards=HAND_SIZE)
"""The deal of a ruleset that states none: four players, 13 cards each."""


def straight_ranks(text: str) -> tuple[RankName, ...]:
    """``"A-2-3-4-5"`` -> ("A", "2", "3", "4", "5")."""
    return tuple(r for r in _SPLIT.split(text) if r in RANK_NAMES)


class BigTwoRuleset(RulesetBase):
    """A Big Two (大老二 / 鋤大D) ruleset: four players with 13 cards each unless its ``deal``
    says otherwise."""

    merge_spec: ClassVar[MergeSpec] = MergeSpec(
        keys={
            ("penalty", "tiers"): ("cards",),
            ("penalty", "multipliers"): ("card",),
            ("deal",): ("players",),
        },
        atomic=frozenset({("lead_card",)}),
    )

    game: Literal["big-two"] = Field(description="big-two: Big Two (大老二 / 鋤大D).")
    rank_order: list[RankName] = Field(description="All 13 ranks, lowest first.")
    suit_order: list[SuitName] = Field(description="All four suits, lowest first.")
    deal: list[BigTwoDeal] = Field(
        default_factory=lambda: [FOUR_HANDS],
        min_length=1,
        description="One entry per number of players the ruleset seats: the cards each player "
        "is dealt and where the left-over cards go (default: four players, 13 each). Merged by "
        "`players` when a file extends another.",
        examples=[[{"players": 4, "cards": 13}, {"players": 3, "cards": 17, "rest": "to-opener"}]],
    )
    deck: DeckSpec = Field(
        default_factory=DeckSpec,
        description=DECK_TEXT + " Big Two deals one 52-card deck: any other is refused.",
    )
    lead_card: BigTwoCard = Field(
        description="Its holder leads the first trick; when a deal leaves it out of play, the "
        "holder of the lowest card dealt leads instead (and that card stands in for it)."
    )
    first_play_contains_lead: bool = Field(
        default=True, description="The first play must include the lead card."
    )
    straights: list[StraightText] = Field(
        description='Every rank run that is a straight, lowest first, e.g. "10-J-Q-K-A". A run '
        "not listed (J-Q-K-A-2) is not a straight.",
    )
    straight_suit_card: Literal["highest-rank", "last-in-run"] = Field(
        default="highest-rank",
        description="Equal straights compare the suit of this card. highest-rank: the "
        "highest by rank_order (the 2 in A-2-3-4-5); last-in-run: the last card as the run is "
        "written (the 5).",
    )
    five_card_order: list[FiveCardKind] = Field(
        description="Five-card kinds (straight, flush, full-house, quads, straight-flush), "
        "lowest first; a higher kind beats any lower one."
    )
    flush_compare: Literal["rank-first", "suit-first", "top-card"] = Field(
        description="rank-first: ranks high to low, suit only if all five are equal; "
        "suit-first: suit, then ranks; top-card: the highest card only, by rank then suit (the "
        "other four do not count)."
    )
    quads_kicker: bool = Field(
        default=True,
        description="true: four of a kind is played with any fifth card (4+1); "
        "false: the four cards alone.",
    )
    bombs: BigTwoBombs = Field(
        default_factory=BigTwoBombs, description="Five-card plays that beat smaller plays."
    )
    trick: BigTwoTrick = Field(default_factory=BigTwoTrick, description="Passing in a trick.")
    timeout: BigTwoTimeout = Field(description="Timers and what happens when one runs out.")
    penalty: BigTwoPenalty = Field(
        description="The penalty table: per-card tiers, multipliers and how it is settled."
    )

    def deal_for(self, players: int) -> BigTwoDeal | None:
        """The deal for this many players (None: the ruleset does not seat them)."""
        return next((d for d in self.deal if d.players == players), None)

    @property
    def seat_counts(self) -> tuple[int, ...]:
        """The numbers of players the ruleset deals for, fewest first."""
        return tuple(sorted(d.players for d in self.deal))

    @property
    def default_players(self) -> int:
        """The seat count a game is dealt for when none is asked: the most the ruleset seats."""
        return self.seat_counts[-1]

    @property
    def largest_hand(self) -> int:
        return max(d.largest_hand for d in self.deal)

    @model_validator(mode="after")
    def _deals_fit(self) -> BigTwoRuleset:
        if self.deck != DeckSpec():
            raise PathError(
                ("deck",),
                "Big Two deals one 52-card deck without jokers: its rank and suit orders rank "
                "each card once, and its rule pages take the jokers out",
                "drop decks, extra_suits and jokers",
            )
        seen: set[int] = set()
        for i, deal in enumerate(self.deal):
            if deal.players in seen:
                raise PathError(
                    ("deal", i, "players"),
                    f"two deals for {deal.players} players",
                    "give one deal per number of players",
                )
            seen.add(deal.players)
            if deal.left_over < 0:
                raise PathError(
                    ("deal", i, "cards"),
                    f"{deal.players} players with {deal.cards} cards each need "
                    f"{deal.players * deal.cards} cards but the deck has {DECK_SIZE}",
                    f"deal at most {DECK_SIZE // deal.players} cards each",
                )
        problem = self.penalty.covers_problem(self.largest_hand)
        if problem is not None:
            raise PathError(("penalty", *problem.path), str(problem), problem.hint)
        return self

    @model_validator(mode="after")
    def _orders_complete(self) -> BigTwoRuleset:
        if sorted(self.rank_order, key=RANK_NAMES.index) != list(RANK_NAMES):
            raise PathError(
                ("rank_order",),
                "rank_order must list each of the 13 ranks once",
                'lowest first, e.g. ["3", "4", ..., "K", "A", "2"]',
            )
        if sorted(self.suit_order) != sorted(SUIT_NAMES):
            raise PathError(
                ("suit_order",),
                "suit_order must list each of the four suits once",
                "lowest first, e.g. [clubs, diamonds, hearts, spades]",
            )
        if sorted(self.five_card_order) != sorted(get_args(FiveCardKind)):
            raise PathError(
                ("five_card_order",),
                "five_card_order must list straight, flush, full-house, quads and "
                "straight-flush once each",
                "lowest first, e.g. [straight, flush, full-house, quads, straight-flush]",
            )
        seen: dict[frozenset[str], str] = {}
        for i, text in enumerate(self.straights):
            at = ("straights", i)
            ranks = straight_ranks(text)
            if len(set(ranks)) != 5 or len(ranks) != 5:
                raise PathError(
                    at, f"straight '{text}' needs five different ranks", "e.g. 10-J-Q-K-A"
                )
            start = RANK_NAMES.index(ranks[0])
            if any(RANK_NAMES[(start + i) % 13] != r for i, r in enumerate(ranks)):
                raise PathError(
                    at,
                    f"straight '{text}' is not a run of ranks",
                    "write the ranks in order, e.g. A-2-3-4-5",
                )
            key = frozenset(ranks)
            if key in seen:
                raise PathError(
                    at,
                    f"straights '{seen[key]}' and '{text}' are the same run",
                    "list each straight once",
                )
            seen[key] = text
        return self

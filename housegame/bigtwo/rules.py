"""A Big Two ruleset turned into lookup tables once, so hot code never re-reads the model."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from housegame.bigtwo.errors import BigTwoError
from housegame.cards import DECK, SUIT_NAMES, Card, rank_value
from housegame.rulesets.bigtwo import (
    BigTwoCard,
    BigTwoDeal,
    BigTwoRuleset,
    FiveCardKind,
    straight_ranks,
)
from housegame.rulesets.loader import load_ruleset

DEFAULT_RULESET = "maceplay-big-two"
PLAYERS = 4
"""The seats of a ruleset that states no deal; a game's own count is ``len(game.names)``."""


@dataclass(frozen=True)
class Straight:
    """One listed straight: its place in the ruleset's order and the card whose suit breaks ties."""

    name: str
    position: int
    suit_rank: int


@dataclass(frozen=True)
class Rules:
    """The ruleset plus its orders as integers (higher = stronger)."""

    ruleset: BigTwoRuleset
    rank_power: Mapping[int, int]
    suit_power: tuple[int, ...]
    straights: Mapping[frozenset[int], Straight]
    five_card_power: Mapping[FiveCardKind, int]
    lead_card: Card
    card_power: tuple[int, ...]

    @classmethod
    def of(cls, ruleset: BigTwoRuleset) -> Rules:
        rank_power = {rank_value(r): i for i, r in enumerate(ruleset.rank_order)}
        order: list[str] = list(ruleset.suit_order)
        suit_power = tuple(order.index(name) for name in SUIT_NAMES)
        straights: dict[frozenset[int], Straight] = {}
        for position, text in enumerate(ruleset.straights):
            values = [rank_value(r) for r in straight_ranks(text)]
            top = (
                values[-1]
                if ruleset.straight_suit_card == "last-in-run"
                else max(values, key=rank_power.__getitem__)
            )
            straights[frozenset(values)] = Straight(text, position, top)
        return cls(
            ruleset=ruleset,
            rank_power=rank_power,
            suit_power=suit_power,
            straights=straights,
            five_card_power={kind: i for i, kind in enumerate(ruleset.five_card_order)},
            lead_card=card_of(ruleset.lead_card),
            card_power=tuple(rank_power[c.rank] * 4 + suit_power[c.suit] for c in DECK),
        )

    @property
    def id(self) -> str:
        return self.ruleset.id

    def deal_for(self, players: int | None = None) -> BigTwoDeal:
        """The ruleset's deal for ``players`` (None: its most); BigTwoError if it has none."""
        ruleset = self.ruleset
        count = ruleset.default_players if players is None else players
        deal = ruleset.deal_for(count)
        if deal is None:
            counts = " or ".join(map(str, ruleset.seat_counts))
            raise BigTwoError(
                f"{self.id} deals for {counts} players, not {count}",
                hint="a ruleset's `deal` lists the numbers of players it seats",
            )
        return deal

    def opening_card(self, dealt: Iterable[Card]) -> Card:
        """The card whose holder opens: the lead card, or the lowest card dealt when the lead
        card is out of play."""
        cards = list(dealt)
        if not cards or self.lead_card in cards:
            return self.lead_card
        return min(cards, key=self.power)

    def power(self, card: Card) -> int:
        """A card's strength as a single: rank first, then suit."""
        return self.card_power[card.index]

    def sort(
        self, cards: list[Card] | tuple[Card, ...] | frozenset[Card] | set[Card]
    ) -> list[Card]:
        """Cards weakest first, the way a Big Two player sorts a hand."""
        return sorted(cards, key=self.power)


def card_of(name: BigTwoCard) -> Card:
    return Card((rank_value(name.rank) - 2) * 4 + SUIT_NAMES.index(name.suit))


def load_rules(ref: str | Path | None = None) -> Rules:
    """A Big Two ruleset by bundled id or path (default MacePlay's), ready to interpret."""
    return Rules.of(load_ruleset(ref if ref is not None else DEFAULT_RULESET, BigTwoRuleset))

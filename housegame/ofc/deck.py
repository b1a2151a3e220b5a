"""The deck a hand is dealt from: a seeded shuffle, or an order written out in a log."""

from __future__ import annotations

import random

from housegame.cards import DECK, Card, parse_cards
from housegame.errors import CardError
from housegame.ofc.errors import OfcError


def shuffled_deck(seed: int) -> list[Card]:
    """The 52 cards in the order ``random.Random(seed)`` shuffles them: the same on every run."""
    cards = list(DECK)
    random.Random(seed).shuffle(cards)
    return cards


def deck_from_text(text: str | list[str]) -> list[Card]:
    """An explicit deal order (top card first); duplicates are refused by the parser."""
    try:
        return parse_cards(text)
    except CardError as exc:
        raise OfcError(f"deck: {exc.message}", exc.hint) from None

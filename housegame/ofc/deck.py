"""The deck a hand is dealt from: a seeded shuffle, or an order written out in a log."""

from __future__ import annotations

from housegame.cards import STANDARD_DECK, Card, Deck, parse_cards
from housegame.errors import CardError
from housegame.ofc.errors import OfcError


def shuffled_deck(seed: int, deck: Deck = STANDARD_DECK) -> list[Card]:
    """The ruleset's deck in the order ``random.Random(seed)`` shuffles it: the same on every
    run."""
    return deck.shuffled(seed)


def deck_from_text(text: str | list[str], deck: Deck = STANDARD_DECK) -> list[Card]:
    """An explicit deal order (top card first); cards beyond the deck's copies are refused by
    the parser."""
    try:
        return parse_cards(text, deck)
    except CardError as exc:
        raise OfcError(f"deck: {exc.message}", exc.hint) from None

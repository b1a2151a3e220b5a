"""Cards as small integers, the decks they come from, and the parser for the names players
write.

A card is ``rank_index * 4 + suit_index``: rank index 0..12 for 2..A and suit
index 0..3 for clubs, diamonds, hearts, spades. Integers keep hands cheap to
hash, sort and feed to numpy. Jokers are the identities after the 52: ``JK`` (a deck whose
jokers are alike), ``JKS`` and ``JKB`` (the little and the big joker). A deck that holds a
card twice (an extra suit, a second deck) holds the same identity twice: cards are compared
and ranked by identity, and a hand may hold an identity as often as its deck does.
"""

from __future__ import annotations

import random
import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from housegame.errors import CardError

RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "cdhs"
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
SUIT_SYMBOLS = "♣♦♥♠"
_SUIT_ALIASES = {
    "c": 0,
    "♣": 0,
    "♧": 0,
    "d": 1,
    "♦": 1,
    "♢": 1,
    "h": 2,
    "♥": 2,
    "♡": 2,
    "s": 3,
    "♠": 3,
    "♤": 3,
}
_RANK_ALIASES = {c: i for i, c in enumerate(RANK_CHARS)} | {"10": 8}
JOKER_NAMES = ("JK", "JKS", "JKB")
"""Joker identities after the 52 cards, in index order: alike, little, big."""
JOKER_INDEX = 52
"""The first joker identity; ``index >= JOKER_INDEX`` is a joker."""
IDENTITIES = JOKER_INDEX + len(JOKER_NAMES)
_JOKER_ALIASES = {"JK": 52, "JOKER": 52, "JKS": 53, "JKB": 54, "王": 52, "鬼": 52}
_JOKER_ALIASES |= {"小王": 53, "大王": 54, "小鬼": 53, "大鬼": 54}
_TOKEN = re.compile(r"^(10|[2-9tjqka])(.)$", re.IGNORECASE)
_SPLIT = re.compile(r"[\s,]+")

RANK_VALUES = {c: i + 2 for i, c in enumerate(RANK_CHARS)}
"""Rank character to value: 2..14 (A)."""


@dataclass(frozen=True, order=True)
class Card:
    """One card; ``index`` is the integer form used everywhere in hot code."""

    index: int

    @property
    def is_joker(self) -> bool:
        return self.index >= JOKER_INDEX

    @property
    def rank(self) -> int:
        """Rank value 2..14 (A = 14); a joker's is 15 and up (it has no rank of its own)."""
        return self.index // 4 + 2

    @property
    def suit(self) -> int:
        """Suit index 0..3: clubs, diamonds, hearts, spades."""
        return self.index % 4

    @property
    def is_red(self) -> bool:
        return self.suit in (1, 2)

    def __str__(self) -> str:
        if self.is_joker:
            return JOKER_NAMES[self.index - JOKER_INDEX]
        return RANK_CHARS[self.index // 4] + SUIT_CHARS[self.suit].upper()

    def __repr__(self) -> str:
        return f"Card({self})"


DECK: tuple[Card, ...] = tuple(Card(i) for i in range(52))
"""The 52 cards of one standard deck, each once."""
JOKER, LITTLE_JOKER, BIG_JOKER = (Card(JOKER_INDEX + i) for i in range(len(JOKER_NAMES)))


@dataclass(frozen=True)
class Deck:
    """What a ruleset deals from: how many copies of each card identity (``copies[i]`` for
    ``Card(i)``; 0 for a joker the deck does not hold)."""

    copies: tuple[int, ...]

    @classmethod
    def of(cls, counts: Mapping[Card, int]) -> Deck:
        return cls(tuple(counts.get(Card(i), 0) for i in range(IDENTITIES)))

    def count(self, card: Card) -> int:
        return self.copies[card.index]

    @property
    def size(self) -> int:
        return sum(self.copies)

    @property
    def jokers(self) -> int:
        return sum(self.copies[JOKER_INDEX:])

    @property
    def most_copies(self) -> int:
        """The most copies of one of the 52 cards (1 in a deck of unique cards; jokers alike
        are not counted)."""
        return max(self.copies[:JOKER_INDEX])

    @property
    def is_standard(self) -> bool:
        """One of each of the 52 cards and no jokers: every fast path's deck."""
        return self == STANDARD_DECK

    def cards(self) -> tuple[Card, ...]:
        """Every card of the deck in index order, a card held twice listed twice."""
        return tuple(Card(i) for i, n in enumerate(self.copies) for _ in range(n))

    def joker_cards(self) -> tuple[Card, ...]:
        return tuple(c for c in self.cards() if c.is_joker)

    def shuffled(self, seed: int) -> list[Card]:
        """The deck in the order ``random.Random(seed)`` shuffles it: the same on every run
        (the standard deck's order is the 52 cards' order before decks were data)."""
        cards = list(self.cards())
        random.Random(seed).shuffle(cards)
        return cards


STANDARD_DECK = Deck(tuple(1 if i < JOKER_INDEX else 0 for i in range(IDENTITIES)))


def _shown(token: str) -> str:
    """A token as echoed in an error: long ones cut, so a pasted novel does not come back."""
    return token if len(token) <= 24 else token[:20] + "..."


def rank_value(token: str) -> int:
    """Read a rank alone (``7``, ``10``, ``T``, ``j``, ``A``) as a value 2..14."""
    key = unicodedata.normalize("NFKC", token).strip().upper()
    if key == "10":
        return 10
    if len(key) == 1 and key in RANK_CHARS:
        return RANK_VALUES[key]
    raise CardError(f"'{_shown(token)}' is not a rank", hint="ranks are 2-9, 10 or T, J, Q, K, A")


@lru_cache(maxsize=4096)
def parse_card(token: str) -> Card:
    """Read one card name: ``AS``, ``as``, ``10S``, ``TS``, ``A♠``. Compatibility forms read
    as what they stand for (NFKC): the Kelvin sign as K, full-width letters and digits as ASCII.
    Answers are kept (a table's cards are read by several steps; errors are never kept)."""
    text = unicodedata.normalize("NFKC", token).strip()
    joker = _JOKER_ALIASES.get(text.upper())
    if joker is not None:
        return Card(joker)
    match = _TOKEN.match(text)
    if match is None:
        raise CardError(
            f"'{_shown(token)}' is not a card",
            hint="write rank then suit, e.g. AS, 10h, TD, Q♣ (ranks 2-9 T J Q K A, suits S H D C)",
            chinese=(
                f"'{_shown(token)}' 不是一张牌",
                "先写点数再写花色, 例如 AS, 10h, TD, Q♣ (点数 2-9 T J Q K A, 花色 S H D C)",
            ),
        )
    rank_text, suit_text = match.group(1), match.group(2).lower()
    if suit_text not in _SUIT_ALIASES:
        raise CardError(
            f"'{_shown(token)}' has no suit '{match.group(2)}'",
            hint="suits are S H D C or ♠ ♥ ♦ ♣",
            chinese=(
                f"'{_shown(token)}' 没有花色 '{match.group(2)}'",
                "花色是 S H D C 或 ♠ ♥ ♦ ♣",
            ),
        )
    rank = _RANK_ALIASES[rank_text.upper() if rank_text != "10" else "10"]
    return Card(rank * 4 + _SUIT_ALIASES[suit_text])


def parse_cards(text: str | Iterable[str], deck: Deck | None = STANDARD_DECK) -> list[Card]:
    """Read cards separated by spaces or commas; the error names the bad token, or the card
    written more often than ``deck`` holds it (``deck=None``: counted later, by a caller that
    checks a whole table against its deck)."""
    tokens = [t for t in _SPLIT.split(text.strip())] if isinstance(text, str) else list(text)
    cards = [parse_card(t) for t in tokens if t]
    if deck is None:
        return cards
    seen: dict[Card, int] = {}
    for card in cards:
        seen[card] = seen.get(card, 0) + 1
    over = [(c, n) for c, n in seen.items() if n > deck.count(c)]
    if not over:
        return cards
    where = " ".join(tokens)
    absent = [str(c) for c, _ in over if deck.count(c) == 0]
    if absent:
        raise CardError(
            f"{', '.join(absent)} in '{where}': the deck has no such card",
            hint=_absent_hint(deck),
            chinese=(f"'{where}' 里的 {', '.join(absent)} 不在这副牌里", None),
        )
    if deck.most_copies == 1 and all(deck.count(c) == 1 for c, _ in over):
        shown = ", ".join(str(c) for c, _ in over)
        raise CardError(
            f"card {shown} appears twice in '{where}'",
            chinese=(f"{shown} 在 '{where}' 里出现了两次", None),
        )
    shown = ", ".join(f"{c} {n} times" for c, n in over)
    held = ", ".join(f"{c} {deck.count(c)}" for c, _ in over)
    raise CardError(
        f"'{where}' holds {shown}; the deck holds {held}",
        hint="a card is written as often as it is held, at most as often as the deck has it",
        chinese=(f"'{where}' 里有 {shown}; 这副牌只有 {held}", None),
    )


def _absent_hint(deck: Deck) -> str:
    if deck.jokers == 0:
        return "this ruleset's deck has no jokers (deck: jokers)"
    if deck.count(JOKER):
        return "this deck's jokers are alike: write JK"
    return "this deck tells its jokers apart: write JKS (little) or JKB (big)"


def copies_problem(card: Card, holders: Sequence[str], deck: Deck) -> tuple[str, str] | None:
    """What is wrong with ``card`` held once by each of ``holders`` (a name repeats for each
    copy it holds), if the deck has fewer copies: the message and its hint."""
    have = deck.count(card)
    if len(holders) <= have:
        return None
    names = ", ".join(holders)
    if have == 0:
        return f"{card}: the deck has no such card (held by {names})", _absent_hint(deck)
    if have == 1 and deck.most_copies == 1:
        return f"duplicate card: {card} (held by {names})", "one deck has each card once"
    return (
        f"too many copies: {card} held {len(holders)} times (by {names}), the deck has {have}",
        "a table holds a card at most as often as the ruleset's deck has it",
    )


def check_no_duplicates(holdings: Mapping[str, Sequence[Card]], deck: Deck = STANDARD_DECK) -> None:
    """Refuse a table that holds a card more often than ``deck`` has it (a standard deck: a
    card held twice), naming the card, the count and its holders."""
    holders: dict[Card, list[str]] = {}
    for name, cards in holdings.items():
        for card in cards:
            holders.setdefault(card, []).append(name)
    problems = [copies_problem(card, names, deck) for card, names in holders.items()]
    found = sorted(p for p in problems if p is not None)
    if found:
        raise CardError("; ".join(message for message, _ in found), hint=found[0][1])


def format_cards(cards: Iterable[Card]) -> str:
    """Cards as text, highest rank first, the way players read a lane."""
    return " ".join(str(c) for c in sorted(cards, key=lambda c: -c.index))

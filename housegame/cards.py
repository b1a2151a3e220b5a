"""Cards as small integers, and the parser for the names players write.

A card is ``rank_index * 4 + suit_index``: rank index 0..12 for 2..A and suit
index 0..3 for clubs, diamonds, hearts, spades. Integers keep hands cheap to
hash, sort and feed to numpy.
"""

from __future__ import annotations

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
_TOKEN = re.compile(r"^(10|[2-9tjqka])(.)$", re.IGNORECASE)
_SPLIT = re.compile(r"[\s,]+")

RANK_VALUES = {c: i + 2 for i, c in enumerate(RANK_CHARS)}
"""Rank character to value: 2..14 (A)."""


@dataclass(frozen=True, order=True)
class Card:
    """One card; ``index`` is the integer form used everywhere in hot code."""

    index: int

    @property
    def rank(self) -> int:
        """Rank value 2..14 (A = 14)."""
        return self.index // 4 + 2

    @property
    def suit(self) -> int:
        """Suit index 0..3: clubs, diamonds, hearts, spades."""
        return self.index % 4

    @property
    def is_red(self) -> bool:
        return self.suit in (1, 2)

    def __str__(self) -> str:
        return RANK_CHARS[self.index // 4] + SUIT_CHARS[self.suit].upper()

    def __repr__(self) -> str:
        return f"Card({self})"


DECK: tuple[Card, ...] = tuple(Card(i) for i in range(52))


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


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Read cards separated by spaces or commas; the error names the bad token."""
    tokens = [t for t in _SPLIT.split(text.strip())] if isinstance(text, str) else list(text)
    cards = [parse_card(t) for t in tokens if t]
    seen: dict[Card, int] = {}
    for card in cards:
        seen[card] = seen.get(card, 0) + 1
    dupes = [str(c) for c, n in seen.items() if n > 1]
    if dupes:
        shown, where = ", ".join(dupes), " ".join(tokens)
        raise CardError(
            f"card {shown} appears twice in '{where}'",
            chinese=(f"{shown} 在 '{where}' 里出现了两次", None),
        )
    return cards


def check_no_duplicates(holdings: Mapping[str, Sequence[Card]]) -> None:
    """Refuse a table where one card is held twice, naming the card and its holders."""
    holders: dict[Card, list[str]] = {}
    for name, cards in holdings.items():
        for card in cards:
            holders.setdefault(card, []).append(name)
    clashes = [
        f"{card} (held by {', '.join(names)})" for card, names in holders.items() if len(names) > 1
    ]
    if clashes:
        raise CardError(
            "duplicate card: " + "; ".join(sorted(clashes)), hint="one deck has each card once"
        )


def format_cards(cards: Iterable[Card]) -> str:
    """Cards as text, highest rank first, the way players read a lane."""
    return " ".join(str(c) for c in sorted(cards, key=lambda c: (-c.rank, -c.suit)))

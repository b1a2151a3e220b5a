"""Reading a move typed at the terminal: lane words followed by cards.

``back AS KS front 7C discard 2H`` (or ``b AS KS f 7C x 2H``): each word picks
where the cards after it go; a lane may be named once.
"""

from __future__ import annotations

from housegame.cards import Card, parse_cards
from housegame.errors import CardError
from housegame.ofc.errors import OfcError
from housegame.ofc.hand import Move
from housegame.rulesets.common import LANES, LaneName

WORDS: dict[str, LaneName | None] = {
    "front": "front",
    "f": "front",
    "middle": "middle",
    "m": "middle",
    "back": "back",
    "b": "back",
    "discard": None,
    "d": None,
    "x": None,
}
EXAMPLE = "back AS KS front 7C discard 2H   (short: b AS KS f 7C x 2H)"


def parse_move(text: str) -> Move:
    """A Move from typed text; an unknown word or card names itself in the error."""
    groups: dict[str, list[str]] = {}
    current: str | None = None
    for token in text.replace(",", " ").split():
        word = token.lower().rstrip(":")
        if word in WORDS:
            current = WORDS[word] or "discard"
            if current in groups:
                raise OfcError(f"'{current}' appears twice in the move", hint=EXAMPLE)
            groups[current] = []
        elif current is None:
            raise OfcError(f"'{token}' comes before any lane word", hint=EXAMPLE)
        else:
            groups[current].append(token)
    if not groups:
        raise OfcError("no move given", hint=EXAMPLE)
    try:
        cards = {where: parse_cards(tokens) for where, tokens in groups.items()}
    except CardError as exc:
        raise OfcError(exc.message, exc.hint) from None
    placed: dict[LaneName, list[Card]] = {}
    for lane in LANES:
        if cards.get(lane):
            placed[lane] = cards[lane]
    return Move(placed, cards.get("discard", []))

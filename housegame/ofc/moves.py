"""Reading a move typed at the terminal: lane words followed by cards.

``back AS KS front 7C discard 2H`` (or ``b AS KS f 7C x 2H``, or in Chinese as a hint shows
it: ``尾道 AS KS 头道 7C 弃牌 2H``): each word picks where the cards after it go; a lane may be
named once.
"""

from __future__ import annotations

from housegame.cards import Card, parse_cards
from housegame.errors import CardError
from housegame.glossary import Lang, Phrase, refusal, term
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
    **{term(lane, "zh"): lane for lane in LANES},
    term("discard", "zh"): None,
}
EXAMPLE = "back AS KS front 7C discard 2H   (short: b AS KS f 7C x 2H)"
EXAMPLE_HINT: Phrase = (EXAMPLE, "例如 " + EXAMPLE.replace("short:", "简写:"))


def move_text(move: Move, lang: Lang = "en", sep: str = " ", skip: str = "") -> str:
    """A move lane by lane: in the typed words (``back AS KS discard 2H``), or in Chinese."""
    return sep.join(f"{term(k, lang)} {v}" for k, v in move.as_dict().items() if k != skip)


def parse_move(text: str) -> Move:
    """A Move from typed text; an unknown word or card names itself in the error."""
    groups: dict[str, list[str]] = {}
    current: str | None = None
    for token in text.replace(",", " ").split():
        word = token.lower().rstrip(":\uff1a")  # or a full-width colon
        if word in WORDS:
            current = WORDS[word] or "discard"
            if current in groups:
                phrase = ("'{word}' appears twice in the move", "'{word}' 在这一步里出现了两次")
                raise refusal(OfcError, phrase, EXAMPLE_HINT, word=current)
            groups[current] = []
        elif current is None:
            phrase = ("'{word}' comes before any lane word", "'{word}' 前面没有道的名称")
            raise refusal(OfcError, phrase, EXAMPLE_HINT, word=token)
        else:
            groups[current].append(token)
    if not groups:
        raise refusal(OfcError, ("no move given", "没有输入一步"), EXAMPLE_HINT)
    try:
        cards = {where: parse_cards(tokens) for where, tokens in groups.items()}
    except CardError as exc:
        raise OfcError(exc.message, exc.hint, exc.chinese) from None
    placed: dict[LaneName, list[Card]] = {}
    for lane in LANES:
        if cards.get(lane):
            placed[lane] = cards[lane]
    return Move(placed, cards.get("discard", []))

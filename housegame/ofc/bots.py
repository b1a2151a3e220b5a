"""The OFC computer players by name, each ``(hand, name, seed) -> Move``.

``search`` (``housegame.ofc.search``) plays for points with Fantasyland's value, about a
second a decision at most; ``basic`` (``housegame.ofc.bot``) is the fast, careful baseline.
"""

from __future__ import annotations

from collections.abc import Callable

from housegame.ofc.bot import best_move, choose_move
from housegame.ofc.bot_names import BotName
from housegame.ofc.hand import Hand, Move
from housegame.ofc.search import choices, search_move

Bot = Callable[[Hand, str, int], Move]
Hint = Callable[[Hand, str, int], tuple[Move, float]]
BOTS: dict[BotName, Bot] = {"search": search_move, "basic": choose_move}


def bot(name: BotName) -> Bot:
    """The computer player called ``name``."""
    return BOTS[name]


def _search_hint(hand: Hand, name: str, seed: int) -> tuple[Move, float]:
    best = choices(hand, name, seed)[0]
    return best.move, best.value


HINTS: dict[BotName, Hint] = {"search": _search_hint, "basic": best_move}


def hint(name: BotName) -> Hint:
    """The move the computer player ``name`` would make, and its value by that bot's measure
    (the search bot: points per opponent; the basic bot: its heuristic score)."""
    return HINTS[name]

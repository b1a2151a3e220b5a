"""The computer players by name: ``search`` (the search bot) and ``basic`` (the baseline).

A bot is a plain function ``bot(game) -> Move`` that makes the move of the player to move;
``bot_named`` binds the search bot's seed and settings so every caller (the terminal game,
the web table, benchmarks) holds the same kind of function.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal, get_args

from housegame.bigtwo.bots import computer_move
from housegame.bigtwo.engine import Game, Move
from housegame.bigtwo.errors import BigTwoError
from housegame.bigtwo.search import DEFAULT_SEARCH, SearchSettings, search_move

Bot = Callable[[Game], Move]
BotName = Literal["search", "basic"]
BOT_NAMES: tuple[BotName, ...] = get_args(BotName)
DEFAULT_BOT: BotName = "search"


def bot_named(name: str, seed: int = 0, settings: SearchSettings = DEFAULT_SEARCH) -> Bot:
    """The computer player called ``name``; the search bot searches with ``seed``."""
    if name == "basic":
        return computer_move
    if name == "search":
        return lambda game: search_move(game, seed, settings)
    raise BigTwoError(f"no Big Two bot '{name}'", hint="bots: " + ", ".join(BOT_NAMES))

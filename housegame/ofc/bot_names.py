"""The OFC computer players' names, apart from the players themselves (which load numpy), so
the command line can offer them without loading anything heavy."""

from __future__ import annotations

from typing import Literal

from housegame.ofc.errors import OfcError

BotName = Literal["search", "basic"]
BOT_NAMES: tuple[BotName, ...] = ("search", "basic")
DEFAULT_BOT: BotName = "basic"
"""The computer players' default: the search bot does not yet meet the Fantasyland target
(docs/ofc.md), so the fast baseline stays the default."""


def bot_name(text: str) -> BotName:
    """``text`` as a bot's name, or OfcError naming the choices."""
    for name in BOT_NAMES:
        if text == name:
            return name
    raise OfcError(f"no OFC bot '{text}'", hint="one of " + ", ".join(BOT_NAMES))

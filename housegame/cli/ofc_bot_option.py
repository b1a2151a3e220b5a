"""The ``--bot`` option of the OFC commands that seat computer players."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated

import typer

from housegame.ofc.bot_names import DEFAULT_BOT


class OfcBot(StrEnum):
    """The OFC computer players (``housegame.ofc.bots``)."""

    search = "search"
    basic = "basic"


DEFAULT_OFC_BOT = OfcBot(DEFAULT_BOT)
OfcBotOption = Annotated[
    OfcBot,
    typer.Option(
        "--bot",
        help="The OFC computer players: basic (fast, careful) or search (Monte Carlo "
        "playouts valuing Fantasyland, up to about a second a move).",
    ),
]
"""The ``--bot`` of the OFC commands that seat computer players."""

"""Play: Pineapple OFC and Big Two against the bots, one game per random id in server memory.

The games are the library's sessions (``housegame.ofc.session``, ``housegame.bigtwo.session``),
the same the terminal games use: the bots' moves, your move checked by the engine (a refused
move answers 422 with the engine's message, in Chinese with ``?lang=zh``), hints, and the log
that ``housegame ofc replay`` / ``housegame bigtwo replay`` read. The state never shows what a
player could not see at the table: the bots' cards in hand, their discards, the deck.
"""

from __future__ import annotations

from fastapi import APIRouter

from housegame.web import play_bigtwo, play_ofc, play_thirteen

router = APIRouter()
router.include_router(play_ofc.router)
router.include_router(play_bigtwo.router)
router.include_router(play_thirteen.router)

"""Table rooms: friends at one table share a 13-card ruleset and a running score from their
phones (``housegame serve``'s ``/room`` pages). Each round every player enters the hand they
set with physical cards, the host ends the round, the room scores every pair with the
library's scorer and keeps a ledger across rounds; rooms live in a SQLite file, so they
survive a restart. ``docs/room.md`` shows it in use.
"""

from __future__ import annotations

from housegame.rooms.ledger import Ledger, ledger_csv, ledger_json
from housegame.rooms.room import (
    Entry,
    Player,
    Room,
    RoomError,
    RoomForbidden,
    RoomFull,
    RoomLimits,
    RoomNotFound,
    RoundRecord,
)
from housegame.rooms.store import Created, RoomStore, default_rooms_path

__all__ = [
    "Created",
    "Entry",
    "Ledger",
    "Player",
    "Room",
    "RoomError",
    "RoomForbidden",
    "RoomFull",
    "RoomLimits",
    "RoomNotFound",
    "RoomStore",
    "RoundRecord",
    "default_rooms_path",
    "ledger_csv",
    "ledger_json",
]

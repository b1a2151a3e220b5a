"""Rooms kept in one SQLite file (the standard library's ``sqlite3``), so a room survives a
server restart: every change is one transaction, read, changed and written back whole or not
at all. The file holds no room code and no token, only their SHA-256.
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
import time
import weakref
from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from housegame.errors import HousegameError
from housegame.rooms.room import (
    Entry,
    Player,
    Room,
    RoomError,
    RoomFull,
    RoomLimits,
    RoomNotFound,
    RoundRecord,
    new_code,
    new_token,
    token_hash,
)
from housegame.rulesets.loader import load_bundled, load_ruleset_text, of_kind
from housegame.rulesets.thirteen import ThirteenCardRuleset

MEMORY = ":memory:"
"""A store that lives as long as its object (tests, and ``create_app()`` without a file)."""
UPLOAD = "upload"
"""``Room.ruleset_ref`` of a room whose ruleset was given as text."""
SCHEMA_VERSION = 2
"""1: the first rooms files; 2 adds ``rooms.version`` (a file of version 1 gains it on open)."""
RULESETS_KEPT = 32
"""Loaded rulesets a store keeps (least recently used out): a room's ruleset loads again from
its stored text when needed."""

SCHEMA = """
CREATE TABLE IF NOT EXISTS rooms (
  key TEXT PRIMARY KEY,
  host_hash TEXT NOT NULL,
  ruleset TEXT NOT NULL,
  ruleset_text TEXT,
  created REAL NOT NULL,
  touched REAL NOT NULL,
  deal TEXT,
  version INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS players (
  room TEXT NOT NULL REFERENCES rooms(key) ON DELETE CASCADE,
  seat INTEGER NOT NULL,
  name TEXT NOT NULL,
  token_hash TEXT NOT NULL,
  PRIMARY KEY (room, seat)
);
CREATE TABLE IF NOT EXISTS entries (
  room TEXT NOT NULL REFERENCES rooms(key) ON DELETE CASCADE,
  name TEXT NOT NULL,
  hand TEXT NOT NULL,
  PRIMARY KEY (room, name)
);
CREATE TABLE IF NOT EXISTS rounds (
  room TEXT NOT NULL REFERENCES rooms(key) ON DELETE CASCADE,
  number INTEGER NOT NULL,
  hands TEXT NOT NULL,
  banker TEXT,
  totals TEXT NOT NULL,
  result TEXT NOT NULL,
  ended REAL NOT NULL,
  deal TEXT,
  PRIMARY KEY (room, number)
);
CREATE INDEX IF NOT EXISTS rooms_touched ON rooms (touched);
"""
ROOM_TABLES = frozenset({"rooms", "players", "entries", "rounds"})


def default_rooms_path() -> Path:
    """Where ``housegame serve`` keeps its rooms unless told (``--rooms PATH``): one file per
    user, ``$XDG_DATA_HOME/housegame/rooms.sqlite3`` (by default under ``~/.local/share``)."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(os.path.abspath(base)) / "housegame" / "rooms.sqlite3"


@dataclass(frozen=True)
class Created:
    """A new room with its host's token and, when the host plays too, their player token:
    the only copies (the store keeps hashes)."""

    room: Room
    host_token: str
    player_token: str | None


class RoomStore:
    """Rooms by code in a SQLite file (or in memory, ``path=":memory:"``). Safe to share
    between a server's threads: one change at a time."""

    def __init__(
        self,
        path: Path | str = MEMORY,
        limits: RoomLimits | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.path = str(path)
        self.limits = limits or RoomLimits()
        self.clock = clock
        self._lock = threading.RLock()
        self._room_locks: weakref.WeakValueDictionary[str, threading.Lock] = (
            weakref.WeakValueDictionary()
        )
        self._rulesets: OrderedDict[tuple[str, str | None], ThirteenCardRuleset] = OrderedDict()
        self._db = self._open()

    def _open(self) -> sqlite3.Connection:
        if self.path != MEMORY:
            try:
                Path(self.path).parent.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise RoomError(
                    f"{self.path}: cannot make its folder: {exc.strerror or exc}",
                    hint="choose another file with --rooms PATH",
                ) from None
        try:
            db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
            db.execute("PRAGMA foreign_keys = ON")
            version = db.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                raise RoomError(
                    f"{self.path}: a rooms file of a newer housegame (version {version})",
                    hint="upgrade housegame, or choose another file with --rooms PATH",
                )
            others = sorted(set(_tables(db)) - ROOM_TABLES)
            if others:  # someone else's database: leave it as it is
                raise RoomError(
                    f"{self.path}: not a housegame rooms file: it holds other tables "
                    f"({', '.join(others[:5])}{', ...' if len(others) > 5 else ''}); "
                    "nothing was written to it",
                    hint="choose another file with --rooms PATH",
                )
            if version == 1:
                db.execute("ALTER TABLE rooms ADD COLUMN version INTEGER NOT NULL DEFAULT 0")
            db.executescript(SCHEMA)
            db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        except sqlite3.Error as exc:
            raise _unusable(self.path, exc) from None
        return db

    def close(self) -> None:
        with self._lock:
            self._db.close()

    # ---- transactions ---------------------------------------------------------------------

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    @contextmanager
    def _holding(self, code: str) -> Iterator[None]:
        """One change at a time to the room of ``code``; other rooms go on meanwhile."""
        key = token_hash(code)
        with self._lock:
            lock = self._room_locks.get(key)
            if lock is None:
                lock = self._room_locks[key] = threading.Lock()
        with lock:
            yield

    @contextmanager
    def change(self, code: str) -> Iterator[Room]:
        """The room of ``code`` to change; written back when the block ends without an
        error, left as it was otherwise. The block runs holding this room only (scoring a
        round takes what it takes; other rooms answer meanwhile), the reading and the
        writing back each one short transaction."""
        with self._holding(code):
            room = self.read(code)
            before = len(room.rounds)
            yield room
            room.touched = self.clock()
            with self._transaction() as db:
                self._save(db, room, before)

    def read(self, code: str) -> Room:
        """The room of ``code`` as it is now (``RoomNotFound`` for a code nobody was given)."""
        with self._lock:
            return self._load(self._db, code)

    def version(self, code: str) -> int:
        """How many changes the room of ``code`` has had (``RoomNotFound`` for a code nobody
        was given): one row read, whatever the room holds."""
        with self._lock:
            row = self._db.execute(
                "SELECT version FROM rooms WHERE key = ?", (token_hash(code),)
            ).fetchone()
        if row is None:
            raise _not_found()
        return int(row[0])

    def count(self) -> int:
        with self._lock:
            return int(self._db.execute("SELECT COUNT(*) FROM rooms").fetchone()[0])

    # ---- rooms ----------------------------------------------------------------------------

    def ruleset(self, ref: str, text: str | None = None) -> ThirteenCardRuleset:
        """A bundled 13-card ruleset by id, or one given as YAML text (its ``extends`` a
        bundled id at most), loaded once per store."""
        key = (ref, text)
        with self._lock:
            kept = self._rulesets.get(key)
            if kept is not None:
                self._rulesets.move_to_end(key)
                return kept
        loaded = load_bundled(ref) if text is None else load_ruleset_text(text, "ruleset.yaml")
        rules = of_kind(loaded, ThirteenCardRuleset)
        with self._lock:
            self._rulesets[key] = rules
            while len(self._rulesets) > RULESETS_KEPT:
                self._rulesets.popitem(last=False)
        return rules

    def create(
        self, ruleset: str | None = None, text: str | None = None, host_name: str | None = None
    ) -> Created:
        """A new room under a bundled ruleset (``ruleset``) or one given as YAML (``text``);
        the host joins as a player too when ``host_name`` is given."""
        if (ruleset is None) == (text is None):
            raise RoomError("give a bundled ruleset's id or a ruleset's YAML (one of them)")
        now = self.clock()
        with self._transaction() as db:  # a refused room loads and keeps nothing
            self._make_room(db, now)
        rules = self.ruleset(UPLOAD, text) if text is not None else self.ruleset(str(ruleset))
        host_token = new_token()
        room = Room(
            code=new_code(),
            host_hash=token_hash(host_token),
            ruleset=rules,
            ruleset_ref=UPLOAD if text is not None else str(ruleset),
            ruleset_text=text,
            limits=self.limits,
            created=now,
            touched=now,
        )
        player_token = room.join(host_name) if host_name is not None else None
        with self._transaction() as db:
            self._make_room(db, now)
            db.execute(
                "INSERT INTO rooms VALUES (?, ?, ?, ?, ?, ?, NULL, 0)",
                (token_hash(room.code), room.host_hash, room.ruleset_ref, text, now, now),
            )
            self._save(db, room, 0)
        return Created(room, host_token, player_token)

    def _make_room(self, db: sqlite3.Connection, now: float) -> None:
        """Clear the rooms gone idle; refuse a new one at the limit."""
        idle = now - self.limits.idle_days * 86400
        db.execute("DELETE FROM rooms WHERE touched < ?", (idle,))
        held = db.execute("SELECT COUNT(*) FROM rooms").fetchone()[0]
        if held >= self.limits.rooms:
            raise RoomFull(
                f"this server keeps {self.limits.rooms} rooms, the most it may",
                hint="a host can close a room that is done with; rooms unused for "
                f"{self.limits.idle_days:g} days go by themselves",
            )

    def delete(self, code: str, host_token: str | None) -> None:
        """Close a room for good (its host only)."""
        with self._holding(code), self._transaction() as db:
            self._load(db, code).check_host(host_token)
            db.execute("DELETE FROM rooms WHERE key = ?", (token_hash(code),))

    def _load(self, db: sqlite3.Connection, code: str) -> Room:
        key = token_hash(code)
        row = db.execute(
            "SELECT host_hash, ruleset, ruleset_text, created, touched, deal, version FROM rooms "
            "WHERE key = ?",
            (key,),
        ).fetchone()
        if row is None:
            raise _not_found()
        host_hash, ref, text, created, touched, deal, version = row
        try:
            rules = self.ruleset(ref, text)
        except HousegameError as exc:
            raise RoomError(f"the room's ruleset no longer loads: {exc.message}") from None
        players = [
            Player(seat, name, hashed)
            for seat, name, hashed in db.execute(
                "SELECT seat, name, token_hash FROM players WHERE room = ? ORDER BY seat", (key,)
            )
        ]
        entries = {
            name: Entry.of(json.loads(hand))
            for name, hand in db.execute("SELECT name, hand FROM entries WHERE room = ?", (key,))
        }
        rounds = [
            RoundRecord(
                number=number,
                table_text=hands,
                banker=banker,
                totals={name: _units(text) for name, text in json.loads(totals).items()},
                result_text=result,
                ended=ended,
                deal=_json_or_none(dealt),
            )
            for number, hands, banker, totals, result, ended, dealt in db.execute(
                "SELECT number, hands, banker, totals, result, ended, deal FROM rounds "
                "WHERE room = ? ORDER BY number",
                (key,),
            )
        ]
        return Room(
            code, host_hash, rules, ref, text, self.limits, players, entries, rounds,
            created, touched, _json_or_none(deal), version,
        )  # fmt: skip

    def _save(self, db: sqlite3.Connection, room: Room, rounds_before: int) -> None:
        """Write ``room`` back: its players and entries anew, the rounds past those kept
        (``rounds_before`` were stored; an undo keeps fewer)."""
        key = token_hash(room.code)
        deal = json.dumps(room.deal) if room.deal is not None else None
        room.version += 1
        updated = db.execute(
            "UPDATE rooms SET touched = ?, deal = ?, version = ? WHERE key = ?",
            (room.touched, deal, room.version, key),
        )
        if not updated.rowcount:  # gone idle and cleared while it was being changed
            raise _not_found()
        db.execute("DELETE FROM players WHERE room = ?", (key,))
        db.executemany(
            "INSERT INTO players VALUES (?, ?, ?, ?)",
            [(key, p.seat, p.name, p.token_hash) for p in room.players],
        )
        db.execute("DELETE FROM entries WHERE room = ?", (key,))
        db.executemany(
            "INSERT INTO entries VALUES (?, ?, ?)",
            [(key, name, json.dumps(e.as_dict())) for name, e in room.entries.items()],
        )
        kept = min(rounds_before, len(room.rounds))
        last = room.rounds[kept - 1].number if kept else 0
        db.execute("DELETE FROM rounds WHERE room = ? AND number > ?", (key, last))
        db.executemany(
            "INSERT INTO rounds VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            [
                (
                    key,
                    r.number,
                    r.table_text,
                    r.banker,
                    json.dumps({name: str(units) for name, units in r.totals.items()}),
                    r.result_text,
                    r.ended,
                    json.dumps(r.deal) if r.deal is not None else None,
                )
                for r in room.rounds[kept:]
            ],
        )


def _tables(db: sqlite3.Connection) -> list[str]:
    return [name for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]


def _unusable(path: str, exc: sqlite3.Error) -> RoomError:
    """What is true of a file SQLite cannot use for rooms: read-only, not openable, or not
    a database."""
    text = str(exc)
    if "readonly" in text:
        return RoomError(
            f"{path}: the file is read-only, and rooms are written as they change",
            hint="make it writable, or choose another file with --rooms PATH",
        )
    if "unable to open" in text:
        return RoomError(
            f"{path}: cannot open it ({text})", hint="choose another file with --rooms PATH"
        )
    return RoomError(
        f"{path}: not a housegame rooms file ({text})",
        hint="choose another file with --rooms PATH",
    )


def _not_found() -> RoomNotFound:
    return RoomNotFound(
        "no room with this code (it may have been closed)",
        hint="ask the host for the room's link",
        chinese=("没有这个房间 (可能已关闭)", "向房主要房间的链接"),
    )


def _units(text: str) -> Fraction:
    """A stored result in units: whole (most), or an exact fraction (``4/3``)."""
    return Fraction(int(text)) if "/" not in text else Fraction(text)


def _json_or_none(text: str | None) -> Any:
    return json.loads(text) if text is not None else None


__all__ = ["MEMORY", "UPLOAD", "Created", "RoomStore", "default_rooms_path"]

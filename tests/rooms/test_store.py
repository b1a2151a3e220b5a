"""Rooms in SQLite: a room survives closing and reopening its file (a server restart), a
change that fails leaves nothing behind, and the file keeps no code and no token."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

import pytest

from housegame.rooms import (
    RoomError,
    RoomFull,
    RoomLimits,
    RoomNotFound,
    RoomStore,
    default_rooms_path,
)
from housegame.rooms.store import RULESETS_KEPT
from tests.rooms.hands import ANN, BO, CY

RULESET_TEXT = """\
id: house-pagat
extends: pagat
name: Our house rules
"""


def test_a_room_survives_closing_and_reopening_the_store(tmp_path: Path) -> None:
    path = tmp_path / "rooms.sqlite3"
    store = RoomStore(path)
    created = store.create("pagat", host_name="Ann")
    code = created.room.code
    with store.change(code) as room:
        bo = room.join("Bo")
        cy = room.join("Cy")
    for token, entry in ((created.player_token, ANN), (bo, BO), (cy, CY)):
        with store.change(code) as room:
            room.enter(room.check_player(token), entry)
    with store.change(code) as room:
        first = room.end_round(store.clock())
    with store.change(code) as room:
        room.enter(room.check_player(bo), CY)  # the next round under way
    before = store.read(code)
    store.close()

    again = RoomStore(path)
    room = again.read(code)
    assert room.ledger() == before.ledger()
    assert room.rounds == before.rounds and room.rounds[0].totals == first.totals
    assert room.entries == {"Bo": CY} and room.round_number == 2
    assert [p.name for p in room.players] == ["Ann", "Bo", "Cy"]
    assert room.is_host(created.host_token) and room.check_player(cy).name == "Cy"
    with again.change(code) as room:
        room.undo_round()
    assert RoomStore(path).read(code).rounds == []


def test_a_change_that_fails_is_not_written(tmp_path: Path) -> None:
    store = RoomStore(tmp_path / "rooms.sqlite3")
    code = store.create("pagat").room.code
    with pytest.raises(RoomError), store.change(code) as room:
        room.join("Ann")
        room.end_round(1.0)  # one hand at most: refused
    assert store.read(code).players == []


def test_the_file_keeps_no_code_and_no_token(tmp_path: Path) -> None:
    path = tmp_path / "rooms.sqlite3"
    store = RoomStore(path)
    created = store.create("pagat", host_name="Ann")
    store.close()
    data = path.read_bytes()
    for secret in (created.room.code, created.host_token, str(created.player_token)):
        assert secret.encode() not in data


def test_a_wrong_code_and_a_closed_room_are_not_found() -> None:
    store = RoomStore()
    created = store.create("pagat")
    with pytest.raises(RoomNotFound):
        store.read(created.room.code[:-1])
    with pytest.raises(RoomError, match="host"):
        store.delete(created.room.code, "not-the-token")
    store.delete(created.room.code, created.host_token)
    with pytest.raises(RoomNotFound):
        store.read(created.room.code)


def test_rooms_are_bounded_and_idle_ones_go_first() -> None:
    now = [0.0]
    store = RoomStore(limits=RoomLimits(rooms=2, idle_days=1), clock=lambda: now[0])
    old = store.create("pagat").room.code
    store.create("pagat")
    with pytest.raises(RoomFull, match="keeps 2 rooms"):
        store.create("pagat")
    now[0] = 0.5 * 86400
    with store.change(old) as room:  # used again: no longer idle
        assert room.code == old
    now[0] = 1.2 * 86400
    store.create("pagat")  # the other room, idle for over a day, was dropped
    assert store.count() == 2
    store.read(old)


def test_a_ruleset_given_as_yaml_is_kept_with_the_room(tmp_path: Path) -> None:
    path = tmp_path / "rooms.sqlite3"
    code = RoomStore(path).create(text=RULESET_TEXT).room.code
    room = RoomStore(path).read(code)
    assert (room.ruleset.id, room.ruleset.name, room.ruleset_ref) == (
        "house-pagat",
        "Our house rules",
        "upload",
    )


@pytest.mark.parametrize(
    ("ruleset", "text", "message"),
    [
        ("taiwn", None, "unknown ruleset 'taiwn'"),
        ("progressive-pineapple", None, "not a 13-card"),
        (None, "id: x\nextends: ../../etc/passwd\n", "extends"),
        (None, None, "one of them"),
    ],
)
def test_a_ruleset_that_is_not_a_13_card_one_is_refused(
    ruleset: str | None, text: str | None, message: str
) -> None:
    store = RoomStore()
    with pytest.raises(Exception, match=message) as raised:
        store.create(ruleset, text)
    assert "housegame" in type(raised.value).__module__
    assert store.count() == 0


def test_a_file_that_is_not_a_rooms_file_is_one_line(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("not a database, just notes\n" * 100)
    with pytest.raises(RoomError, match="not a housegame rooms file"):
        RoomStore(path)
    assert path.read_text().startswith("not a database")
    newer = tmp_path / "newer.sqlite3"
    with sqlite3.connect(newer) as db:
        db.execute("PRAGMA user_version = 99")
    with pytest.raises(RoomError, match="newer housegame"):
        RoomStore(newer)


def test_the_default_file_is_in_the_users_data_folder(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert default_rooms_path() == tmp_path / "housegame" / "rooms.sqlite3"
    monkeypatch.delenv("XDG_DATA_HOME")
    assert default_rooms_path() == Path.home() / ".local" / "share" / "housegame" / "rooms.sqlite3"


def test_a_deal_survives_a_restart(tmp_path: Path) -> None:
    path = tmp_path / "rooms.sqlite3"
    store = RoomStore(path)
    code = store.create("pagat", host_name="Ann").room.code
    with store.change(code) as room:
        room.join("Bo")
        room.deal_round(3)
    dealt = store.read(code).deal
    store.close()
    assert dealt is not None and RoomStore(path).read(code).deal == dealt


def test_someone_elses_database_is_refused_before_anything_is_written(tmp_path: Path) -> None:
    path = tmp_path / "notes.db"
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE notes (body TEXT)")
        db.execute("INSERT INTO notes VALUES ('keep me')")
    before = path.read_bytes()
    with pytest.raises(
        RoomError,
        match=r"not a housegame rooms file: it holds other tables \(notes\); nothing was written",
    ):
        RoomStore(path)
    assert path.read_bytes() == before


def test_a_read_only_rooms_file_is_called_read_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Opened read-only as SQLite opens a file without write permission (chmod alone does
    not stop root, who runs some CI machines)."""
    path = tmp_path / "rooms.sqlite3"
    RoomStore(path).close()
    connect = sqlite3.connect

    def read_only(
        database: str, check_same_thread: bool, isolation_level: None
    ) -> sqlite3.Connection:
        return connect(
            f"file:{database}?mode=ro",
            uri=True,
            check_same_thread=check_same_thread,
            isolation_level=isolation_level,
        )

    monkeypatch.setattr(sqlite3, "connect", read_only)
    with pytest.raises(RoomError, match="the file is read-only") as raised:
        RoomStore(path)
    assert raised.value.hint is not None and "writable" in raised.value.hint


def test_a_folder_is_not_called_a_rooms_file(tmp_path: Path) -> None:
    with pytest.raises(RoomError, match="cannot open it"):
        RoomStore(tmp_path)


def test_a_room_being_changed_holds_no_other_room() -> None:
    """One room's change held open (as a costly round would hold it): another room is read
    and changed meanwhile, and the first still writes back."""
    store = RoomStore()
    busy, other = store.create("pagat").room.code, store.create("pagat").room.code
    inside, release = threading.Event(), threading.Event()

    def hold() -> None:
        with store.change(busy) as room:
            room.join("Ann")
            inside.set()
            release.wait(10)

    holder = threading.Thread(target=hold)
    holder.start()
    assert inside.wait(10)
    done = threading.Event()

    def elsewhere() -> None:
        with store.change(other) as room:
            room.join("Bo")
        store.read(other)
        done.set()

    threading.Thread(target=elsewhere).start()
    assert done.wait(10), "another room waited for the busy one"
    release.set()
    holder.join(10)
    assert [p.name for p in store.read(busy).players] == ["Ann"]
    assert [p.name for p in store.read(other).players] == ["Bo"]


def test_two_changes_to_one_room_take_turns() -> None:
    store = RoomStore()
    code = store.create("pagat").room.code

    def join(name: str) -> None:
        with store.change(code) as room:
            room.join(name)

    threads = [threading.Thread(target=join, args=(f"P{i}",)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(10)
    assert sorted(p.name for p in store.read(code).players) == ["P0", "P1", "P2", "P3"]


def test_a_refused_room_keeps_nothing_and_rulesets_kept_are_bounded() -> None:
    store = RoomStore(limits=RoomLimits(rooms=RULESETS_KEPT + 3))
    codes = [
        store.create(text=RULESET_TEXT + f"summary: house {i}\n").room.code
        for i in range(RULESETS_KEPT + 3)
    ]
    kept = dict(store._rulesets)
    assert len(kept) == RULESETS_KEPT
    with pytest.raises(RoomFull):
        store.create(text=RULESET_TEXT + "summary: one too many\n")
    assert store._rulesets == kept
    assert store.read(codes[0]).ruleset.summary == "house 0"  # loaded again from its text


def test_every_change_counts_one_version(tmp_path: Path) -> None:
    store = RoomStore(tmp_path / "rooms.sqlite3")
    code = store.create("pagat", host_name="Ann").room.code
    assert store.version(code) == store.read(code).version == 1
    with store.change(code) as room:
        room.join("Bo")
    assert store.version(code) == store.read(code).version == 2
    with pytest.raises(RoomError), store.change(code) as room:
        room.join("Bo")  # refused: nothing written, the version stays
    assert store.version(code) == 2
    with pytest.raises(RoomNotFound):
        store.version("no-such-room")


def test_a_rooms_file_of_the_first_schema_opens_and_counts_versions(tmp_path: Path) -> None:
    """A file written before rooms counted versions (schema 1) gains the column on open."""
    path = tmp_path / "rooms.sqlite3"
    store = RoomStore(path)
    code = store.create("pagat", host_name="Ann").room.code
    store.close()
    with sqlite3.connect(path) as db:
        db.execute("ALTER TABLE rooms DROP COLUMN version")
        db.execute("PRAGMA user_version = 1")
    db.close()
    reopened = RoomStore(path)
    assert reopened.version(code) == 0
    assert [p.name for p in reopened.read(code).players] == ["Ann"]
    with reopened.change(code) as room:
        room.join("Bo")
    assert reopened.version(code) == 1

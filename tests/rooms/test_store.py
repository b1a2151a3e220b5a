"""Rooms in SQLite: a room survives closing and reopening its file (a server restart), a
change that fails leaves nothing behind, and the file keeps no code and no token."""

from __future__ import annotations

import sqlite3
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

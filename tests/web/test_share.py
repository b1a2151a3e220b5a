"""What ``serve`` tells the table: who can reach it, the addresses phones open, and a QR code
of the first one (on the terminal, and on the room pages as inline SVG)."""

from __future__ import annotations

import ipaddress
import subprocess
from pathlib import Path

import pytest
import segno

from housegame.web import share
from tests.web.test_app import SERVE, _free_port, first_answer


@pytest.mark.parametrize(
    ("host", "lan", "urls"),
    [
        ("0.0.0.0", ["192.168.1.5", "10.0.0.7"], ["http://192.168.1.5:80", "http://10.0.0.7:80"]),
        ("", [], []),
        ("127.0.0.1", ["192.168.1.5"], []),
        ("localhost", ["192.168.1.5"], []),
        ("192.168.1.9", ["192.168.1.5"], ["http://192.168.1.9:80"]),
        ("fe80::1", [], ["http://[fe80::1]:80"]),
    ],
)
def test_the_addresses_phones_open(
    monkeypatch: pytest.MonkeyPatch, host: str, lan: list[str], urls: list[str]
) -> None:
    monkeypatch.setattr(share, "lan_addresses", lambda: lan)
    assert share.share_urls(host, 80) == urls


def test_this_machines_lan_addresses_are_network_ipv4_ones() -> None:
    for text in share.lan_addresses():
        address = ipaddress.IPv4Address(text)
        assert not (address.is_loopback or address.is_link_local or address.is_unspecified)


def test_the_qr_codes_hold_the_address() -> None:
    url = "http://192.168.1.5:8000/room/abc"
    matrix = [list(row) for row in segno.make(url, error="m").matrix]
    lines = share.qr_text(url).splitlines()
    assert len(lines) == (len(matrix) + 4 + 1) // 2  # two module rows a line, a border of 2
    svg = share.qr_svg(url)
    assert svg.startswith("<svg") and f"<title>{url}</title>" in svg
    assert "style=" not in svg and "<script" not in svg  # the page's CSP allows neither


@pytest.mark.slow  # starts `housegame serve` on every address: test_app.py keeps the quick one
def test_serve_on_the_network_says_who_can_reach_it(tmp_path: Path) -> None:
    port = _free_port()
    rooms = tmp_path / "rooms.sqlite3"
    server = subprocess.Popen(
        [*SERVE, "--host", "0.0.0.0", "--port", str(port), "--rooms", str(rooms)],
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        page = first_answer(server, f"http://127.0.0.1:{port}/room").decode()
    finally:
        server.terminate()
        _, errors = server.communicate(timeout=30)
    said = " ".join(errors.split())
    assert "reachable by anyone on your network" in said
    assert f"table rooms kept in {rooms}" in errors and rooms.is_file()
    found = share.lan_addresses()
    if found:
        assert f"phones on your network open http://{found[0]}:{port}/" in errors
        assert "█" in errors and "<svg" in page
    else:
        assert "no network address of this machine found" in errors


def test_serve_keeps_rooms_in_memory_where_the_home_folder_is_not_writable(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from housegame.cli.serve_cmd import _room_store
    from housegame.rooms import RoomError
    from housegame.rooms.store import MEMORY

    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")
    monkeypatch.setenv("XDG_DATA_HOME", str(blocked / "share"))
    store = _room_store(None)
    assert store.path == MEMORY
    said = " ".join(capsys.readouterr().err.split())
    assert "warning:" in said and "cannot make its folder" in said
    assert "kept in memory and end when the server stops (--rooms PATH keeps them" in said
    with pytest.raises(RoomError, match="cannot make its folder"):  # a file asked for: exit 2
        _room_store(blocked / "share" / "rooms.sqlite3")

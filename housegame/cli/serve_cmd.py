"""``housegame serve``: the web table on this machine (``pip install 'housegame[web]'``)."""

from __future__ import annotations

import errno
import socket
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from housegame.cli.common import err_console, fail, handles_input_errors, literal

if TYPE_CHECKING:
    from housegame.rooms import RoomStore

LOCAL_HOST = "127.0.0.1"


def _listening_socket(host: str, port: int) -> socket.socket:
    """The server's socket, bound here so that a port in use is one line and exit 2 (uvicorn
    would log it and exit 1)."""
    try:
        family, kind, proto, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
    except socket.gaierror as exc:
        fail(f"cannot listen on {host}:{port}: {exc.strerror}")
    listener = socket.socket(family, kind, proto)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        listener.bind(address)
    except OSError as exc:
        listener.close()
        if exc.errno == errno.EADDRINUSE:
            fail(
                f"port {port} on {host} is in use by another program: stop it, or choose "
                "another with --port"
            )
        fail(f"cannot listen on {host}:{port}: {exc.strerror}")
    return listener


def _room_store(path: Path | None) -> RoomStore:
    """The rooms' store: the file named, refused as bad input where unusable; or the default
    file, and where that cannot be used (an unwritable home folder), rooms in memory with
    one warning rather than no table at all."""
    from housegame.rooms import RoomError, RoomStore, default_rooms_path
    from housegame.web.limits import ROOM_LIMITS

    if path is not None:
        return RoomStore(path, ROOM_LIMITS)
    try:
        return RoomStore(default_rooms_path(), ROOM_LIMITS)
    except RoomError as exc:
        err_console.print(
            f"[bold yellow]warning:[/] {literal(exc.message)}: table rooms are kept in memory "
            "and end when the server stops (--rooms PATH keeps them in a file)",
            soft_wrap=True,
        )
        return RoomStore(limits=ROOM_LIMITS)


@handles_input_errors
def serve(
    host: Annotated[
        str,
        typer.Option(
            metavar="HOST",
            help="Address to listen on. The default is this machine only; 0.0.0.0 opens the "
            "table to your network.",
        ),
    ] = LOCAL_HOST,
    port: Annotated[int, typer.Option(metavar="PORT", min=1, max=65535)] = 8000,
    allow_host: Annotated[
        list[str] | None,
        typer.Option(
            metavar="NAME",
            help="Also answer to this host name (repeatable), e.g. the machine's name on your "
            "network; loopback names and the --host address are always served.",
        ),
    ] = None,
    rooms: Annotated[
        Path | None,
        typer.Option(
            metavar="PATH",
            help="The SQLite file the table rooms are kept in, made if missing (default: "
            "$XDG_DATA_HOME/housegame/rooms.sqlite3, ~/.local/share/... when unset).",
        ),
    ] = None,
) -> None:
    """The web table: rulesets, a table calculator, reports and play, in the browser."""
    try:
        from housegame.rooms.store import MEMORY
        from housegame.web.guard import is_loopback
        from housegame.web.server import serve as run_server
        from housegame.web.share import qr_text, share_urls
    except ImportError as exc:
        fail(
            f"housegame serve needs the web extra ({exc.name} is not installed): "
            "pip install 'housegame[web]'"
        )
    store = _room_store(rooms)
    listener = _listening_socket(host, port)
    urls = share_urls(host, port)
    if is_loopback(host):
        err_console.print(
            "reachable from this machine only (--host 0.0.0.0 opens it to your network)"
        )
    else:
        err_console.print(
            f"[bold yellow]warning:[/] listening on {literal(host)}: reachable by anyone on "
            "your network (no login; a room opens only to those given its link)"
        )
    err_console.print(f"housegame web table on http://{literal(host)}:{port}/ (Ctrl-C stops)")
    for url in urls:
        err_console.print(f"phones on your network open {literal(url)}/", soft_wrap=True)
    if urls:
        sys.stderr.write(qr_text(urls[0] + "/"))
    elif not is_loopback(host):
        err_console.print("no network address of this machine found: phones cannot reach it")
    if store.path != MEMORY:
        err_console.print(f"table rooms kept in {literal(store.path)}", soft_wrap=True)
    run_server(host, port, allow_host or (), listener, store, urls)


def register(app: typer.Typer) -> None:
    app.command("serve")(serve)

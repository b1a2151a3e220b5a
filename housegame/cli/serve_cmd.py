"""``housegame serve``: the web table on this machine (``pip install 'housegame[web]'``)."""

from __future__ import annotations

import errno
import socket
from typing import Annotated

import typer

from housegame.cli.common import err_console, fail, handles_input_errors, literal

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
) -> None:
    """The web table: rulesets, a table calculator, reports and play, in the browser."""
    try:
        from housegame.web.guard import is_loopback
        from housegame.web.server import serve as run_server
    except ImportError as exc:
        fail(
            f"housegame serve needs the web extra ({exc.name} is not installed): "
            "pip install 'housegame[web]'"
        )
    listener = _listening_socket(host, port)
    if not is_loopback(host):
        err_console.print(
            f"[bold yellow]warning:[/] listening on {literal(host)}: anyone who can reach this "
            "machine can use the table (it has no login)"
        )
    err_console.print(f"housegame web table on http://{literal(host)}:{port}/ (Ctrl-C stops)")
    run_server(host, port, allow_host or (), listener)


def register(app: typer.Typer) -> None:
    app.command("serve")(serve)

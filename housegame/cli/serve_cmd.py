"""``housegame serve``: the web table on this machine (``pip install 'housegame[web]'``)."""

from __future__ import annotations

import ipaddress
from typing import Annotated

import typer

from housegame.cli.common import err_console, fail, handles_input_errors, literal

LOCAL_HOST = "127.0.0.1"


def _loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


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
) -> None:
    """The web table: rulesets, a table calculator, reports and play, in the browser."""
    try:
        import uvicorn

        from housegame.web import create_app
    except ImportError as exc:
        fail(
            f"housegame serve needs the web extra ({exc.name} is not installed): "
            "pip install 'housegame[web]'"
        )
    if not _loopback(host):
        err_console.print(
            f"[bold yellow]warning:[/] listening on {literal(host)}: anyone who can reach this "
            "machine can use the table (it has no login)"
        )
    err_console.print(f"housegame web table on http://{literal(host)}:{port}/ (Ctrl-C stops)")
    uvicorn.run(create_app(), host=host, port=port, log_level="warning")


def register(app: typer.Typer) -> None:
    app.command("serve")(serve)

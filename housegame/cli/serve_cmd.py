"""``housegame serve``: the web table on this machine (``pip install 'housegame[web]'``)."""

from __future__ import annotations

from typing import Annotated

import typer

from housegame.cli.common import err_console, fail, handles_input_errors, literal

LOCAL_HOST = "127.0.0.1"


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
    if not is_loopback(host):
        err_console.print(
            f"[bold yellow]warning:[/] listening on {literal(host)}: anyone who can reach this "
            "machine can use the table (it has no login)"
        )
    err_console.print(f"housegame web table on http://{literal(host)}:{port}/ (Ctrl-C stops)")
    run_server(host, port, allow_host or ())


def register(app: typer.Typer) -> None:
    app.command("serve")(serve)

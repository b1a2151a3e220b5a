"""The ``housegame`` command: parse options, call the library, render. Nothing more."""

from __future__ import annotations

from typing import Annotated

import typer

from housegame.cli import (
    arrange_cmd,
    bigtwo_cmd,
    compare_cmd,
    ofc_cmd,
    rulesets_cmd,
    show_cmd,
    thirteen_cmd,
)
from housegame.cli.safe import set_debug

app = typer.Typer(
    name="housegame",
    help="House-rules engine for Chinese Poker games: score tables under regional rulesets.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


@app.callback()
def _global_options(
    debug: Annotated[
        bool, typer.Option("--debug", help="Print the traceback of an internal error (exit 70).")
    ] = False,
) -> None:
    set_debug(debug)


rulesets_cmd.register(app)
thirteen_cmd.register(app)
compare_cmd.register(app)
bigtwo_cmd.register(app)
ofc_cmd.register(app)
arrange_cmd.register(app)
show_cmd.register(app)


def main() -> None:
    app()

"""The ``housegame`` command: parse options, call the library, render. Nothing more."""

from __future__ import annotations

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

app = typer.Typer(
    name="housegame",
    help="House-rules engine for Chinese Poker games: score tables under regional rulesets.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
rulesets_cmd.register(app)
thirteen_cmd.register(app)
compare_cmd.register(app)
bigtwo_cmd.register(app)
ofc_cmd.register(app)
arrange_cmd.register(app)
show_cmd.register(app)


def main() -> None:
    app()

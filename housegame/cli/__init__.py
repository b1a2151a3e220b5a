"""The ``housegame`` command: parse options, call the library, render. Nothing more.

Each command lives in a module of this package with a ``register(app)`` function. The modules
load lazily: ``housegame --help`` and ``housegame rulesets`` import only what they need (no
numpy, no arranger), so the command starts fast. ``COMMANDS`` names each command's module and
its one-line help (a test checks the line against the command's own help).
"""

from __future__ import annotations

import functools
import importlib
from typing import Annotated, Any

import typer
import typer.main
from typer.core import TyperCommand, TyperGroup, TyperOption

from housegame.cli.safe import set_debug

COMMANDS: dict[str, tuple[str, str]] = {
    "rulesets": (
        "list_cmd",
        "The bundled rulesets as tables, one per family (a base and what extends it) or region.",
    ),
    "validate": (
        "rulesets_cmd",
        "Check files (rulesets, tables, logs: told apart by their keys); report every problem,\n"
        "and lint warnings for rulesets.",
    ),
    "schema": (
        "rulesets_cmd",
        "Print a published JSON Schema (the same text as schemas/NAME.schema.json).",
    ),
    "score": (
        "thirteen_cmd",
        "Score a table: payouts per pair with every item, then each player's total.",
    ),
    "compare": (
        "compare_cmd",
        "Score one table under several rulesets and show each player's total side by side.",
    ),
    "simulate": (
        "compare_cmd",
        "Monte Carlo over the same seeded deals under each ruleset: the designer's report.",
    ),
    "sensitivity": (
        "sensitivity_cmd",
        "What each setting changes: every one-setting variant on the same seeded deals.",
    ),
    "arrange": (
        "arrange_cmd",
        "The best legal setting of 13 cards under a ruleset, alternatives, and the special hand.",
    ),
    "explain": (
        "explain_cmd",
        "The trainer: a player's setting against the best one, and the regret term by term.",
    ),
    "show": (
        "show_cmd",
        "A ruleset's rules sheet (extends resolved), or the merged ruleset as YAML or JSON.",
    ),
    "diff": (
        "show_cmd",
        "The rules in which two rulesets differ, extends resolved, in the rules sheet's words "
        "grouped by topic (text), or as key paths (yaml; json has both).",
    ),
    "new": (
        "show_cmd",
        "Start a ruleset that extends BASE, every setting listed as a commented-out line.",
    ),
    "bigtwo": (
        "bigtwo_cmd",
        "Big Two (大老二): check plays, hints, scoring, replays and a terminal game.",
    ),
    "play": (
        "play_cmd",
        "Play 13-card Chinese Poker against computer opponents in the terminal.",
    ),
    "replay": (
        "play_cmd",
        "Replay a 13-card session log: every hand dealt again, checked and settled.",
    ),
    "ofc": ("ofc_cmd", "Open Face Chinese Poker: replay, play, Fantasyland."),
    "tables": ("arrange_cmd", "The lane-odds data files the ev and equilibrium objectives read."),
    "bench": (
        "bench_cmd",
        "The ladder: strategies against each other in duplicate, per ruleset, with 95% intervals.",
    ),
    "serve": (
        "serve_cmd",
        "The web table: rulesets, a table calculator, reports and play, in the browser.",
    ),
}
"""Command name -> (module in ``housegame.cli``, one-line help shown by ``--help``)."""

EXIT_CODES = """Exit status: 0 done (a "no" answer such as `bigtwo beats` included: the answer is in
the output); 2 bad input (a message on stderr, never a traceback); 70 an internal error (a bug:
please report it; --debug shows the traceback)."""


@functools.cache
def load_command(name: str) -> Any:
    """The real command: import its module and build it with typer, once a process (typer
    reads every parameter's annotations to build it; click runs a built command any number of
    times)."""
    module_name, _ = COMMANDS[name]
    module = importlib.import_module(f"housegame.cli.{module_name}")
    holder = typer.Typer(rich_markup_mode=None)
    module.register(holder)
    command = typer.main.get_group(holder).commands[name]
    _name_values(command)
    return command


def _name_values(command: Any) -> None:
    """Options that take a value show a name for it (``--deals DEALS``), as most tools do,
    where the command gave none; typer would show a raw type label (``<int>``). Choices keep
    their list of values."""
    for sub in getattr(command, "commands", {}).values():
        _name_values(sub)
    for param in command.params:
        takes_value = isinstance(param, TyperOption) and not (param.is_flag or param.count)
        is_choice = getattr(getattr(param, "type_descriptor", None), "is_choice", False)
        if takes_value and param.metavar is None and not is_choice and param.name:
            param.metavar = param.name.upper()


class LazyGroup(TyperGroup):
    """Lists commands from ``COMMANDS``; imports a command's module only to run it."""

    def list_commands(self, ctx: Any) -> list[str]:
        return list(COMMANDS)

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        if cmd_name in self.commands:
            return self.commands[cmd_name]
        if cmd_name not in COMMANDS:
            return None
        return TyperCommand(cmd_name, help=COMMANDS[cmd_name][1], callback=None)

    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        if args and args[0] in COMMANDS and args[0] not in self.commands:
            self.commands[args[0]] = load_command(args[0])
        elif args and args[0] not in COMMANDS:
            self.commands.update({name: self.get_command(ctx, name) for name in COMMANDS})
        return super().resolve_command(ctx, args)


def _version(value: bool) -> None:
    if value:
        from housegame import __version__

        typer.echo(f"housegame {__version__}")
        raise typer.Exit()


app = typer.Typer(
    name="housegame",
    cls=LazyGroup,
    help="House-rules engine for Chinese Poker games: score tables under regional rulesets.",
    epilog=EXIT_CODES,
    no_args_is_help=True,
    add_completion=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option(
            "--version", help="Print the version and exit.", callback=_version, is_eager=True
        ),
    ] = False,
    debug: Annotated[
        bool, typer.Option("--debug", help="Print the traceback of an internal error (exit 70).")
    ] = False,
) -> None:
    """House-rules engine for Chinese Poker games: score tables under regional rulesets."""
    set_debug(debug)


def main() -> None:
    app()

"""``housegame rulesets`` and ``housegame validate``."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from housegame.cli.common import (
    EXIT_BAD_INPUT,
    console,
    err_console,
    handles_input_errors,
    literal,
)
from housegame.errors import HousegameError
from housegame.rulesets.loader import bundled_rulesets, load_ruleset, load_ruleset_file


def list_rulesets() -> None:
    """List the bundled rulesets: id, game, name and a one-line summary."""
    for ruleset_id in bundled_rulesets():
        ruleset = load_ruleset(ruleset_id)
        game = getattr(ruleset, "game", "")
        console.print(f"[bold]{ruleset.id}[/]  [dim]{game}[/]  {literal(ruleset.name)}")
        console.print(f"    {literal(ruleset.summary)}")


def validate(files: Annotated[list[Path], typer.Argument(help="Ruleset YAML files.")]) -> None:
    """Check ruleset files against the schema and the rules models; report every problem."""
    bad = 0
    for file in files:
        try:
            ruleset = load_ruleset_file(file)
        except HousegameError as exc:
            bad += 1
            err_console.print(literal(exc, lines=True), soft_wrap=True)
            continue
        console.print(f"{literal(file)}: ok ({ruleset.id})", soft_wrap=True)
    if bad:
        raise typer.Exit(EXIT_BAD_INPUT)


def register(app: typer.Typer) -> None:
    app.command("rulesets")(handles_input_errors(list_rulesets))
    app.command("validate")(handles_input_errors(validate))

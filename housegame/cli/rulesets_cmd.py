"""``housegame rulesets`` and ``housegame validate``."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape
from rich.table import Table

from housegame.cli.common import (
    EXIT_BAD_INPUT,
    console,
    err_console,
    fail,
    handles_input_errors,
    print_json,
)
from housegame.errors import HousegameError
from housegame.rulesets.loader import bundled_rulesets, load_ruleset, load_ruleset_file


def list_rulesets(
    game: Annotated[
        str | None,
        typer.Option(
            "--game", "-g", metavar="GAME", help="Only one game: thirteen-card, ofc or big-two."
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print a JSON list.")] = False,
) -> None:
    """The bundled rulesets as a table, in family order."""
    from housegame.rulesets.families import family_order, parent_of
    from housegame.rulesets.registry import RULESET_MODELS

    if game is not None and game not in RULESET_MODELS:
        fail(f"--game: '{game}' is not one of {', '.join(RULESET_MODELS)}")
    files = bundled_rulesets()
    rows = []
    for rid in family_order(files):
        ruleset = load_ruleset(rid)
        kind = str(getattr(ruleset, "game", ""))
        if game is None or kind == game:
            row = {"id": rid, "game": kind, "extends": parent_of(files[rid])}
            rows.append({**row, "name": ruleset.name, "summary": ruleset.summary})
    if as_json:
        print_json(rows)
        return
    table = Table(box=None, pad_edge=False)
    for key in ("id", "game", "extends"):
        table.add_column(key, no_wrap=True)
    table.add_column("name")
    table.add_column("summary")
    for row in rows:
        table.add_row(
            *(escape(str(row[key] or "")) for key in ("id", "game", "extends")),
            escape(str(row["name"])),
            escape(str(row["summary"])),
        )
    console.print(table)


def validate(files: Annotated[list[Path], typer.Argument(help="Ruleset YAML files.")]) -> None:
    """Check ruleset files against the schema and the rules models; report every problem."""
    bad = 0
    for file in files:
        try:
            ruleset = load_ruleset_file(file)
        except HousegameError as exc:
            bad += 1
            err_console.print(str(exc), markup=False, soft_wrap=True)
            continue
        console.print(f"{file}: ok ({ruleset.id})", markup=False)
    if bad:
        raise typer.Exit(EXIT_BAD_INPUT)


def register(app: typer.Typer) -> None:
    app.command("rulesets")(handles_input_errors(list_rulesets))
    app.command("validate")(validate)

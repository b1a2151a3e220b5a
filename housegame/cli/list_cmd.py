"""``housegame rulesets``: the bundled rulesets as a table or JSON, in family order.

Kept apart from ``validate`` so listing never imports the engines (the command starts fast).
"""

from __future__ import annotations

from typing import Annotated

import typer
from rich.table import Table

from housegame.cli.common import (
    LangOption,
    check_lang,
    console,
    fail,
    handles_input_errors,
    literal,
    print_json,
)
from housegame.glossary import Phrase, say
from housegame.rulesets.families import catalog
from housegame.rulesets.registry import RULESET_MODELS

COLUMNS: dict[str, Phrase] = {
    "id": ("id", "编号"),
    "game": ("game", "游戏"),
    "extends": ("extends", "继承自"),
    "name": ("name", "名称"),
    "summary": ("summary", "简介"),
}
"""The table's headers; the values (ids, game kinds, the ruleset's own name and summary) are
shown as written, since ids and game kinds are what --ruleset and --game take."""


def list_rulesets(
    game: Annotated[
        str | None,
        typer.Option(
            "--game", "-g", metavar="GAME", help="Only one game: thirteen-card, ofc or big-two."
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print a JSON list.")] = False,
    lang: LangOption = "en",
) -> None:
    """The bundled rulesets as a table, in family order."""
    words = check_lang(lang)
    if game is not None and game not in RULESET_MODELS:
        fail(f"--game: '{game}' is not one of {', '.join(RULESET_MODELS)}")
    rows = catalog(game)
    if as_json:
        print_json(rows)
        return
    table = Table(box=None, pad_edge=False)
    for key in ("id", "game", "extends"):
        table.add_column(say(words, COLUMNS[key]), no_wrap=True)
    table.add_column(say(words, COLUMNS["name"]))
    table.add_column(say(words, COLUMNS["summary"]))
    for row in rows:
        table.add_row(
            *(literal(str(row[key] or "")) for key in ("id", "game", "extends")),
            literal(str(row["name"])),
            literal(str(row["summary"])),
        )
    console.print(table)


def register(app: typer.Typer) -> None:
    app.command("rulesets")(handles_input_errors(list_rulesets))

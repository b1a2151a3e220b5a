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
from housegame.rulesets.families import GROUPINGS, catalog, grouped
from housegame.rulesets.registry import RULESET_MODELS

COLUMNS: dict[str, Phrase] = {
    "id": ("id", "编号"),
    "game": ("game", "游戏"),
    "extends": ("extends", "继承自"),
    "family": ("family", "系列"),
    "region": ("region", "地区"),
    "name": ("name", "名称"),
    "summary": ("summary", "简介"),
}
GROUP_HEADINGS: dict[str, Phrase] = {
    "family": ("{group} family", "{group} 系列"),
    "region": ("{group}", "{group}"),
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
    by: Annotated[
        str,
        typer.Option("--by", metavar="GROUP", help="Group by family (the default) or region."),
    ] = "family",
    as_json: Annotated[bool, typer.Option("--json", help="Print a JSON list.")] = False,
    lang: LangOption = "en",
) -> None:
    """The bundled rulesets as tables, one per family (a base and what extends it) or region."""
    words = check_lang(lang)
    if game is not None and game not in RULESET_MODELS:
        fail(f"--game: '{game}' is not one of {', '.join(RULESET_MODELS)}")
    if by not in GROUPINGS:
        fail(f"--by: '{by}' is not one of {', '.join(GROUPINGS)}")
    rows = catalog(game)
    if as_json:
        print_json(rows)
        return
    other = "region" if by == "family" else "family"
    columns = ("id", "game", "extends", other)
    for i, (group, members) in enumerate(grouped(rows, by).items()):
        heading = say(words, GROUP_HEADINGS[by], group=group)
        console.print(("\n" if i else "") + f"[bold]{literal(heading)}[/]", soft_wrap=True)
        table = Table(box=None, pad_edge=False)
        for key in columns:
            table.add_column(say(words, COLUMNS[key]), no_wrap=True)
        table.add_column(say(words, COLUMNS["name"]))
        table.add_column(say(words, COLUMNS["summary"]))
        for row in members:
            table.add_row(
                *(literal(str(row[key] or "")) for key in columns),
                literal(str(row["name"])),
                literal(str(row["summary"])),
            )
        console.print(table)


def register(app: typer.Typer) -> None:
    app.command("rulesets")(handles_input_errors(list_rulesets))

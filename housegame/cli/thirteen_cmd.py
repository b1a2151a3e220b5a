"""``housegame score``: settle a table file and show the itemized breakdown."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table

from housegame.cli.common import (
    console,
    handles_input_errors,
    print_json,
    render_pairs,
    signed_units,
)
from housegame.cli.ofc_render import render_result as render_ofc
from housegame.ofc import OfcTableResult
from housegame.scoring import score_file
from housegame.thirteen import TableResult


def render(result: TableResult) -> None:
    """The readable breakdown: settings, each pair's items, then totals."""
    console.print(
        f"[bold]ruleset[/] {result.ruleset}"
        + (f"   [bold]banker[/] {result.banker}" if result.banker else "")
    )
    hands = Table("player", "front", "middle", "back", "note", box=None, pad_edge=False)
    for seat in result.seats:
        info = seat.describe()
        note = "surrenders" if seat.surrendered else ("FOUL" if seat.fouled else "")
        if seat.declared is not None:
            note = f"declares {seat.declared.hand.name} ({seat.declared.points})"
        hands.add_row(
            seat.name, info.get("front", ""), info.get("middle", ""), info.get("back", ""), note
        )
    console.print(hands)
    render_pairs(result.pairs)
    if result.pool:
        console.print("\n[bold]pool[/]")
        for entry in result.pool:
            console.print(
                f"  {signed_units(entry.item.units):>6}  {entry.player}: {entry.item.label}"
            )
    totals = Table("player", f"total ({result.unit})", box=None, pad_edge=False)
    if result.points_per_unit != 1:
        totals.add_column("points")
    for name, total in result.totals.items():
        row = [name, signed_units(total)]
        if result.points_per_unit != 1:
            row.append(signed_units(total * result.points_per_unit))
        totals.add_row(*row)
    console.print("\n[bold]totals[/]")
    console.print(totals)


@handles_input_errors
def score(
    table: Annotated[
        Path, typer.Argument(metavar="TABLE", help="Table file (YAML or JSON); - reads stdin.")
    ],
    ruleset: Annotated[
        str | None,
        typer.Option("--ruleset", "-r", metavar="ID|PATH", help="Ruleset id or YAML path."),
    ] = None,
    banker: Annotated[
        str | None, typer.Option(metavar="NAME", help="The banker's name (banker games).")
    ] = None,
    json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """Score a table: payouts per pair with every item, then each player's total."""
    result = score_file(table, ruleset, banker)
    if json:
        print_json(result.as_dict())
    elif isinstance(result, OfcTableResult):
        render_ofc(result)
    else:
        render(result)


def register(app: typer.Typer) -> None:
    app.command("score")(score)

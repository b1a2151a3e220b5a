"""``housegame score``: settle a table file and show the itemized breakdown."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.table import Table

from housegame.breakdown import detail_text, item_label
from housegame.cli.common import (
    JsonOption,
    LangOption,
    TableArgument,
    TableRulesetOption,
    check_lang,
    console,
    handles_input_errors,
    literal,
    print_json,
    render_pairs,
    signed_units,
)
from housegame.cli.ofc_render import render_result as render_ofc
from housegame.glossary import Lang, term
from housegame.ofc import OfcTableResult
from housegame.scoring import score_file
from housegame.thirteen import Seat, TableResult


def render(result: TableResult, lang: Lang = "en") -> None:
    """The readable breakdown: settings, each pair's lanes and items, then totals."""
    words = {key: term(key, lang) for key in ("banker", "someone", "front", "middle", "back")}
    console.print(
        f"[bold]ruleset[/] {literal(result.ruleset)}"
        + (f"   [bold]{words['banker']}[/] {literal(result.banker)}" if result.banker else "")
    )
    note_word = "note" if lang == "en" else ""
    hands = Table(
        words["someone"],
        words["front"],
        words["middle"],
        words["back"],
        note_word,
        box=None,
        pad_edge=False,
    )
    for seat in result.seats:
        info = seat.describe()
        note = _note(seat, lang)
        cells = (seat.name, info.get("front", ""), info.get("middle", ""), info.get("back", ""))
        hands.add_row(*(literal(cell) for cell in (*cells, note)))
    console.print(hands)
    render_pairs(result.pairs, lang)
    for heading, entries in (("pool", result.pool), ("settlements", result.settlements)):
        if entries:
            console.print(f"\n[bold]{term(heading, lang)}[/]")
        for entry in entries:
            label = item_label(entry.item, lang)
            detail = detail_text(entry.item, lang)
            shown = f"{label} ({detail})" if detail else label
            console.print(
                f"  {signed_units(entry.item.units):>6}  {literal(entry.player)}: {literal(shown)}"
            )
    total = f"{term('total', lang)} ({literal(result.unit)})"
    totals = Table(words["someone"], total, box=None, pad_edge=False)
    if result.points_per_unit != 1:
        totals.add_column(term("points", lang))
    for name, value in result.totals.items():
        row = [literal(name), signed_units(value)]
        if result.points_per_unit != 1:
            row.append(signed_units(value * result.points_per_unit))
        totals.add_row(*row)
    console.print(f"\n[bold]{'totals' if lang == 'en' else term('total', lang)}[/]")
    console.print(totals)


def _note(seat: Seat, lang: Lang) -> str:
    if seat.declared is not None:
        declares = "declares" if lang == "en" else term("declare", lang)
        return f"{declares} {seat.declared.hand.name} ({seat.declared.points})"
    if seat.surrendered:
        return "surrenders" if lang == "en" else term("surrender", lang)
    jokers = "; ".join(seat.setting.jokers().values()) if seat.setting is not None else ""
    if seat.fouled:
        return ("FOUL" if lang == "en" else term("foul", lang)) + (f" ({jokers})" if jokers else "")
    return jokers


@handles_input_errors
def score(
    table: TableArgument,
    ruleset: TableRulesetOption = None,
    banker: Annotated[
        str | None, typer.Option(metavar="NAME", help="The banker's name (banker games).")
    ] = None,
    json: JsonOption = False,
    lang: LangOption = "en",
) -> None:
    """Score a table: payouts per pair with every item, then each player's total."""
    words = check_lang(lang)
    result = score_file(table, ruleset, banker)
    if json:
        print_json(result.as_dict())
    elif isinstance(result, OfcTableResult):
        render_ofc(result, words)
    else:
        render(result, words)


def register(app: typer.Typer) -> None:
    app.command("score")(score)

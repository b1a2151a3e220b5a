"""``housegame compare`` (one table, many rulesets) and ``housegame simulate`` (many deals)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from housegame.cli.common import (
    console,
    err_console,
    handles_input_errors,
    literal,
    print_json,
    signed_units,
    thirteen_ruleset,
)
from housegame.compare import RulesetStats, TableComparison, compare_table, simulate
from housegame.inputs import MAX_DEALS, MAX_SEED
from housegame.rulesets.loader import bundled_of
from housegame.rulesets.thirteen import ThirteenCardRuleset
from housegame.tables import load_table

RulesetOption = Annotated[
    list[str] | None,
    typer.Option(
        "--ruleset", "-r", help="Ruleset id or YAML path (repeatable); default: every bundled one."
    ),
]


def render_comparison(comparison: TableComparison) -> None:
    """Rulesets down, players across: each player's total in the ruleset's units."""
    players = (literal(p) for p in comparison.players)
    table = Table("ruleset", *players, "unit", box=None, pad_edge=False)
    for rid, result in comparison.results.items():
        table.add_row(
            literal(rid),
            *(signed_units(result.totals[p]) for p in comparison.players),
            f"[dim]{literal(result.unit)}[/]",
        )
    console.print(table)
    for rid, reason in comparison.skipped.items():
        console.print(f"[dim]skipped {literal(rid)}: {literal(reason)}[/]", soft_wrap=True)


@handles_input_errors
def compare(
    table: Annotated[Path, typer.Argument(help="Table file (YAML or JSON).")],
    ruleset: RulesetOption = None,
    banker: Annotated[
        str | None, typer.Option(help="The banker's name, for the banker games.")
    ] = None,
    json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """Score one table under several rulesets and show each player's total side by side."""
    parsed = load_table(table)
    if banker is not None:
        parsed = parsed.model_copy(update={"banker": banker})
    result = compare_table(parsed, ruleset or None)
    if json:
        print_json(result.as_dict())
    else:
        render_comparison(result)


def render_stats(stats: list[RulesetStats]) -> None:
    first = stats[0]
    console.print(
        f"{first.deals} deals of {first.players} hands, the same deals under every "
        "ruleset. A result is one seat's units in one deal: seat 1's mean (the "
        "banker's edge in banker games) with its standard error, the standard "
        "deviation and mean size of a result, the range 90% of results fall in, the "
        "share of pairs scooped and of hands declared special.",
        soft_wrap=True,
    )
    table = Table(
        "ruleset",
        "seat 1",
        "sd",
        "mean abs",
        "90% within",
        "scoops",
        "specials",
        box=None,
        pad_edge=False,
    )
    table.columns[0].no_wrap = table.columns[1].no_wrap = True
    for s in stats:
        low, _, high = s.quantiles
        table.add_row(
            literal(s.ruleset) + (" (banker)" if s.banker else ""),
            f"{s.seat_means[0]:+.2f}±{s.seat_stderrs[0]:.2f}",
            f"{s.stdev:.2f}",
            f"{s.mean_abs:.2f}",
            f"{low:+g}..{high:+g}",
            f"{s.scoop_rate:.1%}",
            f"{s.special_rate:.2%}",
        )
    wide = Console(
        highlight=False, emoji=False, width=max(console.width, 100)
    )  # a line a ruleset when piped
    wide.print(table)


@handles_input_errors
def simulate_cmd(
    ruleset: RulesetOption = None,
    deals: Annotated[
        int, typer.Option(min=1, max=MAX_DEALS, help="Deals to play under each ruleset.")
    ] = 1000,
    players: Annotated[int, typer.Option(min=2, max=4, help="Hands per deal.")] = 4,
    seed: Annotated[
        int, typer.Option(min=0, max=MAX_SEED, help="Seed of the deals (same seed, same deals).")
    ] = 1,
    json: Annotated[bool, typer.Option("--json", help="Print one JSON array.")] = False,
) -> None:
    """Monte Carlo over the same seeded deals under each ruleset: edge, spread, scoops."""
    rulesets = (
        [thirteen_ruleset(ref, "simulate") for ref in ruleset]
        if ruleset
        else bundled_of(ThirteenCardRuleset)
    )
    columns = (
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=err_console, transient=True) as bar:
        task = bar.add_task("simulating", total=deals * len(rulesets))
        stats = simulate(rulesets, deals, seed, players, lambda done: bar.advance(task, done))
    if json:
        print_json([s.as_dict() for s in stats])
    else:
        render_stats(stats)


def register(app: typer.Typer) -> None:
    app.command("compare")(compare)
    app.command("simulate")(simulate_cmd)

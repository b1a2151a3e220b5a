"""``housegame compare`` (one table, many rulesets) and ``housegame simulate`` (many deals)."""

from __future__ import annotations

import io
import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import (
    Progress,
)
from rich.table import Table

from housegame.arrange.objectives import DEFAULT_OBJECTIVE, OBJECTIVES, objective_named
from housegame.breakdown import item_label
from housegame.cli.common import (
    JsonOption,
    LangOption,
    check_lang,
    console,
    err_console,
    handles_input_errors,
    literal,
    print_json,
    render_pairs,
    signed_units,
)
from housegame.cli.progress import PlainProgress
from housegame.cli.progress import progress_bar as progress_on
from housegame.compare import TableComparison, compare_table
from housegame.errors import TableError
from housegame.glossary import Lang, term
from housegame.inputs import MAX_DEALS, MAX_SEED, check_folder, check_writable
from housegame.simulation import Backend, SimulationReport, simulate
from housegame.simulation.report import (
    SUMMARY_HEADERS,
    decks_note,
    headers_in,
    lane_rows,
    require_plots,
    special_rows,
    summary_rows,
    term_rows,
    write_csv,
    write_report,
)
from housegame.simulation.thirteen import simulated_rulesets
from housegame.tables import load_table

RulesetOption = Annotated[
    list[str] | None,
    typer.Option(
        "--ruleset", "-r", help="Ruleset id or YAML path (repeatable); default: every bundled one."
    ),
]


def render_comparison(
    comparison: TableComparison, explain: bool = False, lang: Lang = "en"
) -> None:
    """Rulesets down, players across: each player's total in the ruleset's units."""
    players = (literal(p) for p in comparison.players)
    table = Table(term("ruleset", lang), *players, term("unit", lang), box=None, pad_edge=False)
    for rid, result in comparison.results.items():
        table.add_row(
            literal(rid),
            *(signed_units(result.totals[p]) for p in comparison.players),
            f"[dim]{literal(result.unit)}[/]",
        )
    console.print(table)
    for rid, reason in comparison.skipped.items():
        skipped = term("skipped", lang)
        console.print(f"[dim]{skipped} {literal(rid)}: {literal(reason)}[/]", soft_wrap=True)
    if explain:
        for rid, result in comparison.results.items():
            console.print(f"\n[bold]{literal(rid)}[/] ({literal(result.unit)})")
            render_pairs(result.pairs, lang)
            for entry in getattr(result, "pool", []):
                console.print(
                    f"  {signed_units(entry.item.units):>6}  {literal(entry.player)}: "
                    f"{literal(item_label(entry.item, lang))}"
                )


@handles_input_errors
def compare(
    table: Annotated[Path, typer.Argument(help="Table file (YAML or JSON).")],
    ruleset: RulesetOption = None,
    banker: Annotated[
        str | None, typer.Option(help="The banker's name, for the banker games.")
    ] = None,
    json: JsonOption = False,
    explain: Annotated[
        bool, typer.Option("--explain", help="Also show each ruleset's itemized breakdown.")
    ] = False,
    lang: LangOption = "en",
) -> None:
    """Score one table under several rulesets and show each player's total side by side."""
    words = check_lang(lang)
    parsed = load_table(table)
    if banker is not None:
        parsed = parsed.model_copy(update={"banker": banker})
    result = compare_table(parsed, ruleset or None)
    if json:
        print_json(result.as_dict())
    else:
        render_comparison(result, explain, words)


def _print_table(headers: list[str], rows: list[list[str]], title: str | None = None) -> None:
    shown = literal(title) if title is not None else None
    table = Table(*headers, box=None, pad_edge=False, title=shown, title_justify="left")
    for column in table.columns:
        column.no_wrap = True
    for row in rows:
        table.add_row(*(literal(cell) for cell in row))
    print_wide(table, 1000)


def print_wide(table: Table, width: int) -> None:
    """A table at least ``width`` wide (a line a ruleset when piped), no trailing spaces."""
    wide = Console(highlight=False, width=max(console.width, width), file=io.StringIO())
    wide.print(table)
    text = wide.file.getvalue()  # type: ignore[attr-defined]
    sys.stdout.write("".join(line.rstrip() + "\n" for line in text.splitlines()))


TITLES = {
    "en": ("payout terms", "lanes", "special hands"),
    "zh": ("赔付项目", "各道", "特殊牌型"),
}


def render_stats(report: SimulationReport, explain: bool = False, lang: Lang = "en") -> None:
    """The summary table; with ``explain``, each ruleset's payout terms and special hands."""
    _print_table(headers_in(SUMMARY_HEADERS, lang), summary_rows(report, lang))
    note = decks_note(report, lang)
    if note is not None:
        console.print(note, soft_wrap=True, highlight=False)
    if not explain:
        return
    terms, lanes, specials = TITLES[lang]
    for stats in report.rulesets:
        console.print()
        _print_table(*term_rows(stats, lang), title=f"{stats.ruleset}: {terms}")
        if stats.lanes:
            _print_table(*lane_rows(stats, lang), title=f"{stats.ruleset}: {lanes}")
        if stats.specials:
            _print_table(*special_rows(stats, lang), title=f"{stats.ruleset}: {specials}")


def check_outputs(csv: Path | None, out: Path | None) -> None:
    """Refuse outputs that cannot be written before the run, not after it."""
    if csv is not None:
        check_writable(csv, "--csv")
    if out is not None:
        notice = require_plots()
        if notice is not None:
            err_console.print(f"note: {notice}", soft_wrap=True)
        check_folder(out, "--out")


def progress_bar() -> Progress | PlainProgress:
    """A bar on stderr that disappears when done; plain lines where stderr is no terminal."""
    return progress_on(err_console)


def _usable_jobs(jobs: int) -> int:
    """``--jobs`` beyond the cores this machine gives the process runs one process a core
    (the numbers are the same), and says so."""
    from housegame.simulation.runner import usable_cores

    cores = usable_cores()
    if jobs > cores:
        err_console.print(
            f"--jobs {jobs}: this machine runs {cores} at once; {cores} processes "
            "(the same numbers)"
        )
    return jobs


JobsOption = Annotated[
    int,
    typer.Option(
        min=1,
        callback=_usable_jobs,
        help="Local processes to run the seeded chunks on (same numbers; at most one a core).",
    ),
]
DaskOption = Annotated[
    str | None,
    typer.Option(
        help="Run on this Dask scheduler (tcp://HOST:8786) instead; needs housegame\\[dask]."
    ),
]


@handles_input_errors
def simulate_cmd(
    ruleset: RulesetOption = None,
    deals: Annotated[
        int, typer.Option(min=1, max=MAX_DEALS, help="Deals to play under each ruleset.")
    ] = 1000,
    players: Annotated[int, typer.Option(min=2, max=6, help="Hands per deal.")] = 4,
    seed: Annotated[
        int, typer.Option(min=0, max=MAX_SEED, help="Seed of the deals (same seed, same deals).")
    ] = 1,
    objective: Annotated[
        str,
        typer.Option(help="How hands are set: equilibrium (default), ev or lexicographic."),
    ] = DEFAULT_OBJECTIVE,
    jobs: JobsOption = 1,
    dask: DaskOption = None,
    json: JsonOption = False,
    csv: Annotated[
        Path | None, typer.Option("--csv", help="Write every number to this CSV file.")
    ] = None,
    out: Annotated[
        Path | None,
        typer.Option("--out", help="Write PNG plots and report.html to this folder."),
    ] = None,
    explain: Annotated[
        bool,
        typer.Option(
            "--explain", help="Also show each ruleset's payout terms, lanes and special hands."
        ),
    ] = False,
    lang: LangOption = "en",
) -> None:
    """Monte Carlo over the same seeded deals under each ruleset: the designer's report."""
    words = check_lang(lang)
    chosen = objective_named(objective)
    if chosen is None:
        raise TableError(
            f"--objective {objective}: unknown objective", hint=f"use {', '.join(OBJECTIVES)}"
        )
    rulesets = simulated_rulesets(ruleset, players)
    check_outputs(csv, out)
    with progress_bar() as bar:
        task = bar.add_task("simulating", total=deals * len(rulesets))
        report = simulate(
            rulesets,
            deals,
            seed,
            players,
            lambda done: bar.advance(task, done),
            chosen,
            Backend(jobs, dask),
        )
    if report.interrupted:
        played = ", ".join(f"{s.ruleset} {s.deals}" for s in report.rulesets) or "none"
        err_console.print(f"interrupted: the report covers the deals played ({played})")
    if not report.rulesets:
        return
    if csv is not None:
        write_csv(report, csv)
    if out is not None:
        write_report(report, out, words)
    if json:
        print_json(report.as_dict())
    else:
        render_stats(report, explain, words)


def register(app: typer.Typer) -> None:
    app.command("compare")(compare)
    app.command("simulate")(simulate_cmd)

"""``housegame sensitivity``: what each setting of a ruleset changes, on the same seeded deals."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from housegame.cli.common import (
    JsonOption,
    LangOption,
    check_lang,
    console,
    err_console,
    handles_input_errors,
    literal,
    print_json,
)
from housegame.cli.compare_cmd import (
    DaskOption,
    JobsOption,
    _print_table,
    check_outputs,
    progress_bar,
)
from housegame.durations import clock_text, cpu_text
from housegame.inputs import MAX_DEALS, MAX_SEED
from housegame.simulation import Backend
from housegame.simulation.sensitivity import Plan, planned, sensitivity
from housegame.simulation.sensitivity_out import (
    effect_rows,
    legend,
    write_sensitivity_chart,
    write_sensitivity_csv,
)


@handles_input_errors
def sensitivity_cmd(
    ruleset: Annotated[str, typer.Argument(help="Bundled ruleset id or path to a YAML file.")],
    deals: Annotated[
        int,
        typer.Option(
            min=2, max=MAX_DEALS, help="Deals (OFC hands, Big Two games) under each variant."
        ),
    ] = 500,
    seed: Annotated[
        int, typer.Option(min=0, max=MAX_SEED, help="Seed of the deals (the same for each).")
    ] = 1,
    players: Annotated[
        int | None, typer.Option(min=2, max=4, help="Hands per deal (13-card 4, OFC its least).")
    ] = None,
    setting: Annotated[
        list[str] | None,
        typer.Option(
            "--setting",
            "-s",
            help="Only settings starting with this (repeatable): scoop, specials.",
        ),
    ] = None,
    skill: Annotated[
        bool,
        typer.Option(
            "--skill/--no-skill", help="Also measure the ev - lexicographic margin (13-card)."
        ),
    ] = True,
    jobs: JobsOption = 1,
    dask: DaskOption = None,
    json: JsonOption = False,
    csv: Annotated[
        Path | None, typer.Option("--csv", help="Write every change to this CSV file.")
    ] = None,
    out: Annotated[
        Path | None, typer.Option("--out", help="Write sensitivity.png to this folder.")
    ] = None,
    lang: LangOption = "en",
) -> None:
    """What each setting changes: every one-setting variant on the same seeded deals."""
    words = check_lang(lang)
    check_outputs(csv, out)
    plan = planned(ruleset, players, setting or ())
    backend = Backend(jobs, dask)
    _say_cost(plan, deals, skill, backend)
    with progress_bar() as bar:
        task = bar.add_task("deals played", total=deals * plan.rulesets)

        def advance(done: int) -> None:
            bar.advance(task, done)

        report = sensitivity(
            ruleset, deals, seed, players, setting or (), advance, backend, words, skill, plan
        )
    if report.interrupted:
        err_console.print(f"interrupted: the report covers {report.deals} deals")
    for label, reason in report.skipped.items():
        err_console.print(f"skipped {literal(label)}: {literal(reason)}", soft_wrap=True)
    if csv is not None:
        write_sensitivity_csv(report, csv)
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
        write_sensitivity_chart(report, out, words)
    if json:
        print_json(report.as_dict(words))
        return
    _print_table(*effect_rows(report, words))
    console.print(literal(legend(report, words)), soft_wrap=True)


NOTICE_SECONDS = 30.0
"""A run estimated to cost more than this says so before it starts."""


def _say_cost(plan: Plan, deals: int, skill: bool, backend: Backend) -> None:
    """Before a long run: what it plays and about what it costs (``Plan.cpu_seconds``)."""
    seconds = plan.cpu_seconds(deals, skill)
    if seconds < NOTICE_SECONDS:
        return
    count = len(plan.variants)
    variants = f"{count} variant{'' if count == 1 else 's'}"
    line = (
        f"{plan.ruleset.id}: the ruleset and {variants}, {deals:,} deals each: {cpu_text(seconds)}"
    )
    if backend.dask is None and backend.processes > 1:
        line += (
            f", about {clock_text(seconds / backend.processes)} on {backend.processes} processes"
        )
    err_console.print(line + " (fewer deals or --setting PREFIX run less)", soft_wrap=True)


def register(app: typer.Typer) -> None:
    app.command("sensitivity")(sensitivity_cmd)

"""``housegame validate`` and ``housegame schema``."""

from __future__ import annotations

import json
import sys
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from housegame.cli.common import (
    EXIT_BAD_INPUT,
    console,
    err_console,
    fail,
    handles_input_errors,
    literal,
)
from housegame.filecheck import FileReport, check_file
from housegame.schemas import SCHEMAS, render
from housegame.validation import Problem


class Format(StrEnum):
    text = "text"
    json = "json"


def _warning_line(problem: Problem) -> str:
    where = f"{problem.file}:{problem.line}" if problem.line is not None else problem.file
    path = f"{problem.path}: " if problem.path else ""
    return f"{where}: warning: {path}{problem.message}"


def _render_text(report: FileReport) -> None:
    if report.errors:
        for line in report.error_lines():
            err_console.print(literal(line), soft_wrap=True)
    else:
        console.print(f"{literal(report.file)}: ok ({literal(report.what)})", soft_wrap=True)
    for problem in report.warnings:
        console.print(literal(_warning_line(problem), lines=True), soft_wrap=True)


def validate(
    files: Annotated[
        list[Path], typer.Argument(help="Ruleset, table, OFC hand log or Big Two game log files.")
    ],
    strict: Annotated[
        bool, typer.Option("--strict", help="Treat lint warnings as errors (exit 2).")
    ] = False,
    format: Annotated[
        Format, typer.Option("--format", help="text, or json: a list of every problem.")
    ] = Format.text,
) -> None:
    """Check files (rulesets, tables, logs: told apart by their keys); report every problem,
    and lint warnings for rulesets."""
    reports = [check_file(file) for file in files]
    if strict:
        reports = [report.strict() for report in reports]
    if format is Format.json:
        problems = [p.as_dict() for r in reports for p in r.problems]
        sys.stdout.write(json.dumps(problems, ensure_ascii=False, indent=2) + "\n")
    else:
        for report in reports:
            _render_text(report)
    if any(r.errors for r in reports):
        raise typer.Exit(EXIT_BAD_INPUT)


def schema(
    name: Annotated[
        str, typer.Argument(help="ruleset, table, ofc-log, bigtwo-log or thirteen-log.")
    ],
) -> None:
    """Print a published JSON Schema (the same text as schemas/NAME.schema.json)."""
    if name not in SCHEMAS:
        fail(f"no schema '{name}'\n  hint: schemas: {', '.join(SCHEMAS)}")
    sys.stdout.write(render(name))


def register(app: typer.Typer) -> None:
    app.command("validate")(handles_input_errors(validate))
    app.command("schema")(handles_input_errors(schema))

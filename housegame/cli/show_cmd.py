"""``housegame show``, ``diff`` and ``new``: read, compare and start rulesets."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, cast

import typer

from housegame.cli.common import (
    LangOption,
    check_lang,
    console,
    fail,
    handles_input_errors,
    literal,
    print_json,
)
from housegame.cli.safe import visible
from housegame.glossary import LANGS, Lang
from housegame.inputs import check_writable, write_text_atomic
from housegame.rulesets.diff import diff_yaml
from housegame.rulesets.loader import load_ruleset
from housegame.rulesheet import FORMATS, SheetFormat
from housegame.rulesheet import show as show_ruleset
from housegame.rulesheet.diffwords import diff_document, worded_lines
from housegame.rulesheet.starter import check_name, starter_yaml


def show(
    ruleset: Annotated[str, typer.Argument(help="Bundled ruleset id or path to a YAML file.")],
    fmt: Annotated[
        str, typer.Option("--format", "-f", help="text, markdown, html, yaml or json.")
    ] = "text",
    lang: Annotated[str, typer.Option("--lang", help="en, or zh for Chinese names.")] = "en",
) -> None:
    """A ruleset's rules sheet (extends resolved), or the merged ruleset as YAML or JSON."""
    if fmt not in FORMATS:
        fail(f"--format: '{fmt}' is not one of {', '.join(FORMATS)}")
    if lang not in LANGS:
        fail(f"--lang: '{lang}' is not one of {', '.join(LANGS)}")
    text = show_ruleset(load_ruleset(ruleset), cast(SheetFormat, fmt), cast(Lang, lang))
    sys.stdout.write(visible(text, lines=True) if fmt in ("text", "markdown", "html") else text)


def diff(
    a: Annotated[str, typer.Argument(help="First ruleset: id or path.")],
    b: Annotated[str, typer.Argument(help="Second ruleset: id or path.")],
    fmt: Annotated[
        str,
        typer.Option(
            "--format", "-f", help="text (the rules' words), json (keys and words) or yaml (keys)."
        ),
    ] = "text",
    as_json: Annotated[bool, typer.Option("--json", help="Same as --format json.")] = False,
    lang: LangOption = "en",
) -> None:
    """The rules in which two rulesets differ, extends resolved, in the rules sheet's words
    grouped by topic (text), or as key paths (yaml; json has both)."""
    words = check_lang(lang)
    chosen = "json" if as_json else fmt
    if chosen not in DIFF_FORMATS:
        fail(f"--format: '{fmt}' is not one of {', '.join(DIFF_FORMATS)}")
    left, right = load_ruleset(a), load_ruleset(b)
    if chosen == "yaml":
        sys.stdout.write(diff_yaml(left, right))
        return
    document = diff_document(left, right, words)
    if chosen == "json":
        print_json(document)
        return
    for line in worded_lines(document, words):
        console.print(literal(line), soft_wrap=True)


DIFF_FORMATS = ("text", "json", "yaml")


def new(
    name: Annotated[str, typer.Argument(help="Id of the new ruleset (also its file name).")],
    base: Annotated[str, typer.Option("--from", help="The ruleset it extends: id or path.")],
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="File to write, or - for stdout.")
    ] = None,
    force: Annotated[bool, typer.Option("--force", help="Overwrite an existing file.")] = False,
) -> None:
    """Start a ruleset that extends BASE, every setting listed as a commented-out line."""
    check_name(name)
    target = output if output is not None else Path(f"{name}.yaml")
    if str(target) == "-":
        sys.stdout.write(starter_yaml(name, base, None))
        return
    check_writable(target, "--output")
    if target.exists() and not force:
        fail(f"{target} exists; use --force to overwrite it")
    text = starter_yaml(name, base, target)
    write_text_atomic(target, text)
    console.print(f"wrote {literal(target)} (extends {literal(base)})", soft_wrap=True)


def register(app: typer.Typer) -> None:
    app.command("show")(handles_input_errors(show))
    app.command("diff")(handles_input_errors(diff))
    app.command("new")(handles_input_errors(new))

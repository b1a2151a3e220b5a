"""What every CLI command shares: turning library errors into exit code 2, printing JSON."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable
from fractions import Fraction
from pathlib import Path
from typing import Annotated, Any, cast

import typer

from housegame.breakdown import detail_text, hands_line, item_label, lane_line
from housegame.cli.safe import (
    EXIT_BAD_INPUT,
    console,
    err_console,
    fail,
    handles_input_errors,
    literal,
)
from housegame.glossary import LANGS, Lang, term
from housegame.results import PairResult

__all__ = [
    "EXIT_BAD_INPUT",
    "JsonOption",
    "LangOption",
    "LogRulesetOption",
    "check_lang",
    "console",
    "err_console",
    "fail",
    "handles_input_errors",
    "literal",
    "print_json",
    "render_pairs",
    "signed_units",
    "to_jsonable",
]

JsonOption = Annotated[bool, typer.Option("--json", help="Print one JSON object.")]
"""The ``--json`` switch of every command that prints one JSON object."""

LangOption = Annotated[
    str, typer.Option("--lang", metavar="en|zh", help="en, or zh for Chinese terms.")
]

LogRulesetOption = Annotated[
    str | None,
    typer.Option("--ruleset", "-r", metavar="ID|PATH", help="Override the log's ruleset."),
]
"""The ``--ruleset`` of every ``replay`` that reads a log naming its own ruleset."""

TableArgument = Annotated[
    Path, typer.Argument(metavar="TABLE", help="Table file (YAML or JSON); - reads stdin.")
]
"""The table file of ``score`` and ``explain``."""

TableRulesetOption = Annotated[
    str | None,
    typer.Option("--ruleset", "-r", metavar="ID|PATH", help="Ruleset id or YAML path."),
]
"""The ``--ruleset`` that overrides a table's own."""


def check_lang(lang: str) -> Lang:
    """The --lang value, or exit 2 naming the choices."""
    if lang not in LANGS:
        fail(f"--lang: '{lang}' is not one of {', '.join(LANGS)}")
    return cast(Lang, lang)


def to_jsonable(value: Any) -> Any:
    """Fractions become ints when whole, floats otherwise; containers are walked."""
    if isinstance(value, Fraction):
        return int(value) if value.denominator == 1 else float(value)
    if isinstance(value, dict):
        return {str(k): to_jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [to_jsonable(v) for v in value]
    return value


def signed_units(value: object) -> str:
    """Units with their sign: +3, -1.5."""
    shown = to_jsonable(value)
    return f"{shown:+}" if isinstance(shown, (int, float)) else str(shown)


def render_pairs(pairs: Iterable[PairResult], lang: Lang = "en") -> None:
    """Each settled pair: every lane's winner and hands (with its units where the ruleset pays
    lane by lane), the other items, then the net to the pair's first player."""
    for pair in pairs:
        console.print(f"\n[bold]{literal(pair.first)} vs {literal(pair.second)}[/]")
        lane_items = {item.lane: item for item in pair.items if item.kind == "lane"}
        width = max((len(lane_line(lane, lang)) for lane in pair.lanes), default=0)
        for lane in pair.lanes:
            item = lane_items.get(lane.lane)
            units = signed_units(item.units) if item is not None else ""
            _line(units, lane_line(lane, lang).ljust(width), hands_line(lane, lang))
        for item in pair.items:
            if item.kind != "lane" or item.lane not in {lane.lane for lane in pair.lanes}:
                detail = detail_text(item, lang)
                _line(signed_units(item.units), item_label(item, lang), detail)
        net = f"{term('net', lang)} {pair.first}" if lang == "zh" else f"net to {pair.first}"
        _line(signed_units(pair.net), net, "")


def _line(units: str, label: str, detail: str) -> None:
    shown = f"  [dim]{literal(detail)}[/]" if detail else ""
    console.print(f"  {units:>6}  {literal(label)}{shown}", soft_wrap=True)


def print_json(value: Any) -> None:
    sys.stdout.write(json.dumps(to_jsonable(value), ensure_ascii=False, indent=2) + "\n")

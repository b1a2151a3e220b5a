"""What every CLI command shares: turning library errors into exit code 2, printing JSON."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable
from fractions import Fraction
from typing import Any

from housegame.cli.safe import (
    EXIT_BAD_INPUT,
    console,
    err_console,
    fail,
    handles_input_errors,
    literal,
)
from housegame.results import PairResult

__all__ = [
    "EXIT_BAD_INPUT",
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


def render_pairs(pairs: Iterable[PairResult]) -> None:
    """Each settled pair: its items, then the net to the pair's first player."""
    for pair in pairs:
        console.print(f"\n[bold]{literal(pair.first)} vs {literal(pair.second)}[/]")
        for item in pair.items:
            detail = f"  [dim]{literal(item.detail)}[/]" if item.detail else ""
            console.print(
                f"  {signed_units(item.units):>6}  {literal(item.label)}{detail}", soft_wrap=True
            )
        console.print(f"  {signed_units(pair.net):>6}  net to {literal(pair.first)}")


def print_json(value: Any) -> None:
    sys.stdout.write(json.dumps(to_jsonable(value), ensure_ascii=False, indent=2) + "\n")

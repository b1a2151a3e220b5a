"""What every CLI command shares: turning library errors into exit code 2, printing JSON."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable, Iterable
from fractions import Fraction
from functools import wraps
from typing import Annotated, Any, ParamSpec, TypeVar, cast

import typer
from rich.console import Console, ConsoleDimensions

from housegame.cli.breakdown import hands_line, item_label, lane_line
from housegame.errors import HousegameError, RulesetError
from housegame.glossary import LANGS, Lang, term
from housegame.rulesets.loader import load_ruleset
from housegame.rulesets.thirteen import ThirteenCardRuleset
from housegame.thirteen.results import PairResult

P = ParamSpec("P")
R = TypeVar("R")

PLAIN_WIDTH = 10_000
"""Width of output that is not a terminal: lines are never wrapped (COLUMNS overrides)."""


class PlainWhenPiped(Console):
    """A terminal gets rich output at its width; a pipe or file gets plain text, unwrapped
    unless ``COLUMNS`` asks for a width. Colour follows rich: none when not a terminal, and
    none when ``NO_COLOR`` is set."""

    @property
    def size(self) -> ConsoleDimensions:
        if self.is_terminal or self._width is not None:
            return super().size
        columns = os.environ.get("COLUMNS", "")
        return ConsoleDimensions(int(columns) if columns.isdigit() else PLAIN_WIDTH, 25)

    @size.setter
    def size(self, new_size: tuple[int, int]) -> None:
        Console.size.fset(self, new_size)  # type: ignore[attr-defined]


console = PlainWhenPiped(highlight=False)
err_console = PlainWhenPiped(stderr=True, highlight=False)

EXIT_BAD_INPUT = 2

LangOption = Annotated[
    str, typer.Option("--lang", metavar="en|zh", help="en, or zh for Chinese terms.")
]


def check_lang(lang: str) -> Lang:
    """The --lang value, or exit 2 naming the choices."""
    if lang not in LANGS:
        fail(f"--lang: '{lang}' is not one of {', '.join(LANGS)}")
    return cast(Lang, lang)


def fail(message: str) -> None:
    """Print a problem on stderr and exit 2 (bad input)."""
    err_console.print(f"[bold red]error:[/] {message}", markup=True, soft_wrap=True)
    sys.exit(EXIT_BAD_INPUT)


def handles_input_errors(func: Callable[P, R]) -> Callable[P, R]:
    """Run a command so that bad input becomes a message and exit 2, never a traceback."""

    @wraps(func)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return func(*args, **kwargs)
        except HousegameError as exc:
            fail(_escape(str(exc)))
        raise AssertionError("unreachable")

    return wrapper


def thirteen_ruleset(ref: str, command: str) -> ThirteenCardRuleset:
    """A 13-card ruleset by id or path; any other game is bad input for ``command``."""
    ruleset = load_ruleset(ref)
    if not isinstance(ruleset, ThirteenCardRuleset):
        raise RulesetError(
            f"ruleset '{ruleset.id}' is not a 13-card ruleset",
            hint=f"`housegame {command}` needs a 13-card (Chinese Poker) ruleset; "
            "`housegame rulesets` lists them with their game",
        )
    return ruleset


def _escape(text: str) -> str:
    return text.replace("[", "\\[")


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
        console.print(f"\n[bold]{_escape(pair.first)} vs {_escape(pair.second)}[/]")
        lane_items = {item.lane: item for item in pair.items if item.kind == "lane"}
        width = max((len(lane_line(lane, lang)) for lane in pair.lanes), default=0)
        for lane in pair.lanes:
            item = lane_items.get(lane.lane)
            units = signed_units(item.units) if item is not None else ""
            _line(units, lane_line(lane, lang).ljust(width), hands_line(lane, lang))
        for item in pair.items:
            if item.kind != "lane" or item.lane not in {lane.lane for lane in pair.lanes}:
                detail = item.detail if lang == "en" or item.kind not in ("lane", "royalty") else ""
                _line(signed_units(item.units), item_label(item, lang), detail)
        net = f"{term('net', lang)} {pair.first}" if lang == "zh" else f"net to {pair.first}"
        _line(signed_units(pair.net), net, "")


def _line(units: str, label: str, detail: str) -> None:
    shown = f"  [dim]{_escape(detail)}[/]" if detail else ""
    console.print(f"  {units:>6}  {_escape(label)}{shown}", soft_wrap=True)


def print_json(value: Any) -> None:
    sys.stdout.write(json.dumps(to_jsonable(value), ensure_ascii=False, indent=2) + "\n")

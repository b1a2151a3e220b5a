"""What keeps the terminal safe from its input: user text shown literally, every failure one
line with a documented exit code, and end of input treated as such.

Exit codes: 0 success; 2 bad input (ours and typer's usage errors); 70 an internal error (a
bug: one line on stderr, the traceback with ``--debug`` or ``HOUSEGAME_DEBUG=1``).
"""

from __future__ import annotations

import os
import sys
import traceback
from collections.abc import Callable
from functools import wraps
from typing import ParamSpec, TypeVar

import typer
from rich.markup import escape

from housegame.cli.console import PlainWhenPiped
from housegame.errors import HousegameError
from housegame.inputs import escape_controls

P = ParamSpec("P")
R = TypeVar("R")

EXIT_BAD_INPUT = 2
EXIT_INTERNAL = 70
"""EX_SOFTWARE in sysexits.h."""
DEBUG_ENV = "HOUSEGAME_DEBUG"

console = PlainWhenPiped(highlight=False, emoji=False)
err_console = PlainWhenPiped(stderr=True, highlight=False, emoji=False)

_debug = False


def set_debug(on: bool) -> None:
    """``--debug``: internal errors print their traceback."""
    global _debug
    _debug = on


def debugging() -> bool:
    return _debug or os.environ.get(DEBUG_ENV, "") not in ("", "0")


def visible(text: str, lines: bool = False) -> str:
    r"""Control characters (terminal escapes, bidi overrides; newlines unless ``lines``) as
    ``\x1b``-style escapes, so a name can neither restyle, move nor retitle the terminal."""
    return escape_controls(text, "\n" if lines else "")


def literal(value: object, lines: bool = False) -> str:
    """Any user-supplied text for a rich markup string: shown exactly as written, escapes
    made visible and markup (``[bold]``, ``[/]``) escaped. Used for every such value; ``lines``
    keeps line breaks (multi-line error messages)."""
    return escape(visible(str(value), lines))


def fail(message: str, code: int = EXIT_BAD_INPUT) -> None:
    """Print a problem on stderr and exit (2: bad input)."""
    err_console.print(f"[bold red]error:[/] {literal(message, lines=True)}", soft_wrap=True)
    sys.exit(code)


def _internal(exc: BaseException) -> None:
    if debugging():
        traceback.print_exception(exc, file=sys.stderr)
    else:
        err_console.print(
            f"[bold red]internal error:[/] {literal(type(exc).__name__)}: "
            f"{literal(str(exc)[:200])} (a bug in housegame; run again with --debug or "
            f"{DEBUG_ENV}=1 for the traceback)",
            soft_wrap=True,
        )
    sys.exit(EXIT_INTERNAL)


def handles_input_errors(func: Callable[P, R]) -> Callable[P, R]:
    """Run a command so that bad input becomes a message and exit 2, and anything else one
    line and exit 70: never a traceback unless asked for."""

    @wraps(func)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return func(*args, **kwargs)
        except HousegameError as exc:
            fail(str(exc))
        except (typer.Exit, typer.Abort, typer.TyperException):  # typer's own way out
            raise
        except Exception as exc:
            _internal(exc)
        raise AssertionError("unreachable")

    return wrapper


def read_line() -> str:
    """One line of the person's input; '' at end of input, also when stdin is closed."""
    stream = sys.stdin
    if stream is None or stream.closed:
        return ""
    try:
        return stream.readline()
    except (OSError, ValueError, UnicodeDecodeError):
        return ""

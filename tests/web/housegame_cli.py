"""Running the CLI beside the web app, to compare their answers exactly: in-process, through
typer's runner (as the manual's console blocks are), since a fresh interpreter per call would
cost a second of start-up for nothing."""

from __future__ import annotations

import contextlib
import json
import subprocess
import traceback
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from tests.web.conftest import ROOT

UNKNOWN = [
    "unknown ruleset 'taiwn'",
    "  hint: did you mean 'taiwan'? `housegame rulesets` lists the bundled ids; or give a path "
    "to a .yaml file",
]
"""The CLI's lines for ``taiwn`` (after ``error:``)."""


def cli(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    """``housegame ARGS`` run from ``cwd``: its exit code, standard output and standard error,
    as a process would give them (an uncaught exception is a traceback and exit code 1)."""
    from housegame.cli import app

    with contextlib.chdir(cwd):
        result = CliRunner().invoke(app, list(args), catch_exceptions=True)
    stderr = result.stderr
    exc = result.exception
    if exc is not None and not isinstance(exc, SystemExit):
        stderr += "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
    return subprocess.CompletedProcess(
        ["housegame", *args], result.exit_code, result.stdout, stderr
    )


def cli_json(*args: str, cwd: Path = ROOT) -> Any:
    done = cli(*args, cwd=cwd)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def cli_ok(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    """``cli``, which must exit 0."""
    done = cli(*args, cwd=cwd)
    assert done.returncode == 0, done.stderr
    return done

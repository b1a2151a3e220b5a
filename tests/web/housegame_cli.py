"""Running the CLI beside the web app, to compare their answers exactly."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from tests.web.conftest import ROOT

UNKNOWN = [
    "unknown ruleset 'taiwn'",
    "  hint: did you mean 'taiwan'? `housegame rulesets` lists the bundled ids; or give a path "
    "to a .yaml file",
]
"""The CLI's lines for ``taiwn`` (after ``error:``)."""


def cli(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "housegame", *args], capture_output=True, text=True, cwd=cwd
    )


def cli_json(*args: str, cwd: Path = ROOT) -> Any:
    done = cli(*args, cwd=cwd)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)

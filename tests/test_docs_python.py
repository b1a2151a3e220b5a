"""Every ```python block in README.md and docs/*.md runs as written, from the repository root
(each in a fresh interpreter), so the manual's library examples never drift from the API."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from dataclasses import dataclass
from importlib.metadata import packages_distributions
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name as canonical_name

ROOT = Path(__file__).resolve().parents[1]


@dataclass(frozen=True)
class PythonBlock:
    file: Path
    line: int
    code: str

    @property
    def id(self) -> str:
        return f"{self.file.name}:{self.line}"


def python_blocks(path: Path) -> list[PythonBlock]:
    blocks: list[PythonBlock] = []
    lines = path.read_text(encoding="utf-8").splitlines()
    start: int | None = None
    for number, line in enumerate(lines, 1):
        if start is None and line.strip() == "```python":
            start = number
        elif start is not None and line.strip() == "```":
            blocks.append(PythonBlock(path, start, "\n".join(lines[start : number - 1]) + "\n"))
            start = None
    return blocks


BLOCKS = [
    block
    for page in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    for block in python_blocks(page)
]


def test_blocks_are_found() -> None:
    assert len(BLOCKS) >= 5


MANUAL_BLOCKS = [block for block in BLOCKS if block.file.name != "README.md"]
"""The README's blocks run below, with only what the README's install brings."""


@pytest.mark.parametrize("block", MANUAL_BLOCKS, ids=[b.id for b in MANUAL_BLOCKS])
def test_python_block_runs(block: PythonBlock) -> None:
    done = subprocess.run(
        [sys.executable, "-c", block.code],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, f"{block.id}:\n{done.stderr[-2000:]}"


def extras_only_modules() -> set[str]:
    """Top-level modules that only an extra of pyproject.toml installs (matplotlib, pandas,
    fastapi, ...): what the README's first command, ``pip install .``, does not bring."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    base = {canonical_name(Requirement(r).name) for r in project["dependencies"]}
    extras = (
        {
            canonical_name(Requirement(r).name)
            for requirements in project["optional-dependencies"].values()
            for r in requirements
        }
        - base
        - {"housegame"}
    )
    return {
        module
        for module, dists in packages_distributions().items()
        if {canonical_name(d) for d in dists} <= extras
    }


README_BLOCKS = [block for block in BLOCKS if block.file.name == "README.md"]


@pytest.mark.parametrize("block", README_BLOCKS, ids=[b.id for b in README_BLOCKS])
def test_readme_python_runs_after_the_readme_s_install(block: PythonBlock) -> None:
    """The README's Python examples run with what ``pip install .`` installs: every module only
    an extra brings is made unimportable first."""
    blocked = sorted(extras_only_modules())
    assert {"matplotlib", "pandas", "fastapi"} <= set(blocked)
    prelude = f"import sys\nfor name in {blocked!r}:\n    sys.modules[name] = None\n"
    done = subprocess.run(
        [sys.executable, "-c", prelude + block.code],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, f"{block.id}:\n{done.stderr[-2000:]}"

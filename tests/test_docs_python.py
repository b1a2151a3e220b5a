"""Every ```python block in README.md and docs/*.md runs as written, from the repository root
(each in a fresh interpreter), so the manual's library examples never drift from the API."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

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


@pytest.mark.parametrize("block", BLOCKS, ids=[b.id for b in BLOCKS])
def test_python_block_runs(block: PythonBlock) -> None:
    done = subprocess.run(
        [sys.executable, "-c", block.code],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, f"{block.id}:\n{done.stderr[-2000:]}"

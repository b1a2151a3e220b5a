"""Rewrite the output of every ```console block in README.md and docs/*.md with what the
commands print now: ``python -m tests.docs_regen [FILE...]``. Review the diff before committing.
"""

from __future__ import annotations

import sys
from pathlib import Path

from tests.docs_blocks import console_blocks, doc_files, regenerate


def regenerate_file(file: Path) -> bool:
    """Rewrite one page; True when it changed."""
    original = file.read_text(encoding="utf-8")
    lines = original.splitlines()
    for block in reversed(console_blocks(file)):
        lines = regenerate(block, lines)
    updated = "\n".join(lines) + "\n"
    if updated != original:
        file.write_text(updated, encoding="utf-8")
    return updated != original


def main(argv: list[str]) -> None:
    files = [Path(a).resolve() for a in argv] or doc_files()
    for file in files:
        if regenerate_file(file):
            print(f"rewrote {file.name}")


if __name__ == "__main__":
    main(sys.argv[1:])

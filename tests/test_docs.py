"""Every ```console block in README.md and docs/*.md prints exactly what the manual says.

Regenerate the outputs with ``python -m tests.docs_regen`` and review the diff.
"""

from __future__ import annotations

import pytest

from tests.docs_blocks import ROOT, Block, all_blocks, parse_blocks, run

BLOCKS = all_blocks()


@pytest.mark.parametrize("block", BLOCKS, ids=[b.id for b in BLOCKS])
def test_console_block(block: Block) -> None:
    for command in block.commands:
        actual = run(command)
        assert actual == list(command.expected), (
            f"{block.file.name}:{command.line}: `$ {command.text}` printed:\n" + "\n".join(actual)
        )


def test_blocks_are_found() -> None:
    assert BLOCKS, "no ```console block in README.md or docs/*.md"


def test_block_parsing() -> None:
    page = "text\n\n```console\n$ housegame a \\\n  --b\nout 1  \n\n$ housegame c\n```\n"
    page += "```text\n$ not run\n```\n"
    (block,) = parse_blocks(ROOT / "page.md", page.splitlines())
    assert block.id == "page.md:3"
    assert (block.line, block.end) == (3, 9)
    first, second = block.commands
    assert (first.line, first.text, first.expected) == (4, "housegame a --b", ("out 1",))
    assert (second.line, second.text, second.expected) == (8, "housegame c", ())

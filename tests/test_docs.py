"""Every ```console block in README.md and docs/*.md prints exactly what the manual says.

Regenerate the outputs with ``python -m tests.docs_regen`` and review the diff.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.docs_blocks import ROOT, Block, Command, all_blocks, parse_blocks, run

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


BUILDS_ONCE = """\
import os, pathlib, sys
cache = pathlib.Path(os.environ["HOUSEGAME_CACHE"])
runs = cache.parent / "runs"
runs.write_text(runs.read_text() + "run\\n")
table = cache / "rank-tables-test.npz"
if not table.exists():
    sys.stderr.write("housegame: building lookup tables for ranking test; this happens once\\n")
    cache.mkdir(exist_ok=True)
    table.write_bytes(b"table")
print(sys.argv[1].format(runs=len(runs.read_text().split())))
"""
"""A command that, like ``housegame arrange`` on a fresh machine, builds a table into the cache
on first use and says so on stderr, once; it prints its argument and counts its runs."""


@pytest.fixture
def cold_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty table cache (not yet a folder), the run count beside it, and the command."""
    (tmp_path / "runs").write_text("")
    (tmp_path / "builds_once.py").write_text(BUILDS_ONCE)
    monkeypatch.setenv("HOUSEGAME_CACHE", str(tmp_path / "cache"))
    return tmp_path


def _command(folder: Path, prints: str) -> Command:
    text = f"python {folder / 'builds_once.py'} '{prints}'"
    return Command(line=1, text=text, source_lines=(f"$ {text}",), expected=())


def test_an_example_shows_what_it_prints_once_its_tables_are_built(cold_cache: Path) -> None:
    """On a fresh machine (or run first) an example that builds a table says so on stderr;
    the manual shows what it prints once they are built, whatever ran before."""
    command = _command(cold_cache, "best  9H 9D 4C")
    assert run(command) == ["best  9H 9D 4C"]
    assert (cold_cache / "runs").read_text().split() == ["run"] * 2, "built, then run warm"
    assert run(command) == ["best  9H 9D 4C"]
    assert (cold_cache / "runs").read_text().split() == ["run"] * 3, "warm: run once"


def test_an_example_that_prints_otherwise_while_it_builds_fails(cold_cache: Path) -> None:
    with pytest.raises(AssertionError, match="printed one thing while it built tables"):
        run(_command(cold_cache, "run {runs}"))

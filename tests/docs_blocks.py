"""The ```console blocks of the manual: find them, run their commands, rewrite their output.

A block is a fenced block tagged ``console`` in README.md or docs/*.md. Each line starting with
``$ `` is a command (a trailing `` \\`` continues it on the next line); the lines after it, up to
the next command or the end of the block, are its exact output (stdout and stderr as a terminal
shows them, 80 columns, trailing spaces and trailing blank lines ignored).

``housegame ...`` commands run in-process through typer's CliRunner (fast, and the worktree's
code); any other command runs as a subprocess without a shell. Every command runs from the
repository root.

The output shown is that of a machine whose table cache already holds what the command reads.
A command that builds a table on first use says so on stderr, once ("building lookup tables
...; this happens once"), so whether that line shows depends on what ran before, in this
process or on this machine. A command that wrote to the table cache is therefore run again,
and the second run is the one compared; its standard output must be the first run's.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
import traceback
from dataclasses import dataclass
from pathlib import Path

from typer.testing import CliRunner

from housegame.arrange.cache import cache_dir

ROOT = Path(__file__).resolve().parent.parent
COLUMNS = "80"
_FENCE = re.compile(r"^(\s*)(`{3,}|~{3,})\s*([\w-]*)")


@dataclass(frozen=True)
class Command:
    line: int
    """1-based line of the ``$ `` line in the file."""
    text: str
    """The command as typed, continuation lines joined."""
    source_lines: tuple[str, ...]
    """The ``$ `` line and its continuation lines, as written."""
    expected: tuple[str, ...]


@dataclass(frozen=True)
class Block:
    file: Path
    line: int
    """1-based line of the opening fence."""
    end: int
    """1-based line of the closing fence."""
    commands: tuple[Command, ...]

    @property
    def id(self) -> str:
        return f"{_shown(self.file)}:{self.line}"


def _shown(file: Path) -> str:
    return file.relative_to(ROOT).as_posix() if file.is_relative_to(ROOT) else file.name


def doc_files() -> list[Path]:
    """README.md and every page of the manual."""
    return [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def _parse_commands(body: list[str], first_line: int, where: str) -> tuple[Command, ...]:
    commands: list[Command] = []
    i = 0
    while i < len(body):
        if not body[i].startswith("$ "):
            raise ValueError(f"{where}:{first_line + i}: console block text before any `$ ` line")
        start = i
        parts = [body[i][2:]]
        while parts[-1].endswith("\\") and i + 1 < len(body):
            parts[-1] = parts[-1][:-1]
            i += 1
            parts.append(body[i])
        i += 1
        out_start = i
        while i < len(body) and not body[i].startswith("$ "):
            i += 1
        commands.append(
            Command(
                line=first_line + start,
                text=" ".join(p.strip() for p in parts),
                source_lines=tuple(body[start:out_start]),
                expected=tuple(normalise(body[out_start:i])),
            )
        )
    return tuple(commands)


def console_blocks(file: Path) -> list[Block]:
    """Every ```console block of one Markdown file."""
    return parse_blocks(file, file.read_text(encoding="utf-8").splitlines())


def parse_blocks(file: Path, lines: list[str]) -> list[Block]:
    """Every ```console block of these Markdown lines (read from ``file``)."""
    blocks: list[Block] = []
    i = 0
    while i < len(lines):
        opening = _FENCE.match(lines[i])
        if not opening:
            i += 1
            continue
        fence = opening.group(2)
        end = i + 1
        while end < len(lines) and not lines[end].strip().startswith(fence):
            end += 1
        if opening.group(3) == "console":
            commands = _parse_commands(lines[i + 1 : end], i + 2, _shown(file))
            blocks.append(Block(file, i + 1, end + 1, commands))
        i = end + 1
    return blocks


def all_blocks() -> list[Block]:
    return [block for file in doc_files() for block in console_blocks(file)]


def normalise(lines: list[str]) -> list[str]:
    """Trailing spaces and trailing blank lines do not count."""
    out = [line.rstrip() for line in lines]
    while out and not out[-1]:
        out.pop()
    return out


DOCS_DATA_HOME = "/home/you/.local/share"
"""The user data folder the manual's commands show (``housegame new``'s schema reference)."""


@dataclass(frozen=True)
class Output:
    stdout: str
    shown: str
    """Standard output and standard error as a terminal shows them."""


def _run_housegame(args: list[str]) -> Output:
    from housegame.cli import app

    env = {"COLUMNS": COLUMNS, "XDG_DATA_HOME": DOCS_DATA_HOME}
    result = CliRunner().invoke(app, args, env=env, catch_exceptions=True)
    output = result.output
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        exc = result.exception
        output += "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
    return Output(result.stdout, output)


def _run_process(args: list[str]) -> Output:
    if args[0] == "python":
        args = [sys.executable, *args[1:]]
    env = {**os.environ, "COLUMNS": COLUMNS, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        args, cwd=ROOT, env=env, capture_output=True, text=True, stdin=subprocess.DEVNULL
    )
    return Output(done.stdout, done.stdout + done.stderr)


def _cached_files() -> dict[str, tuple[int, int]]:
    """The table cache's files, each with its size and modification time (a write, or a
    rebuild of a file that did not verify, changes them); temporary files do not count."""
    folder = cache_dir()
    files: dict[str, tuple[int, int]] = {}
    if folder is None:
        return files
    try:
        for path in folder.iterdir():
            if not path.name.startswith("."):
                stat = path.stat()
                files[path.name] = (stat.st_size, stat.st_mtime_ns)
    except OSError:  # no cache folder yet, or one that cannot be read
        pass
    return files


def _run_once(args: list[str]) -> Output:
    return _run_housegame(args[1:]) if args[0] == "housegame" else _run_process(args)


def run(command: Command) -> list[str]:
    """The command's output lines, run from the repository root, as on a machine whose table
    cache already holds what it reads (a command that built a table runs a second time)."""
    args = shlex.split(command.text)
    if any(token in {"|", "&&", ";", ">", "<"} for token in args):
        raise ValueError(f"line {command.line}: shell syntax is not run in console blocks")
    cwd = Path.cwd()
    os.chdir(ROOT)
    try:
        before = _cached_files()
        output = _run_once(args)
        if _cached_files() != before:
            warm = _run_once(args)
            if warm.stdout != output.stdout:
                raise AssertionError(
                    f"line {command.line}: `$ {command.text}` printed one thing while it built "
                    f"tables:\n{output.stdout}\nand another once they were built:\n{warm.stdout}"
                )
            output = warm
    finally:
        os.chdir(cwd)
    return normalise(output.shown.splitlines())


def regenerate(block: Block, lines: list[str]) -> list[str]:
    """The file's lines with this block's outputs replaced by what the commands print now."""
    body: list[str] = []
    for command in block.commands:
        body.extend(command.source_lines)
        body.extend(run(command))
    return [*lines[: block.line], *body, *lines[block.end - 1 :]]

"""YAML reading that remembers where every key came from (file and line).

Rules authors need ``file:line`` in every error; PyYAML's composed node tree
has the marks, so we construct the data and a path -> position map together.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from housegame.errors import RulesetError

KeyPath = tuple[str | int, ...]


@dataclass(frozen=True)
class Position:
    file: str
    line: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}"


@dataclass
class Located:
    """Plain data plus the position of every mapping key and list item in it."""

    data: Any
    positions: dict[KeyPath, Position] = field(default_factory=dict)
    file: str = "<string>"

    def position_of(self, path: KeyPath) -> Position:
        """Where ``path`` (or its nearest present ancestor) was written."""
        for end in range(len(path), -1, -1):
            found = self.positions.get(tuple(path[:end]))
            if found is not None:
                return found
        return Position(self.file, 1)


def _walk(node: yaml.Node, path: KeyPath, file: str, out: dict[KeyPath, Position]) -> None:
    if isinstance(node, yaml.MappingNode):
        seen: set[str] = set()
        for key_node, value_node in node.value:
            key = str(key_node.value)
            if key in seen:
                raise RulesetError(
                    f"{file}:{key_node.start_mark.line + 1}: key '{key}' appears twice"
                    f" in {format_path(path) or 'the top level'}",
                    hint="YAML keeps only the last one; remove or merge the duplicate",
                )
            seen.add(key)
            out[(*path, key)] = Position(file, key_node.start_mark.line + 1)
            _walk(value_node, (*path, key), file, out)
    elif isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):
            out[(*path, i)] = Position(file, item.start_mark.line + 1)
            _walk(item, (*path, i), file, out)


def load_yaml_text(text: str, file: str = "<string>") -> Located:
    """Parse YAML text; a syntax error becomes a RulesetError with file:line."""
    try:
        loader = yaml.SafeLoader(text)
        try:
            node = loader.get_single_node()
            data = loader.construct_document(node) if node is not None else None
        finally:
            loader.dispose()
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark is not None else 1
        raise RulesetError(
            f"{file}:{line}: YAML syntax error: {exc.problem or exc}",
            hint="check indentation and quoting around that line",
        ) from None
    except yaml.YAMLError as exc:
        raise RulesetError(f"{file}: YAML error: {exc}") from None
    positions: dict[KeyPath, Position] = {(): Position(file, 1)}
    if node is not None:
        _walk(node, (), file, positions)
    return Located(data, positions, file)


STDIN = Path("-")
"""The path that means standard input, wherever a command reads a file."""


def load_yaml_file(path: Path) -> Located:
    if path == STDIN:
        return load_yaml_text(sys.stdin.read(), "<stdin>")
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise RulesetError(f"cannot read {path}: {exc.strerror}") from None
    return load_yaml_text(text, str(path))


def format_path(path: KeyPath) -> str:
    """A key path the way a user reads it: ``scoop.multiplier`` or ``specials.hands[2].when``."""
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text

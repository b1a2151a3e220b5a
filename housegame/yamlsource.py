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
from housegame.inputs import (
    MAX_ALIAS_VALUES,
    MAX_DEPTH,
    MAX_FILE_BYTES,
    InputError,
    check_text_size,
    current_limits,
    decode_text,
    read_text,
)

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
    written: dict[KeyPath, KeyPath] = field(default_factory=dict)
    """For merged data: merged path -> the path as its file wrote it (list entries merged by
    identity move); paths not listed are written as they are."""

    def written_path(self, path: KeyPath) -> KeyPath:
        """``path`` as the file that wrote it spells it."""
        for end in range(len(path), -1, -1):
            found = self.written.get(tuple(path[:end]))
            if found is not None:
                return (*found, *path[end:])
        return tuple(path)

    def position_of(self, path: KeyPath) -> Position:
        """Where ``path`` (or its nearest present ancestor) was written."""
        for end in range(len(path), -1, -1):
            found = self.positions.get(tuple(path[:end]))
            if found is not None:
                return found
        return Position(self.file, 1)


_STR_TAG = "tag:yaml.org,2002:str"


def _walk(node: yaml.Node, path: KeyPath, file: str, out: dict[KeyPath, Position]) -> None:
    if isinstance(node, yaml.MappingNode):
        seen: set[str] = set()
        for key_node, value_node in node.value:
            _check_key(key_node, path, file)
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


def _check_key(key_node: yaml.Node, path: KeyPath, file: str) -> None:
    """Keys are text: ``1: 2`` or ``~: 1`` would reach the schema as numbers and nulls."""
    if isinstance(key_node, yaml.ScalarNode) and key_node.tag == _STR_TAG:
        return
    shown = key_node.value if isinstance(key_node, yaml.ScalarNode) else "a list or mapping"
    raise InputError(
        f"{file}:{key_node.start_mark.line + 1}: key {shown!r} in "
        f"{format_path(path) or 'the top level'} is not text",
        hint="quote it (e.g. '1': ...); keys are names",
    )


LoaderClass = type[yaml.SafeLoader] | type[yaml.CSafeLoader]
_FAST: LoaderClass = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
"""libyaml's safe loader where PyYAML was built with it (ten times faster on large tables);
a file it refuses is read again by the pure-Python loader, whose messages are documented."""

_OPEN = (yaml.MappingStartEvent, yaml.SequenceStartEvent)
_CLOSE = (yaml.MappingEndEvent, yaml.SequenceEndEvent)


def _check_depth(text: str, file: str, loader: LoaderClass) -> None:
    """Refuse nesting past the limit from the event stream, which is read without recursion,
    before the (recursive) composer sees it."""
    depth = 0
    for event in yaml.parse(text, Loader=loader):
        if isinstance(event, _OPEN):
            depth += 1
            if depth > MAX_DEPTH:
                line = event.start_mark.line + 1 if event.start_mark is not None else 1
                raise InputError(
                    f"{file}:{line}: nested more than {MAX_DEPTH} levels deep",
                    hint="no ruleset, table or log needs this much nesting",
                )
        elif isinstance(event, _CLOSE):
            depth -= 1


def _check_expansion(root: yaml.Node, file: str) -> None:
    """Refuse alias bombs, aliases that add more than ``MAX_ALIAS_VALUES`` values, aliases
    nested past the depth limit, and an alias inside the value it names, by counting what the
    document holds with every alias expanded (without expanding anything: each node is
    measured once)."""
    measured: dict[int, tuple[int, int]] = {}
    open_nodes: set[int] = set()
    max_values = current_limits().values

    def measure(node: yaml.Node) -> tuple[int, int]:
        key = id(node)
        if key in measured:
            return measured[key]
        if key in open_nodes:
            raise InputError(
                f"{file}:{node.start_mark.line + 1}: an alias refers to the value that holds it",
                hint="a ruleset, table or log is a tree; remove the *alias",
            )
        open_nodes.add(key)
        children: list[yaml.Node] = []
        if isinstance(node, yaml.MappingNode):
            children = [part for pair in node.value for part in pair]
        elif isinstance(node, yaml.SequenceNode):
            children = list(node.value)
        parts = [measure(child) for child in children]
        open_nodes.discard(key)
        total, depth = 1 + sum(p[0] for p in parts), 1 + max((p[1] for p in parts), default=0)
        if total > max_values:
            raise InputError(
                f"{file}: more than {max_values:,} values once its aliases are expanded",
                hint="aliases (*name) repeat what &name marks; repeat less",
            )
        if depth > MAX_DEPTH:
            raise InputError(
                f"{file}:{node.start_mark.line + 1}: nested more than {MAX_DEPTH} levels deep"
                " once its aliases are expanded",
                hint="no ruleset, table or log needs this much nesting",
            )
        measured[key] = total, depth
        return total, depth

    total = measure(root)[0]
    if total - len(measured) > MAX_ALIAS_VALUES:
        raise InputError(
            f"{file}: its aliases add {total - len(measured):,} values to what it writes out "
            f"(at most {MAX_ALIAS_VALUES:,})",
            hint="aliases (*name) repeat what &name marks; repeat less",
        )


def _compose(text: str, file: str, loader_class: LoaderClass) -> tuple[yaml.Node | None, Any]:
    """The node tree (for positions) and the data, within the limits."""
    _check_depth(text, file, loader_class)
    loader = loader_class(text)
    try:
        node = loader.get_single_node()
        if node is not None:
            _check_expansion(node, file)
        return node, loader.construct_document(node) if node is not None else None
    finally:
        loader.dispose()


def load_yaml_text(text: str, file: str = "<string>") -> Located:
    """Parse YAML text; a syntax error becomes a RulesetError with file:line. Nesting, alias
    expansion and numbers are bounded (``housegame.inputs``)."""
    check_text_size(text, file)
    try:
        try:
            node, data = _compose(text, file, _FAST)
        except yaml.YAMLError:
            if _FAST is yaml.SafeLoader:
                raise
            node, data = _compose(text, file, yaml.SafeLoader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark is not None else 1
        raise RulesetError(
            f"{file}:{line}: YAML syntax error: {exc.problem or exc}",
            hint="check indentation and quoting around that line",
        ) from None
    except yaml.YAMLError as exc:
        raise RulesetError(f"{file}: YAML error: {exc}") from None
    except ValueError as exc:  # int() refuses thousands of digits; datetime a 13th month
        what = "a number of more than 4300 digits" if "digits" in str(exc) else str(exc)
        raise InputError(f"{file}: a value YAML cannot read: {what}") from None
    positions: dict[KeyPath, Position] = {(): Position(file, 1)}
    if node is not None:
        _walk(node, (), file, positions)
    return Located(data, positions, file)


STDIN = Path("-")
"""The path that means standard input, wherever a command reads a file."""


def load_yaml_file(path: Path) -> Located:
    if path == STDIN:
        return load_yaml_text(stdin_text(), "<stdin>")
    return load_yaml_text(read_text(path), str(path))


_stdin: tuple[object, str] | None = None


def stdin_text() -> str:
    """Standard input, read once (within the input limits) and kept, so a command that reads
    its file twice (``validate`` looks at it, then checks it) sees the same text."""
    global _stdin
    stream = sys.stdin
    if _stdin is None or _stdin[0] is not stream:
        data = stream.buffer.read(MAX_FILE_BYTES + 1)
        if len(data) > MAX_FILE_BYTES:
            raise InputError(f"standard input is larger than {MAX_FILE_BYTES} bytes")
        _stdin = (stream, decode_text(data, "<stdin>"))
    return _stdin[1]


def format_path(path: KeyPath) -> str:
    """A key path the way a user reads it: ``scoop.multiplier`` or ``specials.hands[2].when``."""
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text

"""Checking located data against a JSON Schema and then a pydantic model.

Every problem becomes one ``Problem``: file, line, the key path as the author wrote it, what
is wrong and a hint. An error raised for bad input carries its problems (``problems_of``), so
the CLI can print them as text or JSON.
"""

from __future__ import annotations

import difflib
import hashlib
import json
import re
import weakref
from collections.abc import Iterable, Iterator
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Literal, TypeVar

import jsonschema
from jsonschema.exceptions import ValidationError as SchemaError
from pydantic import BaseModel, ValidationError

from housegame.data import data_dir
from housegame.errors import HousegameError, PathError, RulesetError
from housegame.yamlsource import KeyPath, Located, Position, format_path

M = TypeVar("M", bound=BaseModel)
Severity = Literal["error", "warning"]


@dataclass(frozen=True)
class Problem:
    """One thing wrong (or, as a warning, suspicious) in a file, where it was written."""

    file: str
    line: int | None
    path: str
    message: str
    hint: str | None = None
    severity: Severity = "error"

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line is not None else self.file
        text = f"{where}: {self.path + ': ' if self.path else ''}{self.message}"
        return text + (f"\n  hint: {self.hint}" if self.hint else "")

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


_PROBLEMS: weakref.WeakKeyDictionary[BaseException, list[Problem]] = weakref.WeakKeyDictionary()
_LEADING_POSITION = re.compile(r"^(?P<file>[^\n]+?):(?P<line>\d+): (?P<rest>.*)$", re.DOTALL)


def problem_at(located: Located, path: KeyPath, message: str, hint: str | None = None) -> Problem:
    """A problem at ``path`` of located (possibly merged) data."""
    pos = located.position_of(path)
    where = format_path(located.written_path(path))
    if pos.file == located.file:
        return Problem(pos.file, pos.line, where, message, hint)
    # written by a parent the file extends: the file's problem, saying where the value comes from
    return Problem(located.file, None, where, f"{message} (as {_source_name(pos)} writes it)", hint)


def _source_name(pos: Position) -> str:
    """A parent file's place as a user reads it: a bundled ruleset by its id, else the path."""
    path = Path(pos.file)
    if path.resolve().parent == data_dir("rulesets").resolve():
        return f"the bundled {path.stem}, line {pos.line},"
    return str(pos)


def problems_of(exc: HousegameError, file: str) -> list[Problem]:
    """The problems an input error stands for; an error without them is one problem, read
    from its ``file:line:`` prefix where it has one."""
    known = _PROBLEMS.get(exc)
    if known is not None:
        return known
    match = _LEADING_POSITION.match(exc.message)
    if match is not None and "\n" not in match["file"]:
        return [Problem(match["file"], int(match["line"]), "", match["rest"], exc.hint)]
    return [Problem(file, None, "", exc.message.removeprefix(f"{file}: "), exc.hint)]


def raise_problems(
    problems: list[Problem], what: str, file: str, error: type[HousegameError] = RulesetError
) -> None:
    """Raise one error listing every problem (most useful first: in file order)."""
    if not problems:
        return
    count = f"{len(problems)} problems" if len(problems) > 1 else "1 problem"
    text = f"invalid {what} {file} ({count}):\n" + "\n".join(str(p) for p in problems)
    exc = error(text)
    _PROBLEMS[exc] = problems
    raise exc


def describe_value(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= 60 else text[:57] + "..."


_TYPE_NAMES = {
    "integer": "a whole number",
    "string": "text",
    "boolean": "true or false",
    "array": "a list",
    "object": "a mapping of keys",
    "number": "a number",
    "null": "nothing (null)",
}


def _props(sub: SchemaError) -> set[str]:
    return set(sub.schema.get("properties", {})) if isinstance(sub.schema, dict) else set()


def _schema_messages(error: SchemaError) -> list[tuple[KeyPath, str, str | None]]:
    """One schema error as (path, message, hint), in words a rules author knows."""
    path: KeyPath = tuple(error.absolute_path)
    schema = error.schema if isinstance(error.schema, dict) else {}
    if error.validator == "additionalProperties" and isinstance(error.instance, dict):
        allowed = list(schema.get("properties", {}))
        out: list[tuple[KeyPath, str, str | None]] = []
        for key in sorted(set(error.instance) - set(allowed)):
            close = difflib.get_close_matches(key, allowed, n=1)
            hint = f"did you mean '{close[0]}'?" if close else f"allowed keys: {', '.join(allowed)}"
            out.append(((*path, key), f"unknown key '{key}'", hint))
        return out
    if error.validator == "required":
        missing = str(error.message).split("'")[1] if "'" in error.message else error.message
        return [(path, f"missing key '{missing}'", f"add `{missing}:` here")]
    if error.validator in ("enum", "const"):
        options = schema.get("enum") or [schema.get("const")]
        return [
            (
                path,
                f"{describe_value(error.instance)} is not allowed",
                "expected one of: " + ", ".join(str(o) for o in options),
            )
        ]
    if error.validator in ("anyOf", "oneOf") and error.context:
        return _union_messages(error, path)
    if error.validator == "type":
        expected = schema.get("type")
        names = (
            " or ".join(_TYPE_NAMES.get(str(t), str(t)) for t in expected)
            if isinstance(expected, list)
            else _TYPE_NAMES.get(str(expected), str(expected))
        )
        return [(path, f"expected {names}, got {describe_value(error.instance)}", None)]
    return [(path, str(error.message), None)]


def _flat_context(error: SchemaError) -> list[SchemaError]:
    """The members' errors of a union, with unions nested at the same place opened up."""
    out: list[SchemaError] = []
    for sub in error.context or []:
        nested = sub.validator in ("anyOf", "oneOf") and sub.context
        same_place = len(sub.absolute_path) == len(error.absolute_path)
        out.extend(_flat_context(sub) if nested and same_place else [sub])
    return out


def _union_messages(error: SchemaError, path: KeyPath) -> list[tuple[KeyPath, str, str | None]]:
    keys = set(error.instance) if isinstance(error.instance, dict) else set()
    context = _flat_context(error)
    best = max(context, key=lambda sub: (len(sub.absolute_path), len(keys & _props(sub))))
    if keys and len(best.absolute_path) == len(path) and not keys & _props(best):
        forms = sorted({key for sub in context for key in _props(sub)})
        out: list[tuple[KeyPath, str, str | None]] = []
        for key in sorted(keys):
            close = difflib.get_close_matches(key, forms, n=1)
            hint = (f"did you mean '{close[0]}'? " if close else "") + "expected one of: "
            out.append(((*path, key), f"unknown key '{key}' here", hint + ", ".join(forms)))
        return out
    if len(best.absolute_path) == len(path) and best.validator == "type":
        wanted = []
        for sub in context:
            types = sub.schema.get("type") if isinstance(sub.schema, dict) else None
            if sub.validator == "type" and isinstance(types, str):
                wanted.append(_TYPE_NAMES.get(types, types))
        if len(wanted) == len(context):
            message = f"expected {' or '.join(wanted)}, got {describe_value(error.instance)}"
            return [(path, message, None)]
    return _schema_messages(best)


def schema_problems(
    located: Located, data: Any, schema: dict[str, Any] | jsonschema.protocols.Validator
) -> list[Problem]:
    """Every way ``data`` breaks ``schema`` (or a validator built once), in file order."""
    validator = jsonschema.Draft202012Validator(schema) if isinstance(schema, dict) else schema
    known = None if isinstance(schema, dict) else _VALID.key(validator, data)
    if known is not None and known in _VALID:
        return []
    errors = sorted(validator.iter_errors(data), key=lambda e: (len(e.absolute_path), e.message))
    if not errors and known is not None:
        _VALID.add(known)
    found = [problem_at(located, *m) for e in errors for m in _schema_messages(e)]
    return sorted(found, key=lambda p: p.line or 0)


class _KnownValid:
    """Digests of documents a validator built once found valid, least recently used first: a
    file's parent is checked again every time a child is loaded (a ruleset's variants, a
    pasted file on the web table), and a large schema takes milliseconds a document."""

    def __init__(self, most: int) -> None:
        self.most = most
        self._digests: dict[bytes, None] = {}
        self._validators: dict[int, jsonschema.protocols.Validator] = {}

    def key(self, validator: jsonschema.protocols.Validator, data: Any) -> bytes:
        """The validator's identity and the document's ``repr`` (which tells a date from a
        string, unlike JSON), hashed: 32 bytes a document kept. The validator is held, so
        its identity names no other while a digest does."""
        if self._validators.get(id(validator)) is not validator:
            self._validators[id(validator)] = validator
            if len(self._validators) > 64:  # validators made per call: keep nothing
                self._validators.clear()
                self._digests.clear()
                self._validators[id(validator)] = validator
        text = f"{id(validator)}:{data!r}"
        return hashlib.blake2b(text.encode("utf-8"), digest_size=32).digest()

    def __contains__(self, digest: bytes) -> bool:
        if digest not in self._digests:
            return False
        self._digests[digest] = self._digests.pop(digest)  # most recently used last
        return True

    def add(self, digest: bytes) -> None:
        self._digests[digest] = None
        while len(self._digests) > self.most:
            del self._digests[next(iter(self._digests))]


_VALID = _KnownValid(4096)
"""At most 4,096 digests (about 300 KB)."""


def _data_path(data: Any, loc: tuple[int | str, ...]) -> KeyPath:
    """pydantic's location walked through the data: union tags and validator names, which
    are not keys of the data, drop out."""
    path: list[str | int] = []
    current = data
    for part in loc:
        in_mapping = isinstance(current, dict) and part in current
        in_list = isinstance(current, list) and isinstance(part, int) and 0 <= part < len(current)
        if in_mapping or in_list:
            current = current[part]
            path.append(part)
    return tuple(path)


def _hint_for(err: Any, path: KeyPath) -> str | None:
    kind = err["type"]
    if kind == "missing" and path:
        return f"add `{err['loc'][-1]}:` here"
    if kind == "literal_error":
        return "expected one of: " + str(err.get("ctx", {}).get("expected", ""))
    return None


def model_problems(located: Located, data: Any, model: type[M]) -> tuple[M | None, list[Problem]]:
    """The model built from ``data``, or every cross-field problem found."""
    try:
        return model.model_validate(data), []
    except ValidationError as exc:
        found: dict[Problem, None] = {}  # in order, each once (a set would lose the order)
        for err in exc.errors():
            path = _data_path(data, tuple(err["loc"]))
            cause = err.get("ctx", {}).get("error")
            hint = None
            if isinstance(cause, PathError):
                path = (*path, *cause.path)
                hint = cause.hint
            message = str(err["msg"]).removeprefix("Value error, ")
            found[problem_at(located, path, message, hint or _hint_for(err, path))] = None
        return None, sorted(found, key=lambda p: p.line or 0)


def validate_data(
    located: Located,
    data: Any,
    model: type[M],
    schema: dict[str, Any] | jsonschema.protocols.Validator,
    what: str,
    error: type[HousegameError] = RulesetError,
) -> M:
    """JSON Schema first (precise paths and hints), then the model's cross-field checks; when
    the schema finds problems, the model's problems elsewhere in the file join them, so one
    run reports everything."""
    found = schema_problems(located, data, schema)
    built, problems = model_problems(located, data, model)
    raise_problems(merge_problems(found, problems), what, located.file, error)
    assert built is not None
    return built


def merge_problems(schema_found: list[Problem], model_found: list[Problem]) -> list[Problem]:
    """Schema problems, and the model's problems at other places, in file order (where the
    schema saw a problem the model's words for it are pydantic's, and say less)."""
    if schema_found:
        seen = {
            file: _Overlap(q.path for q in schema_found if q.file == file)
            for file in {q.file for q in schema_found}
        }
        model_found = [p for p in model_found if not (p.file in seen and seen[p.file](p.path))]
    return sorted([*schema_found, *model_found], key=lambda p: (p.file, p.line or 0))


class _Overlap:
    """Whether a key path is one of some paths, inside one (``a.b[0]`` in ``a.b``) or holds
    one, or either is the whole file (empty): checked in the length of the path, not the
    number of paths, so thousands of problems are merged in linear time."""

    def __init__(self, paths: Iterable[str]) -> None:
        self.paths = set(paths)
        self.prefixes = {prefix for path in self.paths for prefix in _prefixes(path)}

    def __call__(self, path: str) -> bool:
        if not path or "" in self.paths or path in self.prefixes:
            return True
        return any(prefix in self.paths for prefix in _prefixes(path))


def _prefixes(path: str) -> Iterator[str]:
    """``a``, ``a.b`` and ``a.b[0]`` for ``a.b[0]``: the path and every path that holds it."""
    for i, char in enumerate(path):
        if char in ".[":
            yield path[:i]
    yield path


__all__ = [
    "Problem",
    "Severity",
    "describe_value",
    "merge_problems",
    "model_problems",
    "problem_at",
    "problems_of",
    "raise_problems",
    "schema_problems",
    "validate_data",
]

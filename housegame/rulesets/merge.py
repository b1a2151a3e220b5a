"""Merging a ruleset file into the ruleset it ``extends``, losing nothing.

Kustomize's strategic merge is the model:

- mappings merge key by key, recursively;
- a list of identified entries (a ``MergeSpec.keys`` path) merges by identity: a child entry
  whose key matches an inherited entry merges into it key by key (keeping its place), a new
  key is appended;
- ``{KEY..., $delete: true}`` in such a list removes the inherited entry, and
  ``NAME: {$delete: true}`` removes an inherited entry of a mapping (a bonus group);
- ``{$replace: [...]}`` instead of a list replaces the whole inherited list;
- every other value (a number, a word, an ordered list, a condition) is replaced whole.

Each game's model declares its identities once (``RulesetBase.merge_spec``); nothing here
knows a game. The merge also reports what a linter wants to see: inherited entries removed,
and overrides that change nothing.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from housegame.errors import RulesetError
from housegame.yamlsource import KeyPath, Located, Position, format_path

DELETE = "$delete"
REPLACE = "$replace"
ANY_KEY = "*"
"""In a spec path: any key of a mapping."""
ANY_ITEM = "[]"
"""In a spec path: any entry of a list."""

SpecPath = tuple[str, ...]


@dataclass(frozen=True)
class MergeSpec:
    """How one game kind's files merge.

    ``keys``: list path -> the fields that identify an entry (list-valued fields compare as
    sets, so ``category: [quads, straight-flush]`` matches in any order).
    ``atomic``: paths whose values are replaced whole even though they are mappings
    (conditions: merging two conditions key by key would make a third nobody wrote).
    ``metadata``: top-level keys that describe the file rather than the rules.
    ``canonical``: (list path, field, value) -> the value as the model reads it (``rank: 2``
    is ``rank: "2"``, a left-out default is the default), so entries match however they are
    written; None compares values as written.
    """

    keys: dict[SpecPath, tuple[str, ...]] = field(default_factory=dict)
    atomic: frozenset[SpecPath] = frozenset()
    metadata: frozenset[str] = frozenset(
        {"id", "name", "summary", "region", "sources", "extends", "game"}
    )
    canonical: Callable[[KeyPath, str, Any], Any] | None = field(default=None, compare=False)
    optional: frozenset[str] = frozenset()
    """Identifying fields an entry may leave out (then they identify it as null: a lane value
    without a ``rank``)."""

    def key_fields(self, path: KeyPath) -> tuple[str, ...] | None:
        return next((k for p, k in self.keys.items() if _matches(p, path)), None)

    def is_atomic(self, path: KeyPath) -> bool:
        """Replaced whole: a declared atomic path, or an identifying key of a list entry."""
        if any(_matches(p, path) for p in self.atomic):
            return True
        if len(path) >= 2 and (isinstance(path[-2], int) or path[-2] == ANY_ITEM):
            fields = self.key_fields(path[:-2])
            return fields is not None and path[-1] in fields
        return False


def _matches(pattern: SpecPath, path: KeyPath) -> bool:
    """Whether a data path (or a schema path, written with the wildcards) fits ``pattern``."""
    if len(pattern) != len(path):
        return False
    for want, got in zip(pattern, path):
        if want == ANY_ITEM:
            ok = isinstance(got, int) or got == ANY_ITEM
        elif want == ANY_KEY:
            ok = isinstance(got, str)
        else:
            ok = want == got
        if not ok:
            return False
    return True


@dataclass(frozen=True)
class MergeNote:
    """Something an override did that its author may not have meant (for lint)."""

    kind: Literal["removed", "unchanged"]
    path: KeyPath
    """Where, as the overriding file wrote it."""
    position: Position
    """Where the override was written."""
    message: str


@dataclass
class Merged:
    located: Located
    notes: list[MergeNote]


class _Missing:
    pass


MISSING: Any = _Missing()


def is_delete(value: Any) -> bool:
    return isinstance(value, dict) and value.get(DELETE) is True


def _show(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= 70 else text[:67] + "..."


def _identity(
    entry: Any, fields: tuple[str, ...], path: KeyPath = (), spec: MergeSpec | None = None
) -> Any:
    """What identifies a list entry: its ``fields``, read as the model reads them."""

    def norm(name: str, value: Any) -> Any:
        if value is not MISSING and spec is not None and spec.canonical is not None:
            value = spec.canonical(path, name, value)
        if isinstance(value, list):
            return frozenset(json.dumps(v, sort_keys=True) for v in value)
        if isinstance(value, dict):
            return json.dumps(value, sort_keys=True)
        return value

    optional = spec.optional if spec is not None else frozenset()
    return tuple(
        norm(f, entry.get(f, None if f in optional else MISSING))
        if isinstance(entry, dict)
        else MISSING
        for f in fields
    )


SubtreeIndex = dict[KeyPath, list[tuple[KeyPath, Position]]]


def _subtree_index(positions: dict[KeyPath, Position]) -> SubtreeIndex:
    """Every path's position listed under each of its prefixes, in the file's order: a
    subtree is then read in its own size, not the whole file's (a mapping of thousands of
    keys copied key by key stays linear)."""
    index: SubtreeIndex = {}
    for path, pos in positions.items():
        for end in range(len(path) + 1):
            index.setdefault(path[:end], []).append((path, pos))
    return index


class _Merger:
    def __init__(self, base: Located, child: Located, spec: MergeSpec) -> None:
        self.base, self.child, self.spec = base, child, spec
        self.positions: dict[KeyPath, Position] = {}
        self.written: dict[KeyPath, KeyPath] = {}
        self.notes: list[MergeNote] = []
        self._indexes: dict[int, SubtreeIndex] = {}

    def take(self, source: Located, src: KeyPath, out: KeyPath) -> None:
        """Positions (and written paths) of a value copied whole from ``source``."""
        index = self._indexes.get(id(source))
        if index is None:
            index = self._indexes[id(source)] = _subtree_index(source.positions)
        n = len(src)
        for path, pos in index.get(src, ()):
            rest = path[n:]
            self.positions[(*out, *rest)] = pos
            self.written[(*out, *rest)] = source.written_path(path)

    def error(self, path: KeyPath, message: str, hint: str | None = None) -> RulesetError:
        where = format_path(path)
        return RulesetError(f"{self.child.position_of(path)}: {where}: {message}", hint)

    def note(self, kind: Literal["removed", "unchanged"], at: KeyPath, text: str) -> None:
        """Record what lint reports, unless the author marked the line ``# lint: deliberate``
        (the line of the override, or of its ``$delete``)."""
        where = self.child.position_of(at)
        lines = {where.line, self.child.position_of((*at, DELETE)).line}
        if not lines & self.child.deliberate:
            self.notes.append(MergeNote(kind, at, where, text))

    def value(
        self, a: Any, a_path: KeyPath, b: Any, b_path: KeyPath, out: KeyPath, quiet: bool = False
    ) -> Any:
        """The merge of base value ``a`` (or MISSING) and child value ``b``; ``quiet``: an
        identifying key, equal by construction."""
        if isinstance(b, dict) and REPLACE in b:
            if set(b) != {REPLACE}:
                raise self.error(b_path, f"{REPLACE} stands alone", "write `{$replace: [...]}`")
            self.take(self.child, (*b_path, REPLACE), out)
            self.positions[out] = self.child.position_of(b_path)
            return b[REPLACE]
        if a is not MISSING and b == a:
            written = a_path in self.base.positions  # not a default the loader filled in
            if not quiet and written and out and out[0] not in self.spec.metadata:
                self.note(
                    "unchanged",
                    b_path,
                    f"sets {format_path(b_path)} to {_show(b)}, which it already is",
                )
            self.take(self.child, b_path, out)
            return b
        atomic = self.spec.is_atomic(out)
        if isinstance(b, dict) and not atomic:
            return self.mapping(a if isinstance(a, dict) else {}, a_path, b, b_path, out)
        fields = self.spec.key_fields(out)
        if fields is not None and isinstance(b, list):
            return self.keyed(a if isinstance(a, list) else [], a_path, b, b_path, out, fields)
        self.take(self.child, b_path, out)
        return b

    def mapping(
        self, a: dict[str, Any], a_path: KeyPath, b: dict[str, Any], b_path: KeyPath, out: KeyPath
    ) -> dict[str, Any]:
        merged: dict[str, Any] = {}
        where = self.child.positions.get(b_path) or self.base.positions.get(a_path)
        if where is not None:
            self.positions[out] = where
            self.written[out] = (
                self.child.written_path(b_path)
                if b_path in self.child.positions
                else self.base.written_path(a_path)
            )
        for key, value in a.items():
            if key not in b:
                merged[key] = value
                self.take(self.base, (*a_path, key), (*out, key))
        identity = self.spec.key_fields(out[:-1]) if out and isinstance(out[-1], int) else None
        for key, value in b.items():
            if is_delete(value):
                if key not in a:
                    raise self.error(
                        (*b_path, key), "nothing inherited to delete", "remove this entry"
                    )
                self.note(
                    "removed",
                    (*b_path, key),
                    f"removes inherited {format_path((*b_path, key))}",
                )
                continue
            base_value = a.get(key, MISSING)
            quiet = identity is not None and key in identity
            merged[key] = self.value(
                base_value, (*a_path, key), value, (*b_path, key), (*out, key), quiet
            )
        order = [*a, *(k for k in b if k not in a)]
        return {k: merged[k] for k in order if k in merged}

    def keyed(
        self,
        a: list[Any],
        a_path: KeyPath,
        b: list[Any],
        b_path: KeyPath,
        out: KeyPath,
        fields: tuple[str, ...],
    ) -> list[Any]:
        inherited = {
            _identity(e, fields, out, self.spec): i for i, e in reversed(list(enumerate(a)))
        }
        overrides: dict[int, int] = {}
        removed: set[int] = set()
        added: list[int] = []
        seen: dict[Any, int] = {}
        for j, entry in enumerate(b):
            key = _identity(entry, fields, out, self.spec)
            if MISSING in key:
                raise self.error(
                    (*b_path, j),
                    "an entry here needs "
                    + " and ".join(f for f in fields if f not in self.spec.optional)
                    + " (what identifies it)",
                    "write the identifying keys; other keys may be left out to inherit them",
                )
            if key in seen:
                raise self.error(
                    (*b_path, j),
                    f"the same {'/'.join(fields)} as entry [{seen[key]}]",
                    "merge the two entries into one",
                )
            seen[key] = j
            if key in inherited:
                i = inherited[key]
                if is_delete(entry):
                    removed.add(i)
                    shown = {f: entry[f] for f in fields if f in entry}
                    self.note(
                        "removed",
                        (*b_path, j),
                        f"removes inherited {format_path(b_path)} entry {_show(shown)}",
                    )
                else:
                    overrides[i] = j
            elif is_delete(entry):
                known = ", ".join(_show({f: e.get(f) for f in fields}) for e in a) or "none"
                raise self.error(
                    (*b_path, j), "no inherited entry to delete", f"inherited entries: {known}"
                )
            else:
                added.append(j)
        if not b and a:
            self.note(
                "unchanged",
                b_path,
                f"an empty {format_path(b_path)} keeps every inherited entry; "
                f"write `{{{REPLACE}: []}}` to empty it",
            )
        merged: list[Any] = []
        for i, entry in enumerate(a):
            if i in removed:
                continue
            index = (*out, len(merged))
            if i in overrides:
                j = overrides[i]
                merged.append(self.value(entry, (*a_path, i), b[j], (*b_path, j), index))
            else:
                merged.append(entry)
                self.take(self.base, (*a_path, i), index)
        for j in added:
            index = (*out, len(merged))
            merged.append(self.value(MISSING, (*b_path, j), b[j], (*b_path, j), index))
        self.positions[out] = self.child.position_of(b_path)
        self.written[out] = b_path
        return merged


def merge(base: Located, child: Located, spec: MergeSpec) -> Merged:
    """``child`` laid over ``base`` (the parent, already resolved), positions kept."""
    merger = _Merger(base, child, spec)
    if not isinstance(base.data, dict) or not isinstance(child.data, dict):
        raise RulesetError(f"{child.file}:1: a ruleset is a mapping of keys")
    data = merger.mapping(base.data, (), child.data, (), ())
    merger.positions[()] = Position(child.file, 1)
    located = Located(data, merger.positions, child.file, merger.written)
    return Merged(located, merger.notes)


def resolve_directives(located: Located, spec: MergeSpec) -> Located:
    """A file with no parent: ``$replace`` unwrapped; a ``$delete`` has nothing to delete."""
    return merge(Located({}, {}, located.file), located, spec).located


__all__ = [
    "ANY_ITEM",
    "ANY_KEY",
    "DELETE",
    "REPLACE",
    "MergeNote",
    "MergeSpec",
    "Merged",
    "is_delete",
    "merge",
    "resolve_directives",
]

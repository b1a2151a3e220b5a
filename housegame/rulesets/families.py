"""Rulesets in family order: a base, then the rulesets that extend it (depth first), then the
next base. One ordering for every listing (``rulesets``, ``compare``, ``simulate``), so a
ruleset's variants always follow it."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TypeVar

import yaml

from housegame.errors import HousegameError, RulesetError
from housegame.rulesets.loader import (
    bundled_of,
    bundled_rulesets,
    forget_bundled,
    load_ruleset,
)
from housegame.rulesets.registry import Ruleset

RulesetRef = str | Path


def parent_id(ruleset: Ruleset, ref: RulesetRef | Ruleset | None = None) -> str | None:
    """The id of the ruleset this one ``extends`` (None for a base ruleset), read from its file:
    ``ref`` when it is a path, else the bundled file of that id."""
    named = ref if isinstance(ref, str | Path) else None
    path = Path(named) if named is not None and Path(named).is_file() else None
    if path is None:
        path = bundled_rulesets().get(ruleset.id)
    if path is None:
        return None
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    parent = data.get("extends") if isinstance(data, dict) else None
    if not isinstance(parent, str):
        return None
    local = path.parent / parent
    return load_ruleset(local if local.is_file() else parent).id


T = TypeVar("T")


def family_order(items: Sequence[T], ids: Sequence[str], parents: Sequence[str | None]) -> list[T]:
    """Items by family: each base ruleset, then the rulesets that extend it (depth first, base
    first), families and siblings in the given order. A ruleset whose parent is not among
    ``ids`` counts under its nearest ancestor that is, or as a base."""
    parent_of = dict(zip(ids, parents))

    def anchor(rid: str) -> str | None:
        parent = parent_of.get(rid)
        seen = {rid}
        while parent is not None and parent not in ids and parent not in seen:
            seen.add(parent)
            parent = _ancestor(parent)
        return parent if parent in ids else None

    anchors = {rid: anchor(rid) for rid in ids}
    out: list[T] = []

    def visit(rid: str) -> None:
        out.append(items[ids.index(rid)])
        for child in ids:
            if anchors[child] == rid:
                visit(child)

    for rid in ids:
        if anchors[rid] is None:
            visit(rid)
    return out


def _ancestor(rid: str) -> str | None:
    try:
        return parent_id(load_ruleset(rid))
    except HousegameError:
        return None


def by_family(
    rulesets: Sequence[Ruleset], refs: Sequence[RulesetRef | Ruleset | None]
) -> list[int]:
    """Positions of ``rulesets`` in family order (see ``family_order``)."""
    ids = [r.id for r in rulesets]
    parents = [parent_id(r, ref) for r, ref in zip(rulesets, refs)]
    return family_order(list(range(len(ids))), ids, parents)


KindT = TypeVar("KindT")


def refuse_repeats(rulesets: Sequence[Ruleset]) -> None:
    """One ruleset named twice (by id, or by an id and a path) would be run twice: an error."""
    seen: set[str] = set()
    for ruleset in rulesets:
        if ruleset.id in seen:
            raise RulesetError(
                f"ruleset '{ruleset.id}' is given twice", hint="name each ruleset once"
            )
        seen.add(ruleset.id)


def load_in_family_order(refs: Sequence[str] | None, kind: type[KindT]) -> list[KindT]:
    """Rulesets of one game kind by id or path (none: every bundled one), in family order: the
    rulesets ``housegame simulate -r ...`` and the web table's reports run, in their order;
    one named twice is an error."""
    loaded = [load_ruleset(ref, kind) for ref in refs] if refs else bundled_of(kind)
    refuse_repeats(loaded)  # type: ignore[arg-type]
    order = by_family(loaded, list(refs) if refs else [None] * len(loaded))  # type: ignore[arg-type]
    return [loaded[i] for i in order]


Stamp = tuple[tuple[str, int, int], ...]
_catalog: tuple[Stamp, list[dict[str, str | None]]] | None = None


def _stamp(files: dict[str, Path]) -> Stamp:
    """What the bundled files are now: id, modification time and size of each."""
    stamps = []
    for rid, path in files.items():
        status = path.stat()
        stamps.append((rid, status.st_mtime_ns, status.st_size))
    return tuple(stamps)


def catalog(game: str | None = None) -> list[dict[str, str | None]]:
    """The bundled rulesets in family order, one row each (``id``, ``game``, ``extends``,
    ``name``, ``summary``): what ``housegame rulesets --json`` prints and ``GET /api/rulesets``
    returns; ``game`` keeps one game's. Built once a process (every page of the web table
    lists them) and again, with the bundled rulesets reloaded, when a bundled file changes."""
    global _catalog
    files = bundled_rulesets()
    stamp = _stamp(files)
    if _catalog is None or _catalog[0] != stamp:
        if _catalog is not None:
            forget_bundled()
        _catalog = stamp, _catalog_rows(files)
    return [dict(row) for row in _catalog[1] if game is None or row["game"] == game]


def _catalog_rows(files: dict[str, Path]) -> list[dict[str, str | None]]:
    loaded = [load_ruleset(rid) for rid in files]
    rows: list[dict[str, str | None]] = []
    for i in by_family(loaded, list(files.values())):
        ruleset = loaded[i]
        kind = str(getattr(ruleset, "game", ""))
        row = {"id": ruleset.id, "game": kind, "extends": parent_id(ruleset, files[ruleset.id])}
        rows.append({**row, "name": ruleset.name, "summary": ruleset.summary})
    return rows

"""Rulesets in family order: a base, then the rulesets that extend it (depth first), then the
next base. One ordering for every listing (``rulesets``, ``compare``, ``simulate``), so a
ruleset's variants always follow it."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

import yaml


def parent_of(path: Path) -> str | None:
    """The id a bundled ruleset file ``extends`` (a bundled id or a path's file stem)."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    ref = data.get("extends") if isinstance(data, dict) else None
    return Path(ref).stem if isinstance(ref, str) else None


def family_order(files: Mapping[str, Path]) -> list[str]:
    """Ids of ``files`` (id -> file) in family order; bases and siblings sorted by id."""
    parents = {rid: parent_of(path) for rid, path in files.items()}
    children: dict[str | None, list[str]] = {}
    for rid in sorted(files):
        parent = parents[rid] if parents[rid] in files else None
        children.setdefault(parent, []).append(rid)
    ordered: list[str] = []

    def visit(rid: str) -> None:
        ordered.append(rid)
        for child in children.get(rid, []):
            visit(child)

    for base in children.get(None, []):
        visit(base)
    return ordered


def family_of(files: Mapping[str, Path], rid: str) -> str:
    """The base of ``rid``'s family: the first ancestor that extends nothing in ``files``."""
    seen = {rid}
    parent = parent_of(files[rid])
    while parent is not None and parent in files and parent not in seen:
        rid = parent
        seen.add(rid)
        parent = parent_of(files[rid])
    return rid

"""The rules in which two rulesets differ, after ``extends`` is resolved, aligned by meaning:
entries of identified lists (lane values, special hands, bonus items, outcome rows, penalty
tiers ...) by their identity key, never by position; one difference per changed setting.

Metadata (id, name, summary, sources, display and every entry's display name) is left out:
it changes how a ruleset is shown, not how it scores.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import yaml

from housegame.errors import RulesetError
from housegame.rulesets.common import RulesetBase
from housegame.rulesets.merge import MergeSpec
from housegame.yamlsource import KeyPath

Entry = dict[str, Any]
Path = tuple[str, ...]


ORDERED: frozenset[Path] = frozenset({("specials", "hands")})
"""Identified lists whose order is itself a rule (``specials.order: listed`` ranks specials by
their place): a reordering is one more difference, ``specials.hands order``."""

METADATA = frozenset({"id", "name", "summary", "region", "sources", "extends", "display"})
"""Top-level keys left out of a diff; ``name`` is also left out inside entries."""


def _label(value: Any) -> str:
    if isinstance(value, list):
        return "+".join(sorted(str(v) for v in value))
    if isinstance(value, dict):
        return "-".join("" if v is None else str(v) for v in value.values())
    return str(value)


def entry_label(entry: Entry, fields: tuple[str, ...]) -> str:
    """An entry's identity as text: ``back quads``, ``3-0-0``, ``dragon``, ``1-9``."""
    values = [entry[f] for f in fields if entry.get(f) is not None]
    if all(isinstance(v, int) for v in values):
        return "-".join(str(v) for v in values)
    return " ".join(_label(v) for v in values)


def _spec_path(path: Path, entries: tuple[bool, ...]) -> KeyPath:
    """A diff path as the merge spec reads it: list entries as positions."""
    return tuple(0 if is_entry else part for part, is_entry in zip(path, entries))


@dataclass(frozen=True)
class Difference:
    setting: str
    """Where: ``scoop.bonus``, ``specials.hands[dragon].points``."""
    a: Any
    """The value in the first ruleset, None where it has no such entry or setting."""
    b: Any
    text: str

    def as_dict(self) -> dict[str, Any]:
        return {"setting": self.setting, "a": self.a, "b": self.b, "text": self.text}


def shown(value: Any) -> str:
    """A setting's value as a diff line shows it."""
    return json.dumps(value, ensure_ascii=False) if not isinstance(value, str) else value


def _setting(path: Path, entries: tuple[bool, ...]) -> str:
    out = ""
    for part, is_entry in zip(path, entries):
        out += f"[{part}]" if is_entry else (f".{part}" if out else part)
    return out


def _walk(
    spec: MergeSpec, a: Any, b: Any, path: Path, entries: tuple[bool, ...]
) -> Iterator[Difference]:
    """The identities are the ones ``extends`` merges by (the model's ``merge_spec``)."""
    where_in_spec = _spec_path(path, entries)
    if isinstance(a, dict) and isinstance(b, dict) and not spec.is_atomic(where_in_spec):
        for key in [*a, *(k for k in b if k not in a)]:
            if key == "name" and path:
                continue
            yield from _walk(spec, a.get(key), b.get(key), (*path, key), (*entries, False))
        return
    fields = spec.key_fields(where_in_spec)
    if fields is not None and isinstance(a, list) and isinstance(b, list):
        left = {entry_label(e, fields): e for e in a}
        right = {entry_label(e, fields): e for e in b}
        for key in [*left, *(k for k in right if k not in left)]:
            yield from _walk(spec, left.get(key), right.get(key), (*path, key), (*entries, True))
        order_a = [k for k in left if k in right]
        order_b = [k for k in right if k in left]
        if path in ORDERED and order_a != order_b:
            where = _setting(path, entries) + " order"
            yield Difference(
                where, order_a, order_b, f"{where}: {shown(order_a)} -> {shown(order_b)}"
            )
        return
    if a == b:
        return
    where = _setting(path, entries)
    if a is None:
        text = f"{where}: added, {shown(b)}"
    elif b is None:
        text = f"{where}: removed (was {shown(a)})"
    else:
        text = f"{where}: {shown(a)} -> {shown(b)}"
    yield Difference(where, a, b, text)


def _rules_data(ruleset: RulesetBase) -> dict[str, Any]:
    """The ruleset's settings, less those its own choices make moot (``ignored_settings``)."""
    data: dict[str, Any] = ruleset.model_dump(
        mode="json", by_alias=True, exclude=set(METADATA), exclude_none=True
    )
    for *parents, key in ruleset.ignored_settings():
        holder: Any = data
        for part in parents:
            holder = holder.get(part) if isinstance(holder, dict) else None
        if isinstance(holder, dict):
            holder.pop(key, None)
    return data


def diff_rulesets(a: RulesetBase, b: RulesetBase) -> list[Difference]:
    """Every setting in which ``b`` differs from ``a``; empty when they score alike."""
    game_a, game_b = getattr(a, "game", None), getattr(b, "game", None)
    if game_a != game_b:
        raise RulesetError(
            f"'{a.id}' (game {game_a}) and '{b.id}' (game {game_b}) are rulesets of two "
            "games: only rulesets of one game compare",
            hint="`housegame rulesets` lists each ruleset's game",
        )
    return list(_walk(type(a).merge_spec, _rules_data(a), _rules_data(b), (), ()))


def diff_json(a: RulesetBase, b: RulesetBase) -> dict[str, Any]:
    """``{"a": ID, "b": ID, "differences": [{"setting", "a", "b", "text"}, ...]}``."""
    return {"a": a.id, "b": b.id, "differences": [d.as_dict() for d in diff_rulesets(a, b)]}


def diff_yaml(a: RulesetBase, b: RulesetBase) -> str:
    """``housegame diff --format yaml``: each differing setting by its key path, both values."""
    result = diff_json(a, b)
    rows = [{k: v for k, v in d.items() if k != "text"} for d in result["differences"]]
    body = {"a": result["a"], "b": result["b"], "differences": rows}
    return yaml.safe_dump(body, sort_keys=False, allow_unicode=True, width=10**6)


__all__ = [
    "METADATA",
    "ORDERED",
    "Difference",
    "diff_json",
    "diff_rulesets",
    "diff_yaml",
    "entry_label",
    "shown",
]

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

from housegame.errors import RulesetError
from housegame.rulesets.common import RulesetBase

Entry = dict[str, Any]
Path = tuple[str, ...]


ANY_KEY = "*"
"""In a path pattern: any key of a mapping."""
ANY_ITEM = "[]"
"""In a path pattern: any entry of an identified list."""

IDENTITY_FIELDS: dict[Path, tuple[str, ...]] = {
    ("lane_values", "values"): ("lane", "category"),
    ("outcomes",): ("won", "lost", "tied"),
    ("specials", "hands"): ("id",),
    ("bonuses", ANY_KEY, "items"): ("id",),
    ("fantasyland", "cards", "progressive"): ("front",),
    ("penalty", "tiers"): ("cards",),
    ("penalty", "multipliers"): ("card",),
}
"""List path -> the fields that identify one entry (the same identities ``extends`` merges by).
Lists not named here (orders, deal streets, straights) are ordered values, compared whole."""

ORDERED: frozenset[Path] = frozenset({("specials", "hands")})
"""Identified lists whose order is itself a rule (``specials.order: listed`` ranks specials by
their place): a reordering is one more difference, ``specials.hands order``."""

ATOMIC: frozenset[Path] = frozenset(
    {
        ("bonuses", ANY_KEY, "items", ANY_ITEM, "when"),
        ("specials", "hands", ANY_ITEM, "when"),
        ("lead_card",),
        ("fantasyland", "entry", "front"),
    }
)
"""Mappings compared whole: a condition, a card, a front is one setting, however written."""

METADATA = frozenset({"id", "name", "summary", "sources", "extends", "display"})
"""Top-level keys left out of a diff; ``name`` is also left out inside entries."""


def _label(value: Any) -> str:
    if isinstance(value, list):
        return "+".join(sorted(str(v) for v in value))
    if isinstance(value, dict):
        return "-".join("" if v is None else str(v) for v in value.values())
    return str(value)


def entry_label(entry: Entry, fields: tuple[str, ...]) -> str:
    """An entry's identity as text: ``back quads``, ``3-0-0``, ``dragon``, ``1-9``."""
    values = [entry.get(f) for f in fields]
    if all(isinstance(v, int) for v in values):
        return "-".join(str(v) for v in values)
    return " ".join(_label(v) for v in values)


def _matches(pattern: Path, path: Path, entries: tuple[bool, ...]) -> bool:
    """``entries`` marks the path parts that are list entries (matched by ``[]``)."""
    if len(pattern) != len(path):
        return False
    return all(
        is_entry if want == ANY_ITEM else (want in (ANY_KEY, got) and not is_entry)
        for want, got, is_entry in zip(pattern, path, entries)
    )


def identity_of(path: Path, entries: tuple[bool, ...] | None = None) -> tuple[str, ...] | None:
    """The identifying fields of the list at ``path``, or None for an ordered list.
    ``entries`` marks the parts of ``path`` that are list entries (none by default)."""
    marks = entries if entries is not None else (False,) * len(path)
    return next((k for p, k in IDENTITY_FIELDS.items() if _matches(p, path, marks)), None)


def is_atomic(path: Path, entries: tuple[bool, ...] | None = None) -> bool:
    marks = entries if entries is not None else (False,) * len(path)
    return any(_matches(p, path, marks) for p in ATOMIC)


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


def _shown(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False) if not isinstance(value, str) else value


def _setting(path: Path, entries: tuple[bool, ...]) -> str:
    out = ""
    for part, is_entry in zip(path, entries):
        out += f"[{part}]" if is_entry else (f".{part}" if out else part)
    return out


def _walk(a: Any, b: Any, path: Path, entries: tuple[bool, ...]) -> Iterator[Difference]:
    if isinstance(a, dict) and isinstance(b, dict) and not is_atomic(path, entries):
        for key in [*a, *(k for k in b if k not in a)]:
            if key == "name" and path:
                continue
            yield from _walk(a.get(key), b.get(key), (*path, key), (*entries, False))
        return
    fields = identity_of(path, entries)
    if fields is not None and isinstance(a, list) and isinstance(b, list):
        left = {entry_label(e, fields): e for e in a}
        right = {entry_label(e, fields): e for e in b}
        for key in [*left, *(k for k in right if k not in left)]:
            yield from _walk(left.get(key), right.get(key), (*path, key), (*entries, True))
        order_a = [k for k in left if k in right]
        order_b = [k for k in right if k in left]
        if path in ORDERED and order_a != order_b:
            where = _setting(path, entries) + " order"
            yield Difference(
                where, order_a, order_b, f"{where}: {_shown(order_a)} -> {_shown(order_b)}"
            )
        return
    if a == b:
        return
    where = _setting(path, entries)
    if a is None:
        text = f"{where}: added, {_shown(b)}"
    elif b is None:
        text = f"{where}: removed (was {_shown(a)})"
    else:
        text = f"{where}: {_shown(a)} -> {_shown(b)}"
    yield Difference(where, a, b, text)


def _rules_data(ruleset: RulesetBase) -> dict[str, Any]:
    data: dict[str, Any] = ruleset.model_dump(
        mode="json", by_alias=True, exclude=set(METADATA), exclude_none=True
    )
    return data


def diff_rulesets(a: RulesetBase, b: RulesetBase) -> list[Difference]:
    """Every setting in which ``b`` differs from ``a``; empty when they score alike."""
    game_a, game_b = getattr(a, "game", None), getattr(b, "game", None)
    if game_a != game_b:
        raise RulesetError(
            f"'{a.id}' is a {game_a} ruleset and '{b.id}' a {game_b} ruleset: "
            "only rulesets of one game compare",
            hint="`housegame rulesets` lists each ruleset's game",
        )
    return list(_walk(_rules_data(a), _rules_data(b), (), ()))


def diff_json(a: RulesetBase, b: RulesetBase) -> dict[str, Any]:
    """``{"a": ID, "b": ID, "differences": [{"setting", "a", "b", "text"}, ...]}``."""
    return {"a": a.id, "b": b.id, "differences": [d.as_dict() for d in diff_rulesets(a, b)]}


__all__ = [
    "ANY_ITEM",
    "ANY_KEY",
    "ATOMIC",
    "IDENTITY_FIELDS",
    "METADATA",
    "ORDERED",
    "Difference",
    "diff_json",
    "diff_rulesets",
    "entry_label",
    "identity_of",
    "is_atomic",
]

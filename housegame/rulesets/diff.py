"""The rules in which two rulesets differ, after ``extends`` is resolved, aligned by meaning:
entries of identified lists (lane values, special hands, bonus items, outcome rows, penalty
tiers ...) by their identity key, never by position; one difference per changed setting.

Metadata (id, name, summary, sources, display and every entry's display name) is left out:
it changes how a ruleset is shown, not how it scores.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from housegame.errors import RulesetError
from housegame.rulesets.common import RulesetBase

Entry = dict[str, Any]
Path = tuple[str, ...]


def _lane_value_key(e: Entry) -> str:
    return f"{e['lane']} {'+'.join(sorted(e['category']))}"


def _bounds_key(bounds: Entry) -> str:
    low, high = bounds.get("min"), bounds.get("max")
    return f"{low if low is not None else ''}-{high if high is not None else ''}"


IDENTITY_KEYS: dict[Path, Callable[[Entry], str]] = {
    ("lane_values", "values"): _lane_value_key,
    ("outcomes",): lambda e: f"{e['won']}-{e['lost']}-{e['tied']}",
    ("specials", "hands"): lambda e: str(e["id"]),
    ("bonuses", "*", "items"): lambda e: str(e["id"]),
    ("fantasyland", "cards", "progressive"): lambda e: (
        f"{e['front']['category']} {e['front']['rank']}"
    ),
    ("penalty", "tiers"): lambda e: _bounds_key(e["cards"]),
    ("penalty", "multipliers"): lambda e: f"{e['card']['rank']} {e['card']['suit']}",
}
"""List path (``*`` for any mapping key) -> the identity of one entry. Lists not named here
(orders, deal streets, straights) are ordered values: compared whole."""

ORDERED: frozenset[Path] = frozenset({("specials", "hands")})
"""Identified lists whose order is itself a rule (``specials.order: listed`` ranks specials by
their place): a reordering is one more difference, ``specials.hands order``."""

ATOMIC = frozenset({("when",)})
"""Mappings compared whole: a condition is one setting, however it is written."""

METADATA = frozenset({"id", "name", "summary", "sources", "extends", "display"})
"""Top-level keys left out of a diff; ``name`` is also left out inside entries."""


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


def identity_of(path: Path) -> Callable[[Entry], str] | None:
    for pattern, key in IDENTITY_KEYS.items():
        if len(pattern) == len(path) and all(p in ("*", q) for p, q in zip(pattern, path)):
            return key
    return None


def _shown(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False) if not isinstance(value, str) else value


def _setting(path: Path, labels: tuple[str, ...]) -> str:
    out = ""
    for part, label in zip(path, labels):
        out += f"[{label}]" if label else (f".{part}" if out else part)
    return out


def _walk(a: Any, b: Any, path: Path, labels: tuple[str, ...]) -> Iterator[Difference]:
    if isinstance(a, dict) and isinstance(b, dict) and path[-1:] not in ATOMIC:
        for key in [*a, *(k for k in b if k not in a)]:
            if key == "name" and path:
                continue
            yield from _walk(a.get(key), b.get(key), (*path, key), (*labels, ""))
        return
    key_of = identity_of(path)
    if key_of is not None and isinstance(a, list) and isinstance(b, list):
        left = {key_of(e): e for e in a}
        right = {key_of(e): e for e in b}
        for key in [*left, *(k for k in right if k not in left)]:
            yield from _walk(left.get(key), right.get(key), (*path, key), (*labels, key))
        order_a = [k for k in left if k in right]
        order_b = [k for k in right if k in left]
        if path in ORDERED and order_a != order_b:
            where = _setting(path, labels) + " order"
            yield Difference(
                where, order_a, order_b, f"{where}: {_shown(order_a)} -> {_shown(order_b)}"
            )
        return
    if a == b:
        return
    where = _setting(path, labels)
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
    "ATOMIC",
    "IDENTITY_KEYS",
    "METADATA",
    "Difference",
    "diff_json",
    "diff_rulesets",
    "identity_of",
]

"""One-setting changes of a ruleset, generated from its model alone: numbers stepped up and
down, toggles flipped, choices switched, entries of lists and tables removed, neighbours in
an order exchanged. Each variant is
validated as a file would be, so only rulesets that load are offered; nothing here knows a
game (``sensitivity`` and the diff-wording test read the same variants)."""

from __future__ import annotations

import copy
import types
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, Literal, Union, get_args, get_origin

from pydantic import BaseModel, ValidationError

from housegame.rulesets.common import RulesetBase
from housegame.rulesets.diff import METADATA, entry_label
from housegame.rulesets.merge import ANY_ITEM, ANY_KEY, MergeSpec

DataPath = tuple[str | int, ...]
Pattern = tuple[str, ...]
"""A setting's place in the schema: entries of lists as ``[]``, keys of tables as ``*``."""

STEP = 1
"""How far a number is stepped either way."""


@dataclass(frozen=True)
class Variant:
    """A ruleset that differs from its base in one setting."""

    setting: str
    """Where, as ``diff`` names it: ``scoop.bonus``, ``specials.hands[dragon].points``."""
    change: str
    """What was done: ``+1``, ``-1``, ``true``, ``banker``, ``removed``, ``swapped with K``
    (an order's neighbours exchanged)."""
    pattern: Pattern
    ruleset: RulesetBase

    @property
    def label(self) -> str:
        return f"{self.setting} {self.change}"


def _choices(annotation: Any) -> tuple[Any, ...]:
    """The values a Literal field (optionally ``| None``) may take; () for any other field."""
    origin = get_origin(annotation)
    if origin in (Union, types.UnionType):
        inner = [a for a in get_args(annotation) if a is not type(None)]
        return _choices(inner[0]) if len(inner) == 1 else ()
    if origin is Literal:
        return get_args(annotation)
    return ()


def _field_name(model: BaseModel, alias: str) -> str:
    for name, info in type(model).model_fields.items():
        if (info.alias or name) == alias:
            return name
    return alias


@dataclass(frozen=True)
class _Change:
    setting: str
    change: str
    pattern: Pattern
    data_path: DataPath
    value: Any
    """The new value; ``_REMOVE`` drops the key or entry."""


_REMOVE: Any = object()


class _Walker:
    def __init__(self, spec: MergeSpec) -> None:
        self.spec = spec

    def walk(
        self, value: Any, annotation: Any, data: DataPath, pattern: Pattern, where: str
    ) -> Iterator[_Change]:
        if self.spec.is_atomic(pattern) or value is None:
            return
        if isinstance(value, BaseModel):
            for name, info in type(value).model_fields.items():
                alias = info.alias or name
                if not data and alias in METADATA | {"game"}:
                    continue
                if alias == "name" or (pattern and self.spec.is_atomic((*pattern, alias))):
                    continue
                child = f"{where}.{alias}" if where else alias
                yield from self.walk(
                    getattr(value, name), info.annotation, (*data, alias), (*pattern, alias), child
                )
        elif isinstance(value, dict):
            inner = get_args(annotation)[1] if len(get_args(annotation)) == 2 else None
            for key, item in value.items():
                child = f"{where}.{key}"
                yield _Change(child, "removed", (*pattern, ANY_KEY), (*data, str(key)), _REMOVE)
                yield from self.walk(item, inner, (*data, str(key)), (*pattern, ANY_KEY), child)
        elif isinstance(value, list):
            fields = self.spec.key_fields(pattern)
            args = get_args(annotation)
            inner = args[0] if args else None
            for i, item in enumerate(value):
                if fields is not None and isinstance(item, BaseModel):
                    label = entry_label(item.model_dump(mode="json", by_alias=True), fields)
                elif isinstance(item, BaseModel):
                    label = entry_label(
                        item.model_dump(mode="json"), tuple(type(item).model_fields)
                    )
                else:
                    label = str(item)
                child = f"{where}[{label}]"
                yield _Change(child, "removed", (*pattern, ANY_ITEM), (*data, i), _REMOVE)
                if isinstance(item, BaseModel):
                    yield from self.walk(item, inner, (*data, i), (*pattern, ANY_ITEM), child)
                elif i + 1 < len(value) and fields is None:
                    swapped = [*value[:i], value[i + 1], item, *value[i + 2 :]]
                    change = f"swapped with {value[i + 1]}"
                    yield _Change(child, change, (*pattern, ANY_ITEM), data, swapped)
        elif isinstance(value, bool):
            yield _Change(where, str(not value).lower(), pattern, data, not value)
        elif isinstance(value, int):
            for step in (STEP, -STEP):
                yield _Change(where, f"{step:+d}", pattern, data, value + step)
        else:
            for choice in _choices(annotation):
                if choice != value:
                    yield _Change(where, str(choice), pattern, data, choice)


def _applied(data: dict[str, Any], change: _Change) -> dict[str, Any]:
    out = copy.deepcopy(data)
    node: Any = out
    for part in change.data_path[:-1]:
        node = node[part]
    last = change.data_path[-1]
    if change.value is _REMOVE:
        del node[last]
    else:
        node[last] = change.value
    return out


def variants(ruleset: RulesetBase) -> list[Variant]:
    """Every one-setting change of ``ruleset`` that is itself a valid ruleset, in the order
    its settings are written."""
    kind = type(ruleset)
    data = ruleset.model_dump(mode="json", by_alias=True, exclude={"extends"})
    out: list[Variant] = []
    for change in _Walker(kind.merge_spec).walk(ruleset, kind, (), (), ""):
        try:
            changed = kind.model_validate(_applied(data, change))
        except (ValidationError, ValueError):
            continue
        if changed != ruleset:
            out.append(Variant(change.setting, change.change, change.pattern, changed))
    return out


def schema_patterns(kind: type[BaseModel], spec: MergeSpec) -> list[Pattern]:
    """Every setting a ruleset of ``kind`` can hold that takes more than one value, as
    patterns: what a diff, a rules sheet or a sensitivity run must be able to name."""
    out: list[Pattern] = []

    def visit(annotation: Any, pattern: Pattern) -> None:
        if spec.is_atomic(pattern):
            out.append(pattern)
            return
        origin = get_origin(annotation)
        if origin in (Union, types.UnionType):
            for arg in get_args(annotation):
                if arg is not type(None):
                    visit(arg, pattern)
            return
        if origin is list:
            visit(get_args(annotation)[0], (*pattern, ANY_ITEM))
            return
        if origin is dict:
            visit(get_args(annotation)[1], (*pattern, ANY_KEY))
            return
        if isinstance(annotation, type) and issubclass(annotation, BaseModel):
            for name, info in annotation.model_fields.items():
                alias = info.alias or name
                if (not pattern and alias in METADATA | {"game"}) or alias == "name":
                    continue
                visit(info.annotation, (*pattern, alias))
            return
        if origin is Literal and len(get_args(annotation)) < 2:
            return
        if pattern and pattern not in out:
            out.append(pattern)

    visit(kind, ())
    return out


__all__ = ["STEP", "Variant", "schema_patterns", "variants"]

"""What every ruleset must satisfy for the engines to compute with it, whatever its game:
bounded numbers, no negative counts, one meaning per id.

A ruleset that validates must score, play and render. Python's integers never overflow, but
the arranger and the simulator compute in 64-bit numpy arrays, and a unit of 10^20 times a
multiplier of 10^20 is no house rule anyway. So every whole number in a ruleset lies within
``MAX_NUMBER``: products of three of them (units x multiplier x seats) stay inside 64 bits.
Numbers are 0 or more except the few that are signed by nature (an outcome table's units to
the holder). Ids name one thing each across the whole ruleset (a bonus id in two groups would
make a result's items ambiguous).

The check walks the validated model generically, so a field added later is covered without
being listed here.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from housegame.errors import PathError
from housegame.yamlsource import KeyPath, format_path

MAX_NUMBER = 1_000_000
SIGNED = frozenset({"Outcome.units"})
"""``Class.field`` of the numbers that may be negative."""


def _shown(value: int) -> str:
    text = str(value)
    return text if len(text) <= 16 else f"a number of {len(text.lstrip('-'))} digits"


def _check_number(value: int, path: KeyPath, signed: bool) -> None:
    if abs(value) > MAX_NUMBER:
        raise PathError(
            path,
            f"{_shown(value)} is out of range: whole numbers in a ruleset lie between "
            f"-{MAX_NUMBER:,} and {MAX_NUMBER:,}",
            hint="the engines compute in 64-bit numbers; no house rule needs more",
        )
    if value < 0 and not signed:
        raise PathError(
            path,
            f"{value} is negative",
            hint="counts, units, points and bonuses are 0 or more (only an outcome table's "
            "units may be negative)",
        )


def _walk(value: Any, path: KeyPath, signed: bool, ids: dict[str, dict[str, KeyPath]]) -> None:
    if isinstance(value, BaseModel):
        check_model(value, path, ids)
    elif isinstance(value, bool):
        return
    elif isinstance(value, int):
        _check_number(value, path, signed)
    elif isinstance(value, (list, tuple)):
        for i, item in enumerate(value):
            _walk(item, (*path, i), signed, ids)
    elif isinstance(value, dict):
        for key, item in value.items():
            _walk(item, (*path, str(key)), signed, ids)


def check_model(
    model: BaseModel, path: KeyPath = (), ids: dict[str, dict[str, KeyPath]] | None = None
) -> None:
    """Raise PathError at the first number out of range, negative count or repeated id in
    ``model`` and everything it holds."""
    ids = {} if ids is None else ids
    kind = type(model).__name__
    for name, field in type(model).model_fields.items():
        value = getattr(model, name)
        key = field.alias or name
        if name == "id" and isinstance(value, str) and path:
            seen = ids.setdefault(kind, {})
            if value in seen:
                first = format_path(seen[value])
                raise PathError(
                    (*path, key),
                    f"id '{value}' is already used at {first}",
                    hint="every id names one entry in the whole ruleset; rename one of them",
                )
            seen[value] = path
        _walk(value, (*path, key), f"{kind}.{name}" in SIGNED, ids)

"""Exact numbers inside, JSON-safe numbers outside.

Results keep units as ``Fraction`` (a pool share of 4/3 stays exact); ``as_dict()`` gives
plain numbers so ``json.dumps`` and pandas take them as they are: an int where the value is
whole, else a float with the exact value alongside as a string (``units_exact: "4/3"``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import Any

Number = int | float


def number(value: Fraction | int | float) -> Number:
    """An int where the value is whole, else a float."""
    if isinstance(value, Fraction):
        return int(value) if value.denominator == 1 else float(value)
    return value


def exact(value: Fraction | int) -> str | None:
    """``"4/3"`` for a value that is not whole, None for a whole one."""
    fraction = Fraction(value)
    return None if fraction.denominator == 1 else f"{fraction.numerator}/{fraction.denominator}"


def numbers(key: str, value: Fraction | int) -> dict[str, Any]:
    """``{key: number}``, plus ``{key}_exact`` where the value is not whole."""
    out: dict[str, Any] = {key: number(value)}
    shown = exact(value)
    if shown is not None:
        out[f"{key}_exact"] = shown
    return out


def number_map(key: str, values: Mapping[str, Fraction | int]) -> dict[str, Any]:
    """``{key: {name: number}}``, plus ``{key}_exact`` naming the values that are not whole."""
    out: dict[str, Any] = {key: {name: number(v) for name, v in values.items()}}
    inexact = {name: shown for name, v in values.items() if (shown := exact(v)) is not None}
    if inexact:
        out[f"{key}_exact"] = inexact
    return out


def flat_records(rows: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Rows with nested mappings and lists spread into dotted columns (``quantiles.p5``,
    ``seat_means.0``), so ``pandas.DataFrame(rows)`` gets one plain column per value."""
    out = []
    for row in rows:
        flat: dict[str, Any] = {}
        _spread("", row, flat)
        out.append(flat)
    return out


def _spread(prefix: str, value: Any, into: dict[str, Any]) -> None:
    if isinstance(value, Mapping):
        for key, inner in value.items():
            _spread(f"{prefix}{key}.", inner, into)
        return
    if isinstance(value, list | tuple):
        for i, inner in enumerate(value):
            _spread(f"{prefix}{i}.", inner, into)
        return
    into[prefix.rstrip(".")] = number(value) if isinstance(value, Fraction) else value


def records(results: Any) -> list[dict[str, Any]]:
    """Flat records of anything with ``to_records()`` or ``as_dict()``, or a list of those
    (e.g. ``simulate``'s statistics): ``pandas.DataFrame(housegame.records(stats))``."""
    items = results if isinstance(results, list | tuple) else [results]
    rows: list[dict[str, Any]] = []
    for item in items:
        if hasattr(item, "to_records"):
            rows.extend(item.to_records())
        else:
            rows.extend(flat_records([item.as_dict()]))
    return rows

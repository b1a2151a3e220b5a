"""The number vocabulary the payout terms are written in: ``positive``, ``sign``, ``power``
(and ``whole``, a known pair's term as an int).

One definition serves every kind of number a term is computed on: exact ints for a known pair
(the scorer), floats and numpy arrays of expected values (the arranger's model), intervals and
the formula recorder's stand-ins (the arranger's bounds and compiler), which supply their own
``positive`` and ``sign`` methods.
"""

from __future__ import annotations

from typing import Any, Protocol

import numpy as np


class Num(Protocol):
    """What a term is computed on: an int, a float, a numpy array or an interval."""

    def __add__(self, other: Any, /) -> Num: ...
    def __radd__(self, other: Any, /) -> Num: ...
    def __sub__(self, other: Any, /) -> Num: ...
    def __rsub__(self, other: Any, /) -> Num: ...
    def __mul__(self, other: Any, /) -> Num: ...
    def __rmul__(self, other: Any, /) -> Num: ...
    def __neg__(self) -> Num: ...


def positive(x: Num) -> Num:
    """1 where ``x > 0``, else 0 (an interval gives the range of that indicator)."""
    method = getattr(x, "positive", None)
    if method is not None:
        out: Num = method()
        return out
    return (x > 0) * 1  # type: ignore[operator]


def whole(x: Num) -> int:
    """A term's value for a known pair: always an int (inputs 0/1 and whole units)."""
    if not isinstance(x, int):
        raise TypeError(f"a known pair's term is an int, not {type(x).__name__}")
    return x


def sign(x: Num) -> Num:
    """+1, 0 or -1 as ``x`` is positive, zero or negative (one array operation for an array,
    the ends' signs for an interval: the same values as ``positive(x) - positive(-x)``)."""
    if isinstance(x, np.ndarray):
        return np.sign(x)
    method = getattr(x, "sign", None)
    if method is not None:
        out: Num = method()
        return out
    return positive(x) - positive(-x)


def power(base: Num, exponent: int) -> Num:
    """``base ** exponent`` for a small exponent >= 1, by multiplying: numpy computes ``**``
    with ``pow`` per element for exponents other than 2, several times slower."""
    out = base
    for _ in range(exponent - 1):
        out = out * base
    return out

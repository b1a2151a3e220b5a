"""Interval arithmetic over numpy arrays, so one objective formula also yields sound upper bounds.

The search bounds every back by evaluating the *same* expected-value formula with the middle
and front features replaced by intervals covering every middle and front that could go with
that back. Any formula built from +, -, * and constants then gives an interval containing
every achievable value, so a back whose upper end is below the best value found so far cannot
hold the optimum and is skipped: the pruning is exact by construction, whatever the ruleset.
"""

from __future__ import annotations

from typing import Union

import numpy as np

from housegame.arrange.spaces import F64

Operand = Union["Interval", float, int, F64]


class Interval:
    """Elementwise intervals ``[lo, hi]``; ``nonneg`` / ``unit`` mark ranges known to lie in
    [0, inf) / [0, 1], which lets products skip the four-corner case."""

    __slots__ = ("hi", "lo", "nonneg", "unit")
    __array_ufunc__ = None
    """Arrays defer to ``Interval``'s reflected operators: an array operand is an exact value."""

    def __init__(self, lo: F64, hi: F64, nonneg: bool = False, unit: bool = False) -> None:
        self.lo = lo
        self.hi = hi
        self.unit = unit
        self.nonneg = nonneg or unit

    @classmethod
    def exact(cls, value: F64, nonneg: bool = False, unit: bool = False) -> Interval:
        return cls(value, value, nonneg, unit)

    def __add__(self, other: Operand) -> Interval:
        if isinstance(other, Interval):
            return Interval(self.lo + other.lo, self.hi + other.hi, self.nonneg and other.nonneg)
        if isinstance(other, np.ndarray):
            return Interval(self.lo + other, self.hi + other)
        return Interval(self.lo + other, self.hi + other, self.nonneg and other >= 0)

    __radd__ = __add__

    def __neg__(self) -> Interval:
        return Interval(-self.hi, -self.lo)

    def __sub__(self, other: Operand) -> Interval:
        if isinstance(other, Interval):
            return Interval(self.lo - other.hi, self.hi - other.lo)
        return Interval(self.lo - other, self.hi - other)

    def __rsub__(self, other: Operand) -> Interval:
        assert not isinstance(other, Interval)
        if isinstance(other, np.ndarray):
            return Interval(other - self.hi, other - self.lo)
        unit = self.unit and other == 1
        return Interval(other - self.hi, other - self.lo, self.unit and other >= 1, unit)

    def __mul__(self, other: Operand) -> Interval:
        if isinstance(other, np.ndarray):
            low, high = self.lo * other, self.hi * other
            return Interval(np.minimum(low, high), np.maximum(low, high))
        if not isinstance(other, Interval):
            if other >= 0:
                return Interval(
                    self.lo * other, self.hi * other, self.nonneg, self.unit and other <= 1
                )
            return Interval(self.hi * other, self.lo * other)
        if self.nonneg and other.nonneg:
            return Interval(self.lo * other.lo, self.hi * other.hi, True, self.unit and other.unit)
        corners = (self.lo * other.lo, self.lo * other.hi, self.hi * other.lo, self.hi * other.hi)
        return Interval(
            np.minimum(np.minimum(corners[0], corners[1]), np.minimum(corners[2], corners[3])),
            np.maximum(np.maximum(corners[0], corners[1]), np.maximum(corners[2], corners[3])),
        )

    __rmul__ = __mul__

    def positive(self) -> Interval:
        """The indicator ``x > 0`` over the interval: it rises with ``x``, so its ends."""
        return Interval(
            (self.lo > 0).astype(np.float64), (self.hi > 0).astype(np.float64), unit=True
        )

    def sign(self) -> Interval:
        """``sign`` over the interval: it rises with ``x``, so the ends' signs (what
        ``positive(x) - positive(-x)`` gives on intervals, in one operation per end)."""
        return Interval(np.sign(self.lo), np.sign(self.hi))

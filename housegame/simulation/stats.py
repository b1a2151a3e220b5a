"""Summary statistics over exact counts: means with 95% intervals, spreads, percentiles, rates."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Mapping
from fractions import Fraction

Z95 = 1.959963984540054
"""The two-sided 95% normal quantile."""
PERCENTILES = (1, 5, 25, 50, 75, 95, 99)
Exact = int | Fraction
"""An exact amount: an int while whole (cheap), a Fraction otherwise."""


def magnitude(value: Exact) -> Exact:
    """``abs`` for an exact amount (typed: ``abs`` of the union reads as ``object``)."""
    return -value if value < 0 else value


def merged(counters: Iterable[Counter[Exact]]) -> Counter[Exact]:
    out: Counter[Exact] = Counter()
    for counter in counters:
        out.update(counter)
    return out


def mean(counts: Mapping[Exact, int]) -> Fraction:
    n = sum(counts.values())
    return sum((Fraction(v) * k for v, k in counts.items()), Fraction(0)) / n if n else Fraction(0)


def stdev(counts: Mapping[Exact, int]) -> float:
    """Sample standard deviation (n - 1), computed exactly before the square root."""
    n = sum(counts.values())
    if n < 2:
        return 0.0
    m = mean(counts)
    return math.sqrt(sum(((v - m) ** 2 * k for v, k in counts.items()), Fraction(0)) / (n - 1))


def mean_interval(counts: Mapping[Exact, int]) -> tuple[float, float, float]:
    """The mean and its 95% confidence interval (normal approximation)."""
    n = sum(counts.values())
    m = float(mean(counts))
    half = Z95 * stdev(counts) / math.sqrt(n) if n > 1 else 0.0
    return m, m - half, m + half


def percentile(counts: Mapping[Exact, int], q: float) -> Exact:
    """The smallest value with at least ``q`` percent of results at or below it."""
    n = sum(counts.values())
    target = max(1, math.ceil(q / 100 * n))
    seen = 0
    for value in sorted(counts):
        seen += counts[value]
        if seen >= target:
            return value
    raise ValueError("no results")


def rate_interval(hits: int, n: int, z: float = Z95) -> tuple[float, float, float]:
    """A rate and its Wilson score interval, 95% by default (sound for rare events and zero
    hits)."""
    if n == 0:
        return 0.0, 0.0, 1.0
    p = hits / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    low = 0.0 if hits == 0 else max(0.0, centre - half)  # no rounding residue at the ends
    high = 1.0 if hits == n else min(1.0, centre + half)
    return p, low, high


def share(part: Exact, whole: Exact) -> float:
    return float(Fraction(part) / whole) if whole else 0.0


def seats_summary(means: Iterable[float], intervals: Iterable[tuple[float, float]]) -> str:
    """``seat 1 +0.12 [-0.30, +0.54], seat 2 ...``: each seat's mean and its 95% interval."""
    return ", ".join(
        f"seat {i} {m:+.2f} [{lo:+.2f}, {hi:+.2f}]"
        for i, (m, (lo, hi)) in enumerate(zip(means, intervals), 1)
    )

"""The search's tuning constants, in one named plan.

Each changes how fast the search runs, never its answer (bounds are sound and thresholds are
values reached); each was measured when it was set (``benchmarks/arrange_bench.py`` times
batches, ``benchmarks/one_hand_bench.py`` one hand). ``PLAN`` is the one instance the search
reads.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Plan:
    """How the search spends its work."""

    batch: int = 256
    """Hands searched together: enough to amortize numpy's per-call cost, small enough to keep
    a batch's arrays in cache."""
    small: int = 4
    """Batches up to this many hands take the direct search instead of the stages: where the
    two crossed when it was set (maceplay, ms a hand direct/staged: 1.0/1.8 at one hand,
    0.66/0.78 at four, 0.63/0.49 at eight)."""
    direct_first: int = 8
    """Backs per hand the direct search evaluates first, to set the thresholds (8 is as good
    as anything from 4 to 40)."""
    lexicographic_first: int = 4
    """The same for the lexicographic objective."""
    block: int = 33
    """Backs per block of the staged search: 1,287 = 39 blocks of 33."""
    split: int = 16
    """The strongest 1/split of a front range is bounded apart from the rest."""
    seed_tight: int = 16
    """Backs per hand of the best block whose tight bound is computed first."""
    seed: int = 2
    """Backs per hand evaluated exactly to set the first thresholds."""
    block_rounds: tuple[int, ...] = (1, 2, 4)
    """Rank (by block bound, within a hand) at which each seeded round of blocks stops: each
    ends with a seed (``seed_tight`` tight bounds, ``seed`` exact values); a last round takes
    every block left."""
    hinted_rounds: tuple[int, ...] = (1,)
    """``block_rounds`` when hints set the first thresholds: one seed round is enough."""
    rounds: tuple[int, ...] = (1, 3, 9, 27)
    """Rank (by tight bound, within a hand) at which each exact round after the first stops."""
    slice: int = 1 << 18
    """At most this many splits are evaluated, or (hand, back, middle) rows bounded, in one
    array pass: the search's working set, whatever its bounds leave (``search.with_backs``,
    ``bounds.in_slices``)."""
    variants: int = 256
    """At most this many formulas specialised to a hand's unmet conditions, per model."""
    release_above: int = 1 << 14
    """Replays on arrays larger than this release each intermediate result after its last
    read; smaller ones keep them (releasing saves no memory worth the time)."""


PLAN = Plan()

CORNER_MARGIN = 1e-9
"""Relative margin added to bounds read at a range's strongest hand (``corner``): far above
float rounding in the formula. Soundness, not tuning."""
THRESHOLD_MARGIN = 1e-9
"""Relative margin taken off each hand's threshold, so a back whose bound equals the K-th
value found up to rounding is still evaluated. Soundness, not tuning."""

"""The ladder: strategies played against each other in duplicate, per ruleset (issue 24).

``bench_thirteen``: a 13-card strategy's exploitability (its best response's gain, heads-up
and in one seat against the rest) and agreement; ``bench_ofc`` and ``bench_bigtwo``: a bot
against each baseline. Strategies are named in ``strategies`` (one table per game).
"""

from __future__ import annotations

from housegame.bench.thirteen import Exploitability, ThirteenBench, bench_thirteen

__all__ = ["Exploitability", "ThirteenBench", "bench_thirteen"]

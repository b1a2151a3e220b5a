"""What one piece of work may spend: a server request's CPU time, and whether anyone still waits
for it. The engines call ``check()`` between their units of work (a batch of hands, a step of a
model's iteration, a bot's move); outside a budget it costs one context-variable read.

A unit's own cost is bounded by what the rules declare (docs/security.md, "Costs the rules
declare"), so work inside a budget stops within one unit of spending it, or of its client going:
a thread cannot be stopped from outside, so the work stops itself.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field

from housegame.errors import HousegameError


class OverBudget(HousegameError):
    """The work spent its CPU budget and stopped; nothing it did is kept."""


class NobodyWaits(Exception):
    """The client that asked for the work went away: it stopped, with nobody to tell."""


@dataclass
class Budget:
    """At most ``cpu_seconds`` of CPU time in each thread the work runs in, counted from the
    thread's first ``check()``; then ``OverBudget(message, hint)``. ``gone`` is set once
    nobody waits for the result."""

    cpu_seconds: float
    message: str
    hint: str | None = None
    gone: threading.Event = field(default_factory=threading.Event)
    _started: dict[int, float] = field(default_factory=dict, repr=False)

    def spent(self) -> float:
        """CPU seconds this thread has spent on the work so far."""
        now = time.thread_time()
        return now - self._started.setdefault(threading.get_ident(), now)


_budget: ContextVar[Budget | None] = ContextVar("housegame_budget", default=None)


@contextmanager
def spending(budget: Budget) -> Iterator[Budget]:
    """Run the block (and the threads it hands work to with its context) within ``budget``."""
    token = _budget.set(budget)
    try:
        yield budget
    finally:
        _budget.reset(token)


def check() -> None:
    """Stop the work here if nobody waits for it any more (``NobodyWaits``) or it has spent its
    budget (``OverBudget``); nothing otherwise."""
    budget = _budget.get()
    if budget is None:
        return
    if budget.gone.is_set():
        raise NobodyWaits
    if budget.spent() > budget.cpu_seconds:
        raise OverBudget(budget.message, budget.hint)

"""The formula compiler's one tracer: a function of numbers recorded once as array operations.

The payout terms are plain Python over numbers (``housegame.numbers``). ``Formula`` runs such a
function once on stand-ins (``_Value``) that record every ``+``, ``-``, ``*``, negation,
``positive`` and ``sign`` they take part in, operands in order, into a ``Program``; replaying
the program on arrays or intervals performs the same operations on the same values, hence
gives the same results. ``Program`` is the one recording mechanism: ``upper`` lowers a formula
to its upper end by emitting into a ``Program`` too, and which inputs a formula reads
(``Formula.reads``) is what the compile step keeps as rows.

Four rewrites make a replay shorter, all exact (but for the sign of a zero, which no
comparison sees): an operation on constants alone is worked out while recording, an operation
with a neutral or absorbing constant is not recorded (``x + 0``, ``x * 1``, ``x * 0``: terms a
ruleset does not use), an operation already recorded on the same operands is reused, and
operations no output depends on are dropped (``Program.finish``).

This module knows no cards and no payouts (an import-linter contract keeps it so).
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from housegame.arrange.plan import PLAN
from housegame.numbers import positive, sign

OPS: dict[str, Callable[..., Any]] = {
    "neg": operator.neg,
    "positive": positive,
    "sign": sign,
    "add": operator.add,
    "sub": operator.sub,
    "mul": operator.mul,
}

Step = tuple[Callable[..., Any], tuple[int, ...], int, tuple[int, ...]]
"""One replayed operation: function, operand registers, result register, and the registers of
results read for the last time here (released at once: on a large batch each is a large
array)."""


def constant(value: Any) -> Any:
    """A recorded constant as a replay reads it: a number as a 0-d float64 or int64 array,
    which numpy combines with an array faster than a Python number (the same values)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return value
    return np.asarray(value, dtype=np.float64 if isinstance(value, float) else np.int64)


class Program:
    """Array operations on registers, each distinct one (function and operand registers)
    emitted once. Registers ``0 .. inputs - 1`` are the inputs; constants get a register on
    first use, by type and ``repr`` (0.0 and -0.0 kept apart)."""

    def __init__(self, inputs: int) -> None:
        self.inputs = inputs
        self.count = inputs
        self.ops: list[tuple[Callable[..., Any], tuple[int, ...], int]] = []
        self.seen: dict[tuple[Callable[..., Any], tuple[int, ...]], int] = {}
        self.consts: dict[tuple[str, str], int] = {}
        self.values: dict[int, Any] = {}

    def const(self, value: Any) -> int:
        key = (type(value).__name__, repr(value))
        reg = self.consts.get(key)
        if reg is None:
            reg = self.consts[key] = self.count
            self.values[reg] = constant(value)
            self.count += 1
        return reg

    def emit(self, fn: Callable[..., Any], regs: tuple[int, ...]) -> int:
        out = self.seen.get((fn, regs))
        if out is None:
            out = self.seen[(fn, regs)] = self.count
            self.count += 1
            self.ops.append((fn, regs, out))
        return out

    def finish(self, output: int) -> tuple[list[Any], list[Step], int, list[int]]:
        """The operations ``output`` depends on, registers renumbered (inputs first, then each
        constant at its first read and each result, in order), each result released after
        its last read; and the input registers read."""
        live = {output}
        kept = []
        for fn, regs, out in reversed(self.ops):
            if out in live:
                live.update(regs)
                kept.append((fn, regs, out))
        kept.reverse()
        at = {reg: reg for reg in range(self.inputs)}
        values: list[Any] = [None] * self.inputs
        steps: list[tuple[Callable[..., Any], tuple[int, ...], int]] = []
        for fn, regs, out in kept:
            for reg in regs:
                if reg not in at:
                    at[reg] = len(values)
                    values.append(self.values[reg])
            at[out] = len(values)
            values.append(None)
            steps.append((fn, tuple(at[r] for r in regs), at[out]))
        result = at.get(output, output)
        last = {reg: i for i, (_, regs, _) in enumerate(steps) for reg in regs}
        results = {out for _, _, out in steps} - {result}
        scheduled: list[Step] = [
            (fn, regs, out, tuple(r for r in sorted(set(regs)) if last[r] == i and r in results))
            for i, (fn, regs, out) in enumerate(steps)
        ]
        return values, scheduled, result, sorted(r for r in live if r < self.inputs)


def replay(values: list[Any], steps: Sequence[Step], release: bool) -> None:
    """Run ``steps`` on ``values`` (registers: inputs and constants filled in), releasing
    each result after its last read when ``release``."""
    if not release:
        for fn, args, out, _ in steps:
            if len(args) == 2:
                values[out] = fn(values[args[0]], values[args[1]])
            else:
                values[out] = fn(values[args[0]])
        return
    for fn, args, out, done in steps:
        if len(args) == 2:
            values[out] = fn(values[args[0]], values[args[1]])
        else:
            values[out] = fn(values[args[0]])
        for reg in done:
            values[reg] = None


def size_of(values: Sequence[Any]) -> int:
    """The size of the first array among ``values`` (0 when there is none)."""
    return next((int(np.size(v)) for v in values if isinstance(v, np.ndarray)), 0)


def _is(x: Any, number: int) -> bool:
    return not isinstance(x, _Value) and isinstance(x, int | float) and x == number


_NONE = object()


def _identity(name: str, a: Any, b: Any) -> Any:
    """What an operation with a neutral or absorbing constant comes to, else ``_NONE``:
    ``x + 0``, ``x - 0``, ``x * 1`` are ``x``, ``x * 0`` is 0 (values are finite). Exact but
    for the sign of a zero (``-0.0 + 0`` is ``0.0``), which no comparison sees."""
    if name == "add" and _is(a, 0):
        return b
    if name in ("add", "sub") and _is(b, 0):
        return a
    if name == "mul":
        if _is(a, 1):
            return b
        if _is(b, 1):
            return a
        if _is(a, 0) or _is(b, 0):
            return 0
    return _NONE


class _Value:
    """A stand-in for a formula input or intermediate value while the formula is recorded."""

    __slots__ = ("program", "reg")

    def __init__(self, program: Program, reg: int) -> None:
        self.program, self.reg = program, reg

    def _record(self, name: str, *operands: Any) -> Any:
        if len(operands) == 2:
            folded = _identity(name, *operands)
            if folded is not _NONE:
                return folded
        program = self.program
        regs = tuple(x.reg if isinstance(x, _Value) else program.const(x) for x in operands)
        return _Value(program, program.emit(OPS[name], regs))

    def __add__(self, other: Any) -> Any:
        return self._record("add", self, other)

    def __radd__(self, other: Any) -> Any:
        return self._record("add", other, self)

    def __sub__(self, other: Any) -> Any:
        return self._record("sub", self, other)

    def __rsub__(self, other: Any) -> Any:
        return self._record("sub", other, self)

    def __mul__(self, other: Any) -> Any:
        return self._record("mul", self, other)

    def __rmul__(self, other: Any) -> Any:
        return self._record("mul", other, self)

    def __neg__(self) -> Any:
        return self._record("neg", self)

    def positive(self) -> Any:
        return self._record("positive", self)

    def sign(self) -> Any:
        return self._record("sign", self)


Traced = Callable[[list[list[Any]]], Any]
"""A function of groups of inputs (the lanes' rows), run once on stand-ins."""


class Formula:
    """A traced function of groups of inputs, replayed from its recording (module
    docstring)."""

    def __init__(self, fn: Traced, widths: Sequence[int]) -> None:
        """``widths``: inputs per group; ``fn`` receives the groups as lists of stand-ins."""
        program = Program(sum(widths))
        groups: list[list[Any]] = []
        reg = 0
        for width in widths:
            groups.append([_Value(program, reg + k) for k in range(width)])
            reg += width
        out = fn(groups)
        self.inputs = program.inputs
        self.constant: Any = None
        self.read: list[int] = []
        """The inputs the output depends on."""
        if not isinstance(out, _Value):
            self.constant = out
            self.values: list[Any] = [None] * self.inputs
            self.steps: list[Step] = []
            self.output = -1
            return
        self.values, self.steps, self.output, self.read = program.finish(out.reg)

    def __call__(self, *groups: Sequence[Any]) -> Any:
        """The formula's value; ``groups``: each group's input values."""
        if self.output < 0:
            return self.constant
        values = list(self.values)
        reg = 0
        for rows in groups:
            values[reg : reg + len(rows)] = rows
            reg += len(rows)
        replay(values, self.steps, size_of(values[: self.inputs]) > PLAN.release_above)
        return values[self.output]

    def __len__(self) -> int:
        return len(self.steps)

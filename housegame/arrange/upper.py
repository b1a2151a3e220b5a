"""The recorded formula's upper end over intervals, lowered once to plain array operations.

The bounds run the ``ev`` formula (``tape.Formula``) on ``Interval`` inputs and read only the
upper end of the answer. Replayed on ``Interval`` objects, every step computes both ends of
its result through a Python object and two to four array operations, and on one hand (arrays
of 1,287 backs) that overhead is most of a bound's cost. ``Upper`` lowers each recorded step,
for one layout of the inputs (which are intervals and with which flags, which plain arrays),
to the array operations ``Interval`` takes for it, with the same operands in the same order,
and keeps only those the output's upper end depends on: the same value as
``Formula(...).hi`` (tested), in fewer operations and without objects.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from housegame.arrange.interval import Interval
from housegame.arrange.plan import PLAN
from housegame.arrange.tape import Formula, Program, Step, replay, size_of
from housegame.numbers import positive, sign

Layout = tuple[tuple[bool, bool, bool], ...]
"""Per formula input: (an interval?, its ``nonneg``, its ``unit``); (False, False, False) for
a plain array."""


def _above_zero(x: Any) -> Any:
    """``Interval.positive`` at one end."""
    return (x > 0).astype(np.float64)


@dataclass(frozen=True)
class _Const:
    value: Any


@dataclass(frozen=True)
class _Point:
    """A plain array (an exact value) in a register, with what is known of its range."""

    reg: int
    nonneg: bool = False
    unit: bool = False

    @classmethod
    def of(cls, reg: int, nonneg: bool = False, unit: bool = False) -> _Point:
        return cls(reg, nonneg or unit, unit)


@dataclass(frozen=True)
class _Span:
    """An interval's ends in two registers, with ``Interval``'s flags."""

    lo: int
    hi: int
    nonneg: bool = False
    unit: bool = False

    @classmethod
    def of(cls, lo: int, hi: int, nonneg: bool = False, unit: bool = False) -> _Span:
        return cls(lo, hi, nonneg or unit, unit)


_Node = _Const | _Point | _Span


def _nonneg(node: _Node) -> bool:
    return node.value >= 0 if isinstance(node, _Const) else node.nonneg


def _unit(node: _Node) -> bool:
    return 0 <= node.value <= 1 if isinstance(node, _Const) else node.unit


class _Lowering:
    """Array operations for one layout, emitted into a ``Program`` (the tracer's own, so each
    distinct one is emitted once). Flags follow ``Interval``'s rules, and plain arrays carry
    them too: a product with an array known to be nonnegative keeps the interval's ends in
    order (two operations, not four)."""

    def __init__(self, program: Program) -> None:
        self.program = program

    def reg(self, node: _Const | _Point | int) -> int:
        if isinstance(node, int):
            return node
        if isinstance(node, _Point):
            return node.reg
        return self.program.const(node.value)

    def emit(self, fn: Callable[..., Any], *args: _Const | _Point | int) -> int:
        return self.program.emit(fn, tuple(self.reg(a) for a in args))

    def point(
        self, fn: Callable[..., Any], args: tuple[_Const | _Point, ...], nonneg: bool, unit: bool
    ) -> _Node:
        if all(isinstance(a, _Const) for a in args):
            return _Const(fn(*(a.value for a in args if isinstance(a, _Const))))
        return _Point.of(self.emit(fn, *args), nonneg, unit)

    def add(self, a: _Node, b: _Node) -> _Node:
        if not isinstance(a, _Span):
            a, b = b, a  # ``Interval.__radd__`` is ``__add__``: the interval's ends first
        nonneg = _nonneg(a) and _nonneg(b)
        if not isinstance(a, _Span):
            assert not isinstance(b, _Span)
            return self.point(operator.add, (b, a), nonneg, False)
        if isinstance(b, _Span):
            return _Span.of(self.emit(np.add, a.lo, b.lo), self.emit(np.add, a.hi, b.hi), nonneg)
        return _Span.of(self.emit(np.add, a.lo, b), self.emit(np.add, a.hi, b), nonneg)

    def sub(self, a: _Node, b: _Node) -> _Node:
        nonneg = isinstance(a, _Const) and _unit(b) and a.value >= 1
        unit = isinstance(a, _Const) and _unit(b) and a.value == 1
        if isinstance(b, _Span):
            if isinstance(a, _Span):
                lo, hi = self.emit(np.subtract, a.lo, b.hi), self.emit(np.subtract, a.hi, b.lo)
                return _Span.of(lo, hi)
            lo, hi = self.emit(np.subtract, a, b.hi), self.emit(np.subtract, a, b.lo)
            return _Span.of(lo, hi, nonneg, unit)
        if isinstance(a, _Span):
            return _Span.of(self.emit(np.subtract, a.lo, b), self.emit(np.subtract, a.hi, b))
        return self.point(operator.sub, (a, b), nonneg, unit)

    def mul(self, a: _Node, b: _Node) -> _Node:
        if not isinstance(a, _Span):
            a, b = b, a  # ``Interval.__rmul__`` is ``__mul__``
        nonneg, unit = _nonneg(a) and _nonneg(b), _unit(a) and _unit(b)
        if not isinstance(a, _Span):
            assert not isinstance(b, _Span)
            return self.point(operator.mul, (b, a), nonneg, unit)
        if isinstance(b, _Span):
            if nonneg:
                lo, hi = self.emit(np.multiply, a.lo, b.lo), self.emit(np.multiply, a.hi, b.hi)
                return _Span.of(lo, hi, True, unit)
            c = [self.emit(np.multiply, x, y) for x in (a.lo, a.hi) for y in (b.lo, b.hi)]
            return _Span.of(
                self.emit(np.minimum, self.emit(np.minimum, *c[:2]), self.emit(np.minimum, *c[2:])),
                self.emit(np.maximum, self.emit(np.maximum, *c[:2]), self.emit(np.maximum, *c[2:])),
            )
        lo, hi = self.emit(np.multiply, a.lo, b), self.emit(np.multiply, a.hi, b)
        if _nonneg(b):
            return _Span.of(lo, hi, nonneg, unit)
        if isinstance(b, _Const):
            return _Span.of(hi, lo)
        return _Span.of(self.emit(np.minimum, lo, hi), self.emit(np.maximum, lo, hi))

    def unary(self, fn: Callable[..., Any], a: _Node) -> _Node:
        if not isinstance(a, _Span):
            return self.point(fn, (a,), False, fn is positive)
        if fn is operator.neg:
            return _Span.of(self.emit(np.negative, a.hi), self.emit(np.negative, a.lo))
        if fn is positive:
            return _Span.of(self.emit(_above_zero, a.lo), self.emit(_above_zero, a.hi), unit=True)
        assert fn is sign
        return _Span.of(self.emit(np.sign, a.lo), self.emit(np.sign, a.hi))


class _Program:
    """The array operations of one layout that the output's upper end depends on."""

    def __init__(self, formula: Formula, layout: Layout) -> None:
        program = Program(2 * formula.inputs)
        low = _Lowering(program)
        nodes: dict[int, _Node] = {}
        for slot, (interval, nonneg, unit) in enumerate(layout):
            lo, hi = 2 * slot, 2 * slot + 1
            node = _Span.of(lo, hi, nonneg, unit) if interval else _Point.of(lo, nonneg, unit)
            nodes[slot] = node
        binary = {operator.add: low.add, operator.sub: low.sub, operator.mul: low.mul}
        for fn, args, out, _ in formula.steps:
            operands = [nodes.get(a, _Const(formula.values[a])) for a in args]
            if len(operands) == 2:
                nodes[out] = binary[fn](operands[0], operands[1])
            else:
                nodes[out] = low.unary(fn, operands[0])
        result = nodes.get(formula.output, _Const(formula.constant))
        self.constant: Any = result.value if isinstance(result, _Const) else None
        output = result.hi if isinstance(result, _Span) else getattr(result, "reg", -1)
        self.registers: list[Any] = []
        self.ops: list[Step] = []
        self.used: list[int] = []
        """Input registers read (the ends the upper end depends on)."""
        self.output = output
        if output >= 0:
            self.registers, self.ops, self.output, self.used = program.finish(output)


_INTERVALS = (tuple, Interval)
"""What an interval input may be: a (lower, upper) pair of arrays, or an ``Interval``."""


class Upper:
    """``formula(front, middle, back).hi`` (a plain array's own value where the answer is
    exact) from each lane's used rows as ``Interval``s, (lower, upper) pairs of arrays (the
    search's ``rows.Span``: the same interval) or plain arrays; one lowered program
    per layout (which inputs are intervals), made on first use. ``flags``: per input, its
    ``nonneg`` and ``unit`` (``LaneRows``), which an interval input carries too."""

    def __init__(self, formula: Formula, flags: Sequence[tuple[bool, bool]]) -> None:
        self.formula = formula
        self.flags = tuple(flags)
        self.programs: dict[tuple[bool, ...], _Program] = {}

    def program(self, intervals: tuple[bool, ...]) -> _Program:
        program = self.programs.get(intervals)
        if program is None:
            layout = tuple((i, *f) for i, f in zip(intervals, self.flags, strict=True))
            program = self.programs[intervals] = _Program(self.formula, layout)
        return program

    def needs(self, intervals: tuple[bool, ...]) -> list[tuple[bool, bool]]:
        """Per input, whether the upper end reads its lower and its upper end (a plain
        array's value counts as its lower end)."""
        used = set(self.program(intervals).used) if self.formula.output >= 0 else set()
        return [(2 * k in used, 2 * k + 1 in used) for k in range(len(intervals))]

    def __call__(self, *lanes: Sequence[Any]) -> Any:
        if self.formula.output < 0:
            return self.formula.constant
        inputs = [value for rows in lanes for value in rows]
        program = self.program(tuple(isinstance(v, _INTERVALS) for v in inputs))
        if program.output < 0:
            return program.constant
        values = list(program.registers)
        for reg in program.used:
            value = inputs[reg >> 1]
            if isinstance(value, tuple):
                value = value[reg & 1]
            elif isinstance(value, Interval):
                value = value.hi if reg & 1 else value.lo
            values[reg] = value
        replay(values, program.ops, size_of(inputs) > PLAN.release_above)
        return values[program.output]

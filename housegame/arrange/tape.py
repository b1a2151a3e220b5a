"""The ``ev`` formula recorded once per model as a flat list of array operations.

``EvModel.value`` walks the payout terms (``housegame.thirteen.payout``) in Python on every
call: the outcome distribution's dictionaries, the bonus conditions' recursion, the scoops.
On one hand each array is short, so that walk costs as much as the arithmetic. ``Formula``
runs the same walk once on stand-ins that record every ``+``, ``-``, ``*``, negation,
``positive`` and ``sign`` they take part in, with the operands in the same order, and then
replays only those operations on arrays or intervals: the same operations on the same values,
hence the same results. Four rewrites make the replay shorter, all exact (but for the sign of
a zero, which no comparison sees): an operation on constants alone is worked out while
recording (rows constant over a lane's hands are constants: ``features.LaneRows.constants``),
an operation with a neutral or absorbing constant is not recorded (``x + 0``, ``x * 1``,
``x * 0``: terms a ruleset does not use), an operation already recorded on the same operands
is reused (e.g. a lane's scoop chance read by several terms), and operations no output depends
on are dropped.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from housegame.arrange.model import EvModel
from housegame.numbers import positive, sign
from housegame.thirteen.payout import LaneVals

_UNARY: dict[str, Callable[[Any], Any]] = {"neg": operator.neg, "positive": positive, "sign": sign}
_BINARY: dict[str, Callable[[Any, Any], Any]] = {
    "add": operator.add,
    "sub": operator.sub,
    "mul": operator.mul,
}
_OPS: dict[str, Callable[..., Any]] = {**_UNARY, **_BINARY}

Ref = tuple[str, Any]
"""An operand: ("node", slot) for a recorded value, ("const", (type name, repr)) else."""


class _Recorder:
    """The list of operations being recorded, with each distinct one recorded once."""

    def __init__(self) -> None:
        self.ops: list[tuple[str, tuple[Ref, ...]]] = []
        self.slots: dict[tuple[str, tuple[Ref, ...]], int] = {}
        self.constants: dict[tuple[str, str], Any] = {}
        """Constants by type and ``repr`` (0.0 and -0.0 kept apart)."""

    def ref(self, x: Any) -> Ref:
        if isinstance(x, _Value):
            return ("node", x.slot)
        key = (type(x).__name__, repr(x))
        self.constants.setdefault(key, x)
        return ("const", key)

    def record(self, name: str, *operands: Any) -> Any:
        if not any(isinstance(x, _Value) for x in operands):
            return _OPS[name](*operands)
        folded = _identity(name, operands)
        if folded is not _NONE:
            return folded
        key = (name, tuple(self.ref(x) for x in operands))
        slot = self.slots.get(key)
        if slot is None:
            slot = self.slots[key] = self.inputs + len(self.ops)
            self.ops.append(key)
        return _Value(self, slot)

    inputs = 0


_NONE = object()


def _is(x: Any, number: int) -> bool:
    return not isinstance(x, _Value) and isinstance(x, int | float) and x == number


def _identity(name: str, operands: tuple[Any, ...]) -> Any:
    """What an operation with a neutral or absorbing constant comes to, else ``_NONE``:
    ``x + 0``, ``x - 0``, ``x * 1`` are ``x``, ``x * 0`` is 0 (values are finite). Exact but
    for the sign of a zero (``-0.0 + 0`` is ``0.0``), which no comparison sees."""
    if len(operands) != 2:
        return _NONE
    a, b = operands
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

    __slots__ = ("rec", "slot")

    def __init__(self, rec: _Recorder, slot: int) -> None:
        self.rec, self.slot = rec, slot

    def __add__(self, other: Any) -> Any:
        return self.rec.record("add", self, other)

    def __radd__(self, other: Any) -> Any:
        return self.rec.record("add", other, self)

    def __sub__(self, other: Any) -> Any:
        return self.rec.record("sub", self, other)

    def __rsub__(self, other: Any) -> Any:
        return self.rec.record("sub", other, self)

    def __mul__(self, other: Any) -> Any:
        return self.rec.record("mul", self, other)

    def __rmul__(self, other: Any) -> Any:
        return self.rec.record("mul", other, self)

    def __neg__(self) -> Any:
        return self.rec.record("neg", self)

    def positive(self) -> Any:
        return self.rec.record("positive", self)

    def sign(self) -> Any:
        return self.rec.record("sign", self)


Step = tuple[Callable[..., Any], tuple[int, ...], int, tuple[int, ...]]
"""One replayed operation: function, operand slots, result slot, and the slots of results
read for the last time here (released at once: on a large batch each is a large array)."""

KEEP = 1 << 14
"""Replays on arrays up to this size keep every intermediate result to the end: releasing
them saves no memory worth the time."""


def constant(value: Any) -> Any:
    """A recorded constant as a replay reads it: a number as a 0-d float64 or int64 array,
    which numpy combines with an array faster than a Python number (the same values)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return value
    return np.asarray(value, dtype=np.float64 if isinstance(value, float) else np.int64)


def replay(values: list[Any], steps: Sequence[Step], release: bool) -> None:
    """Run ``steps`` on ``values`` (slots: inputs and constants filled in), releasing each
    result after its last read when ``release``."""
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
        for slot in done:
            values[slot] = None


def size_of(values: Sequence[Any]) -> int:
    """The size of the first array among ``values`` (0 when there is none)."""
    return next((int(np.size(v)) for v in values if isinstance(v, np.ndarray)), 0)


class Formula:
    """``model.value`` of three lanes given as their used rows' values (``LaneRows.rows``
    order), replayed from a recording (module docstring)."""

    def __init__(
        self,
        model: EvModel,
        widths: Sequence[int],
        make_lane: Callable[[int, Sequence[Any]], LaneVals],
    ) -> None:
        """``widths``: used rows per lane; ``make_lane``: the search's own ``LaneVals`` maker
        (rows the formula never reads are constants there, and stay so here)."""
        rec = _Recorder()
        rec.inputs = sum(widths)
        inputs: list[list[Any]] = []
        slot = 0
        for width in widths:
            inputs.append([_Value(rec, slot + k) for k in range(width)])
            slot += width
        out = model.value([make_lane(lane, values) for lane, values in enumerate(inputs)])
        self.inputs = rec.inputs
        if not isinstance(out, _Value):
            self.constant: Any = out
            self.steps: list[Step] = []
            self.output = -1
            return
        live = {out.slot}
        for name, operands in reversed(rec.ops):
            index = rec.slots[(name, operands)]
            if index in live:
                live.update(ref for kind, ref in operands if kind == "node")
        constants: dict[tuple[str, str], int] = {}
        self.values: list[Any] = [None] * rec.inputs
        steps: list[Step] = []
        at: dict[int, int] = {k: k for k in range(rec.inputs)}
        for name, operands in rec.ops:
            index = rec.slots[(name, operands)]
            if index not in live:
                continue
            args = []
            for kind, ref in operands:
                if kind == "node":
                    args.append(at[ref])
                    continue
                if ref not in constants:
                    constants[ref] = len(self.values)
                    self.values.append(constant(rec.constants[ref]))
                args.append(constants[ref])
            at[index] = len(self.values)
            self.values.append(None)
            fn = _OPS[name]
            steps.append((fn, tuple(args), at[index], ()))
        self.output = at[out.slot]
        last: dict[int, int] = {}
        for i, (_, args_, _, _) in enumerate(steps):
            for arg in args_:
                last[arg] = i
        results = {result for _, _, result, _ in steps} - {self.output}
        self.steps = []
        for i, (fn, args_, result, _) in enumerate(steps):
            done = tuple(a for a in sorted(set(args_)) if last[a] == i and a in results)
            self.steps.append((fn, args_, result, done))
        self.constant = None

    def __call__(self, *lanes: Sequence[Any]) -> Any:
        """The formula's value; ``lanes``: each lane's used rows' values."""
        if self.output < 0:
            return self.constant
        values = list(self.values)
        slot = 0
        for rows in lanes:
            values[slot : slot + len(rows)] = rows
            slot += len(rows)
        replay(values, self.steps, size_of(values[: self.inputs]) > KEEP)
        return values[self.output]

    def __len__(self) -> int:
        return len(self.steps)

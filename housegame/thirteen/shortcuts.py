"""The speed shortcuts the payout terms take, apart from the terms themselves.

Two kinds, both exact: a chance that is the int 0 (a known pair's lane outcomes) is skipped
(``is_zero``, ``possible_patterns``), and the sign of a pattern's lane part and net, where it
is the same whatever the hands (``pattern_of``: lane values range over the ruleset's table,
add-ons over 0 to all of a group's units), is known before any hand is seen, so the terms
sum those patterns' chances without evaluating the sign.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from housegame.numbers import Num, whole


class LaneVals(Protocol):
    """A lane's outcome chances (``payout.LaneVals``)."""

    @property
    def w(self) -> Num: ...
    @property
    def t(self) -> Num: ...
    @property
    def l(self) -> Num: ...  # noqa: E743


class Payout(Protocol):
    """What the sign analysis reads of a ruleset's terms (``payout.Payout``)."""

    outcomes: dict[tuple[int, int], tuple[int, bool]] | None
    lane_range: tuple[tuple[int, int], ...]
    scoop_mult: int
    scoop_bonus: int
    bonus_groups: dict[tuple[str, int | None], list[Any]]

    def row_paid(self, won: int, lost: int) -> int: ...
    def pays(self, key: tuple[str, int | None], lanes: Sequence[Any], match_won: Num) -> Num: ...


def is_zero(x: Num) -> bool:
    """A chance that is the int 0: nothing it multiplies can matter."""
    return isinstance(x, int) and x == 0


@dataclass(frozen=True)
class Pattern:
    """One pattern of lane outcomes (+1 won, 0 tied, -1 lost per lane) and what is known of it
    before any hand is seen."""

    outcomes: tuple[int, int, int]
    won: int
    lost: int
    known: tuple[Any, ...]
    """The pattern as known lanes from my side (what the add-ons' pay conditions read)."""
    mirrored: tuple[Any, ...]
    part_sign: int | None
    """The sign of the lane part (scoop included) when every hand gives it, else None."""
    net_sign: tuple[int | None, int | None]
    """The same for the net, add-ons included: without, and with, the opponent's add-ons."""


def _fixed_sign(low: float, high: float) -> int | None:
    """The sign every value in ``[low, high]`` has, or None when they differ."""
    if low > 0:
        return 1
    if high < 0:
        return -1
    if low == high == 0:
        return 0
    return None


def possible_patterns(
    lanes: Sequence[LaneVals], patterns: Sequence[Pattern]
) -> Iterator[tuple[Num, Pattern]]:
    """Every pattern of lane outcomes with its chance; patterns that cannot happen for a
    known pair are skipped."""
    choices = [(lane.w, lane.t, lane.l) for lane in lanes]
    for i, first in enumerate(choices[0]):
        if is_zero(first):
            continue
        for j, second in enumerate(choices[1]):
            if is_zero(second):
                continue
            both = first * second
            for k, third in enumerate(choices[2]):
                if not is_zero(third):
                    yield both * third, patterns[9 * i + 3 * j + k]


def pattern_of(
    payout: Payout,
    outcomes: tuple[int, int, int],
    lanes: tuple[tuple[Any, ...], tuple[Any, ...]],
) -> Pattern:
    """One pattern of ``payout``'s ruleset, with what its lane part and net can be whatever
    the hands: lane values range over the ruleset's table, add-ons over 0 to all of a
    group's units. ``lanes``: the pattern as known lanes from my side, and mirrored."""
    known, mirrored = lanes
    won, lost = sum(o > 0 for o in outcomes), sum(o < 0 for o in outcomes)
    if payout.outcomes is not None:
        part = (float(payout.row_paid(won, lost)),) * 2
    else:
        low = sum(
            least if o > 0 else -most if o < 0 else 0
            for o, (least, most) in zip(outcomes, payout.lane_range)
        )
        high = sum(
            most if o > 0 else -least if o < 0 else 0
            for o, (least, most) in zip(outcomes, payout.lane_range)
        )
        extra = payout.scoop_bonus if won == 3 else -payout.scoop_bonus if lost == 3 else 0
        mult = payout.scoop_mult if won == 3 or lost == 3 else 1
        part = (float(low * mult + extra), float(high * mult + extra))

    def paid(lanes: Sequence[LaneVals], match: tuple[float, float]) -> tuple[float, float]:
        low = high = 0.0
        for key, terms in payout.bonus_groups.items():
            units = (sum(min(t.units, 0) for t in terms), sum(max(t.units, 0) for t in terms))
            pays = (
                match if key[0] == "match-won" else (float(whole(payout.pays(key, lanes, 0))),) * 2
            )
            products = [u * p for u in units for p in pays]
            low, high = low + min(products), high + max(products)
        return low, high

    mine = paid(known, (float(part[0] > 0), float(part[1] > 0)))
    theirs = paid(mirrored, (float(part[1] < 0), float(part[0] < 0)))
    net_signs = (
        _fixed_sign(part[0] + mine[0], part[1] + mine[1]),
        _fixed_sign(part[0] + mine[0] - theirs[1], part[1] + mine[1] - theirs[0]),
    )
    return Pattern(outcomes, won, lost, known, mirrored, _fixed_sign(*part), net_signs)

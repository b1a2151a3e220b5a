"""A room's ledger: each player's result per round and in all, exact, as a table to show and
to export (CSV for a spreadsheet, JSON for a program)."""

from __future__ import annotations

import io
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from typing import Any

from housegame.csvsafe import SafeWriter
from housegame.jsonsafe import exact, number_map


@dataclass(frozen=True)
class Ledger:
    """``rounds[i][1]`` holds the units of the players seated in that round (a player who
    sat out a round, or joined later, has no entry there); ``totals`` sums them."""

    ruleset: str
    players: tuple[str, ...]
    rounds: tuple[tuple[int, Mapping[str, Fraction]], ...]

    @classmethod
    def of(
        cls,
        ruleset: str,
        players: Iterable[str],
        rounds: Iterable[tuple[int, Mapping[str, Fraction]]],
    ) -> Ledger:
        kept = tuple(rounds)
        names = list(players)
        for _, totals in kept:  # a name only in old rounds stays on the ledger
            names += [name for name in totals if name not in names]
        return cls(ruleset, tuple(names), kept)

    @cached_property
    def totals(self) -> dict[str, Fraction]:
        sums = {name: Fraction(0) for name in self.players}
        for _, totals in self.rounds:
            for name, units in totals.items():
                sums[name] += units
        return sums


def _cell(units: Fraction | None) -> str:
    """A ledger cell: whole units as they are, others as an exact fraction (``4/3``)."""
    if units is None:
        return ""
    return exact(units) or str(int(units))


def ledger_csv(ledger: Ledger) -> str:
    """One row per round, one column per player, then the totals: a blank cell is a round
    the player sat out."""
    out = io.StringIO()
    writer = SafeWriter(out, lineterminator="\n")
    writer.writerow(["round", *ledger.players])
    for number_, totals in ledger.rounds:
        writer.writerow([number_, *(_cell(totals.get(name)) for name in ledger.players)])
    writer.writerow(["total", *(_cell(units) for units in ledger.totals.values())])
    return out.getvalue()


def ledger_json(ledger: Ledger) -> dict[str, Any]:
    """The ledger as JSON: numbers as ``score --json`` gives them (an exact string beside a
    value that is not whole)."""
    return {
        "ruleset": ledger.ruleset,
        "players": list(ledger.players),
        "rounds": [
            {"round": number_, **number_map("units", totals)} for number_, totals in ledger.rounds
        ],
        **number_map("totals", ledger.totals),
        "leader": _leader(ledger),
    }


def _leader(ledger: Ledger) -> str | None:
    """The player ahead after every round, or None on a tie (or before the first round)."""
    totals = ledger.totals
    if not ledger.rounds or not totals:
        return None
    best = max(totals.values())
    ahead = [name for name, units in totals.items() if units == best]
    return ahead[0] if len(ahead) == 1 else None


__all__ = ["Ledger", "ledger_csv", "ledger_json"]

"""Comparing rulesets: one table scored under many rulesets (``compare_table``).

A comparison is ``score`` run once per ruleset and changes nothing in the engines. The Monte
Carlo over many deals lives in ``housegame.simulation``; ``simulate`` and ``RulesetStats`` are
re-exported here for the callers that import them from this module.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

from housegame.errors import CardError, FoulError, HousegameError, TableError
from housegame.jsonsafe import Number, number, number_map, numbers
from housegame.results import totals_line
from housegame.rulesets.families import by_family, family_order, parent_id
from housegame.rulesets.loader import bundled_of, load_ruleset
from housegame.rulesets.registry import Ruleset
from housegame.rulesets.thirteen import ThirteenCardRuleset
from housegame.scoring import ScoreResult, ruleset_for, score
from housegame.simulation import RulesetStats, simulate
from housegame.tables import TableFile, load_table

__all__ = [
    "RulesetStats",
    "TableComparison",
    "by_family",
    "compare_table",
    "family_order",
    "parent_id",
    "rulesets_like",
    "simulate",
]

RulesetRef = str | Path | Ruleset
"""An id, a path or a loaded ruleset."""


@dataclass(frozen=True)
class TableComparison:
    """One table under several rulesets: each ruleset's result, and the rulesets left out
    (only when every bundled ruleset of the game was asked for) with the reason."""

    results: dict[str, ScoreResult]
    skipped: dict[str, str] = field(default_factory=dict)

    @property
    def players(self) -> list[str]:
        first = next(iter(self.results.values()))
        return list(first.totals)

    def totals(self) -> dict[str, dict[str, Number]]:
        """Ruleset id -> player -> units won (negative: lost), as plain numbers (an int where
        whole), so ``pandas.DataFrame(comparison.totals())`` holds numbers."""
        return {
            rid: {name: number(units) for name, units in result.totals.items()}
            for rid, result in self.results.items()
        }

    def exact_totals(self) -> dict[str, dict[str, Fraction]]:
        """The same totals exactly (a pool share of 4/3 stays 4/3)."""
        return {rid: dict(result.totals) for rid, result in self.results.items()}

    def to_records(self) -> list[dict[str, Any]]:
        """One row per ruleset and player, for ``pandas.DataFrame``: ruleset, player, total
        (units; ``total_exact`` where not whole), unit, points (total x points per unit)."""
        return [
            {
                "ruleset": rid,
                "player": name,
                **numbers("total", units),
                "unit": result.unit,
                **numbers("points", units * result.points_per_unit),
            }
            for rid, result in self.results.items()
            for name, units in result.totals.items()
        ]

    def __repr__(self) -> str:
        """A short summary: each ruleset's totals on one line, then what was skipped."""
        players = self.players
        width = max(len(rid) for rid in self.results)
        lines = [f"TableComparison: {len(players)} players under {len(self.results)} rulesets"]
        for rid, totals in self.totals().items():
            lines.append(f"  {rid:<{width}}  {totals_line(totals, self.results[rid].unit)}")
        lines += [f"  skipped {rid}: {reason}" for rid, reason in self.skipped.items()]
        return "\n".join(lines)

    def as_dict(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "rulesets": {
                rid: {
                    "unit": r.unit,
                    "points_per_unit": r.points_per_unit,
                    **number_map("totals", r.totals),
                    "result": r.as_dict(),
                }
                for rid, r in self.results.items()
            },
            "skipped": self.skipped,
        }


def rulesets_like(table: TableFile) -> list[str]:
    """The bundled rulesets of the table's game (its own ruleset's game; 13-card if none)."""
    kind = type(load_ruleset(table.ruleset)) if table.ruleset is not None else ThirteenCardRuleset
    return [rules.id for rules in bundled_of(kind)]


def _for_ruleset(table: TableFile, rules: Ruleset) -> TableFile:
    """The table as this ruleset sees it: a named banker only counts in banker games."""
    banker_game = isinstance(rules, ThirteenCardRuleset) and rules.table.compare == "banker"
    return (
        table if banker_game or table.banker is None else table.model_copy(update={"banker": None})
    )


def _named(exc: HousegameError, rid: str) -> HousegameError:
    return type(exc)(f"ruleset '{rid}': {exc.message}", hint=exc.hint)


def compare_table(
    table: TableFile | Path | str, rulesets: Sequence[RulesetRef] | None = None
) -> TableComparison:
    """Score ``table`` (parsed, or a file's path, as ``score`` takes it) under each ruleset
    (default: every bundled ruleset of its game).

    Rulesets named explicitly must all be able to score the table, or the first problem is
    raised with the ruleset's id; but one that refuses a player's foul setting is skipped
    with its reason, since the others still score it (the foul is the table's, not the
    request's). With the default, a ruleset the table does not fit (seat count, a missing
    banker, a refused foul) is skipped with its reason. If none scores the table, the first
    problem is raised (a problem with the cards before any other)."""
    if not isinstance(table, TableFile):
        table = load_table(Path(table))
    explicit = rulesets is not None
    refs: Sequence[RulesetRef] = rulesets if rulesets is not None else rulesets_like(table)
    if not refs:
        raise TableError("no rulesets to compare", hint="pass --ruleset ID (repeatable)")
    results: dict[str, ScoreResult] = {}
    skipped: dict[str, str] = {}
    problems: list[HousegameError] = []
    for ref in refs:
        rules = ruleset_for(table, ref)
        if rules.id in results or rules.id in skipped:
            raise TableError(f"ruleset '{rules.id}' is given twice", hint="name each ruleset once")
        try:
            results[rules.id] = score(_for_ruleset(table, rules), ref)
        except HousegameError as exc:
            if explicit and not isinstance(exc, FoulError):
                raise _named(exc, rules.id) from exc
            problems.append(_named(exc, rules.id))
            skipped[rules.id] = exc.message
    if not results:  # the cards themselves first: no ruleset can help with those
        raise min(problems, key=lambda problem: not isinstance(problem, CardError))
    loaded = [ruleset_for(table, ref) for ref in refs]
    order = [loaded[i].id for i in by_family(loaded, list(refs))]
    return TableComparison(
        {rid: results[rid] for rid in order if rid in results},
        {rid: skipped[rid] for rid in order if rid in skipped},
    )

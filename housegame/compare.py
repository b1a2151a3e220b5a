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
from housegame.jsonsafe import number_map
from housegame.rulesets.families import by_family, family_order, parent_id
from housegame.rulesets.loader import bundled_of, load_ruleset
from housegame.rulesets.registry import Ruleset
from housegame.rulesets.thirteen import ThirteenCardRuleset
from housegame.scoring import ScoreResult, ruleset_for, score
from housegame.simulation import RulesetStats, simulate
from housegame.tables import TableFile

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

    def totals(self) -> dict[str, dict[str, Fraction]]:
        """Ruleset id -> player -> units won (negative: lost)."""
        return {rid: dict(result.totals) for rid, result in self.results.items()}

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
    table: TableFile, rulesets: Sequence[RulesetRef] | None = None
) -> TableComparison:
    """Score ``table`` under each ruleset (default: every bundled ruleset of its game).

    Rulesets named explicitly must all be able to score the table, or the first problem is
    raised with the ruleset's id; but one that refuses a player's foul setting is skipped
    with its reason, since the others still score it (the foul is the table's, not the
    request's). With the default, a ruleset the table does not fit (seat count, a missing
    banker, a refused foul) is skipped with its reason. If none scores the table, the first
    problem is raised (a problem with the cards before any other)."""
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

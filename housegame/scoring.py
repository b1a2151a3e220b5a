"""Scoring a table file under a ruleset, whatever the game kind."""

from __future__ import annotations

from pathlib import Path

from housegame.arrange import default_arranger
from housegame.errors import TableError
from housegame.ofc import OfcTableResult, score_ofc
from housegame.rulesets.ofc import OfcRuleset
from housegame.rulesets.registry import Ruleset
from housegame.rulesets.resolve import RulesetRef, resolve_ruleset
from housegame.rulesets.thirteen import ThirteenCardRuleset
from housegame.tables import TableFile, load_table
from housegame.thirteen import TableResult, score_thirteen

ScoreResult = TableResult | OfcTableResult
"""What ``score`` returns; both have ``totals``, ``pairs``, ``unit``, ``points_per_unit`` and
``as_dict()``."""


__all__ = ["RulesetRef", "ScoreResult", "resolve_ruleset", "ruleset_for", "score", "score_file"]


def ruleset_for(table: TableFile, ruleset: RulesetRef | None) -> Ruleset:
    """``ruleset`` (an id, a path or a loaded ruleset), else the table's own."""
    ref = ruleset if ruleset is not None else table.ruleset
    if ref is None:
        raise TableError(
            "no ruleset given", hint="add `ruleset: ID` to the table or pass --ruleset ID"
        )
    return resolve_ruleset(ref)


def score(
    table: TableFile | Path | str, ruleset: RulesetRef | None = None, banker: str | None = None
) -> ScoreResult:
    """Score a table (parsed, or a file's path); ``ruleset`` (an id, a path or a loaded
    ruleset) and ``banker`` override the table's own."""
    if not isinstance(table, TableFile):
        table = load_table(Path(table))
    rules = ruleset_for(table, ruleset)
    if isinstance(rules, ThirteenCardRuleset):
        return score_thirteen(rules, table, banker, arranger=default_arranger)
    if isinstance(rules, OfcRuleset):
        return score_ofc(rules, table, banker)
    raise TableError(f"ruleset '{rules.id}' is not a game `housegame score` can settle")


def score_file(
    path: Path | str, ruleset: RulesetRef | None = None, banker: str | None = None
) -> ScoreResult:
    return score(load_table(Path(path)), ruleset, banker)

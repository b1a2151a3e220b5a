"""The 13-card game engine (十三张 family)."""

from __future__ import annotations

from housegame.results import Item, PairResult
from housegame.rulesets.thirteen import ThirteenCardRuleset
from housegame.setting import Setting
from housegame.tables import TableFile
from housegame.thirteen.results import Seat, TableResult
from housegame.thirteen.seating import Arranger, resolve_banker, seat_table
from housegame.thirteen.settle import settle_table

__all__ = [
    "Arranger",
    "Item",
    "PairResult",
    "Seat",
    "Setting",
    "TableResult",
    "score_thirteen",
    "seat_table",
    "settle_table",
]


def score_thirteen(
    ruleset: ThirteenCardRuleset,
    table: TableFile,
    banker: str | None = None,
    arranger: Arranger | None = None,
) -> TableResult:
    """Seat the table (checking everything) and settle it."""
    name = resolve_banker(ruleset, table, banker)
    seats = seat_table(ruleset, table, arranger)
    return settle_table(ruleset, seats, name)

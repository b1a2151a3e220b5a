"""``housegame explain TABLE``: one player's choice in a table file, explained."""

from __future__ import annotations

from pathlib import Path

from housegame.arrange import default_arranger
from housegame.errors import TableError
from housegame.rulesets.resolve import RulesetRef, resolve_ruleset
from housegame.rulesets.thirteen import ThirteenCardRuleset
from housegame.tables import TableFile, load_table
from housegame.thirteen.seating import resolve_banker, seat_player, seat_table
from housegame.trainer.explain import Explanation, explain


def explain_table(
    table: TableFile | Path | str, ruleset: RulesetRef | None = None, player: str | None = None
) -> Explanation:
    """Explain ``player``'s choice (default: the first player's) in a table (parsed, or a
    file's path) under ``ruleset`` (default: the table's). The table's other players count
    its seats (a table of one: a full table) and its ``banker:`` which seat is the banker's;
    the explained player must set its lanes, declare a special hand or surrender."""
    if not isinstance(table, TableFile):
        table = load_table(Path(table))
    ref = ruleset if ruleset is not None else table.ruleset
    if ref is None:
        raise TableError(
            "no ruleset given", hint="add `ruleset: ID` to the table or pass --ruleset ID"
        )
    rules = resolve_ruleset(ref, ThirteenCardRuleset)
    names = [p.name for p in table.players]
    name = player if player is not None else names[0]
    if name not in names:
        raise TableError(
            f"player '{name}' is not at the table", hint="players: " + ", ".join(names)
        )
    entry = table.players[names.index(name)]
    players = len(names) if len(names) > 1 else None
    if players is not None:
        seat_table(rules, table, default_arranger)  # the whole table checked as `score` does
    banker = resolve_banker(rules, table, None) if table.banker is not None else None
    return explain(rules, seat_player(rules, entry), players, banker == name)

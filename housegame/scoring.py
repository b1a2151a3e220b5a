"""Scoring a table file under a ruleset, whatever the game kind."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from housegame.arrange import Arranger
from housegame.cards import Card, parse_cards
from housegame.errors import CardError, TableError
from housegame.ofc import OfcTableResult, score_ofc
from housegame.rulesets.loader import load_ruleset
from housegame.rulesets.ofc import OfcRuleset
from housegame.rulesets.registry import Ruleset
from housegame.rulesets.thirteen import ThirteenCardRuleset
from housegame.tables import TableFile, load_table
from housegame.thirteen import Setting, TableResult, score_thirteen, seating

ScoreResult = TableResult | OfcTableResult
"""What ``score`` returns; both have ``totals``, ``pairs``, ``unit``, ``points_per_unit`` and
``as_dict()``."""


def ruleset_for(table: TableFile, ruleset: str | Path | None) -> Ruleset:
    ref = ruleset if ruleset is not None else table.ruleset
    if ref is None:
        raise TableError(
            "no ruleset given", hint="add `ruleset: ID` to the table or pass --ruleset ID"
        )
    return load_ruleset(ref)


def _loose_hands(table: TableFile) -> list[list[Card]]:
    """The 13 loose cards of every player given as ``cards`` (not surrendering), where they
    read as 13 different cards; anything else is left for seating to refuse with its message."""
    hands = []
    for player in table.players:
        if player.cards is None or player.surrender:
            continue
        try:
            cards = parse_cards(player.cards)
        except CardError:
            continue
        if len(cards) == 13 and len(set(cards)) == 13:
            hands.append(cards)
    return hands


_ARRANGERS: dict[int, tuple[ThirteenCardRuleset, Arranger]] = {}
KEEP = 32
"""Arrangers kept (one per ruleset object, newest last)."""


def _arranger(ruleset: ThirteenCardRuleset) -> Arranger:
    """The ruleset's ``ev`` arranger, kept per ruleset object (the entry holds the object, so
    its ``id`` cannot be reused while cached); building one serializes the whole ruleset."""
    cached = _ARRANGERS.get(id(ruleset))
    if cached is None or cached[0] is not ruleset:
        cached = _ARRANGERS[id(ruleset)] = (ruleset, Arranger(ruleset, "ev"))
        while len(_ARRANGERS) > KEEP:
            del _ARRANGERS[next(iter(_ARRANGERS))]
    return cached[1]


def table_arranger(ruleset: ThirteenCardRuleset, table: TableFile) -> seating.Arranger:
    """Sets all of the table's loose hands in one batched search (the ruleset's default ``ev``
    objective) and answers the seating's one-hand calls from that batch."""
    arranger = _arranger(ruleset)
    settings: dict[frozenset[Card], Setting] = {
        frozenset(hand): arranger.setting(hand, found.splits[0])
        for hand, found in arranger.found(_loose_hands(table))
    }

    def arrange(cards: Sequence[Card], rules: ThirteenCardRuleset) -> Setting:
        known = settings.get(frozenset(cards)) if rules is ruleset else None
        return known if known is not None else _arranger(rules)(cards, rules)

    return arrange


def score(
    table: TableFile, ruleset: str | Path | None = None, banker: str | None = None
) -> ScoreResult:
    """Score a parsed table; ``ruleset`` and ``banker`` override the table's own."""
    rules = ruleset_for(table, ruleset)
    if isinstance(rules, ThirteenCardRuleset):
        return score_thirteen(rules, table, banker, arranger=table_arranger(rules, table))
    if isinstance(rules, OfcRuleset):
        return score_ofc(rules, table, banker)
    raise TableError(f"ruleset '{rules.id}' is not a game `housegame score` can settle")


def score_file(
    path: Path, ruleset: str | Path | None = None, banker: str | None = None
) -> ScoreResult:
    return score(load_table(path), ruleset, banker)

"""Scoring a table file under a ruleset, whatever the game kind."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from housegame.arrange import DEFAULT_OBJECTIVE, Arrangement, Arranger, Choice
from housegame.arrange.seated import weigh_special
from housegame.cards import Card, check_no_duplicates, parse_cards
from housegame.errors import CardError, TableError
from housegame.glossary import Lang, hand_words
from housegame.ofc import OfcTableResult, score_ofc
from housegame.ranking import describe
from housegame.rulesets.common import LANE_SIZES, LANES, LaneName
from housegame.rulesets.ofc import OfcRuleset
from housegame.rulesets.registry import Ruleset
from housegame.rulesets.resolve import RulesetRef, resolve_ruleset
from housegame.rulesets.thirteen import ThirteenCardRuleset
from housegame.tables import TableFile, load_table
from housegame.thirteen import Setting, TableResult, score_thirteen, seating
from housegame.thirteen.specials import Declared, holding

ScoreResult = TableResult | OfcTableResult
"""What ``score`` returns; both have ``totals``, ``pairs``, ``unit``, ``points_per_unit`` and
``as_dict()``."""


__all__ = [
    "RulesetRef",
    "ScoreResult",
    "SettingCheck",
    "arrangement_json",
    "check_setting",
    "resolve_ruleset",
    "ruleset_for",
    "score",
    "score_file",
]


def ruleset_for(table: TableFile, ruleset: RulesetRef | None) -> Ruleset:
    """``ruleset`` (an id, a path or a loaded ruleset), else the table's own."""
    ref = ruleset if ruleset is not None else table.ruleset
    if ref is None:
        raise TableError(
            "no ruleset given", hint="add `ruleset: ID` to the table or pass --ruleset ID"
        )
    return resolve_ruleset(ref)


def _loose_hands(table: TableFile) -> list[list[Card]]:
    """The 13 loose cards of every player given as ``cards`` (not surrendering, not declaring a
    special by name: seating sets neither), where they read as 13 different cards; anything
    else is left for seating to refuse with its message (or to set one hand a call)."""
    hands = []
    for player in table.players:
        named = player.declare not in (None, "auto", "none", "force")
        if player.cards is None or player.surrender or named:
            continue
        try:
            cards = parse_cards(player.cards)
        except CardError:
            continue
        if len(cards) == len(set(cards)) == 13 and not any(c.is_joker for c in cards):
            hands.append(cards)
    return hands


_ARRANGERS: dict[int, tuple[ThirteenCardRuleset, Arranger]] = {}
KEEP = 32
"""Arrangers kept (one per ruleset object, newest last)."""


def _arranger(ruleset: ThirteenCardRuleset) -> Arranger:
    """The ruleset's arranger (the default objective, for a full table), kept per ruleset
    object (the entry holds the object, so its ``id`` cannot be reused while cached); building
    one serializes the whole ruleset."""
    cached = _ARRANGERS.get(id(ruleset))
    if cached is None or cached[0] is not ruleset:
        cached = _ARRANGERS[id(ruleset)] = (ruleset, Arranger(ruleset, DEFAULT_OBJECTIVE))
        while len(_ARRANGERS) > KEEP:
            del _ARRANGERS[next(iter(_ARRANGERS))]
    return cached[1]


class TableArranger:
    """Sets all of a table's loose hands in one batched search (the default objective,
    ``DEFAULT_OBJECTIVE``, for a full table) and answers the seating's one-hand calls from that
    batch; as a ``Chooser`` it also weighs a special hand against the set hand
    (``declare: auto``)."""

    def __init__(self, ruleset: ThirteenCardRuleset, table: TableFile) -> None:
        self.ruleset = ruleset
        arranger = _arranger(ruleset)
        self.settings: dict[frozenset[Card], Setting] = {
            frozenset(hand): arranger.setting(hand, found.splits[0])
            for hand, found in arranger.found(_loose_hands(table))
        }

    def __call__(self, cards: Sequence[Card], rules: ThirteenCardRuleset) -> Setting:
        known = self.settings.get(frozenset(cards)) if rules is self.ruleset else None
        return known if known is not None else _arranger(rules)(cards, rules)

    def choose(
        self, cards: Sequence[Card], ruleset: ThirteenCardRuleset, setting: Setting | None
    ) -> tuple[Setting, Declared | None]:
        return weigh_special(_arranger(ruleset), cards, setting)


def table_arranger(ruleset: ThirteenCardRuleset, table: TableFile) -> seating.Arranger:
    """The arranger ``score`` seats a table's loose hands with (see ``TableArranger``)."""
    return TableArranger(ruleset, table)


def score(
    table: TableFile | Path | str, ruleset: RulesetRef | None = None, banker: str | None = None
) -> ScoreResult:
    """Score a table (parsed, or a file's path); ``ruleset`` (an id, a path or a loaded
    ruleset) and ``banker`` override the table's own."""
    if not isinstance(table, TableFile):
        table = load_table(Path(table))
    rules = ruleset_for(table, ruleset)
    if isinstance(rules, ThirteenCardRuleset):
        return score_thirteen(rules, table, banker, arranger=table_arranger(rules, table))
    if isinstance(rules, OfcRuleset):
        return score_ofc(rules, table, banker)
    raise TableError(f"ruleset '{rules.id}' is not a game `housegame score` can settle")


def score_file(
    path: Path | str, ruleset: RulesetRef | None = None, banker: str | None = None
) -> ScoreResult:
    return score(load_table(Path(path)), ruleset, banker)


@dataclass(frozen=True)
class SettingCheck:
    """One player's three lanes ranked under a ruleset before the table is scored: whether
    they foul (back >= middle >= front by the ruleset's ranking) and whether the ruleset
    refuses a foul setting or scores it. Where the ruleset declares special hands
    automatically, the special the 13 cards make is declared instead and nothing fouls."""

    ruleset: str
    setting: Setting
    refuses: bool
    declared: Declared | None = None

    @property
    def fouled(self) -> bool:
        return self.declared is None and self.setting.fouled

    def as_dict(self, lang: Lang = "en") -> dict[str, Any]:
        """The check as JSON; ``lang`` the language of its hands and reason."""
        setting = self.setting
        return {
            "ruleset": self.ruleset,
            **setting.text(),
            "hands": {lane: hand_words(describe(setting.key(lane)), lang) for lane in LANES},
            "declared": self.declared.hand.id if self.declared is not None else None,
            "fouled": self.fouled,
            "reason": setting.foul_reason(lang) if self.fouled else None,
            "refused": self.fouled and self.refuses,
        }


def check_setting(
    ruleset: RulesetRef, front: str | list[str], middle: str | list[str], back: str | list[str]
) -> SettingCheck:
    """Rank one player's lanes (card text, as a table file gives them) under a 13-card
    ruleset: the foul a table would show, found before it is scored."""
    rules = resolve_ruleset(ruleset, ThirteenCardRuleset)
    given: dict[LaneName, str | list[str]] = {"front": front, "middle": middle, "back": back}
    lanes: dict[str, list[Card]] = {}
    for lane, text in given.items():
        try:
            cards = parse_cards(text, rules.deck.deck())
        except CardError as exc:
            raise CardError(f"{lane}: {exc.message}", exc.hint) from None
        if len(cards) != LANE_SIZES[lane]:
            raise TableError(f"{lane} has {len(cards)} cards, needs {LANE_SIZES[lane]}")
        lanes[lane] = cards
    check_no_duplicates(lanes, rules.deck.deck())
    setting = Setting.of(lanes["front"], lanes["middle"], lanes["back"], rules.ranking.rules())
    found = holding(setting.cards, rules) if rules.specials.declare == "automatic" else []
    declared = found[0] if found else None
    return SettingCheck(rules.id, setting, rules.foul.handling == "refuse", declared)


def _choice_json(choice: Choice) -> dict[str, Any]:
    return {**choice.setting.text(), "value": round(choice.value, 6)}


def arrangement_json(result: Arrangement) -> dict[str, Any]:
    """``housegame arrange --json``: the best lanes, the special to declare (its id, or
    null), the value and the alternatives."""
    declared = result.declared
    jokers = result.best.setting.jokers()  # with jokers: what each lane's stand for
    return {
        **result.best.setting.text(),
        **({"jokers": jokers} if jokers else {}),
        "declare": declared.hand.id if declared else None,
        "value": round(result.best.value, 6),
        "alternatives": [_choice_json(c) for c in result.alternatives],
    }

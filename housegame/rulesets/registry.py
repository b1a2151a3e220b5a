"""The game kinds a ruleset may declare (``game:``) and the published JSON Schema for them."""

from __future__ import annotations

import json
from typing import Any

import yaml

from housegame.data import data_dir
from housegame.rulesets.bigtwo import BigTwoRuleset
from housegame.rulesets.common import RulesetBase
from housegame.rulesets.ofc import OfcRuleset
from housegame.rulesets.schema import authoring_schema, whole_ruleset_ref
from housegame.rulesets.thirteen import ThirteenCardRuleset

RULESET_MODELS: dict[str, type[RulesetBase]] = {
    "thirteen-card": ThirteenCardRuleset,
    "big-two": BigTwoRuleset,
    "ofc": OfcRuleset,
}
"""``game`` value -> model. A new game kind adds one line here, and one in ``GAME_NAMES``."""

GAME_NAMES: dict[str, str] = {
    "thirteen-card": "a 13-card",
    "big-two": "a Big Two",
    "ofc": "an OFC",
}
"""``game`` value -> how messages name the kind ("... is not an OFC ruleset")."""

Ruleset = RulesetBase
"""Any loaded ruleset; check ``isinstance`` against a game kind's model to use it."""

DEFAULT_GAME = "thirteen-card"


GAME_TEXT = (
    "The game kind. thirteen-card: 13-card Chinese Poker (十三张), the default; big-two: "
    "Big Two (大老二); ofc: Open Face Chinese Poker. A file that extends another ruleset may "
    "leave it out: it is of its parent's game."
)


def bundled_games() -> dict[str, str]:
    """Bundled ruleset id -> its game, read from the files (a file without ``game`` is of
    the game of the ruleset it extends)."""
    files = {p.stem: p for p in sorted(data_dir("rulesets").glob("*.yaml"))}
    raw = {rid: yaml.safe_load(p.read_text(encoding="utf-8")) for rid, p in files.items()}

    def game_of(rid: str, seen: frozenset[str]) -> str:
        data = raw[rid]
        if "game" in data:
            return str(data["game"])
        parent = data.get("extends")
        if parent in raw and parent not in seen:
            return game_of(parent, seen | {rid})
        return DEFAULT_GAME

    return {rid: game_of(rid, frozenset()) for rid in raw}


def ruleset_schema() -> dict[str, Any]:
    """The JSON Schema every ruleset file must satisfy as written, generated from the models
    (jointly, so that same-named models of different games get distinct $defs)."""
    return authoring_schema(dict(RULESET_MODELS), DEFAULT_GAME, GAME_TEXT, bundled_games())


def game_ref(schema: dict[str, Any], game: str) -> str:
    """The $ref of one game kind's whole (merged) ruleset in a published ruleset schema."""
    return whole_ruleset_ref(schema, game)


def schema_text(schema: dict[str, Any]) -> str:
    return json.dumps(schema, indent=2, ensure_ascii=False, sort_keys=True) + "\n"

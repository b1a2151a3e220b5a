"""The game kinds a ruleset may declare (``game:``) and the published JSON Schema for them."""

from __future__ import annotations

import json
from typing import Any

from pydantic.json_schema import models_json_schema

from housegame.rulesets.bigtwo import BigTwoRuleset
from housegame.rulesets.common import RulesetBase
from housegame.rulesets.ofc import OfcRuleset
from housegame.rulesets.thirteen import ThirteenCardRuleset

RULESET_MODELS: dict[str, type[RulesetBase]] = {
    "thirteen-card": ThirteenCardRuleset,
    "big-two": BigTwoRuleset,
    "ofc": OfcRuleset,
}
"""``game`` value -> model. A new game kind adds one line here."""

Ruleset = RulesetBase
"""Any loaded ruleset; check ``isinstance`` against a game kind's model to use it."""

DEFAULT_GAME = "thirteen-card"


def ruleset_schema() -> dict[str, Any]:
    """The JSON Schema every ruleset file must satisfy, generated from the models.

    Generated jointly so that same-named models of different games get distinct $defs.
    """
    refs, joint = models_json_schema(
        [(m, "validation") for m in RULESET_MODELS.values()], ref_template="#/$defs/{model}"
    )
    ref_of = {game: refs[(model, "validation")]["$ref"] for game, model in RULESET_MODELS.items()}
    branches = [
        {
            "if": {"properties": {"game": {"const": game}}, "required": ["game"]},
            "then": {"$ref": ref},
        }
        for game, ref in ref_of.items()
    ]
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://housegame.invalid/schemas/ruleset.schema.json",
        "title": "housegame ruleset",
        "description": "A house-rules file for one game kind; `game` picks the kind "
        f"(default {DEFAULT_GAME}).",
        "type": "object",
        "required": ["id", "name"],
        "properties": {"game": {"enum": list(RULESET_MODELS)}},
        "allOf": [
            {"if": {"not": {"required": ["game"]}}, "then": {"$ref": ref_of[DEFAULT_GAME]}},
            *branches,
        ],
        "$defs": joint["$defs"],
    }


def game_ref(schema: dict[str, Any], game: str) -> str:
    """The $ref of one game kind's branch in a published ruleset schema."""
    for branch in schema["allOf"][1:]:
        if branch["if"]["properties"]["game"]["const"] == game:
            ref: str = branch["then"]["$ref"]
            return ref
    raise KeyError(game)


def schema_text(schema: dict[str, Any]) -> str:
    return json.dumps(schema, indent=2, ensure_ascii=False, sort_keys=True) + "\n"

"""The game kinds a ruleset may declare (``game:``) and the published JSON Schema for them."""

from __future__ import annotations

import json
from typing import Any

from housegame.rulesets.bigtwo import BigTwoRuleset
from housegame.rulesets.common import RulesetBase
from housegame.rulesets.thirteen import ThirteenCardRuleset

RULESET_MODELS: dict[str, type[RulesetBase]] = {
    "thirteen-card": ThirteenCardRuleset,
    "big-two": BigTwoRuleset,
}
"""``game`` value -> model. A new game kind adds one line here."""

Ruleset = RulesetBase
"""Any loaded ruleset; check ``isinstance`` against a game kind's model to use it."""

DEFAULT_GAME = "thirteen-card"


def ruleset_schema() -> dict[str, Any]:
    """The JSON Schema every ruleset file must satisfy, generated from the models."""
    defs: dict[str, Any] = {}
    branches = []
    for game, model in RULESET_MODELS.items():
        schema = model.model_json_schema(ref_template="#/$defs/{model}")
        defs.update(schema.pop("$defs", {}))
        defs[model.__name__] = schema
        branches.append({"if": {"properties": {"game": {"const": game}}},
                         "then": {"$ref": f"#/$defs/{model.__name__}"}})
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
            {"if": {"not": {"required": ["game"]}}, "then": {"$ref": f"#/$defs/{RULESET_MODELS[DEFAULT_GAME].__name__}"}},
            *branches,
        ],
        "$defs": defs,
    }


def schema_text(schema: dict[str, Any]) -> str:
    return json.dumps(schema, indent=2, ensure_ascii=False, sort_keys=True) + "\n"

"""A ruleset fully merged (``extends`` resolved) as plain data, YAML or JSON: what a derived
ruleset really says, and a file that loads back to the same rules."""

from __future__ import annotations

import json
from typing import Any

import yaml

from housegame.rulesets.common import RulesetBase


def merged_data(ruleset: RulesetBase, *, keep_none: bool = False) -> dict[str, Any]:
    """Every setting of the loaded ruleset (defaults included), aliases as written in YAML."""
    data: dict[str, Any] = ruleset.model_dump(
        mode="json", by_alias=True, exclude={"extends"}, exclude_none=not keep_none
    )
    return data


def merged_yaml(ruleset: RulesetBase) -> str:
    """Standalone YAML: no ``extends``; loads back to an equal ruleset."""
    header = f"# {ruleset.id}, fully merged: every setting, no extends\n"
    body = yaml.safe_dump(
        merged_data(ruleset),
        sort_keys=False,
        allow_unicode=True,
        width=10**6,
        default_flow_style=None,
    )
    return header + body


def merged_json(ruleset: RulesetBase) -> str:
    return json.dumps(merged_data(ruleset, keep_none=True), ensure_ascii=False, indent=2) + "\n"

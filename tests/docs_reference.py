"""docs/rulesets-reference.md: every key a ruleset file may hold, generated from the published
JSON Schema (``schemas/ruleset.schema.json``), so the reference can never drift from what
``housegame validate`` accepts.

Regenerate with ``python -m tests.docs_reference`` (a test fails while the page is stale).
"""

from __future__ import annotations

import json
from typing import Any

from tests.docs_blocks import ROOT

SCHEMA = ROOT / "schemas" / "ruleset.schema.json"
PAGE = ROOT / "docs" / "rulesets-reference.md"
GAMES = (
    ("ThirteenCardRuleset", "13-card rulesets (`game: thirteen-card`, the default)"),
    ("OfcRuleset", "OFC rulesets (`game: ofc`)"),
    ("BigTwoRuleset", "Big Two rulesets (`game: big-two`)"),
)
INTRO = """# Rulesets reference

Every key a ruleset file may hold, by game, generated from the published JSON Schema
(`schemas/ruleset.schema.json`; regenerate this page with `python -m tests.docs_reference`).
How to write a ruleset, with examples: [authoring.md](authoring.md). What the bundled rulesets
choose: `housegame show ID`.

A type in *italics* links to its own table below. "null" means the key may be set to `null`
(or left out) to switch the rule off. Unknown keys are errors. A file that `extends` another
may leave out any key, required or not: the schema checks it against a "patch" form of each
table below (the same keys, all optional, plus the `$delete` / `$replace` directives described
in [authoring-reference.md](authoring-reference.md)).
"""


def _type(node: dict[str, Any]) -> str:
    if "$ref" in node:
        name = node["$ref"].rsplit("/", 1)[1]
        return f"[*{name}*](#{name.lower()})"
    if "anyOf" in node:
        kinds = [_type(option) for option in node["anyOf"]]
        return " or ".join(kinds)
    if "const" in node:
        return f"`{json.dumps(node['const'], ensure_ascii=False)}`"
    if "enum" in node:
        return " | ".join(f"`{json.dumps(v, ensure_ascii=False)}`" for v in node["enum"])
    kind = node.get("type")
    if kind == "array":
        return f"list of {_type(node.get('items', {}))}"
    if kind == "object":
        inner = node.get("additionalProperties")
        return f"map of name → {_type(inner)}" if isinstance(inner, dict) else "mapping"
    if kind == "null":
        return "null"
    bounds = [f"≥ {node['minimum']}"] if "minimum" in node else []
    bounds += [f"≤ {node['maximum']}"] if "maximum" in node else []
    bounds += [f"pattern `{node['pattern']}`"] if "pattern" in node else []
    shown = str(kind) if kind else "any"
    return shown + (f" ({', '.join(bounds)})" if bounds else "")


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _table(schema: dict[str, Any], name: str, queue: list[str]) -> list[str]:
    node = schema["$defs"][name]
    lines = [f"### {name}", ""]
    if node.get("description"):
        lines += [_cell(node["description"]), ""]
    properties = node.get("properties", {})
    if not properties:
        return [*lines, f"A {_type(node)}.", ""]
    required = set(node.get("required", ()))
    lines += ["| key | type | default | meaning |", "|---|---|---|---|"]
    for key, prop in properties.items():
        default = "required" if key in required else ""
        if "default" in prop:
            default = f"`{json.dumps(prop['default'], ensure_ascii=False)}`"
        shown = _type(prop)
        lines.append(
            f"| `{key}` | {_cell(shown)} | {default} | {_cell(prop.get('description', ''))} |"
        )
        for ref in _refs(prop):
            if ref not in queue:
                queue.append(ref)
    return [*lines, ""]


def _refs(node: Any) -> list[str]:
    if isinstance(node, dict):
        found = [node["$ref"].rsplit("/", 1)[1]] if "$ref" in node else []
        for value in node.values():
            found += _refs(value)
        return found
    if isinstance(node, list):
        return [ref for item in node for ref in _refs(item)]
    return []


def reference_markdown(schema: dict[str, Any]) -> str:
    lines = [INTRO]
    written: set[str] = set()
    for model, title in GAMES:
        lines += [f"## {title}", ""]
        queue = [model]
        while queue:
            name = queue.pop(0)
            if name in written:
                continue
            written.add(name)
            lines += _table(schema, name, queue)
    return "\n".join(lines).rstrip() + "\n"


def main() -> None:
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    PAGE.write_text(reference_markdown(schema), encoding="utf-8")
    print(f"rewrote {PAGE.relative_to(ROOT)}")


if __name__ == "__main__":
    main()

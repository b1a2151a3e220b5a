"""docs/rulesets-reference.md is what the schema says now."""

from __future__ import annotations

import json

from tests.docs_reference import PAGE, SCHEMA, reference_markdown


def test_reference_page_is_current() -> None:
    expected = reference_markdown(json.loads(SCHEMA.read_text(encoding="utf-8")))
    assert PAGE.read_text(encoding="utf-8") == expected, "run: python -m tests.docs_reference"


def test_every_definition_and_top_level_key_is_documented() -> None:
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    page = PAGE.read_text(encoding="utf-8")
    defs = schema["$defs"]
    for name, node in defs.items():
        if name.endswith("Patch"):  # a file that extends: the same keys, all optional
            base = defs[name.removesuffix("Patch")]
            assert set(node.get("properties", {})) <= set(base.get("properties", {})) | {"$delete"}
            continue
        assert f"### {name}" in page
        for key in node.get("properties", {}):
            assert f"| `{key}` |" in page

"""The published schemas: generated from the models, describing every property, and accepting
every bundled file as written (editors and check-jsonschema read them, not the loader)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml
from typer.testing import CliRunner

from housegame.cli import app
from housegame.filecheck import file_kind
from housegame.rulesets.common import NUMBER_RANKS, RANK_TEXTS, SuitName
from housegame.schemas import SCHEMAS, render, schema_file, write_all

ROOT = Path(__file__).resolve().parents[1]
HEADER = "# yaml-language-server: $schema=../schemas/ruleset.schema.json\n"
BUNDLED = sorted((ROOT / "rulesets").glob("*.yaml"))
EXAMPLES = sorted((ROOT / "examples").glob("*.yaml"))


@cache
def published(name: str) -> jsonschema.Draft202012Validator:
    schema = json.loads(schema_file(name).read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def errors(name: str, path: Path) -> list[str]:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    return [f"{list(e.absolute_path)}: {e.message}" for e in published(name).iter_errors(data)]


@pytest.mark.parametrize("name", sorted(SCHEMAS))
def test_published_schema_files_are_generated_from_the_models(name: str) -> None:
    assert schema_file(name).read_text(encoding="utf-8") == render(name), (
        "regenerate with `python -m housegame.schemas`"
    )


def test_one_command_writes_every_schema(tmp_path: Path) -> None:
    written = write_all(tmp_path)
    assert sorted(p.name for p in written) == sorted(f"{n}.schema.json" for n in SCHEMAS)
    for path in written:
        assert path.read_text(encoding="utf-8") == schema_file(path.name.split(".")[0]).read_text(
            encoding="utf-8"
        )


@pytest.mark.parametrize("name", sorted(SCHEMAS))
def test_schema_ids_work_from_a_clone(name: str) -> None:
    schema = json.loads(render(name))
    assert schema["$id"] == f"urn:housegame:schema:{name}"
    assert ".invalid" not in render(name)


@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: p.name)
def test_every_bundled_ruleset_validates_as_written(path: Path) -> None:
    assert errors("ruleset", path) == []


@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: p.name)
def test_every_bundled_ruleset_names_its_schema(path: Path) -> None:
    assert path.read_text(encoding="utf-8").startswith(HEADER)
    assert (path.parent / "../schemas/ruleset.schema.json").resolve().is_file()


@pytest.mark.parametrize("path", sorted((ROOT / "tests/rulesets/positive").glob("*.yaml")))
def test_positive_examples_validate_as_written(path: Path) -> None:
    assert errors("ruleset", path) == []


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_examples_validate_against_their_schema(path: Path) -> None:
    kind = file_kind(yaml.safe_load(path.read_text(encoding="utf-8")))
    assert errors(kind, path) == []


def test_every_kind_of_example_is_there() -> None:
    kinds = {file_kind(yaml.safe_load(p.read_text(encoding="utf-8"))) for p in EXAMPLES}
    assert kinds == set(SCHEMAS)


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ("extends: pagat\nscop: {bonus: 1}\n", "Additional properties are not allowed"),
        ("id: x\nname: x\nsummary: x\n", "'foul' is a required property"),
        ("extends: pagat\nspecials: {hands: [{name: x}]}\n", "'id' is a required property"),
        ("extends: pagat\nlane_values: {values: {$replace: 3}}\n", "is not of type 'array'"),
        ("extends: maceplay-big-two\ngame: big-two\npenalty: {tiers: [{per_card: 1}]}\n", "cards"),
    ],
)
def test_the_schema_refuses_what_the_loader_refuses(
    tmp_path: Path, body: str, message: str
) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(body, encoding="utf-8")
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    found = list(published("ruleset").iter_errors(data))
    assert found
    assert any(message in e.message for e in _deep(found)), [e.message for e in _deep(found)]


def _deep(found: list[jsonschema.ValidationError]) -> Iterator[jsonschema.ValidationError]:
    for error in found:
        yield error
        yield from _deep(list(error.context or []))


def test_override_files_need_no_required_key(tmp_path: Path) -> None:
    path = tmp_path / "child.yaml"
    path.write_text(
        "extends: pagat\nspecials: {hands: [{id: six-pairs, points: 4}, {id: complete-straight, "
        "$delete: true}]}\nbonuses: {extra: {$delete: true}}\n",
        encoding="utf-8",
    )
    assert errors("ruleset", path) == []


def _properties(node: Any, path: str = "") -> Iterator[tuple[str, dict[str, Any]]]:
    if isinstance(node, dict):
        for key, value in node.get("properties", {}).items():
            if isinstance(value, dict):
                yield f"{path}.{key}", value
        for key, value in node.items():
            yield from _properties(value, f"{path}/{key}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _properties(value, f"{path}[{i}]")


@pytest.mark.parametrize("name", ["ruleset", "table"])
def test_every_property_has_a_description(name: str) -> None:
    schema = json.loads(render(name))
    missing = [path for path, prop in _properties(schema) if not prop.get("description")]
    assert missing == []


def _enums(node: Any) -> Iterator[list[Any]]:
    if isinstance(node, dict):
        if "enum" in node:
            yield node["enum"]
        for key in ("anyOf", "oneOf", "items", "additionalProperties", "propertyNames"):
            if key in node:
                yield from _enums(node[key])
    elif isinstance(node, list):
        for value in node:
            yield from _enums(value)


CARD_WORDS = {*RANK_TEXTS, *NUMBER_RANKS, *SuitName.__args__}  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", ["ruleset", "table"])
def test_every_enum_lists_its_meanings(name: str) -> None:
    """A choice's description names each value it allows (card ranks and suits need not)."""
    schema = json.loads(render(name))
    unexplained = []
    for path, prop in _properties(schema):
        text = prop.get("description", "")
        for values in _enums(prop):
            for value in values:
                if value not in CARD_WORDS and str(value) not in text:
                    unexplained.append(f"{path}: {value}")
    assert unexplained == []


@pytest.mark.parametrize("name", sorted(SCHEMAS))
def test_schema_command_prints_the_published_file(name: str) -> None:
    result = CliRunner().invoke(app, ["schema", name])
    assert result.exit_code == 0
    assert result.stdout == schema_file(name).read_text(encoding="utf-8")


def test_schema_command_names_the_schemas_it_has() -> None:
    result = CliRunner().invoke(app, ["schema", "rules"])
    assert result.exit_code == 2
    assert "no schema 'rules'" in result.stderr and "ruleset, table, ofc-log, bigtwo-log" in (
        result.stderr
    )

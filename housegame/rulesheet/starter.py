"""A starter file for a new ruleset: ``extends`` a base, then every setting the base has,
commented out, with the base's value and its meaning read from the model's JSON Schema (so a
description added to a field appears here without touching this module)."""

from __future__ import annotations

import os
import textwrap
from pathlib import Path
from typing import Any

import yaml
from pydantic import TypeAdapter, ValidationError

from housegame.data import data_dir
from housegame.errors import RulesetError
from housegame.inputs import InputError, write_text_atomic
from housegame.rulesets.common import RulesetBase, RulesetId
from housegame.rulesets.loader import bundled_rulesets, load_ruleset
from housegame.rulesets.merge import MergeSpec
from housegame.rulesheet.merged import merged_data

SKIPPED = frozenset({"id", "name", "summary", "region", "sources", "extends", "game"})
"""Top-level keys the starter writes itself (id, name, ...) or must not change (game)."""

Schema = dict[str, Any]


def flow(value: Any) -> str:
    """One line of flow-style YAML."""
    text = yaml.safe_dump(
        value, default_flow_style=True, allow_unicode=True, width=10**6, sort_keys=False
    )
    return text.removesuffix("\n...\n").strip()


def _resolve(schema: Schema, defs: Schema) -> Schema:
    """Follow ``$ref`` and pick the non-null branch of ``anyOf`` (an optional section)."""
    while True:
        if "$ref" in schema:
            schema = {**defs[schema["$ref"].rsplit("/", 1)[-1]], **_rest(schema)}
        elif "anyOf" in schema:
            branches = [b for b in schema["anyOf"] if b.get("type") != "null"]
            schema = {**branches[0], **_rest(schema)} if len(branches) == 1 else _rest(schema)
        else:
            return schema


def _rest(schema: Schema) -> Schema:
    return {k: v for k, v in schema.items() if k not in ("$ref", "anyOf")}


def _child(schema: Schema, key: str, defs: Schema) -> Schema:
    schema = _resolve(schema, defs)
    if key in schema.get("properties", {}):
        return _resolve(schema["properties"][key], defs)
    extra = schema.get("additionalProperties")
    return _resolve(extra, defs) if isinstance(extra, dict) else {}


def _meaning(schema: Schema) -> str:
    return " ".join(str(schema.get("description", "")).split())


def _nest(path: tuple[str, ...], value: Any) -> Any:
    for key in reversed(path[1:]):
        value = {key: value}
    return value


def _lines(
    spec: MergeSpec, value: Any, path: tuple[str, ...], schema: Schema, defs: Schema
) -> list[str]:
    if isinstance(value, dict) and value and not spec.is_atomic(path):
        out: list[str] = []
        for key, item in value.items():
            out += _lines(spec, item, (*path, key), _child(schema, key, defs), defs)
        return out
    if spec.key_fields(path) is not None and isinstance(value, list) and value:
        item_schema = _resolve(schema.get("items", {}), defs)
        meaning = " ".join(filter(None, (_meaning(schema), _meaning(item_schema))))
        entries = [_line(path, [_without_none(entry)]) for entry in value]
        return _explained(f"{meaning} One line per entry.".strip(), entries)
    return _explained(_meaning(schema), [_line(path, value)])


def _explained(meaning: str, lines: list[str]) -> list[str]:
    """The setting's meaning as ``##`` lines above it, so a setting line uncomments alone."""
    wrapped = textwrap.wrap(meaning, width=96) if meaning else []
    return [*(f"## {line}" for line in wrapped), *lines]


def _line(path: tuple[str, ...], value: Any) -> str:
    return f"# {path[0]}: {flow(_nest(path, value))}"


def _without_none(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _without_none(v) for k, v in value.items() if v is not None}
    if isinstance(value, list):
        return [_without_none(v) for v in value]
    return value


def user_schema_file() -> Path:
    """Where ``housegame new`` keeps the ruleset schema for editors: one fixed file per user
    (``$XDG_DATA_HOME/housegame/ruleset.schema.json``, by default under ``~/.local/share``),
    not inside the package, whose folder moves when it is upgraded or reinstalled."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(os.path.abspath(base)) / "housegame" / "ruleset.schema.json"


def install_user_schema() -> Path:
    """Write (or refresh) the user's copy of the ruleset schema with this version's text, so
    the files ``new`` wrote earlier keep a valid, current reference; returns the file."""
    target = user_schema_file()
    text = (data_dir("schemas") / "ruleset.schema.json").read_text(encoding="utf-8")
    try:
        if not target.is_file() or target.read_text(encoding="utf-8") != text:
            target.parent.mkdir(parents=True, exist_ok=True)
            write_text_atomic(target, text)
    except OSError as exc:
        raise InputError(
            f"cannot write the schema copy {target}: {exc.strerror or exc}",
            hint="set XDG_DATA_HOME to a folder you can write, or use -o - to print",
        ) from None
    return target


def _schema_ref() -> str:
    """An absolute reference to the user's copy of the schema: valid wherever the ruleset
    file is moved, and across upgrades (each ``housegame new`` refreshes the copy)."""
    return user_schema_file().as_uri()


def _extends_ref(base: str, target: Path | None) -> str:
    if base in bundled_rulesets() or target is None:
        return base
    return Path(os.path.relpath(Path(base).resolve(), target.parent.resolve())).as_posix()


def check_name(name: str) -> None:
    """A new ruleset's id must be one the loader accepts, or the file would not validate."""
    try:
        TypeAdapter(RulesetId).validate_python(name)
    except ValidationError:
        raise RulesetError(
            f"'{name}' cannot be a ruleset id",
            hint="use lowercase letters, digits and dashes, starting with a letter or digit "
            "(e.g. my-house-rules)",
        ) from None


def starter_yaml(name: str, base: str, target: Path | None) -> str:
    """The text of NAME.yaml extending ``base`` (an id or a path), to be written at ``target``
    (None: printed), with every setting of the base commented out."""
    check_name(name)
    ruleset: RulesetBase = load_ruleset(base)
    model_schema = type(ruleset).model_json_schema(by_alias=True)
    defs = model_schema.get("$defs", {})
    data = merged_data(ruleset, keep_none=True)
    out = [
        f"# yaml-language-server: $schema={_schema_ref()}",
        f"# {name}: {ruleset.id} with house changes. Every setting below is {ruleset.id}'s,",
        "# commented out (`##` lines say what it means): uncomment a line and change its value.",
        "# Lines of one section combine into one mapping (a key may appear once), e.g.",
        "# `scoop: {multiplier: 2, bonus: 3}`.",
        f"extends: {_extends_ref(base, target)}",
        f"id: {name}",
        f"name: {name}",
        f"summary: {flow(f'{ruleset.name}, with house changes.')}",
        f"game: {data['game']}",
    ]
    for key, value in data.items():
        if key in SKIPPED:
            continue
        out.append("")
        out += _lines(
            type(ruleset).merge_spec, value, (key,), _child(model_schema, key, defs), defs
        )
    return "\n".join(out) + "\n"


__all__ = ["check_name", "install_user_schema", "starter_yaml", "user_schema_file"]

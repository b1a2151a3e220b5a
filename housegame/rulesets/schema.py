"""The JSON Schema of ruleset files as people write them.

A file without ``extends`` is a whole ruleset: the models' own schema. A file with
``extends`` is an override: every key is optional, lists of identified entries take
``$delete`` entries and a ``{$replace: [...]}`` form, and whatever is replaced whole (a
condition, an ordered list) is checked whole. The loader checks the merged result against
the models too, so this schema is what an editor can know from one file.
"""

from __future__ import annotations

import copy
from typing import Any

from pydantic import BaseModel
from pydantic.json_schema import models_json_schema

from housegame.rulesets.merge import ANY_ITEM, ANY_KEY, DELETE, REPLACE, MergeSpec, SpecPath

DEFS = "#/$defs/"
PATCH = "Patch"

DELETE_ENTRY: dict[str, Any] = {
    "type": "object",
    "title": "Delete",
    "description": "Removes the inherited entry of this name.",
    "properties": {DELETE: {"const": True, "description": "Remove the inherited entry."}},
    "required": [DELETE],
    "additionalProperties": False,
}


def _replace_wrapper(full: dict[str, Any]) -> dict[str, Any]:
    return {
        "type": "object",
        "title": "Replace",
        "description": "Replaces the whole inherited list with this one.",
        "properties": {
            REPLACE: {**full, "description": "The list that replaces the inherited one."}
        },
        "required": [REPLACE],
        "additionalProperties": False,
    }


class _Patcher:
    """Builds the override ("Patch") version of each model's schema, walking from a root."""

    def __init__(self, defs: dict[str, Any], spec: MergeSpec) -> None:
        self.defs = defs
        self.spec = spec
        self.out: dict[str, Any] = {}

    def node(self, schema: Any, path: SpecPath) -> Any:
        if not isinstance(schema, dict) or self.spec.is_atomic(path):
            return schema
        if "$ref" in schema:
            return {**schema, "$ref": self.ref(schema["$ref"], path)}
        out = dict(schema)
        for union in ("anyOf", "oneOf"):
            if union in out:
                out[union] = [self.node(s, path) for s in out[union]]
        if "properties" in out:
            out.pop("required", None)
            out["properties"] = {k: self.prop(v, (*path, k)) for k, v in out["properties"].items()}
        extra = out.get("additionalProperties")
        if isinstance(extra, dict):
            patched = self.node(extra, (*path, ANY_KEY))
            out["additionalProperties"] = {"anyOf": [patched, DELETE_ENTRY]}
        return out

    def prop(self, schema: dict[str, Any], path: SpecPath) -> Any:
        fields = self.spec.key_fields(path)
        if fields is None:
            return schema if _is_list(schema) else self.node(schema, path)
        described = {k: schema[k] for k in ("description", "title") if k in schema}
        listed = {k: v for k, v in schema.items() if k not in described}
        entries = self.keyed(listed, path, fields)
        return {**described, "anyOf": [entries, _replace_wrapper(listed)]}

    def keyed(self, schema: dict[str, Any], path: SpecPath, fields: tuple[str, ...]) -> Any:
        if "anyOf" in schema:
            return {**schema, "anyOf": [self.keyed(s, path, fields) for s in schema["anyOf"]]}
        if schema.get("type") != "array":
            return schema
        item_ref = schema["items"]["$ref"]
        patched = self.ref(item_ref, (*path, ANY_ITEM))
        item = self.out[patched.removeprefix(DEFS)]
        item["required"] = [f for f in fields if f not in self.spec.optional]
        item["properties"][DELETE] = {
            "const": True,
            "description": "Remove the inherited entry with this "
            + " and ".join(fields)
            + " (the other keys may be left out).",
        }
        return {**schema, "items": {"$ref": patched}}

    def ref(self, ref: str, path: SpecPath) -> str:
        name = ref.removeprefix(DEFS)
        patch_name = name + PATCH
        if patch_name not in self.out:
            self.out[patch_name] = {}
            self.out[patch_name] = self.node(copy.deepcopy(self.defs[name]), path)
        return DEFS + patch_name


def _is_list(schema: dict[str, Any]) -> bool:
    if schema.get("type") == "array":
        return True
    return any(s.get("type") == "array" for s in schema.get("anyOf", []) if isinstance(s, dict))


def _inherited(refs: dict[str, str], default: str, ids: dict[str, str]) -> list[dict[str, Any]]:
    """An override without ``game`` is of its parent's game: known here for the bundled ids
    (``ids``: id -> game); any other parent reads as ``default`` for an editor (the loader
    reads the parent)."""
    other = sorted(rid for rid, game in ids.items() if game != default)
    out: list[dict[str, Any]] = [
        {
            "if": {
                "not": {"required": ["game"]},
                "properties": {
                    "extends": {
                        "not": {"enum": other},
                        "description": f"Not one of another game ({', '.join(other)}): {default}.",
                    }
                },
            },
            "then": {"$ref": refs[default]},
        }
    ]
    for game, ref in refs.items():
        named = sorted(rid for rid, of in ids.items() if of == game)
        if game != default and named:
            extends = {"enum": named, "description": f"A {game} ruleset: {', '.join(named)}."}
            condition = {"not": {"required": ["game"]}, "properties": {"extends": extends}}
            out.append({"if": condition, "then": {"$ref": ref}})
    return out


def _branches(
    refs: dict[str, str], default: str, ids: dict[str, str] | None = None
) -> list[dict[str, Any]]:
    return [
        *(
            _inherited(refs, default, ids)
            if ids is not None
            else [{"if": {"not": {"required": ["game"]}}, "then": {"$ref": refs[default]}}]
        ),
        *(
            {
                "if": {
                    "properties": {"game": {"const": game, "description": f"A {game} file."}},
                    "required": ["game"],
                },
                "then": {"$ref": ref},
            }
            for game, ref in refs.items()
        ),
    ]


def authoring_schema(
    models: dict[str, type[BaseModel]], default: str, game_text: str, bundled: dict[str, str]
) -> dict[str, Any]:
    """The schema of ruleset files: whole rulesets, and overrides (files with ``extends``);
    ``bundled``: the bundled ruleset ids and their games, which an override may extend
    without naming the game."""
    refs, joint = models_json_schema(
        [(m, "validation") for m in models.values()], ref_template=DEFS + "{model}"
    )
    defs: dict[str, Any] = joint["$defs"]
    full = {game: refs[(model, "validation")]["$ref"] for game, model in models.items()}
    patch: dict[str, str] = {}
    patch_defs: dict[str, Any] = {}
    for game, model in models.items():
        spec: MergeSpec = getattr(model, "merge_spec", MergeSpec())
        patcher = _Patcher(defs, spec)
        patch[game] = patcher.ref(full[game], ())
        patch_defs.update(patcher.out)
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "urn:housegame:schema:ruleset",
        "title": "housegame ruleset",
        "description": "A house-rules file for one game kind; `game` picks the kind (default "
        f"{default}). A file with `extends` overrides its parent: every key is optional.",
        "type": "object",
        "properties": {
            "game": {"enum": list(models), "description": game_text},
            "extends": {
                "type": "string",
                "description": "Id or relative path of the ruleset this file overrides.",
            },
        },
        "if": {"required": ["extends"]},
        "then": {"allOf": _branches(patch, default, bundled)},
        "else": {"allOf": _branches(full, default)},
        "$defs": {**defs, **patch_defs},
    }


def whole_ruleset_ref(schema: dict[str, Any], game: str) -> str:
    """The $ref of one game kind's whole-ruleset (merged) schema."""
    for branch in schema["else"]["allOf"][1:]:
        if branch["if"]["properties"]["game"]["const"] == game:
            ref: str = branch["then"]["$ref"]
            return ref
    raise KeyError(game)


__all__ = ["authoring_schema", "whole_ruleset_ref"]

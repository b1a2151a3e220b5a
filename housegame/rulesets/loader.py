"""Loading a ruleset: YAML -> resolve ``extends`` -> JSON Schema -> pydantic model.

Every failure is a RulesetError whose lines read ``file:line: key.path: what is wrong``
followed by a hint, most useful first.
"""

from __future__ import annotations

import difflib
import json
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

from housegame.data import data_dir
from housegame.errors import RulesetError
from housegame.rulesets.families import family_order
from housegame.rulesets.registry import (
    DEFAULT_GAME,
    RULESET_MODELS,
    Ruleset,
    game_ref,
    ruleset_schema,
)
from housegame.validation import describe_value, validate_data
from housegame.yamlsource import KeyPath, Located, load_yaml_file


def bundled_rulesets() -> dict[str, Path]:
    """Bundled ruleset id -> file."""
    return {p.stem: p for p in sorted(data_dir("rulesets").glob("*.yaml"))}


KindT = TypeVar("KindT")


def bundled_of(kind: type[KindT]) -> list[KindT]:
    """Every bundled ruleset of one game kind (a model class such as ``ThirteenCardRuleset``),
    loaded, in family order (a base, then the rulesets that extend it)."""
    every = (load_ruleset(rid) for rid in family_order(bundled_rulesets()))
    return [rules for rules in every if isinstance(rules, kind)]


def _resolve_reference(ref: str, relative_to: Path | None) -> Path:
    candidate = Path(ref)
    if relative_to is not None and not candidate.is_absolute():
        candidate = relative_to.parent / candidate
    if ref.endswith((".yaml", ".yml")) or "/" in ref:
        if candidate.is_file():
            return candidate
        raise RulesetError(f"no ruleset file {candidate}")
    bundled = bundled_rulesets()
    if ref in bundled:
        return bundled[ref]
    close = difflib.get_close_matches(ref, bundled, n=1)
    hint = f"did you mean '{close[0]}'? " if close else ""
    raise RulesetError(
        f"unknown ruleset '{ref}'",
        hint=hint + "`housegame rulesets` lists the bundled ids; or give a path to a .yaml file",
    )


def _deep_merge(base: Located, child: Located) -> Located:
    """Child values override the base's; mappings merge key by key, lists are replaced whole."""

    def merge(a: Any, b: Any, path: KeyPath) -> Any:
        if isinstance(a, dict) and isinstance(b, dict):
            out = dict(a)
            for key, value in b.items():
                out[key] = merge(a[key], value, (*path, key)) if key in a else value
            return out
        for known in [p for p in positions if p[: len(path)] == path and len(p) > len(path)]:
            del positions[known]
        return b

    positions = dict(base.positions)
    data = merge(base.data, child.data, ())
    positions.update(child.positions)
    return Located(data, positions, child.file)


def read_source(path: Path, _stack: tuple[Path, ...] = ()) -> Located:
    """The file's data with every ``extends`` chain merged in, positions kept."""
    resolved = path.resolve()
    if resolved in _stack:
        chain = " -> ".join(p.name for p in (*_stack, resolved))
        raise RulesetError(f"{path}: extends cycle: {chain}", hint="a ruleset cannot extend itself")
    located = load_yaml_file(path)
    if not isinstance(located.data, dict):
        raise RulesetError(
            f"{path}:1: a ruleset is a mapping of keys (id, name, ...)",
            hint="start the file with `id: my-rules`",
        )
    parent_ref = located.data.get("extends")
    if parent_ref is None:
        return located
    if not isinstance(parent_ref, str):
        raise RulesetError(
            f"{located.position_of(('extends',))}: extends: expected a ruleset id or path"
        )
    try:
        parent_path = _resolve_reference(parent_ref, path)
    except RulesetError as exc:
        raise RulesetError(
            f"{located.position_of(('extends',))}: extends: {exc.message}", exc.hint
        ) from None
    parent = read_source(parent_path, (*_stack, resolved))
    parent.data.pop("extends", None)
    return _deep_merge(parent, located)


@cache
def _published_schema() -> dict[str, Any]:
    file = data_dir("schemas") / "ruleset.schema.json"
    if file.is_file():
        loaded: dict[str, Any] = json.loads(file.read_text(encoding="utf-8"))
        return loaded
    return ruleset_schema()


def _model_for(located: Located) -> tuple[str, type[Ruleset]]:
    game = located.data.get("game", DEFAULT_GAME)
    if game not in RULESET_MODELS:
        close = difflib.get_close_matches(str(game), RULESET_MODELS, n=1)
        raise RulesetError(
            f"{located.position_of(('game',))}: game: unknown game kind {describe_value(game)}",
            hint=(f"did you mean '{close[0]}'? " if close else "")
            + "kinds: "
            + ", ".join(RULESET_MODELS),
        )
    return game, RULESET_MODELS[game]


def validate_located(located: Located) -> Ruleset:
    """Check merged data against the published schema, then build the model."""
    game, model = _model_for(located)
    data = {k: v for k, v in located.data.items() if k != "extends"}
    published = _published_schema()
    branch = {"$ref": game_ref(published, game), "$defs": published["$defs"]}
    return validate_data(located, data, model, branch, "ruleset")


def load_ruleset_file(path: Path) -> Ruleset:
    return validate_located(read_source(path))


def load_ruleset(ref: str | Path) -> Ruleset:
    """A ruleset by bundled id (``maceplay``) or by path to a YAML file."""
    if isinstance(ref, Path) or Path(ref).is_file():
        return load_ruleset_file(Path(ref))
    return _load_bundled(str(ref))


@cache
def _load_bundled(ref: str) -> Ruleset:
    return load_ruleset_file(_resolve_reference(ref, None))

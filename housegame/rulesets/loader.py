"""Loading a ruleset: YAML -> JSON Schema (each file as written) -> resolve ``extends``
(``housegame.rulesets.merge``) -> JSON Schema (the whole ruleset) -> pydantic model.

Every failure is a RulesetError whose lines read ``file:line: key.path: what is wrong``
followed by a hint, most useful first.
"""

from __future__ import annotations

import difflib
import json
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

import jsonschema

from housegame.data import data_dir
from housegame.errors import RulesetError
from housegame.rulesets.merge import MergeNote, merge, resolve_directives
from housegame.rulesets.registry import (
    DEFAULT_GAME,
    RULESET_MODELS,
    Ruleset,
    game_ref,
    ruleset_schema,
)
from housegame.validation import (
    Problem,
    describe_value,
    merge_problems,
    model_problems,
    raise_problems,
    schema_problems,
    validate_data,
)
from housegame.yamlsource import Located, load_yaml_file


def bundled_rulesets() -> dict[str, Path]:
    """Bundled ruleset id -> file."""
    return {p.stem: p for p in sorted(data_dir("rulesets").glob("*.yaml"))}


KindT = TypeVar("KindT")


def bundled_of(kind: type[KindT]) -> list[KindT]:
    """Every bundled ruleset of one game kind (a model class such as ``ThirteenCardRuleset``),
    loaded, in id order."""
    every = (load_ruleset(rid) for rid in bundled_rulesets())
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


@dataclass
class Resolved:
    """A ruleset file with its ``extends`` chain merged in: the data (with the position of
    every key), the game kind, and what each override did that lint reports."""

    located: Located
    game: str
    notes: list[MergeNote] = field(default_factory=list)
    written_problems: list[Problem] = field(default_factory=list)
    """Schema problems of the file as written (its parents have none: they would have failed),
    reported with the merged ruleset's own problems so that one run shows everything."""


def _game_of(located: Located) -> str:
    game = located.data.get("game", DEFAULT_GAME)
    if game not in RULESET_MODELS:
        close = difflib.get_close_matches(str(game), RULESET_MODELS, n=1)
        raise RulesetError(
            f"{located.position_of(('game',))}: game: unknown game kind {describe_value(game)}",
            hint=(f"did you mean '{close[0]}'? " if close else "")
            + "kinds: "
            + ", ".join(RULESET_MODELS),
        )
    return str(game)


def resolve_source(path: Path, _stack: tuple[Path, ...] = ()) -> Resolved:
    """The file checked as written against the published schema, then merged over every
    ruleset it extends."""
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
    game = _game_of(located)
    parent_ref = located.data.get("extends")
    if parent_ref is not None and not isinstance(parent_ref, str):
        raise RulesetError(
            f"{located.position_of(('extends',))}: extends: expected a ruleset id or path"
        )
    spec = RULESET_MODELS[game].merge_spec
    if parent_ref is None:
        written = _check_as_written(located, _stack)
        return Resolved(resolve_directives(located, spec), game, [], written)
    try:
        parent_path = _resolve_reference(parent_ref, path)
    except RulesetError as exc:
        raise RulesetError(
            f"{located.position_of(('extends',))}: extends: {exc.message}", exc.hint
        ) from None
    parent = resolve_source(parent_path, (*_stack, resolved))
    if parent.game != game:
        raise RulesetError(
            f"{located.position_of(('game',))}: game: this file extends {parent_ref} "
            f"(game: {parent.game}) but reads as game {game}",
            hint=f"add `game: {parent.game}` (a file without `game` is {DEFAULT_GAME})",
        )
    written = _check_as_written(located, _stack)
    parent.located.data.pop("extends", None)
    try:
        merged = merge(parent.located, located, spec)
    except RulesetError:
        if written:
            raise_problems(written, "ruleset", located.file)
        raise
    return Resolved(merged.located, game, [*parent.notes, *merged.notes], written)


def _check_as_written(located: Located, stack: tuple[Path, ...]) -> list[Problem]:
    """The file's schema problems; a parent's are raised at once (nothing merges over it)."""
    problems = schema_problems(located, located.data, _published_validator())
    if stack:
        raise_problems(problems, "ruleset", located.file)
    return problems


def read_source(path: Path) -> Located:
    """The file's data with every ``extends`` chain merged in, positions kept."""
    return resolve_source(path).located


@cache
def _published_validator() -> jsonschema.protocols.Validator:
    return jsonschema.Draft202012Validator(_published_schema())


@cache
def _published_schema() -> dict[str, Any]:
    file = data_dir("schemas") / "ruleset.schema.json"
    if file.is_file():
        loaded: dict[str, Any] = json.loads(file.read_text(encoding="utf-8"))
        return loaded
    return ruleset_schema()


@cache
def _whole_validator(game: str) -> jsonschema.protocols.Validator:
    published = _published_schema()
    branch = {"$ref": game_ref(published, game), "$defs": published["$defs"]}
    return jsonschema.Draft202012Validator(branch)


def validate_located(located: Located) -> Ruleset:
    """Check merged data against the published schema of a whole ruleset, then build the
    model."""
    game = _game_of(located)
    data = {k: v for k, v in located.data.items() if k != "extends"}
    return validate_data(located, data, RULESET_MODELS[game], _whole_validator(game), "ruleset")


def _validate_resolved(resolved: Resolved) -> Ruleset:
    if not resolved.written_problems:
        return validate_located(resolved.located)
    located = resolved.located
    data = {k: v for k, v in located.data.items() if k != "extends"}
    model = RULESET_MODELS[resolved.game]
    _, found = model_problems(located, data, model)
    raise_problems(merge_problems(resolved.written_problems, found), "ruleset", located.file)
    raise AssertionError("unreachable")


def load_resolved(path: Path) -> tuple[Ruleset, Resolved]:
    """The ruleset of a file and how it was merged (for lint)."""
    resolved = resolve_source(path)
    return _validate_resolved(resolved), resolved


def load_ruleset_file(path: Path) -> Ruleset:
    return load_resolved(path)[0]


def load_ruleset(ref: str | Path) -> Ruleset:
    """A ruleset by bundled id (``maceplay``) or by path to a YAML file."""
    if isinstance(ref, Path) or Path(ref).is_file():
        return load_ruleset_file(Path(ref))
    return _load_bundled(str(ref))


@cache
def _load_bundled(ref: str) -> Ruleset:
    return load_ruleset_file(_resolve_reference(ref, None))

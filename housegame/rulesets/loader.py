"""Loading a ruleset: YAML -> JSON Schema (each file as written) -> resolve ``extends``
(``housegame.rulesets.merge``) -> JSON Schema (the whole ruleset) -> pydantic model.

Every failure is a RulesetError whose lines read ``file:line: key.path: what is wrong``
followed by a hint, most useful first.
"""

from __future__ import annotations

import copy
import difflib
import json
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, TypeVar, overload

import jsonschema

from housegame.data import data_dir
from housegame.errors import RulesetError
from housegame.inputs import MAX_EXTENDS
from housegame.rulesets.common import keyed_defaults, merge_spec_of
from housegame.rulesets.merge import MergeNote, merge, resolve_directives
from housegame.rulesets.registry import (
    DEFAULT_GAME,
    GAME_NAMES,
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
from housegame.yamlsource import Located, load_yaml_file, load_yaml_text


def bundled_rulesets() -> dict[str, Path]:
    """Bundled ruleset id -> file."""
    return {p.stem: p for p in sorted(data_dir("rulesets").glob("*.yaml"))}


KindT = TypeVar("KindT")


def bundled_of(kind: type[KindT]) -> list[KindT]:
    """Every bundled ruleset of one game kind (a model class such as ``ThirteenCardRuleset``),
    loaded, in id order."""
    every = (load_ruleset(rid) for rid in bundled_rulesets())
    return [rules for rules in every if isinstance(rules, kind)]


def looks_like_path(ref: str) -> bool:
    """A ruleset reference is a file when it has a slash or a YAML suffix, else a bundled id:
    ``-r taiwan`` is the bundled Taiwan ruleset even beside a file named ``taiwan``."""
    return "/" in ref or os.sep in ref or ref.endswith((".yaml", ".yml"))


def _resolve(path: Path) -> Path:
    try:
        return path.resolve()
    except (OSError, RuntimeError, ValueError) as exc:  # a symlink loop, a NUL in the name
        raise RulesetError(f"cannot read {path}: {exc}") from None


def referenced_file(ref: str, referrer: Path) -> Path:
    """The file a ruleset reference written inside ``referrer`` names (``extends:``, a table's
    or a log's ``ruleset:``): a relative ``.yaml``/``.yml`` path, read from the referrer's
    folder, that stays inside that folder's tree once symlinks are resolved (kustomize's
    root-only rule). Files of other kinds, absolute paths and paths that climb out with ``..``
    are refused before anything is read, so no other file's contents can reach an error."""
    if not ref.endswith((".yaml", ".yml")):
        raise RulesetError(
            f"'{ref}' is neither a bundled ruleset id nor a .yaml/.yml file",
            hint="`housegame rulesets` lists the bundled ids",
        )
    if Path(ref).is_absolute():
        raise RulesetError(
            f"'{ref}' is an absolute path",
            hint="give the path relative to this file's folder; see docs/security.md",
        )
    root = _resolve(referrer).parent
    target = _resolve(root / ref)
    if not target.is_relative_to(root):
        raise RulesetError(
            f"'{ref}' is outside the folder of {referrer.name}",
            hint="a file may only name rulesets in its own folder or below it; "
            "copy the base ruleset there (see docs/security.md)",
        )
    shown = referrer.parent / ref
    if not target.is_file():
        raise RulesetError(f"no ruleset file {shown}")
    return shown


def _resolve_reference(ref: str, relative_to: Path | None) -> Path:
    if looks_like_path(ref):
        if relative_to is not None:
            return referenced_file(ref, relative_to)
        candidate = Path(ref)
        if candidate.is_file():
            return candidate
        raise RulesetError(f"no ruleset file {candidate}")
    return _bundled_path(ref, local_hint=True)


def _bundled_path(ref: str, local_hint: bool) -> Path:
    """The bundled ruleset ``ref``; ``local_hint``: say so when a file of that name exists
    here (never for text from the web, which may not learn about the server's files)."""
    bundled = bundled_rulesets()
    if ref in bundled:
        return bundled[ref]
    close = difflib.get_close_matches(ref, bundled, n=1)
    hint = f"did you mean '{close[0]}'? " if close else ""
    local = "; a file without .yaml is read as ./NAME" if local_hint and Path(ref).is_file() else ""
    raise RulesetError(
        f"unknown ruleset '{ref}'",
        hint=hint
        + "`housegame rulesets` lists the bundled ids; or give a path to a .yaml file"
        + local,
    )


def resolve_ruleset_ref(ref: str, referrer: Path) -> str:
    """A ``ruleset:`` written in the file ``referrer``: a bundled id as it is, a path made
    relative to the referrer's folder (and checked like ``extends``)."""
    return str(referenced_file(ref, referrer)) if looks_like_path(ref) else ref


@overload
def ruleset_in(ref: str, file: str) -> str: ...
@overload
def ruleset_in(ref: str | None, file: str) -> str | None: ...
def ruleset_in(ref: str | None, file: str) -> str | None:
    """A log's or table's ``ruleset:`` as read from ``file`` (text that came from no file,
    ``<string>``, keeps its references as written)."""
    if ref is None or file.startswith("<"):
        return ref
    return resolve_ruleset_ref(ref, Path(file))


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
    resolved = _resolve(path)
    if len(_stack) >= MAX_EXTENDS:
        home = data_dir("rulesets").resolve()
        bundled = [p.stem for p in (*_stack, resolved) if p.parent == home]
        raise RulesetError(
            f"an extends chain longer than {MAX_EXTENDS} files, the bundled ones counted: "
            f"{len(_stack) + 1 - len(bundled)} files of yours"
            + (f", then {' -> '.join(bundled)} (bundled)" if bundled else ""),
            hint="extend a bundled ruleset or a nearer base",
        )
    if resolved in _stack:
        chain = " -> ".join(p.name for p in (*_stack, resolved))
        raise RulesetError(f"{path}: extends cycle: {chain}", hint="a ruleset cannot extend itself")
    return _resolve_located(
        load_yaml_file(path),
        lambda ref: _resolve_reference(ref, path),
        parent=bool(_stack),
        stack=(*_stack, resolved),
        name=str(path),
    )


def resolve_text(text: str, file: str = "<text>") -> Resolved:
    """A ruleset given as text (pasted or uploaded in the web table, where no file may be
    named): checked and merged like a file, but its ``extends`` may only be a bundled id."""
    return _resolve_located(load_yaml_text(text, file), _bundled_parent, False, (Path(file),))


def _bundled_parent(ref: str) -> Path:
    if looks_like_path(ref):
        raise RulesetError(
            f"'{ref}' is a path; a ruleset given as text may extend only a bundled ruleset",
            hint="bundled: " + ", ".join(bundled_rulesets()),
        )
    return _bundled_path(ref, local_hint=False)


def _resolve_located(
    located: Located,
    find_parent: Callable[[str], Path],
    parent: bool,
    stack: tuple[Path, ...],
    name: str | None = None,
) -> Resolved:
    """``located`` merged over the ruleset its ``extends`` names (found by ``find_parent``);
    ``parent``: it is itself extended, so its schema problems are raised at once; ``name``:
    the file as given (``-`` for stdin)."""
    file = located.file
    if not isinstance(located.data, dict):
        raise RulesetError(
            f"{name or file}:1: a ruleset is a mapping of keys (id, name, ...)",
            hint="start the file with `id: my-rules`",
        )
    game = _game_of(located)
    parent_ref = located.data.get("extends")
    if parent_ref is not None and not isinstance(parent_ref, str):
        raise RulesetError(
            f"{located.position_of(('extends',))}: extends: expected a ruleset id or path"
        )
    if parent_ref is None:
        spec = merge_spec_of(RULESET_MODELS[game])
        written = _check_as_written(located, parent, game)
        return Resolved(resolve_directives(located, spec), game, [], written)
    try:
        parent_path = find_parent(parent_ref)
    except RulesetError as exc:
        raise RulesetError(
            f"{located.position_of(('extends',))}: extends: {exc.message}", exc.hint
        ) from None
    base = resolve_source(parent_path, stack)
    if "game" not in located.data:
        game = base.game  # a file that extends another is of its parent's game
    if base.game != game:
        raise RulesetError(
            f"{located.position_of(('game',))}: game: this file extends {parent_ref} "
            f"(game: {base.game}) but says game {game}",
            hint=f"write `game: {base.game}`, or leave `game` out to inherit it",
        )
    spec = merge_spec_of(RULESET_MODELS[game])
    written = _check_as_written(located, parent, game)
    base.located.data.pop("extends", None)
    for key, default in keyed_defaults(RULESET_MODELS[game]).items():
        if key in located.data and key not in base.located.data:  # merge into what it reads
            base.located.data[key] = copy.deepcopy(default)
    try:
        merged = merge(base.located, located, spec)
    except RulesetError:
        if written:
            raise_problems(written, "ruleset", file)
        raise
    return Resolved(merged.located, game, [*base.notes, *merged.notes], written)


def _check_as_written(located: Located, parent: bool, game: str) -> list[Problem]:
    """The file's schema problems, read as ``game`` (which a file that extends another may
    leave out); a parent's are raised at once (nothing merges over it)."""
    data = located.data if "game" in located.data else {**located.data, "game": game}
    problems = schema_problems(located, data, _published_validator())
    if parent:
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


def load_resolved_text(text: str, file: str = "<text>") -> tuple[Ruleset, Resolved]:
    """The ruleset of YAML text (``resolve_text``: it may extend only a bundled id) and how
    it was merged (for lint)."""
    resolved = resolve_text(text, file)
    return _validate_resolved(resolved), resolved


def load_ruleset_text(text: str, file: str = "<text>") -> Ruleset:
    """A ruleset from YAML text, checked like a file; ``extends`` may only name a bundled id."""
    return load_resolved_text(text, file)[0]


def load_ruleset_file(path: Path) -> Ruleset:
    return load_resolved(path)[0]


@overload
def load_ruleset(ref: str | Path) -> Ruleset: ...
@overload
def load_ruleset(ref: str | Path, kind: type[KindT]) -> KindT: ...
def load_ruleset(ref: str | Path, kind: type[Any] | None = None) -> Any:
    """A ruleset by bundled id (``maceplay``) or by path to a YAML file (a ``Path``, or text
    with a slash or a .yaml/.yml suffix); with ``kind`` (a model class such as
    ``OfcRuleset``), a ruleset of another game is bad input with a hint listing that game's."""
    if isinstance(ref, Path) or looks_like_path(ref):
        ruleset = load_ruleset_file(Path(ref))
    else:
        ruleset = _load_bundled(str(ref))
    return ruleset if kind is None else of_kind(ruleset, kind)


def of_kind(ruleset: Ruleset, kind: type[KindT]) -> KindT:
    """``ruleset`` if it is of game ``kind``; else bad input with a hint listing that game's."""
    if not isinstance(ruleset, kind):
        wanted = next(game for game, model in RULESET_MODELS.items() if model is kind)
        game = str(getattr(ruleset, "game", DEFAULT_GAME))
        raise RulesetError(
            f"ruleset '{ruleset.id}' is not {GAME_NAMES[wanted]} ruleset (game: {game})",
            hint="bundled: " + ", ".join(r.id for r in bundled_of(RULESET_MODELS[wanted])),
        )
    return ruleset


def load_bundled(ref: str) -> Ruleset:
    """A bundled ruleset by id, never a file (what the web table accepts: a request may not
    name a file on the server); an unknown id is the CLI's error, with a close match."""
    if looks_like_path(ref):
        raise RulesetError(
            f"'{ref}' is not a bundled ruleset id; files cannot be named here",
            hint="bundled: " + ", ".join(bundled_rulesets()),
        )
    _bundled_path(ref, local_hint=False)
    return _load_bundled(ref)


@cache
def _load_bundled(ref: str) -> Ruleset:
    return load_ruleset_file(_resolve_reference(ref, None))


def forget_bundled() -> None:
    """Read the bundled rulesets again from now on (their files changed)."""
    _load_bundled.cache_clear()

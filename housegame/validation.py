"""Checking located data against a JSON Schema and then a pydantic model, with errors
that name file:line, the key path, what is wrong and a hint."""

from __future__ import annotations

import difflib
import json
from typing import Any, TypeVar

import jsonschema
from jsonschema.exceptions import ValidationError as SchemaError
from pydantic import BaseModel, ValidationError

from housegame.errors import HousegameError, RulesetError
from housegame.rulesets.common import PathError
from housegame.yamlsource import KeyPath, Located, format_path

M = TypeVar("M", bound=BaseModel)
Problem = tuple[KeyPath, str, str | None]


def describe_value(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= 60 else text[:57] + "..."


def _schema_messages(error: SchemaError, located: Located) -> list[Problem]:
    """One error as (path, message, hint) lines, choosing words a rules author knows."""
    path: KeyPath = tuple(error.absolute_path)
    schema = error.schema if isinstance(error.schema, dict) else {}
    if error.validator == "additionalProperties" and isinstance(error.instance, dict):
        allowed = list(schema.get("properties", {}))
        out: list[Problem] = []
        for key in sorted(set(error.instance) - set(allowed)):
            close = difflib.get_close_matches(key, allowed, n=1)
            hint = f"did you mean '{close[0]}'?" if close else f"allowed keys: {', '.join(allowed)}"
            out.append(((*path, key), f"unknown key '{key}'", hint))
        return out
    if error.validator == "required":
        missing = str(error.message).split("'")[1] if "'" in error.message else error.message
        return [(path, f"missing key '{missing}'", f"add `{missing}:` here")]
    if error.validator in ("enum", "const"):
        options = schema.get("enum") or [schema.get("const")]
        return [
            (
                path,
                f"{describe_value(error.instance)} is not allowed",
                "expected one of: " + ", ".join(str(o) for o in options),
            )
        ]
    if error.validator in ("anyOf", "oneOf") and error.context:
        keys = set(error.instance) if isinstance(error.instance, dict) else set()

        def props(sub: SchemaError) -> set[str]:
            return set(sub.schema.get("properties", {})) if isinstance(sub.schema, dict) else set()

        best = max(error.context, key=lambda sub: (len(sub.absolute_path), len(keys & props(sub))))
        if keys and len(best.absolute_path) == len(path) and not keys & props(best):
            forms = sorted({key for sub in error.context for key in props(sub)})
            out = []
            for key in sorted(keys):
                close = difflib.get_close_matches(key, forms, n=1)
                hint = (
                    (f"did you mean '{close[0]}'? " if close else "")
                    + "expected one of: "
                    + ", ".join(forms)
                )
                out.append(((*path, key), f"unknown key '{key}' here", hint))
            return out
        return _schema_messages(best, located)
    if error.validator == "type":
        expected = schema.get("type")
        names = {
            "integer": "a whole number",
            "string": "text",
            "boolean": "true or false",
            "array": "a list",
            "object": "a mapping of keys",
            "number": "a number",
        }
        return [
            (
                path,
                f"expected {names.get(str(expected), expected)}, got "
                f"{describe_value(error.instance)}",
                None,
            )
        ]
    return [(path, str(error.message), None)]


def _fail(
    located: Located, problems: list[Problem], what: str, error: type[HousegameError]
) -> HousegameError:
    lines = []
    for path, message, hint in problems:
        where = format_path(path)
        lines.append(
            f"{located.position_of(path)}: {where + ': ' if where else ''}{message}"
            + (f"\n  hint: {hint}" if hint else "")
        )
    count = f"{len(problems)} problems" if len(problems) > 1 else "1 problem"
    return error(f"invalid {what} {located.file} ({count}):\n" + "\n".join(lines))


def validate_data(
    located: Located,
    data: Any,
    model: type[M],
    schema: dict[str, Any],
    what: str,
    error: type[HousegameError] = RulesetError,
) -> M:
    """JSON Schema first (precise paths and hints), then the model's cross-field checks."""
    validator = jsonschema.Draft202012Validator(schema)
    errors = sorted(validator.iter_errors(data), key=lambda e: (len(e.absolute_path), e.message))
    if errors:
        problems = [m for e in errors for m in _schema_messages(e, located)]
        problems.sort(key=lambda m: located.position_of(m[0]).line)
        raise _fail(located, problems, what, error)
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        found: list[Problem] = []
        for err in exc.errors():
            loc = tuple(p for p in err["loc"] if not (isinstance(p, str) and p[:1].isupper()))
            cause = err.get("ctx", {}).get("error")
            if isinstance(cause, PathError):
                loc = (*loc, *cause.path)
            found.append((loc, str(err["msg"]).removeprefix("Value error, "), None))
        raise _fail(located, found, what, error) from None

"""Every published JSON Schema, generated from the models; ``python -m housegame.schemas``
rewrites the files in ``schemas/`` (a test fails when they drift from the models)."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from housegame.bigtwo.replay import log_schema as bigtwo_log_schema
from housegame.data import data_dir
from housegame.ofc.replay import log_schema as ofc_log_schema
from housegame.rulesets.registry import ruleset_schema, schema_text
from housegame.tables import table_schema
from housegame.thirteen.replay import log_schema as thirteen_log_schema


def _named(
    make: Callable[[], dict[str, Any]], name: str, title: str
) -> Callable[[], dict[str, Any]]:
    def schema() -> dict[str, Any]:
        return {**make(), "$id": f"urn:housegame:schema:{name}", "title": title}

    return schema


SCHEMAS: dict[str, Callable[[], dict[str, Any]]] = {
    "ruleset": ruleset_schema,
    "table": table_schema,
    "ofc-log": _named(ofc_log_schema, "ofc-log", "housegame OFC hand log"),
    "bigtwo-log": _named(bigtwo_log_schema, "bigtwo-log", "housegame Big Two game log"),
    "thirteen-log": _named(thirteen_log_schema, "thirteen-log", "housegame 13-card session log"),
}
"""Schema name (``housegame schema NAME``) -> generator; each is ``schemas/NAME.schema.json``."""


def schema_file(name: str) -> Path:
    return data_dir("schemas") / f"{name}.schema.json"


def render(name: str) -> str:
    """The schema's text exactly as the published file holds it."""
    return schema_text(SCHEMAS[name]())


def write_all(folder: Path | None = None) -> list[Path]:
    """Rewrite every schema file; returns the files written."""
    written = []
    for name in SCHEMAS:
        path = (folder / f"{name}.schema.json") if folder is not None else schema_file(name)
        path.write_text(render(name), encoding="utf-8")
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    for path in write_all(Path(args[0]) if args else None):
        print(path)
    return 0


__all__ = ["SCHEMAS", "main", "render", "schema_file", "write_all"]

if __name__ == "__main__":
    raise SystemExit(main())

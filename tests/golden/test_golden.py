"""Whole-table results compared with the golden files (see regen.py to regenerate)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.golden.regen import TABLES, compute, result_path, thirteen_card_rulesets

CASES = [(t, r) for t in TABLES for r in thirteen_card_rulesets()]


@pytest.mark.parametrize(("table", "ruleset"), CASES, ids=[f"{t.stem}-{r}" for t, r in CASES])
def test_table_matches_golden(table: Path, ruleset: str) -> None:
    expected = json.loads(result_path(table, ruleset).read_text(encoding="utf-8"))
    assert compute(table, ruleset) == expected

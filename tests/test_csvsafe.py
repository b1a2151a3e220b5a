"""Exported CSV opens in a spreadsheet as data: a text cell that could start a formula gets a
leading apostrophe, numbers (exact fractions too) stay numbers."""

from __future__ import annotations

import csv
import io
from fractions import Fraction

import pytest

from housegame.csvsafe import cell
from housegame.rooms import Ledger, ledger_csv

HOSTILE = "=cmd|' /C calc'!A0"


@pytest.mark.parametrize(
    ("value", "written"),
    [
        (HOSTILE, "'" + HOSTILE),
        ("+SUM(A1:A9)", "'+SUM(A1:A9)"),
        ("-2+3", "'-2+3"),
        ("@SUM(1)", "'@SUM(1)"),
        ("\t=1", "'\t=1"),
        ("\r=1", "'\r=1"),
        ("Ann", "Ann"),
        ("-4/3", "-4/3"),
        ("-3", "-3"),
        ("+1.5", "+1.5"),
        ("-1e3", "-1e3"),
        (-3, -3),
        ("", ""),
    ],
)
def test_a_cell_that_could_be_a_formula_is_text(value: object, written: object) -> None:
    assert cell(value) == written


def test_a_player_named_as_a_formula_is_text_on_the_exported_ledger() -> None:
    ledger = Ledger.of(
        "pool", [HOSTILE, "Bo"], [(1, {HOSTILE: Fraction(-4, 3), "Bo": Fraction(4, 3)})]
    )
    rows = list(csv.reader(io.StringIO(ledger_csv(ledger))))
    assert rows[0] == ["round", "'" + HOSTILE, "Bo"]
    assert rows[1] == ["1", "-4/3", "4/3"]

"""docs/authoring.md: every house rule it builds is a file under ``examples/house/`` exactly as
the page shows it, and every table it works by hand scores so, under the house rule and under
its base. The page's commands and their outputs are ```console blocks, checked by
``tests/test_docs.py``.
"""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest
import yaml

from housegame.rulesets.loader import load_ruleset, load_ruleset_file
from housegame.rulesets.thirteen import ThirteenCardRuleset
from housegame.tables import load_table
from housegame.thirteen import score_thirteen
from tests.docs_blocks import ROOT

PAGE = ROOT / "docs" / "authoring.md"
HOUSE = ROOT / "examples" / "house"


def thirteen(ref: str | Path) -> ThirteenCardRuleset:
    ruleset = load_ruleset_file(ref) if isinstance(ref, Path) else load_ruleset(ref)
    assert isinstance(ruleset, ThirteenCardRuleset)
    return ruleset


def totals(ruleset: ThirteenCardRuleset, name: str) -> dict[str, Fraction]:
    return score_thirteen(ruleset, load_table(HOUSE / f"{name}-table.yaml")).totals


def yaml_blocks() -> list[str]:
    text = PAGE.read_text(encoding="utf-8")
    return re.findall(r"^```yaml\n(.*?)^```", text, flags=re.MULTILINE | re.DOTALL)


def test_the_page_shows_every_file_exactly() -> None:
    shown = {yaml.safe_load(block)["id"]: block for block in yaml_blocks()}
    files = {path.stem: path.read_text(encoding="utf-8") for path in HOUSE.glob("*.yaml")}
    rules = {name: text for name, text in files.items() if not name.endswith("-table")}
    assert shown == rules


@pytest.mark.parametrize(
    ("name", "base", "house", "plain"),
    [
        ("pagat-horse", "pagat", {"A": 20, "B": -11, "C": -9}, {"A": 10, "B": -5, "C": -5}),
        ("pagat-front-shapes", "pagat", {"A": -4, "B": 4}, {"A": -7, "B": 7}),
        (
            "pagat-specials-push",
            "pagat",
            {"A": 3, "B": 13, "C": -16},
            {"A": -10, "B": 26, "C": -16},
        ),
        ("maceplay-quads", "maceplay", {"You": 33, "Opponent": -33}, {"You": 18, "Opponent": -18}),
    ],
)
def test_hand_worked_tables(
    name: str, base: str, house: dict[str, int], plain: dict[str, int]
) -> None:
    assert totals(thirteen(HOUSE / f"{name}.yaml"), name) == house
    assert totals(thirteen(base), name) == plain


def test_step_one_keeps_the_other_lane_values() -> None:
    house, base = thirteen(HOUSE / "maceplay-quads.yaml"), thirteen("maceplay")
    changed = {(v.lane, tuple(v.category)): v.units for v in house.lane_values.values}
    expected = {(v.lane, tuple(v.category)): v.units for v in base.lane_values.values}
    assert changed == expected | {("back", ("quads",)): 6}

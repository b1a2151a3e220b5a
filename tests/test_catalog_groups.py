"""`housegame rulesets` groups the bundled rulesets by family and by region, CLI and library."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from housegame.cli import app
from housegame.errors import HousegameError
from housegame.rulesets.families import catalog, grouped
from housegame.rulesets.loader import bundled_rulesets


def test_every_bundled_ruleset_has_a_family_and_a_region() -> None:
    rows = catalog()
    assert sorted(str(r["id"]) for r in rows) == sorted(bundled_rulesets())
    by_id = {r["id"]: r for r in rows}
    for row in rows:
        assert row["region"], f"{row['id']} names no region"
        family = by_id[row["family"]]
        assert family["extends"] is None and family["game"] == row["game"]


def test_families_hold_a_base_and_what_extends_it() -> None:
    families = grouped(catalog("big-two"), "family")
    assert list(families) == ["maceplay-big-two"]
    ids = [r["id"] for r in families["maceplay-big-two"]]
    assert ids[0] == "maceplay-big-two"
    assert ids.index("funmily-big-two") == ids.index("taiwan-big-two") + 1  # depth first
    assert {r["family"] for r in grouped(catalog(), "family")["pagat"]} == {"pagat"}


def test_regions_gather_across_families_and_games() -> None:
    regions = grouped(catalog(), "region")
    taiwan = [r["id"] for r in regions["Taiwan"]]
    assert {"taiwan", "taiwan-direct", "taiwan-big-two", "funmily-big-two"} <= set(taiwan)
    assert [r["id"] for r in regions["Philippines"]] == ["pusoy-dos"]
    assert [r["id"] for r in regions["Hong Kong"]] == ["hong-kong-big-two", "amarillo-big-two"]
    assert [r["id"] for r in regions["Fujian"]] == ["fujian"]
    assert [r["id"] for r in grouped(catalog(), "family")["fujian"]] == ["fujian"]


def test_an_unknown_grouping_is_refused() -> None:
    with pytest.raises(HousegameError, match="cannot group by 'colour'"):
        grouped(catalog(), "colour")


def test_the_cli_prints_one_table_per_group() -> None:
    result = CliRunner().invoke(app, ["rulesets", "--game", "big-two", "--by", "region"])
    assert result.exit_code == 0
    headings = [line for line in result.output.splitlines() if line and not line[0].isspace()]
    assert [
        h
        for h in headings
        if not h.startswith(("id ", "maceplay", "hong", "amarillo", "pusoy", "taiwan", "funmily"))
    ] == [
        "Taiwan",
        "Hong Kong",
        "Philippines",
    ]
    families = CliRunner().invoke(app, ["rulesets", "--game", "ofc"]).output
    assert families.startswith("golden-nugget-pineapple family\n")
    bad = CliRunner().invoke(app, ["rulesets", "--by", "colour"])
    assert bad.exit_code == 2 and "--by: 'colour' is not one of family, region" in bad.output


def test_json_rows_carry_family_and_region() -> None:
    rows = json.loads(CliRunner().invoke(app, ["rulesets", "--json", "-g", "ofc"]).output)
    assert {r["id"]: (r["family"], r["region"]) for r in rows} == {
        "golden-nugget-pineapple": ("golden-nugget-pineapple", "Las Vegas"),
        "ofc-classic": ("golden-nugget-pineapple", "Las Vegas"),
        "progressive-pineapple": ("golden-nugget-pineapple", "online"),
    }

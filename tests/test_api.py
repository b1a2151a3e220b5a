"""The Python API as a data scientist uses it: any ruleset reference, JSON-safe results,
structured items, flat records for pandas, and the special-hand decision for loose cards."""

from __future__ import annotations

import importlib
import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from housegame import (
    TableResult,
    arrange,
    compare_table,
    load_ruleset,
    load_table,
    score,
    simulate,
)
from housegame.errors import RulesetError
from housegame.jsonsafe import exact, flat_records, number, records
from housegame.rulesets.thirteen import ThirteenCardRuleset
from housegame.tables import TableFile

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "maceplay-table.yaml"
GOLDEN_TABLES = sorted((ROOT / "tests" / "golden" / "tables").glob("*.yaml"))
TWO_STRAIGHT_FLUSHES = "5H 6H 7H 8H 9H 5S 6S 7S 8S 9S KD KC AH"  # also six pairs


@pytest.mark.parametrize(
    "ref", ["taiwan", ROOT / "rulesets" / "taiwan.yaml", "rulesets/taiwan.yaml", "loaded"]
)
def test_every_entry_point_takes_an_id_a_path_or_a_ruleset(ref: Any) -> None:
    ruleset = load_ruleset("taiwan") if ref == "loaded" else ref
    assert score(EXAMPLE, ruleset).totals == score(load_table(EXAMPLE), "taiwan").totals
    assert arrange(TWO_STRAIGHT_FLUSHES, ruleset).best.value == pytest.approx(
        arrange(TWO_STRAIGHT_FLUSHES, "taiwan").best.value
    )
    compared = compare_table(load_table(EXAMPLE), [ruleset, "pagat"])
    assert list(compared.totals()) == ["taiwan", "pagat"]  # bases in the order given


def test_a_wrong_reference_is_a_clear_error() -> None:
    with pytest.raises(RulesetError, match="a ruleset is an id, a path or a loaded ruleset"):
        score(EXAMPLE, 3)  # type: ignore[arg-type]
    with pytest.raises(RulesetError, match="ruleset 'ofc-classic' is not a 13-card ruleset"):
        arrange(TWO_STRAIGHT_FLUSHES, "ofc-classic")


def _golden_results() -> list[TableResult]:
    out = []
    for path in GOLDEN_TABLES:
        table = load_table(path)
        for ruleset in ("pagat", "taiwan", "pagat-pool", "macau"):
            banker = table.players[0].name if ruleset == "macau" else None
            result = score(table, ruleset, banker)
            assert isinstance(result, TableResult)
            out.append(result)
    return out


def _all_json_plain(value: Any) -> bool:
    if isinstance(value, dict):
        return all(isinstance(k, str) and _all_json_plain(v) for k, v in value.items())
    if isinstance(value, list):
        return all(_all_json_plain(v) for v in value)
    return value is None or isinstance(value, str | int | float | bool)


def test_every_result_type_is_json_safe() -> None:
    table = load_table(EXAMPLE)
    results: list[Any] = [
        *_golden_results(),
        score(ROOT / "examples" / "ofc-table.yaml"),
        compare_table(table, ["maceplay", "pagat"]),
        arrange(TWO_STRAIGHT_FLUSHES, "pagat", top=2),
        simulate([Path("rulesets/pagat.yaml")], deals=2, seed=3),
        *simulate([Path("rulesets/pagat.yaml")], deals=2, seed=3).rulesets,
    ]
    for result in results:
        data = result.as_dict()
        assert _all_json_plain(data), type(result).__name__
        json.dumps(data)


def test_numbers_are_exact_inside_and_plain_outside() -> None:
    assert (number(Fraction(4, 2)), number(Fraction(4, 3))) == (2, 4 / 3)
    assert (exact(Fraction(4, 2)), exact(Fraction(-4, 3))) == (None, "-4/3")
    result = score(ROOT / "tests" / "golden" / "tables" / "three-players.yaml", "pagat-pool")
    assert isinstance(result, TableResult)
    assert result.totals["A"] == Fraction(-3, 2)  # a tied front's share split in two
    data = result.as_dict()
    assert data["totals"]["A"] == -1.5 and data["totals_exact"] == {"A": "-3/2", "B": "3/2"}
    shares = [entry for entry in data["pool"] if entry["label"] == "best front"]
    assert shares[0]["units"] == 1.5 and shares[0]["units_exact"] == "3/2"


def test_items_name_their_lane_and_winner() -> None:
    result = score(EXAMPLE, "taiwan")
    assert isinstance(result, TableResult)
    first = result.pairs[0]
    assert [(lane.lane, lane.winner) for lane in first.lanes] == [
        ("front", "You"),
        ("middle", "You"),
        ("back", "You"),
    ]
    assert first.lanes[0].first == "trips Q Q Q"
    outcome = next(item for item in first.items if item.kind == "outcome")
    assert (outcome.label, outcome.winner, outcome.lane) == ("3-0-0 (won-lost-tied)", "You", None)
    lanes = score(EXAMPLE, "maceplay").pairs[0].items[:3]
    assert [(i.kind, i.lane, i.winner, i.label) for i in lanes] == [
        ("lane", "front", "You", "front to You"),
        ("lane", "middle", "You", "middle to You"),
        ("lane", "back", "You", "back to You"),
    ]


def _check_records(rows: list[dict[str, Any]], columns: set[str]) -> None:
    assert rows and columns <= set(rows[0])
    for row in rows:
        assert all(not isinstance(v, dict | list | Fraction) for v in row.values())
    try:
        pandas = importlib.import_module("pandas")
    except ImportError:
        return
    frame = pandas.DataFrame(rows)
    assert len(frame) == len(rows)
    assert frame["units"].dtype.kind in "if" if "units" in frame else True


def test_records_for_pandas() -> None:
    result = score(EXAMPLE, "taiwan")
    rows = result.to_records()
    _check_records(rows, {"ruleset", "first", "second", "kind", "lane", "winner", "units"})
    assert sum(row["units"] for row in rows if row["first"] == "You") == 19 * 3
    _check_records(score(ROOT / "examples" / "ofc-table.yaml").to_records(), {"kind", "units"})
    stats = simulate(["pagat", load_ruleset("taiwan")], deals=2, seed=3)
    stat_rows = records(stats)
    _check_records(stat_rows, {"ruleset", "deals", "seats.0.mean", "result.percentiles.p5"})
    assert [row["ruleset"] for row in stat_rows] == ["pagat", "taiwan"]


def test_flat_records_spread_nested_values() -> None:
    rows = flat_records([{"a": {"b": 1, "c": [Fraction(1, 2), 2]}, "d": "x"}])
    assert rows == [{"a.b": 1, "a.c.0": 0.5, "a.c.1": 2, "d": "x"}]


def _two_players(declare: str | None) -> TableFile:
    first: dict[str, Any] = {"name": "A", "cards": TWO_STRAIGHT_FLUSHES}
    if declare is not None:
        first["declare"] = declare
    second = {"name": "B", "front": "2C 3D 4C", "middle": "5C 6D 7C 8D JC",
              "back": "9C TC JD QC AD"}  # fmt: skip
    return TableFile.model_validate({"players": [first, second]})


@pytest.mark.parametrize(
    ("declare", "declared"), [(None, None), ("auto", None), ("force", "six-pairs"),
                              ("six-pairs", "six-pairs"), ("none", None)]
)  # fmt: skip
def test_auto_declares_only_when_worth_more_where_declaring_is_optional(
    declare: str | None, declared: str | None
) -> None:
    ruleset = load_ruleset("pagat")
    assert isinstance(ruleset, ThirteenCardRuleset) and ruleset.specials.declare == "optional"
    result = score(_two_players(declare), ruleset)
    assert isinstance(result, TableResult)
    seat = result.seats[0]
    assert (seat.declared.hand.id if seat.declared else None) == declared
    if declared is None:
        assert seat.setting is not None and seat.setting.text()["front"] == "AH KD KC"


def test_auto_always_declares_where_declaring_is_automatic() -> None:
    result = score(_two_players("auto"), "maceplay")
    assert isinstance(result, TableResult)
    assert result.seats[0].declared is not None


def test_arrangement_as_dict() -> None:
    data = arrange(TWO_STRAIGHT_FLUSHES, "pagat", top=1).as_dict()
    assert data["front"] == "AH KD KC" and data["declare"] is None
    assert data["objective"] == "equilibrium" and len(data["alternatives"]) == 1
    special = data["special"]
    assert (special["id"], special["declare"], special["points"]) == ("six-pairs", False, 3)
    assert special["set_value"] > special["value"]

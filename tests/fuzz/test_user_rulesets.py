"""Random user-authored 13-card rulesets (random lane values, scoops, home runs, overall point,
bonuses, surrender, special-hand points, ties, foul handling), loaded through the same path as a
user's file: every one that validates scores random tables zero-sum and seat-symmetric, and
renders."""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any, get_args

import yaml
from hypothesis import given
from hypothesis import strategies as st

from housegame.cli.thirteen_cmd import render
from housegame.rulesets.common import LANES, CategoryName
from housegame.rulesets.loader import load_ruleset, load_ruleset_file
from housegame.rulesets.thirteen import ThirteenCardRuleset
from housegame.tables import TableFile
from housegame.thirteen import score_thirteen
from tests.fuzz.conftest import fuzz_settings
from tests.thirteen.test_properties import tables

BASES = ["pagat", "maceplay", "taiwan", "macau", "malayan", "shanghai", "pagat-pool"]
CATEGORIES: tuple[str, ...] = get_args(CategoryName)
units = st.integers(min_value=0, max_value=50)
lane = st.sampled_from(LANES)
categories = st.lists(st.sampled_from(CATEGORIES), min_size=1, max_size=3, unique=True)


@st.composite
def bonus_groups(draw: st.DrawFn) -> dict[str, Any]:
    groups: dict[str, Any] = {}
    for g in range(draw(st.integers(0, 2))):
        pay_when = draw(st.sampled_from(["lane-won", "match-won", "any-lane-won", "always"]))
        items = []
        for i in range(draw(st.integers(1, 3))):
            where = draw(lane)
            when: dict[str, Any] = {"lane": where, "category": draw(categories)}
            if draw(st.booleans()):
                when = {"any": [when, {"lane": draw(lane), "suited": draw(st.booleans())}]}
            items.append(
                {"id": f"b{g}-{i}", "name": f"Bonus {i}", "units": draw(units), "lane": where}
                | {"when": when}
            )
        groups[f"group-{g}"] = {"pay_when": pay_when, "items": items}
    return groups


@st.composite
def user_rulesets(draw: st.DrawFn) -> dict[str, Any]:
    """A ruleset file's keys: extends a bundled 13-card ruleset and overrides at random."""
    base_id = draw(st.sampled_from(BASES))
    base = load_ruleset(base_id)
    assert isinstance(base, ThirteenCardRuleset)
    data: dict[str, Any] = {"extends": base_id, "id": "user", "name": "User", "summary": "s"}
    if base.outcomes is None and draw(st.booleans()):
        data["lane_values"] = {
            "default": draw(units),
            "values": [
                {"lane": where, "category": [category], "units": draw(units)}
                for where, category in draw(
                    st.lists(st.tuples(lane, st.sampled_from(CATEGORIES)), max_size=4, unique=True)
                )
            ],
        }
    if draw(st.booleans()):
        data["scoop"] = {"multiplier": draw(st.integers(1, 4)), "bonus": draw(units)}
    seats = base.table.seats.max or 4
    if draw(st.booleans()):
        data["home_run"] = draw(
            st.none()
            | st.fixed_dictionaries(
                {
                    "opponents": st.integers(1, seats - 1),
                    "multiplier": st.integers(1, 3),
                    "bonus": units,
                }
            )
        )
    if draw(st.booleans()):
        data["overall_point"] = draw(st.integers(0, 5))
    if draw(st.booleans()):
        data["bonuses"] = draw(bonus_groups())
    if draw(st.booleans()):
        data["surrender"] = draw(st.none() | st.fixed_dictionaries({"units": units}))
    if draw(st.booleans()):
        data["foul"] = {"handling": draw(st.sampled_from(["refuse", "lose-all-lanes"]))}
    if base.table.compare in ("banker", "banker-or-all-pairs") and draw(st.booleans()):
        data["table"] = {"ties": draw(st.sampled_from(["split", "banker-wins"]))}
    if draw(st.booleans()) and base.specials.hands:
        hands = [h.model_dump(by_alias=True, exclude_none=True) for h in base.specials.hands]
        for hand in hands:
            if "points" in hand:
                hand["points"] = draw(units)
        data["specials"] = {"hands": hands}
    return data


def _load(data: dict[str, Any]) -> ThirteenCardRuleset:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "user.yaml"
        path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
        rules = load_ruleset_file(path)
    assert isinstance(rules, ThirteenCardRuleset)
    return rules


@fuzz_settings(60)
@given(data=st.data())
def test_user_rulesets_are_zero_sum_and_seat_symmetric(data: st.DataObject) -> None:
    rules = _load(data.draw(user_rulesets()))
    table = data.draw(tables(rules))
    result = score_thirteen(rules, TableFile.model_validate(table))
    assert sum(result.totals.values()) == 0
    shuffled = data.draw(st.permutations(table["players"]))
    again = score_thirteen(rules, TableFile.model_validate({**table, "players": list(shuffled)}))
    assert again.totals == result.totals
    render(result)

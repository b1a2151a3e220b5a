"""Inheritance that loses nothing: identified list entries merge by identity, and removing an
entry or replacing a whole list is explicit, in every game kind."""

from __future__ import annotations

import re
import tempfile
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from housegame import load_table, score
from housegame.errors import RulesetError
from housegame.rulesets.bigtwo import BigTwoRuleset
from housegame.rulesets.loader import bundled_rulesets, load_resolved, load_ruleset
from housegame.rulesets.ofc import OfcRuleset
from housegame.rulesets.registry import RULESET_MODELS
from housegame.rulesets.thirteen import ThirteenCardRuleset
from tests.suite import examples

ROOT = Path(__file__).resolve().parents[1]


def child(tmp_path: Path, body: str, name: str = "child.yaml") -> Path:
    path = tmp_path / name
    path.write_text(f"id: child\nname: Child\nsummary: s\n{body}", encoding="utf-8")
    return path


def thirteen(path: Path) -> ThirteenCardRuleset:
    rules = load_ruleset(path)
    assert isinstance(rules, ThirteenCardRuleset)
    return rules


def ofc(path: Path) -> OfcRuleset:
    rules = load_ruleset(path)
    assert isinstance(rules, OfcRuleset)
    return rules


def bigtwo(path: Path) -> BigTwoRuleset:
    rules = load_ruleset(path)
    assert isinstance(rules, BigTwoRuleset)
    return rules


def lane_values(rules: ThirteenCardRuleset) -> list[tuple[str, tuple[str, ...], int]]:
    return [(v.lane, tuple(v.category), v.units) for v in rules.lane_values.values]


# ---- the examples ------------------------------------------------------------------


def test_one_changed_lane_value_keeps_the_other_five(tmp_path: Path) -> None:
    path = child(
        tmp_path,
        "extends: maceplay\nlane_values: {values: [{lane: back, category: [quads], units: 6}]}\n",
    )
    rules = thirteen(path)
    base = thirteen(ROOT / "rulesets" / "maceplay.yaml")
    expected = [
        (lane, cats, 6 if (lane, cats) == ("back", ("quads",)) else units)
        for lane, cats, units in lane_values(base)
    ]
    assert lane_values(rules) == expected
    # You scoop all three (front trips 3, middle full house 2, back quads now 6), x2 for the
    # scoop and x2 again for the home run: 11 * 4 from each of three opponents.
    result = score(load_table(ROOT / "examples" / "maceplay-table.yaml"), ruleset=path)
    assert result.totals["You"] == 3 * 4 * (3 + 2 + 6) == 132
    assert score(load_table(ROOT / "examples" / "maceplay-table.yaml")).totals["You"] == 108


def test_adding_a_special_to_pagat_keeps_pagats_four(tmp_path: Path) -> None:
    path = child(
        tmp_path,
        "extends: pagat\nspecials:\n  hands:\n"
        "    - {id: one-suit, name: One suit, points: 26, when: {distinct_suits: 1}}\n",
    )
    ids = [h.id for h in thirteen(path).specials.hands]
    assert ids == ["six-pairs", "three-straights", "three-flushes", "complete-straight", "one-suit"]


# ---- every list kind: replace (merge the entry's keys), add, remove, replace the list -------

THIRTEEN_CASES = [
    pytest.param(
        "extends: maceplay\nlane_values: {values: [{lane: middle, category: [quads], units: 9}]}\n",
        lambda r: [v.units for v in r.lane_values.values] == [3, 2, 9, 10, 4, 5],
        id="lane-value-replace",
    ),
    pytest.param(
        "extends: maceplay\nlane_values: {values: [{lane: back, category: [full-house], "
        "units: 2}]}\n",
        lambda r: len(r.lane_values.values) == 7 and r.lane_values.values[-1].units == 2,
        id="lane-value-add",
    ),
    pytest.param(
        "extends: maceplay\nlane_values: {values: [{lane: front, category: [trips], "
        "$delete: true}]}\n",
        lambda r: r.lane_values.values[0].lane == "middle" and len(r.lane_values.values) == 5,
        id="lane-value-remove",
    ),
    pytest.param(
        "extends: maceplay\nlane_values: {values: {$replace: [{lane: back, category: [quads], "
        "units: 6}]}}\n",
        lambda r: [(v.lane, v.units) for v in r.lane_values.values] == [("back", 6)],
        id="lane-value-replace-list",
    ),
    pytest.param(
        "extends: taiwan\noutcomes:\n  - {won: 2, lost: 1, tied: 0, units: 2}\n"
        "  - {won: 1, lost: 2, tied: 0, units: -2}\n",
        lambda r: (
            [o.units for o in r.outcomes or []] == [6, 6, 6, 2, 0, 0, -2, -6, -6, -6]
            and r.outcomes is not None
            and r.outcomes[0].scoop
        ),
        id="outcome-replace",
    ),
    pytest.param(
        "extends: taiwan\noutcomes: {$replace: [{won: 3, lost: 0, tied: 0, units: 3}, "
        "{won: 2, lost: 0, tied: 1, units: 2}, {won: 1, lost: 0, tied: 2, units: 1}, "
        "{won: 2, lost: 1, tied: 0, units: 1}, {won: 1, lost: 1, tied: 1, units: 0}, "
        "{won: 0, lost: 0, tied: 3, units: 0}, {won: 1, lost: 2, tied: 0, units: -1}, "
        "{won: 0, lost: 1, tied: 2, units: -1}, {won: 0, lost: 2, tied: 1, units: -2}, "
        "{won: 0, lost: 3, tied: 0, units: -3}]}\n",
        lambda r: r.outcomes is not None and not any(o.scoop for o in r.outcomes),
        id="outcome-replace-list",
    ),
    pytest.param(
        "extends: taiwan\nbonuses: {ordinary: {items: [{id: back-quads, units: 5}]}}\n",
        lambda r: (
            [i.units for i in r.bonuses["ordinary"].items] == [3, 9, 8, 5, 10, 5]
            and r.bonuses["ordinary"].items[3].name == "后墩铁枝"
        ),
        id="bonus-replace",
    ),
    pytest.param(
        "extends: taiwan\nbonuses:\n  ordinary:\n    items:\n      - {id: back-full-house, "
        "name: back full house, lane: back, units: 1, when: {lane: back, category: "
        "[full-house]}}\n",
        lambda r: len(r.bonuses["ordinary"].items) == 7 and len(r.bonuses["special"].items) == 3,
        id="bonus-add",
    ),
    pytest.param(
        "extends: taiwan\nbonuses: {special: {items: [{id: seven-eleven, $delete: true}]}}\n",
        lambda r: (
            [i.id for i in r.bonuses["special"].items] == ["three-flushes", "two-full-houses"]
        ),
        id="bonus-remove",
    ),
    pytest.param(
        "extends: taiwan\nbonuses: {special: {items: {$replace: []}}}\n",
        lambda r: r.bonuses["special"].items == [] and len(r.bonuses["ordinary"].items) == 6,
        id="bonus-replace-list",
    ),
    pytest.param(
        "extends: taiwan\nbonuses: {special: {$delete: true}}\n",
        lambda r: list(r.bonuses) == ["ordinary"],
        id="bonus-group-remove",
    ),
    pytest.param(
        "extends: taiwan\nbonuses: {special: {pay_when: always}}\n",
        lambda r: (
            r.bonuses["special"].pay_when == "always" and len(r.bonuses["special"].items) == 3
        ),
        id="bonus-group-merge",
    ),
    pytest.param(
        "extends: pagat\nspecials: {hands: [{id: complete-straight, points: 26}]}\n",
        lambda r: (
            r.specials.hands[3].points == 26 and r.specials.hands[3].name == "Complete straight"
        ),
        id="special-replace",
    ),
    pytest.param(
        "extends: pagat\nspecials: {hands: [{id: six-pairs, $delete: true}]}\n",
        lambda r: (
            [h.id for h in r.specials.hands]
            == ["three-straights", "three-flushes", "complete-straight"]
        ),
        id="special-remove",
    ),
    pytest.param(
        "extends: pagat\nspecials: {hands: {$replace: [{id: dragon, name: Dragon, points: 13, "
        "when: {distinct_ranks: 13}}]}}\n",
        lambda r: [h.id for h in r.specials.hands] == ["dragon"],
        id="special-replace-list",
    ),
    pytest.param(
        "extends: pagat\nspecials: {hands: [{id: six-pairs, when: {rank_pattern: [2, 2, 2, 2, "
        "2, 2, 1]}}]}\n",
        lambda r: (
            r.specials.hands[0].when is not None
            and r.specials.hands[0].when.model_dump() == {"rank_pattern": [2, 2, 2, 2, 2, 2, 1]}
        ),
        id="special-condition-replaced-whole",
    ),
]


@pytest.mark.parametrize(("body", "check"), THIRTEEN_CASES)
def test_thirteen_card_lists_merge_by_identity(tmp_path: Path, body: str, check: Any) -> None:
    assert check(thirteen(child(tmp_path, body)))


OFC = "game: ofc\nextends: golden-nugget-pineapple\n"
OFC_CASES = [
    pytest.param(
        "fantasyland: {cards: {progressive: [{front: {category: pair, rank: A}, cards: 17}]}}\n",
        [("Q", 14), ("K", 15), ("A", 17), ("2", 17)],
        id="row-replace",
    ),
    pytest.param(
        "fantasyland: {cards: {progressive: [{front: {category: pair, rank: J}, cards: 14}]}}\n",
        [("Q", 14), ("K", 15), ("A", 16), ("2", 17), ("J", 14)],
        id="row-add",
    ),
    pytest.param(
        "fantasyland: {cards: {progressive: [{front: {category: pair, rank: K}, "
        "$delete: true}]}}\n",
        [("Q", 14), ("A", 16), ("2", 17)],
        id="row-remove",
    ),
    pytest.param(
        "fantasyland: {cards: {progressive: {$replace: [{front: {category: pair, rank: Q}, "
        "cards: 15}]}}}\n",
        [("Q", 15)],
        id="row-replace-list",
    ),
]


@pytest.mark.parametrize(("body", "rows"), OFC_CASES)
def test_ofc_progressive_rows_merge_by_front(
    tmp_path: Path, body: str, rows: list[tuple[str, int]]
) -> None:
    rules = ofc(child(tmp_path, OFC + body))
    assert rules.fantasyland is not None
    got = [(r.front.rank, r.cards) for r in rules.fantasyland.cards.progressive]
    assert got == rows


def test_ofc_royalty_tables_merge_key_by_key(tmp_path: Path) -> None:
    rules = ofc(child(tmp_path, OFC + "royalties: {front: {pairs: {'6': 0}}, back: {quads: 12}}\n"))
    assert rules.royalties.front.pairs["6"] == 0 and rules.royalties.front.pairs["A"] == 9
    assert rules.royalties.back["quads"] == 12 and rules.royalties.back["flush"] == 4
    assert rules.royalties.middle["royal-flush"] == 50


BIG_TWO = "game: big-two\nextends: maceplay-big-two\n"


def tier(low: int, high: int, per_card: int) -> str:
    return f"{{cards: {{min: {low}, max: {high}}}, per_card: {per_card}}}"


BIG_TWO_CASES = [
    pytest.param(
        f"penalty: {{tiers: [{tier(13, 13, 4)}]}}\n",
        [(1, 9, 1), (10, 12, 2), (13, 13, 4)],
        id="tier-replace",
    ),
    pytest.param(
        "penalty: {tiers: [{cards: {min: 10, max: 12}, $delete: true}, "
        f"{tier(10, 11, 2)}, {tier(12, 12, 3)}]}}\n",
        [(1, 9, 1), (13, 13, 3), (10, 11, 2), (12, 12, 3)],
        id="tier-remove-and-add",
    ),
    pytest.param(
        f"penalty: {{tiers: {{$replace: [{tier(1, 13, 1)}]}}}}\n",
        [(1, 13, 1)],
        id="tier-replace-list",
    ),
]


@pytest.mark.parametrize(("body", "tiers"), BIG_TWO_CASES)
def test_big_two_penalty_tiers_merge_by_cards(
    tmp_path: Path, body: str, tiers: list[tuple[int, int, int]]
) -> None:
    rules = bigtwo(child(tmp_path, BIG_TWO + body))
    got = [(t.cards.min, t.cards.max, t.per_card) for t in rules.penalty.tiers]
    assert got == tiers


def test_big_two_multipliers_merge_by_card(tmp_path: Path) -> None:
    def spade(factor: int) -> str:
        return f"{{card: {{rank: '2', suit: spades}}, min_left: 8, factor: {factor}}}"

    heart = "{card: {rank: '2', suit: hearts}, factor: 2}"
    base = child(tmp_path, BIG_TWO + f"penalty: {{multipliers: [{spade(2)}]}}\n", "base.yaml")
    assert [m.factor for m in bigtwo(base).penalty.multipliers] == [2]
    body = f"game: big-two\nextends: base.yaml\npenalty: {{multipliers: [{spade(3)}, {heart}]}}\n"
    rules = bigtwo(child(tmp_path, body))
    assert [(m.card.suit, m.factor, m.min_left) for m in rules.penalty.multipliers] == [
        ("spades", 3, 8),
        ("hearts", 2, 1),
    ]
    removed = "game: big-two\nextends: base.yaml\npenalty: {multipliers: [{card: {rank: '2', "
    removed += "suit: spades}, $delete: true}]}\n"
    assert bigtwo(child(tmp_path, removed, "removed.yaml")).penalty.multipliers == []
    replaced = (
        f"game: big-two\nextends: base.yaml\npenalty: {{multipliers: {{$replace: [{heart}]}}}}\n"
    )
    only = bigtwo(child(tmp_path, replaced, "replaced.yaml")).penalty.multipliers
    assert [m.card.suit for m in only] == ["hearts"]


def test_removing_an_outcome_row_is_caught_by_the_table_check(tmp_path: Path) -> None:
    """Outcome rows merge by (won, lost, tied); a removed row leaves the table incomplete."""
    path = child(
        tmp_path, "extends: taiwan\noutcomes: [{won: 2, lost: 1, tied: 0, $delete: true}]\n"
    )
    with pytest.raises(RulesetError, match=r"outcomes table lacks rows for 2-1-0"):
        load_ruleset(path)


def test_adding_an_outcome_row_is_checked_too(tmp_path: Path) -> None:
    path = child(tmp_path, "extends: taiwan\noutcomes: [{won: 2, lost: 2, tied: 0, units: 0}]\n")
    with pytest.raises(RulesetError, match=r"outcome 2-2-0 does not add up to 3 lanes"):
        load_ruleset(path)


# ---- mistakes in the directives ------------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (
            "extends: pagat\nspecials: {hands: [{id: dragon, $delete: true}]}\n",
            "child.yaml:5: specials.hands[0]: no inherited entry to delete",
        ),
        (
            "extends: pagat\nspecials: {hands: [{name: no id, points: 3, when: {pairs: 6}}]}\n",
            "child.yaml:5: specials.hands[0]: missing key 'id'",
        ),
        (
            "extends: pagat\nspecials: {hands: [{id: six-pairs, points: 4}, {id: six-pairs, "
            "points: 5}]}\n",
            "child.yaml:5: specials.hands[1]: the same id as entry [0]",
        ),
        (
            "extends: taiwan\nbonuses: {extra: {$delete: true}}\n",
            "child.yaml:5: bonuses.extra: nothing inherited to delete",
        ),
        (
            "lane_values: {values: {$replace: []}}\nfoul: {handling: refuse}\n",
            'child.yaml:4: lane_values.values: expected a list, got {"$replace": []}',
        ),
        (
            "extends: maceplay-big-two\ngame: ofc\nsuit_order: [diamonds, clubs, hearts, spades]\n",
            "child.yaml:5: game: this file extends maceplay-big-two (game: big-two) but says "
            "game ofc",
        ),
    ],
)
def test_directive_mistakes_are_explained(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, body: str, message: str
) -> None:
    monkeypatch.chdir(tmp_path)
    with pytest.raises(RulesetError) as caught:
        load_ruleset(Path(child(tmp_path, body).name))
    assert message in str(caught.value)


def test_merged_positions_point_at_the_file_that_wrote_the_entry(tmp_path: Path) -> None:
    path = child(tmp_path, "extends: pagat\nspecials: {hands: [{id: six-pairs, points: 4}]}\n")
    _, resolved = load_resolved(path)
    merged = resolved.located
    assert merged.position_of(("specials", "hands", 0, "points")).file == str(path)
    assert merged.position_of(("specials", "hands", 0, "when")).file.endswith("pagat.yaml")
    assert merged.written_path(("specials", "hands", 3, "points")) == (
        "specials",
        "hands",
        3,
        "points",
    )


# ---- the bundled files load as they did under the old list-replacing merge -----------------


def _old_merge(base: Any, child: Any) -> Any:
    """The merge before identities: mappings key by key, lists replaced whole."""
    if isinstance(base, dict) and isinstance(child, dict):
        out = dict(base)
        for key, value in child.items():
            out[key] = _old_merge(base[key], value) if key in base else value
        return out
    return child


def _unwrap(value: Any) -> Any:
    """``{$replace: X}`` is X under the old merge (it replaced every list)."""
    if isinstance(value, dict):
        if set(value) == {"$replace"}:
            return _unwrap(value["$replace"])
        return {k: _unwrap(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_unwrap(v) for v in value]
    return value


def _old_load(path: Path) -> dict[str, Any]:
    data = _unwrap(yaml.safe_load(path.read_text(encoding="utf-8")))
    parent = data.pop("extends", None)
    if parent is None:
        return dict(data)
    return dict(_old_merge(_old_load(bundled_rulesets()[parent]), data))


@pytest.mark.parametrize("ruleset_id", sorted(bundled_rulesets()))
def test_bundled_rulesets_load_as_under_the_old_merge(ruleset_id: str) -> None:
    data = _old_load(bundled_rulesets()[ruleset_id])
    model = RULESET_MODELS[data.get("game", "thirteen-card")]
    assert load_ruleset(ruleset_id) == model.model_validate(data)


# ---- invariants ----------------------------------------------------------------------------


@settings(max_examples=examples(25), deadline=None)
@given(
    repeated=st.lists(st.integers(0, 5), unique=True),
    deleted=st.lists(st.integers(0, 4), unique=True),
)
def test_repeating_inherited_entries_changes_nothing_and_deleting_removes_only_those(
    repeated: list[int], deleted: list[int]
) -> None:
    base = thirteen(ROOT / "rulesets" / "maceplay.yaml")
    values = base.lane_values.values
    hands = base.specials.hands
    kept_values = [v.model_dump() for i, v in enumerate(values) if i in repeated]
    gone = [{"id": h.id, "$delete": True} for i, h in enumerate(hands) if i in deleted]
    body = {
        "extends": "maceplay",
        "id": "child",
        "name": "Child",
        "summary": "s",
        "lane_values": {"values": kept_values},
        "specials": {"hands": gone},
    }
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "child.yaml"
        path.write_text(yaml.safe_dump(body), encoding="utf-8")
        rules = thirteen(path)
    assert rules.lane_values == base.lane_values
    assert rules.specials.hands == [h for i, h in enumerate(hands) if i not in deleted]


def test_a_deal_added_to_a_parents_default_deal_keeps_the_four_player_game(
    tmp_path: Path,
) -> None:
    """maceplay-big-two writes no ``deal`` (four players, 13 each, by default): a house file
    adding a three-player deal merges into that default, as the docs say deals merge by
    ``players``, rather than replacing it."""
    path = child(
        tmp_path,
        "extends: maceplay-big-two\ndeal:\n  - {players: 3, cards: 13, rest: out-of-play}\n",
    )
    rules = bigtwo(path)
    assert [d.players for d in rules.deal] == [4, 3]
    parent = load_ruleset("maceplay-big-two")
    assert isinstance(parent, BigTwoRuleset)
    assert rules.deal_for(4) == parent.deal_for(4)
    again = child(
        tmp_path, "extends: child.yaml\ndeal:\n  - {players: 4, $delete: true}\n", "g.yaml"
    )
    assert [d.players for d in bigtwo(again).deal] == [3]


def test_a_problem_with_what_a_parent_wrote_is_the_childs_saying_where(tmp_path: Path) -> None:
    """A 17-card deal makes the parent's penalty tiers too short: the problem is the child's
    (the file validated), and says which bundled line it is about."""
    path = child(
        tmp_path, "extends: maceplay-big-two\ndeal:\n  - {players: 3, cards: 17, rest: to-opener}\n"
    )
    with pytest.raises(RulesetError) as raised:
        load_ruleset(path)
    line = str(raised.value).splitlines()[1]
    assert line.startswith(f"{path}: penalty.tiers: the tiers leave out 14, 15, 16, 17, 18")
    assert re.search(r"\(as the bundled maceplay-big-two, line \d+, writes it\)$", line), line

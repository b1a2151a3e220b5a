"""Lint: each warning on a small file that provokes it, and none on the bundled rulesets."""

from __future__ import annotations

from pathlib import Path

import pytest

from housegame.ranking import RankingRules
from housegame.rulesets.lint import lane_categories, lint
from housegame.rulesets.loader import bundled_rulesets, load_resolved


def warnings(tmp_path: Path, body: str) -> list[str]:
    path = tmp_path / "house.yaml"
    path.write_text(f"id: house\nname: House\nsummary: s\n{body}", encoding="utf-8")
    ruleset, resolved = load_resolved(path)
    found = lint(ruleset, resolved)
    assert all(p.severity == "warning" for p in found)
    return [f"{Path(p.file).name}:{p.line}: {p.path}: {p.message} | {p.hint}" for p in found]


@pytest.mark.parametrize("ruleset_id", sorted(bundled_rulesets()))
def test_bundled_rulesets_lint_clean(ruleset_id: str) -> None:
    ruleset, resolved = load_resolved(bundled_rulesets()[ruleset_id])
    assert lint(ruleset, resolved) == []


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        pytest.param(
            "extends: maceplay\nlane_values: {values: [{lane: front, category: [straight, "
            "trips], units: 4}]}\n",
            "house.yaml:5: lane_values.values[0].category: the front never ranks as straight "
            "under this ranking; this lane value can never pay | the front ranks as high-card, "
            "pair, trips",
            id="front-lane-value-never-pays",
        ),
        pytest.param(
            "extends: taiwan\nbonuses:\n  ordinary:\n    items:\n      - {id: front-flush, name: "
            "f, lane: front, units: 2, when: {all: [{lane: middle, category: [flush]}, {lane: "
            "front, category: [flush]}]}}\n",
            "house.yaml:8: bonuses.ordinary.items[0].when.all[1].category: the front never ranks "
            "as flush under this ranking; that test never holds | the front ranks as high-card, "
            "pair, trips",
            id="front-bonus-never-holds",
        ),
        pytest.param(
            "extends: taiwan\nranking: {front_flushes: true}\nbonuses:\n  ordinary:\n    items:\n"
            "      - {id: front-flush, name: f, lane: front, units: 2, when: {lane: front, "
            "category: [flush]}}\n",
            None,
            id="front-bonus-holds-when-the-front-ranks-flushes",
        ),
        pytest.param(
            "extends: pagat\nspecials: {hands: [{id: six-pairs, $delete: true}]}\n",
            "house.yaml:5: specials.hands[0]: override removes inherited specials.hands entry "
            '{"id": "six-pairs"} | intended? the entry is gone from the merged ruleset',
            id="removed-entry",
        ),
        pytest.param(
            "extends: taiwan\nbonuses: {special: {$delete: true}}\n",
            "house.yaml:5: bonuses.special: override removes inherited bonuses.special | "
            "intended? the entry is gone from the merged ruleset",
            id="removed-group",
        ),
        pytest.param(
            "extends: maceplay\nscoop:\n  multiplier: 2\n",
            "house.yaml:5: scoop: override changes nothing: sets scoop to "
            '{"multiplier": 2}, which it already is | drop the line: the parent already says so',
            id="unchanged-value",
        ),
        pytest.param(
            "extends: pagat\nspecials: {hands: [{id: six-pairs, points: 3}]}\n",
            "house.yaml:5: specials.hands[0].points: override changes nothing: sets "
            "specials.hands[0].points to 3, which it already is | drop the line: the parent "
            "already says so",
            id="unchanged-entry-key",
        ),
        pytest.param(
            "extends: pagat\nlane_values: {values: []}\n",
            "house.yaml:5: lane_values.values: override changes nothing: an empty "
            "lane_values.values keeps every inherited entry; write `{$replace: []}` to empty it "
            "| drop the line: the parent already says so",
            id="empty-keyed-list",
        ),
        pytest.param(
            "extends: pagat\nspecials: {hands: [{id: dragon, name: Dragon, points: 13, when: "
            "{distinct_ranks: 13}}]}\n",
            "house.yaml:5: specials.hands[0].when: special 'dragon' has the same condition as "
            "'complete-straight' | one of them can never be the better declaration; drop one or "
            "change its condition",
            id="same-condition",
        ),
        pytest.param(
            "extends: pagat\ntable: {ties: banker-wins}\n",
            "house.yaml:5: table.ties: a banker setting, but table.compare is all-pairs: there "
            "is no banker | drop it, or set table.compare to banker or banker-or-all-pairs",
            id="banker-ties",
        ),
        pytest.param(
            "extends: shanghai\ntable: {compare: all-pairs, ties: split}\n",
            "shanghai.yaml:38: specials.vs_special_with_banker: a banker setting, but "
            "table.compare is all-pairs: there is no banker | drop it, or set table.compare to "
            "banker or banker-or-all-pairs",
            id="banker-special-settlement",
        ),
        pytest.param(
            "extends: mau-binh\nlane_values:\n  values:\n"
            "    - {lane: back, category: [straight], rank: '4', units: 3}\n",
            "house.yaml:7: lane_values.values[0].rank: no back straight is named by 4; this "
            "lane value can never pay | a straight is named by its top card (A-2-3-4-5 by 5), "
            "a flush by its highest card",
            id="lane-value-rank",
        ),
        pytest.param(
            "extends: maceplay\ndeck: {jokers: 2}\nlane_values:\n  values:\n"
            "    - {lane: back, category: [five-of-a-kind], rank: A, units: 20}\n",
            None,
            id="lane-value-rank-five-of-a-kind",
        ),
        pytest.param(
            "extends: maceplay\nlane_values:\n  values:\n"
            "    - {lane: back, category: [five-of-a-kind, quads], rank: A, units: 20}\n",
            "house.yaml:7: lane_values.values[0].category: the back never ranks as "
            "five-of-a-kind under this ranking; this lane value can never pay | the back ranks "
            "as high-card, pair, two-pair, trips, straight, flush, full-house, quads, "
            "straight-flush",
            id="lane-value-five-of-a-kind-without-duplicates",
        ),
        pytest.param(
            "extends: bluetiki-lowball\nlane_values:\n  values:\n"
            "    - {lane: middle, category: [high-card, full-house], units: 2}\n",
            "house.yaml:7: lane_values.values[0].category: the middle is ranked for low "
            "(deuce-to-seven): this lane value pays a winning full-house, hands that count "
            "against it | a lane ranked for low is won by the weaker hand; drop the entry, or "
            "rank it high",
            id="low-lane-value-by-category",
        ),
        pytest.param(
            "extends: bluetiki-lowball\nbonuses:\n  ordinary:\n    pay_when: always\n    items:\n"
            "      - {id: m, name: m, lane: middle, units: 2, when: {lane: middle, category: "
            "[straight]}}\n",
            "house.yaml:9: bonuses.ordinary.items[0].when.category: the middle is ranked for "
            "low (deuce-to-seven): this test asks for straight, hands that count against it | "
            "a lane ranked for low is won by the weaker hand; drop the entry, or rank it high",
            id="low-lane-bonus-by-category",
        ),
        pytest.param(
            "extends: bluetiki-lowball\nlane_values:\n  values:\n"
            "    - {lane: back, category: [full-house], units: 2}\n",
            None,
            id="high-lane-value-beside-a-low-lane",
        ),
        pytest.param(
            "extends: pagat\nfoul: {both_fouled: banker-wins}\n",
            "house.yaml:5: foul.both_fouled: a banker setting, but table.compare is all-pairs: "
            "there is no banker | drop it, or set table.compare to banker or banker-or-all-pairs",
            id="banker-fouls",
        ),
        pytest.param(
            "extends: golden-nugget-pineapple\ngame: ofc\nroyalties: {front: {pairs: {'8': 4}}}\n",
            None,
            id="ofc-full-table-no-gap",
        ),
        pytest.param(
            "extends: maceplay-big-two\ngame: big-two\ndeal: [{players: 4, cards: 13, rest: "
            "to-opener}]\n",
            "house.yaml:6: deal[0].rest: 4 players with 13 cards each take the whole deck: no "
            "card is left over for the opener | drop rest, or deal fewer cards each",
            id="bigtwo-nothing-left-over",
        ),
        pytest.param(
            "extends: maceplay-big-two\ngame: big-two\ndeal: [{players: 3, cards: 17, rest: "
            "to-opener}]\npenalty: {tiers: {$replace: [{cards: {min: 1}, per_card: 1}]}}\n",
            None,
            id="bigtwo-one-card-left-over",
        ),
    ],
)
def test_each_warning(tmp_path: Path, body: str, expected: str | None) -> None:
    found = warnings(tmp_path, body)
    assert found == ([] if expected is None else [expected])


def test_gaps_in_a_royalty_table(tmp_path: Path) -> None:
    body = (
        "game: ofc\nfoul: {}\ndeal: [{dealt: 13, placed: 13}]\nroyalties:\n"
        "  front: {pairs: {'6': 1, '7': 2, '9': 4}}\n  back: {straight: 2, full-house: 6}\n"
    )
    assert warnings(tmp_path, body) == [
        "house.yaml:8: royalties.front.pairs: no entry for a pair of 8, between 7 (2) and 9 (4), "
        "so it pays nothing | add `8: N` (0 if it really pays nothing)",
        "house.yaml:9: royalties.back: no entry for a flush, between straight (2) and "
        "full-house (6), so it pays nothing | add `flush: N` (0 if it really pays nothing)",
    ]


def test_lane_categories_read_the_ranking() -> None:
    rules = RankingRules()
    assert lane_categories(rules, 3) == {"high-card", "pair", "trips"}
    shapes = RankingRules(front_straights=True, front_flushes=True)
    assert lane_categories(shapes, 3) == {
        "high-card",
        "pair",
        "trips",
        "straight",
        "flush",
        "straight-flush",
    }
    assert len(lane_categories(rules, 5)) == 9

"""What a new author met writing real variants (issue 23, point 2): each papercut, fixed."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from housegame.cards import parse_cards
from housegame.errors import RulesetError
from housegame.rulesets.bigtwo import BigTwoRuleset
from housegame.rulesets.diff import diff_rulesets
from housegame.rulesets.lint import lint
from housegame.rulesets.loader import bundled_rulesets, load_resolved, load_ruleset
from housegame.rulesets.ofc import OfcRuleset
from housegame.rulesets.thirteen import ThirteenCardRuleset
from housegame.rulesheet import show
from housegame.thirteen.specials import holding

POSITIVE = Path(__file__).parent / "rulesets" / "positive"


def written(tmp_path: Path, body: str, name: str = "house.yaml") -> Path:
    path = tmp_path / name
    path.write_text(f"id: house\nname: House\nsummary: s\n{body}", encoding="utf-8")
    return path


def warnings(path: Path) -> list[str]:
    ruleset, resolved = load_resolved(path)
    return [f"{p.line}: {p.message}" for p in lint(ruleset, resolved)]


@pytest.mark.parametrize("path", sorted(POSITIVE.glob("*.yaml")), ids=lambda p: p.name)
def test_positive_examples_are_clean_under_strict(path: Path) -> None:
    assert warnings(path) == []


@pytest.mark.parametrize(
    ("parent", "kind"), [("golden-nugget-pineapple", OfcRuleset), ("taiwan-big-two", BigTwoRuleset)]
)
def test_an_override_without_game_is_of_its_parents_game(
    tmp_path: Path, parent: str, kind: type
) -> None:
    assert isinstance(load_ruleset(written(tmp_path, f"extends: {parent}\n")), kind)


def test_a_file_extending_a_users_ofc_file_inherits_its_game(tmp_path: Path) -> None:
    written(tmp_path, "extends: ofc-classic\n", "base.yaml")
    child = written(tmp_path, "extends: base.yaml\nscoring: {scoop_bonus: 6}\n", "child.yaml")
    rules = load_ruleset(child)
    assert isinstance(rules, OfcRuleset) and rules.scoring.scoop_bonus == 6


def test_a_contradicting_game_is_refused(tmp_path: Path) -> None:
    path = written(tmp_path, "extends: maceplay-big-two\ngame: ofc\n")
    with pytest.raises(RulesetError, match=r"house\.yaml:5: game: .* but says game ofc"):
        load_ruleset(path)


def test_delete_removes_inherited_royalty_entries(tmp_path: Path) -> None:
    body = "extends: golden-nugget-pineapple\nroyalties:\n"
    body += "  front: {pairs: {'6': {$delete: true}}}\n"
    body += "  back: {royal-flush: {$delete: true}}\n"
    rules = load_ruleset(written(tmp_path, body))
    assert isinstance(rules, OfcRuleset)
    assert "6" not in rules.royalties.front.pairs and "7" in rules.royalties.front.pairs
    assert "royal-flush" not in rules.royalties.back


def test_the_identities_match_as_show_prints_them() -> None:
    """``rank: 2`` is ``rank: "2"``; ``{category: trips, rank: "2"}`` (as `show` prints it) is
    the parent's ``{category: trips}``."""
    rules = load_ruleset(POSITIVE / "bigtwo-no-game.yaml")
    assert isinstance(rules, BigTwoRuleset)
    assert [(str(m.card), m.factor) for m in rules.penalty.multipliers] == [("2S", 3)]
    ofc = load_ruleset(POSITIVE / "ofc-no-game.yaml")
    assert isinstance(ofc, OfcRuleset) and ofc.fantasyland is not None
    assert [r.cards for r in ofc.fantasyland.cards.progressive] == [14, 15, 16, 17]


def test_number_ranks_read_as_ranks() -> None:
    rules = load_ruleset(POSITIVE / "number-ranks.yaml")
    assert isinstance(rules, ThirteenCardRuleset)
    conditions = {h.id: h.when for h in rules.specials.hands if h.when is not None}
    assert conditions["big"].model_dump(exclude_none=True) == {
        "count_cards": {"min_rank": "8", "count": 13}
    }
    assert conditions["tens-and-jacks"].model_dump(exclude_none=True)["count_cards"]["ranks"] == [
        "10",
        "J",
    ]


def test_a_number_that_is_no_rank_is_refused(tmp_path: Path) -> None:
    big = "{id: big, when: {count_cards: {min_rank: 11, count: 13}}}"
    body = f"extends: malayan\nspecials: {{hands: [{big}]}}\n"
    with pytest.raises(RulesetError, match="min_rank: 11 is not allowed"):
        load_ruleset(written(tmp_path, body))


def test_lint_deliberate_silences_one_line(tmp_path: Path) -> None:
    body = "extends: pagat\ntable: {ties: split}\nfoul: {handling: lose-all-lanes}{mark}\n"
    loud = warnings(written(tmp_path, body.replace("{mark}", "")))
    assert [w.split(":")[0] for w in loud] == ["5", "6"]
    quiet = warnings(written(tmp_path, body.replace("{mark}", "  # lint: deliberate")))
    assert [w.split(":")[0] for w in quiet] == ["5"]


@pytest.mark.parametrize(
    ("order", "reverse", "best"),
    [
        ("listed", False, "complete-straight"),
        ("listed", True, "three-straights"),
        ("listed-highest-first", True, "complete-straight"),
        ("listed-highest-first", False, "three-straights"),
    ],
)
def test_specials_may_be_listed_highest_first(order: str, reverse: bool, best: str) -> None:
    """pagat lists its specials lowest first; the same list written highest first (as Chinese
    pages list them) with ``order: listed-highest-first`` ranks them the same."""
    pagat = load_ruleset("pagat", ThirteenCardRuleset)
    hands = list(reversed(pagat.specials.hands)) if reverse else pagat.specials.hands
    specials = pagat.specials.model_copy(update={"order": order, "hands": hands})
    rules = pagat.model_copy(update={"specials": specials})
    straight = parse_cards("2S 3H 4D 5C 6S 7H 8D 9C TS JH QD KC AS")
    found = [d.hand.id for d in holding(straight, rules)]
    assert set(found) >= {"complete-straight", "three-straights"}
    assert found[0] == best


def test_diff_leaves_out_what_the_chosen_mode_ignores(tmp_path: Path) -> None:
    """A fixed Fantasyland count ignores the progressive table; a ruleset without specials
    ignores how specials compare; without a banker, the banker's special settlement."""
    rows = "{$replace: [{front: {category: pair, rank: Q}, cards: 13}]}"
    table = written(
        tmp_path, f"extends: ofc-classic\nfantasyland: {{cards: {{progressive: {rows}}}}}\n"
    )
    assert diff_rulesets(load_ruleset("ofc-classic"), load_ruleset(table)) == []
    progressive = written(
        tmp_path,
        f"extends: {table.name}\nfantasyland: {{cards: {{mode: progressive}}}}\n",
        "p.yaml",
    )
    settings = [d.setting for d in diff_rulesets(load_ruleset(table), load_ruleset(progressive))]
    assert settings == [
        "fantasyland.cards.mode",
        "fantasyland.cards.fixed",
        "fantasyland.cards.progressive",
    ]
    none = "specials: {hands: {$replace: []}, vs_set: as-scoop, order: points}\n"
    a = written(tmp_path, "extends: pagat\nspecials: {hands: {$replace: []}}\n", "a.yaml")
    b = written(tmp_path, "extends: pagat\n" + none, "b.yaml")
    assert diff_rulesets(load_ruleset(a), load_ruleset(b)) == []
    banker = "specials: {vs_special_with_banker: banker-pays}\n"
    c = written(tmp_path, "extends: pagat\n" + banker, "c.yaml")
    assert diff_rulesets(load_ruleset("pagat"), load_ruleset(c)) == []


SOURCES_PAGE = Path(__file__).parents[1] / "docs" / "sources.md"


@pytest.mark.parametrize("ruleset_id", sorted(bundled_rulesets()))
def test_sources_cite_documents_a_reader_can_open(ruleset_id: str) -> None:
    """A seed file listed on docs/sources.md, or a web page's address; never an issue."""
    page = SOURCES_PAGE.read_text(encoding="utf-8")
    for source in load_ruleset(ruleset_id).sources:
        if source.seed.startswith(("http://", "https://")):
            assert source.seed in page, f"{source.seed} is not in docs/sources.md's table"
        else:
            assert f"| `{source.seed}` |" in page, f"{source.seed}: no such document listed"


def test_show_of_a_users_file_links_only_to_what_exists(tmp_path: Path) -> None:
    """A bundled ruleset links to its section of docs/sources.md; a user's file has none there
    (even one that reuses a bundled id): its documents are listed, and the page that describes
    them."""
    page = SOURCES_PAGE.read_text(encoding="utf-8")
    for ruleset_id in bundled_rulesets():
        assert re.search(f"^##+ {ruleset_id}$", page, re.MULTILINE), f"no section {ruleset_id}"
        assert f"docs/sources.md#{ruleset_id}" in show(load_ruleset(ruleset_id))
    mine = written(tmp_path, "extends: maceplay\nscoop: {multiplier: 3}\n")
    text = show(load_ruleset(mine))
    assert "docs/sources.md#" not in text
    assert "000_4920c9f2a02f29bc.txt" in text and "described in docs/sources.md" in text
    same_id = tmp_path / "m.yaml"
    same_id.write_text(
        "extends: maceplay\nid: maceplay\nname: M\nsummary: s\nscoop: {bonus: 3}\n", "utf-8"
    )
    assert "docs/sources.md#" not in show(load_ruleset(same_id))
    bare = written(tmp_path, "extends: maceplay\nsources: []\n", "bare.yaml")
    assert "this file names no sources" in show(load_ruleset(bare))

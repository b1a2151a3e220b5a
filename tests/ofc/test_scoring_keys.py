"""OFC scoring keys of issue 23: royalties paid only for lanes won, a scoop whenever the
opponent won no lane, and a table file saying who played in Fantasyland."""

from __future__ import annotations

from pathlib import Path

import pytest

from housegame import load_table
from housegame.errors import HousegameError
from housegame.ofc.table import score_ofc
from housegame.rulesets.lint import lint
from housegame.rulesets.loader import load_resolved, load_ruleset
from housegame.rulesets.ofc import OfcRuleset

SEED_TABLE = Path(__file__).parents[2] / "examples" / "ofc-table.yaml"


def rules(tmp_path: Path, body: str) -> OfcRuleset:
    path = tmp_path / "house.yaml"
    path.write_text(
        f"extends: golden-nugget-pineapple\nid: house\nname: H\nsummary: s\n{body}", "utf-8"
    )
    loaded = load_ruleset(path)
    assert isinstance(loaded, OfcRuleset)
    return loaded


def table(
    tmp_path: Path, a: tuple[str, str, str], b: tuple[str, str, str], extra: str = ""
) -> Path:
    path = tmp_path / "table.yaml"
    lines = ["players:"]
    for name, (front, middle, back) in (("A", a), ("B", b)):
        lines += [f"  - name: {name}", f"    front: {front}", f"    middle: {middle}"]
        lines += [f"    back: {back}"]
    path.write_text("\n".join(lines) + "\n" + extra, "utf-8")
    return path


def totals(ruleset: OfcRuleset, path: Path) -> dict[str, int]:
    result = score_ofc(ruleset, load_table(path))
    return {k: int(v) for k, v in result.totals.items()}


A = ("6S 6H 2C", "5C 6D 7H 8S 9C", "2H 5H 9H JH KH")
B = ("5S 5D 3C", "4C 4D 4H KC 2D", "TS JD QC KD AS")


def test_seed_003_hand_with_royalties_for_lanes_won(tmp_path: Path) -> None:
    """Seed 003's hand (A +11 with royalties paid win or lose): A wins every lane, so with
    royalties paid only for lanes won B's 4 are not paid: A +15."""
    always = load_ruleset("golden-nugget-pineapple", OfcRuleset)
    assert totals(always, SEED_TABLE) == {"A": 11, "B": -11}
    won = rules(tmp_path, "royalties: {paid: lane-won}\n")
    assert totals(won, SEED_TABLE) == {"A": 15, "B": -15}


def test_royalties_of_a_lost_lane_are_not_paid(tmp_path: Path) -> None:
    """Front tied (pairs of 6s, 1 each), middle to A (straight, 4), back to B (full house, 6):
    win or lose the royalties cancel (0); paid for lanes won, A gets 4 and B 6: A -2."""
    a = ("6S 6H 2C", "7C 8D 9S TH JC", "2H 5H 9H QH KH")
    b = ("6D 6C 2D", "4C 4S 4D QC JD", "TS TD TC KD KS")
    path = table(tmp_path, a, b)
    always = load_ruleset("golden-nugget-pineapple", OfcRuleset)
    assert totals(always, path) == {"A": 0, "B": 0}
    won = rules(tmp_path, "royalties: {paid: lane-won}\n")
    assert totals(won, path) == {"A": -2, "B": 2}


def test_a_scoop_when_the_opponent_won_no_lane(tmp_path: Path) -> None:
    """Front tied, middle and back to A: won-all-three makes no scoop; opponent-won-none adds
    the scoop bonus (3). Royalties for lanes won: A's middle and back (8), nothing to B."""
    a = ("6S 6H 2C", "7C 8D 9S TH JC", "2H 5H 9H QH KH")
    b = ("6D 6C 2D", "4C 4S 4D QC JD", "8C 9D TS JS QD")
    path = table(tmp_path, a, b)
    assert totals(load_ruleset("golden-nugget-pineapple", OfcRuleset), path) == {"A": 6, "B": -6}
    plain = rules(tmp_path, "royalties: {paid: lane-won}\n")
    assert totals(plain, path) == {"A": 10, "B": -10}
    ties = rules(
        tmp_path, "royalties: {paid: lane-won}\nscoring: {scoop_when: opponent-won-none}\n"
    )
    assert totals(ties, path) == {"A": 13, "B": -13}
    assert score_ofc(ties, load_table(path)).pairs[0].scooped_by == "A"


def test_a_table_file_says_who_is_in_fantasyland(tmp_path: Path) -> None:
    """A in Fantasyland with front trips stays (§346(e)); not in Fantasyland, the same front
    enters with 17 cards on the progressive table; B's QQ enters only when B was not there."""
    a = ("7S 7H 7D", "8S 8H 8D 2C 2D", "AS AH AD AC 3C")
    b = ("QS QH 2H", "KS KH KD 4C 4D", "JS JH JD JC 5C")
    progressive = rules(tmp_path, "fantasyland: {cards: {mode: progressive}}\n")
    plain = score_ofc(progressive, load_table(table(tmp_path, a, b)))
    assert [s.next_hand.cards for s in plain.seats] == [17, 14]
    flagged = table(tmp_path, a, b, "")
    text = flagged.read_text("utf-8").replace(
        "  - name: B\n", "  - name: B\n    fantasyland: true\n"
    )
    flagged.write_text(
        text.replace("  - name: A\n", "  - name: A\n    fantasyland: true\n"), "utf-8"
    )
    dreamt = score_ofc(progressive, load_table(flagged))
    assert [s.in_fantasyland for s in dreamt.seats] == [True, True]
    assert [s.next_hand.cards for s in dreamt.seats] == [14, 14]  # B stays on its middle
    assert [s.next_hand.reason for s in dreamt.seats] == [
        "stays: front trips or better",
        "stays: middle full-house or better",
    ]


def test_fantasyland_flag_is_refused_where_it_cannot_mean_anything(tmp_path: Path) -> None:
    path = table(tmp_path, A, B)
    path.write_text(
        path.read_text("utf-8").replace("  - name: A\n", "  - name: A\n    fantasyland: true\n"),
        "utf-8",
    )
    none = rules(tmp_path, "fantasyland: null\n")
    with pytest.raises(HousegameError, match="A in Fantasyland, but house has no Fantasyland"):
        score_ofc(none, load_table(path))
    from housegame import score

    with pytest.raises(HousegameError, match="is in Fantasyland, an OFC setting"):
        score(load_table(path), "pagat")


def test_lint_royalties_kept_by_a_foul_that_wins_no_lane(tmp_path: Path) -> None:
    path = tmp_path / "lint.yaml"
    path.write_text(
        "extends: golden-nugget-pineapple\nid: l\nname: L\nsummary: s\n"
        "royalties: {paid: lane-won}\nfoul: {royalties: keep}\n",
        "utf-8",
    )
    found = lint(*load_resolved(path))
    assert [p.path for p in found] == ["foul.royalties"]


@pytest.mark.parametrize(
    ("front", "cards"),
    [("QS QH 2C", 14), ("KS KH 2C", 15), ("AS AH 2C", 16), ("3S 3H 3D", 17), ("JS JH 2C", None)],
)
def test_progressive_pineapple_entry_table(tmp_path: Path, front: str, cards: int | None) -> None:
    """tonybetpoker.com's Progressive Pineapple: QQ on top 14 cards, KK 15, AA 16, trips 17."""
    a = (front, "4S 4H 4D 5C 5D", "9S 9H 9D 9C 6C")
    b = ("7S 8H TC", "2D 6D 8D JD QD", "7D 7C 7H 8S 8C")
    result = score_ofc(
        load_ruleset("progressive-pineapple", OfcRuleset), load_table(table(tmp_path, a, b))
    )
    assert result.seats[0].next_hand.cards == cards


def test_progressive_pineapple_stays_with_14(tmp_path: Path) -> None:
    """ "Should the player stay in Fantasy Land in Progressive Pineapple, they will get 14 cards
    ... despite of their top hand": trips on top in Fantasyland stay with 14, not 17."""
    a = ("3S 3H 3D", "4S 4H 4D 5C 5D", "9S 9H 9D 9C 6C")
    b = ("7S 8H TC", "2D 6D 8D JD QD", "7D 7C 7H 8S 8C")
    path = table(tmp_path, a, b)
    path.write_text(
        path.read_text("utf-8").replace("  - name: A\n", "  - name: A\n    fantasyland: true\n"),
        "utf-8",
    )
    result = score_ofc(load_ruleset("progressive-pineapple", OfcRuleset), load_table(path))
    assert result.seats[0].next_hand.cards == 14


BLOG_TABLE = {
    "Martin": ("4S 4H 2C", "5C 6D 7H 8S 9C", "KS KH KD 3S 3H"),
    "Ryan": ("AS KC QD", "JS JH TS TH 2D", "8C 9D TC JD QC"),
    "John": ("5S 5H 3C", "9S 9H AD 7C 6C", "3D 4D 5D 8D TD"),
}
"""chineseopenface.blogspot.com's three-player hand (Nov./Dec. 2012), the cards ours (the
post's are a screenshot), the results the post's: Martin wins the middle (a straight, 4) and
the bottom (a full house, 6) from both and the top from Ryan; John's top beats both, his bottom
flush (4) beats Ryan's straight (2); Ryan's middle beats John's."""


def test_the_blogs_two_royalty_systems(tmp_path: Path) -> None:
    """System 2, all royalties paid: Martin +4 lines +3 scoop +14 royalties = +21, Ryan -17,
    John -4 (the post's totals). System 1, "highest royalty wins" (royalties paid for lanes
    won), worked from the post's line results: Martin collects 6 and 4 from each (+20), John
    4 from Ryan: +27, -21, -6."""
    path = tmp_path / "blog.yaml"
    lines = ["players:"]
    for name, (front, middle, back) in BLOG_TABLE.items():
        lines += [f"  - name: {name}", f"    front: {front}", f"    middle: {middle}"]
        lines += [f"    back: {back}"]
    path.write_text("\n".join(lines) + "\n", "utf-8")
    always = load_ruleset("golden-nugget-pineapple", OfcRuleset)
    assert totals(always, path) == {"Martin": 21, "Ryan": -17, "John": -4}
    won = rules(tmp_path, "royalties: {paid: lane-won}\n")
    assert totals(won, path) == {"Martin": 27, "Ryan": -21, "John": -6}

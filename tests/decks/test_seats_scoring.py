"""Tables under rulesets with decks of their own, worked by hand: jokers in every lane, five of
a kind, duplicate cards in one hand, specials completed by a joker, the home run by seat
count; and seeded tables of 2, 3, 5 and 6 seats that settle every pair to zero."""

from __future__ import annotations

import random
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from housegame.cli import app
from housegame.errors import CardError
from housegame.ranking import describe
from housegame.rulesets.loader import load_ruleset
from housegame.rulesets.thirteen import ThirteenCardRuleset
from housegame.tables import TableFile
from housegame.thirteen import score_thirteen
from housegame.thirteen.replay import deal_hands
from tests.thirteen.test_properties import _legal

ROOT = Path(__file__).resolve().parents[2]
DECKS = ROOT / "examples" / "decks"


def rules(name: str, **changes: Any) -> ThirteenCardRuleset:
    loaded = load_ruleset(str(DECKS / f"{name}.yaml"))
    assert isinstance(loaded, ThirteenCardRuleset)
    if not changes:
        return loaded
    data = loaded.model_dump(by_alias=True, exclude={"extends"})
    for path, value in changes.items():
        node = data
        *head, last = path.split("__")
        for part in head:
            node = node[part]
        node[last] = value
    return ThirteenCardRuleset.model_validate(data)


def table(*players: dict[str, Any]) -> TableFile:
    return TableFile.model_validate({"players": list(players)})


JOKER_A = {
    "name": "A",
    "front": "7C 7D 2H",
    "middle": "9S 9H 9D 9C 3S",
    "back": "JK AH AD AC AS",
}
JOKER_B = {
    "name": "B",
    "front": "KC KD 2S",
    "middle": "3C 4C 5C 6C 8C",
    "back": "TH JH QH KH JK",
}


def test_jokers_in_the_back_five_of_a_kind_beats_a_wild_royal() -> None:
    """Front: B's kings beat A's sevens (1). Middle: A's quads beat the flush (8, MacePlay's
    middle quads). Back: A's five aces (a joker as the second AS) beat B's royal flush with a
    joker as AH: 6 for a back five of a kind. A: 8 + 6 - 1 = 13."""
    result = score_thirteen(rules("maceplay-jokers"), table(JOKER_A, JOKER_B))
    assert result.totals == {"A": 13, "B": -13}
    seats = {s.name: s.describe() for s in result.seats}
    assert seats["A"]["jokers"] == {"back": "JK=AS"}
    assert seats["B"]["jokers"] == {"back": "JK=AH"}


@pytest.mark.parametrize(("natural_beats", "units"), [(True, 5), (False, 0)])
def test_a_natural_royal_against_a_wild_one(natural_beats: bool, units: int) -> None:
    """Backs: a natural royal flush against one made with a joker (a back straight flush is
    worth 5 under MacePlay); the other lanes tie."""
    ruled = rules("maceplay-jokers", ranking__natural_beats_joker=natural_beats)
    a = {"name": "A", "front": "2C 3D 5H", "middle": "4C 6D 8H 9C JD", "back": "AS KS QS JS TS"}
    b = {"name": "B", "front": "2D 3C 5S", "middle": "4D 6C 8S 9D JC", "back": "AH KH QH JH JK"}
    assert score_thirteen(ruled, table(a, b)).totals == {"A": units, "B": -units}


@pytest.mark.parametrize("lane", ["front", "middle", "back"])
def test_a_joker_in_each_lane_stands_for_the_best_card(lane: str) -> None:
    hands = {
        "front": ("JK 7C 6D", "pair 7 7 6"),
        "middle": ("JK TS TH 7S 7D", "full-house 10 10 10 7 7"),
        "back": ("JK 5D 6D 7D 8D", "straight-flush to 9"),
    }
    lanes = {"front": "2C 3D 4H", "middle": "5C 5H 8H 8C QD", "back": "AS AH AD AC 2S"}
    lanes[lane] = hands[lane][0]
    ruled = rules("maceplay-jokers")
    other = {"name": "B", "front": "2D 3C 4S", "middle": "5S 6C 9C TD QC", "back": "KH QH JH 6H 9H"}
    result = score_thirteen(ruled, table({"name": "A", **lanes}, other))
    seat = next(s for s in result.seats if s.name == "A")
    assert seat.setting is not None
    assert describe(seat.setting.key(lane)).startswith(hands[lane][1])  # type: ignore[arg-type]


DRAGON_WITH_JOKER = "2C 3D 4H 5S 6C 7D 8H 9S TC JD QH KS JK"
SET_B = {"name": "B", "front": "2D 3C 4S", "middle": "5H 6D 8C TD QC", "back": "AH KH QS JH 9H"}


@pytest.mark.parametrize(("complete", "declared"), [(["dragon"], "dragon"), ("none", None)])
def test_a_joker_completes_a_dragon_where_the_ruleset_says(
    complete: Any, declared: str | None
) -> None:
    ruled = rules("maceplay-jokers", specials__jokers_complete=complete)
    entry = {"name": "A", "cards": DRAGON_WITH_JOKER}
    if declared is None:
        entry = {
            "name": "A",
            "front": "JK 2C 3D",
            "middle": "4H 5S 6C 7D 8H",
            "back": "9S TC JD QH KS",
        }
    result = score_thirteen(ruled, table(entry, SET_B))
    seat = next(s for s in result.seats if s.name == "A")
    assert (seat.declared.hand.id if seat.declared else None) == declared
    if declared == "dragon":
        assert result.totals == {"A": 13, "B": -13}


def test_duplicate_cards_in_one_flush_under_an_extra_suit() -> None:
    """加一色 spades: A's back AS AS KS QS 9S (A A K Q 9) beats B's AH KH QH JH 9H; the other
    lanes: A's front 6-high beats B's 5-high; A's pair of tens loses to B's trips. A wins two
    lanes of 1 and loses one: +1."""
    a = {"name": "A", "front": "2H 3C 6D", "middle": "TC TD 6H 7C 8D", "back": "AS AS KS QS 9S"}
    b = {"name": "B", "front": "2C 3D 5H", "middle": "5C 5D 5S 7D 8H", "back": "AH KH QH JH 9H"}
    assert score_thirteen(rules("maceplay-five"), table(a, b)).totals == {"A": 1, "B": -1}


def test_too_many_copies_at_the_table_are_refused() -> None:
    a = {"name": "A", "front": "TC TD 2H", "middle": "3C 4D 6H 7C 8D", "back": "AS AS KS QS 9S"}
    b = {"name": "B", "front": "2C 3D 5H", "middle": "5C 5D 5S 7D 8H", "back": "AS KH QH JH 9H"}
    with pytest.raises(CardError, match=r"AS held 3 times \(by A, A, B\), the deck has 2"):
        score_thirteen(rules("maceplay-five"), table(a, b))


@pytest.mark.parametrize(("opponents", "counts"), [(2, False), (3, True), (4, True), (5, False)])
def test_the_home_run_by_seat_count(opponents: int, counts: bool) -> None:
    home_run = rules("maceplay-five").home_run
    assert home_run is not None and home_run.counts_at(opponents) is counts


@pytest.mark.parametrize(
    ("name", "seats"),
    [
        ("maceplay-jokers", 2),
        ("maceplay-jokers", 3),
        ("maceplay-five", 5),
        ("maceplay-six", 6),
        ("maceplay-six", 3),
    ],
)
@pytest.mark.parametrize("seed", [1, 2])
def test_seeded_tables_settle_every_pair_to_zero(name: str, seats: int, seed: int) -> None:
    ruled = rules(name)
    dealt = deal_hands(seed, seats, ruled.deck.deck())
    rng = random.Random(seed)
    players = [{"name": f"P{i}", **_legal(hand, rng)} for i, hand in enumerate(dealt)]
    result = score_thirteen(ruled, table(*players))
    assert len(result.pairs) == len(list(combinations(range(seats), 2)))
    assert sum(result.totals.values()) == 0
    again = score_thirteen(ruled, table(*players))
    assert again.totals == result.totals


def test_the_cli_scores_a_joker_table_and_shows_what_each_joker_stood_for(
    tmp_path: Path,
) -> None:
    file = tmp_path / "jokers.yaml"
    lines = ["players:"]
    for p in (JOKER_A, JOKER_B):
        lines.append("  - {" + ", ".join(f"{k}: {v}" for k, v in p.items()) + "}")
    file.write_text("\n".join(lines) + "\n", encoding="utf-8")
    ruleset = str(DECKS / "maceplay-jokers.yaml")
    out = CliRunner().invoke(app, ["score", str(file), "--ruleset", ruleset])
    assert out.exit_code == 0, out.output
    assert "JK=AS" in out.stdout and "JK=AH" in out.stdout


@pytest.mark.parametrize(
    ("args", "shown"),
    [
        (
            [
                "simulate",
                "--deals",
                "4",
                "-r",
                str(DECKS / "maceplay-jokers.yaml"),
                "--objective",
                "ev",
            ],
            "4",
        ),
        (
            [
                "arrange",
                "AS AS KS QS JS 9H 9D 4C 4S 3H 3D 2C 2S",
                "--ruleset",
                str(DECKS / "maceplay-six.yaml"),
                "--objective",
                "ev",
                "--json",
            ],
            '"AS AS',
        ),
        (
            [
                "arrange",
                "JK JK KS QS JS 9H 9D 4C 4S 3H 3D 2C 2S",
                "--ruleset",
                str(DECKS / "maceplay-jokers.yaml"),
                "--objective",
                "ev",
                "--json",
            ],
            "JK JK",
        ),
    ],
)
def test_the_arrangers_set_hands_of_a_deck_of_its_own(args: list[str], shown: str) -> None:
    out = CliRunner().invoke(app, args)
    assert out.exit_code == 0, out.output
    assert shown in out.stdout


@pytest.mark.builds_equilibrium
def test_loose_cards_with_jokers_are_set_by_the_arranger(small_builds: Path) -> None:
    """``score`` sets loose cards with the default objective: the deck's equilibrium table is
    built on first use (small settings here) and kept in the cache."""
    tmp_path = small_builds
    file = tmp_path / "loose.yaml"
    file.write_text(
        "players:\n"
        "  - {name: A, cards: JK JK KS QS JS 9H 9D 4C 4S 3H 3D 2C 2S}\n"
        "  - {name: B, cards: AH KH QH JH TH 8C 7C 6C 5C 8D 7D 6D 5D}\n",
        encoding="utf-8",
    )
    ruleset = str(DECKS / "maceplay-jokers.yaml")
    out = CliRunner().invoke(app, ["score", str(file), "--ruleset", ruleset])
    assert out.exit_code == 0, out.output
    assert "JK=" in out.stdout
    assert "building the equilibrium lane odds of ruleset 'maceplay-jokers'" in out.stderr
    assert list(tmp_path.glob("equilibrium-v1-*-o3.npz"))

"""Settling final settings: seed 003's worked hand and foul counter-example, fouls, ties,
royalties.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from housegame.cards import parse_cards
from housegame.ofc import OfcError, lane_royalties, score_ofc, settle_pair, settle_table
from housegame.setting import Setting
from housegame.tables import TableFile
from tests.ofc.helpers import SEED_A, SEED_B, SEED_B_FOUL, ruleset, seat

GN = ruleset()


def test_seed_worked_settlement_a_plus_11() -> None:
    a, b = seat("A", SEED_A, GN), seat("B", SEED_B, GN)
    assert (a.royalty_total, b.royalty_total) == (9, 4)
    assert a.royalties == {"front": 1, "middle": 4, "back": 4}
    assert b.royalties == {"front": 0, "middle": 2, "back": 2}
    pair = settle_pair(GN, a, b)
    assert [(i.kind, i.units) for i in pair.items] == [
        ("lane", 1),
        ("lane", 1),
        ("lane", 1),
        ("scoop", 3),
        ("royalty", 9),
        ("royalty", -4),
    ]
    assert pair.net == 11
    assert settle_table(GN, [a, b]).totals == {"A": 11, "B": -11}


def test_seed_foul_counter_example_is_scooped_without_royalties() -> None:
    a, b = seat("A", SEED_A, GN), seat("B", SEED_B_FOUL, GN)
    assert b.fouled and b.setting.foul_reason().startswith("middle straight")
    assert b.royalty_total == 0
    assert sum(lane_royalties(GN, b.setting).values()) > 0, (
        "the foul forfeits royalties it would have had"
    )
    pair = settle_pair(GN, a, b)
    assert pair.scooped_by == "A"
    assert [(i.kind, i.units) for i in pair.items] == [
        ("lane", 1),
        ("lane", 1),
        ("lane", 1),
        ("scoop", 3),
        ("royalty", 9),
    ]
    assert pair.net == 15


def test_foul_loses_lanes_even_where_it_is_stronger() -> None:
    strong_foul = ("AS AH AD", "2C 3D 4H 5S 7C", "8C 9D JH QS KC")
    a, b = seat("A", strong_foul, GN), seat("B", SEED_B, GN)
    assert a.fouled
    assert settle_pair(GN, a, b).net == -(3 + 3 + 4)


def test_both_fouled_is_zero() -> None:
    a, b = (
        seat("A", ("AS AH AD", "2C 3D 4H 5S 7C", "8C 9D JH QS KC"), GN),
        seat("B", SEED_B_FOUL, GN),
    )
    assert a.fouled and b.fouled
    pair = settle_pair(GN, a, b)
    assert pair.net == 0 and pair.scooped_by is None


def test_both_fouled_compare_lanes_setting() -> None:
    rules = GN.model_copy(
        update={"foul": GN.foul.model_copy(update={"both_fouled": "compare-lanes"})}
    )
    a, b = (
        seat("A", ("AS AH AD", "2C 3D 4H 5S 7C", "8C 9D JH QS KC"), rules),
        seat("B", SEED_B_FOUL, rules),
    )
    assert settle_pair(rules, a, b).net == 1 - 1 - 1


def test_lose_lanes_setting_drops_the_scoop_bonus() -> None:
    rules = GN.model_copy(
        update={"foul": GN.foul.model_copy(update={"against_clean": "lose-lanes"})}
    )
    assert settle_pair(rules, seat("A", SEED_A, rules), seat("B", SEED_B_FOUL, rules)).net == 3 + 9


def test_keep_royalties_setting_pays_a_fouled_hand() -> None:
    rules = GN.model_copy(update={"foul": GN.foul.model_copy(update={"royalties": "keep"})})
    b = seat("B", SEED_B_FOUL, rules)
    assert b.royalty_total == 4  # middle straight 4; back trips and front 55 pay nothing
    assert settle_pair(rules, seat("A", SEED_A, rules), b).net == 6 + 9 - 4


def test_tied_lanes_score_nobody_and_break_the_scoop() -> None:
    a = seat("A", ("5S 5H 2C", "QS QH 9C 8C 3D", "AS AH 7C 6C 4D"), GN)
    b = seat("B", ("5D 5C 2D", "QD QC 9D 8D 3H", "AD AC 7D 6D 5H"), GN)
    pair = settle_pair(GN, a, b)
    labels = [(i.label, i.units) for i in pair.items]
    assert ("front tied", 0) in labels and ("middle tied", 0) in labels
    assert ("back to B", -1) in labels
    assert pair.scooped_by is None
    assert pair.net == -1


def test_two_one_nets_one() -> None:
    a = seat("A", ("2S 3H 4C", "QS QH 9C 8C 3D", "AS AH 7C 6C 4D"), GN)
    b = seat("B", ("9D 9C 2D", "JD JC 9S 8D 3H", "KS KH 7D 6D 5H"), GN)
    pair = settle_pair(GN, a, b)
    assert not a.fouled and not b.fouled and pair.scooped_by is None
    assert pair.net == 2 - 1 - 4  # B's front 99 pays 4


def test_three_players_settle_each_pair() -> None:
    c_hand = ("7C 7D 2S", "TC TD 3S 3H 5D", "QH QD 6S 6H 8D")
    seats = [seat("A", SEED_A, GN), seat("B", SEED_B, GN), seat("C", c_hand, GN)]
    result = settle_table(GN, seats)
    assert [(p.first, p.second) for p in result.pairs] == [("A", "B"), ("A", "C"), ("B", "C")]
    assert result.totals["A"] == 11 + settle_pair(GN, seats[0], seats[2]).net
    assert sum(result.totals.values()) == 0


def table(*players: tuple[str, tuple[str, str, str]]) -> TableFile:
    return TableFile.model_validate(
        {
            "players": [
                {"name": name, "front": f, "middle": m, "back": b} for name, (f, m, b) in players
            ]
        }
    )


def test_score_table_file_way() -> None:
    result = score_ofc(GN, table(("A", SEED_A), ("B", SEED_B)))
    assert result.totals == {"A": Fraction(11), "B": Fraction(-11)}
    assert result.as_dict()["players"][0]["royalty_total"] == 9


@pytest.mark.parametrize(
    ("players", "message"),
    [
        ((("A", SEED_A),), "cannot seat 1 players"),
        ((("A", SEED_A), ("B", SEED_B), ("C", SEED_B), ("D", SEED_B)), "4 players need 68 cards"),
        ((("A", SEED_A), ("B", SEED_A)), "duplicate card"),
        (
            (("A", ("6S 6H", "5C 6D 7H 8S 9C", "2H 5H 9H JH KH")), ("B", SEED_B)),
            "front has 2 cards, needs 3",
        ),
    ],
)
def test_score_refuses_bad_tables(
    players: tuple[tuple[str, tuple[str, str, str]], ...], message: str
) -> None:
    with pytest.raises(Exception, match=message) as caught:
        score_ofc(GN, table(*players))
    assert caught.type.__name__ in ("OfcError", "CardError")


def test_score_refuses_13_loose_cards() -> None:
    loose = TableFile.model_validate(
        {
            "players": [
                {"name": "A", "cards": "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"},
                {"name": "B", "front": SEED_B[0], "middle": SEED_B[1], "back": SEED_B[2]},
            ]
        }
    )
    with pytest.raises(OfcError, match="final settings only"):
        score_ofc(GN, loose)


# ---- every royalty row -------------------------------------------------------------------

FRONT_PAIRS = [
    ("2", 0),
    ("3", 0),
    ("4", 0),
    ("5", 0),
    ("6", 1),
    ("7", 2),
    ("8", 3),
    ("9", 4),
    ("T", 5),
    ("J", 6),
    ("Q", 7),
    ("K", 8),
    ("A", 9),
]
FRONT_TRIPS = [
    ("2", 10),
    ("3", 11),
    ("4", 12),
    ("5", 13),
    ("6", 14),
    ("7", 15),
    ("8", 16),
    ("9", 17),
    ("T", 18),
    ("J", 19),
    ("Q", 20),
    ("K", 21),
    ("A", 22),
]
FIVES = {
    "high-card": "AS QD 9C 7H 3S",
    "pair": "AS AD 9C 7H 3S",
    "two-pair": "AS AD 9C 9H 3S",
    "trips": "AS AD AC 7H 3S",
    "straight": "9S 8D 7C 6H 5S",
    "wheel": "AS 2D 3C 4H 5S",
    "flush": "AH QH 9H 7H 3H",
    "full-house": "AS AD AC 7H 7S",
    "quads": "AS AD AC AH 3S",
    "straight-flush": "9S 8S 7S 6S 5S",
    "royal-flush": "AS KS QS JS TS",
}
MIDDLE = {
    "high-card": 0,
    "pair": 0,
    "two-pair": 0,
    "trips": 2,
    "straight": 4,
    "wheel": 4,
    "flush": 8,
    "full-house": 12,
    "quads": 20,
    "straight-flush": 30,
    "royal-flush": 50,
}
BACK = {
    "high-card": 0,
    "pair": 0,
    "two-pair": 0,
    "trips": 0,
    "straight": 2,
    "wheel": 2,
    "flush": 4,
    "full-house": 6,
    "quads": 10,
    "straight-flush": 15,
    "royal-flush": 25,
}


def lane_royalty(lane: str, cards: str) -> int:
    filler = {"front": "2C 3D 4H", "middle": "2C 3D 4H 6C 8D", "back": "2C 3D 4H 6C 8D"}
    lanes = {**filler, lane: cards}
    parsed = {k: parse_cards(v) for k, v in lanes.items()}
    held = Setting.of(parsed["front"], parsed["middle"], parsed["back"], GN.ranking.rules())
    return lane_royalties(GN, held)[lane]  # type: ignore[index]


@pytest.mark.parametrize(("rank", "units"), FRONT_PAIRS)
def test_front_pair_royalty(rank: str, units: int) -> None:
    kicker = "2H" if rank != "2" else "3H"
    assert lane_royalty("front", f"{rank}S {rank}D {kicker}") == units


@pytest.mark.parametrize(("rank", "units"), FRONT_TRIPS)
def test_front_trips_royalty(rank: str, units: int) -> None:
    assert lane_royalty("front", f"{rank}S {rank}D {rank}H") == units


def test_front_high_card_pays_nothing() -> None:
    assert lane_royalty("front", "AS KD QH") == 0


@pytest.mark.parametrize(("hand", "units"), sorted(MIDDLE.items()))
def test_middle_royalty(hand: str, units: int) -> None:
    assert lane_royalty("middle", FIVES[hand]) == units


@pytest.mark.parametrize(("hand", "units"), sorted(BACK.items()))
def test_back_royalty(hand: str, units: int) -> None:
    assert lane_royalty("back", FIVES[hand]) == units


def test_royalties_are_paid_by_the_loser_of_the_lane_too() -> None:
    a, b = seat("A", SEED_A, GN), seat("B", SEED_B, GN)
    items = settle_pair(GN, a, b).items
    assert any(i.kind == "royalty" and i.units == -4 for i in items)

"""A room's rules: who may do what, the rounds scored by the library's scorer, the ledger and
undo."""

from __future__ import annotations

from fractions import Fraction

import pytest

from housegame.arrange import Arranger
from housegame.cards import format_cards, parse_cards
from housegame.errors import CardError, FoulError, HousegameError, TableError
from housegame.rooms import (
    Entry,
    Room,
    RoomError,
    RoomForbidden,
    RoomFull,
    RoomLimits,
    RoomStore,
    ledger_csv,
    ledger_json,
)
from housegame.rooms.room import token_hash
from housegame.rulesets.loader import load_bundled
from housegame.scoring import score
from housegame.tables import TableFile
from tests.rooms.hands import ANN, BO, CY, FOUL

SIX_PAIRS = ("2C 2D 3C", "3D 4C 4D 5C 5D", "6C 6D 7C 7D 9S")


def open_room(ruleset: str = "pagat", limits: RoomLimits | None = None) -> tuple[Room, str]:
    created = RoomStore(limits=limits).create(ruleset)
    return created.room, created.host_token


def seated(room: Room, *names: str) -> list[str]:
    return [room.join(name) for name in names]


def test_a_round_is_scored_by_the_scorer_and_goes_on_the_ledger() -> None:
    room, _ = open_room()
    tokens = seated(room, "Ann", "Bo", "Cy")
    for token, entry in zip(tokens, (ANN, BO, CY)):
        room.enter(room.check_player(token), entry)
    table = room.table()
    record = room.end_round(1.0)
    assert record.totals == score(table, load_bundled("pagat")).totals
    assert TableFile.model_validate(record.table) == table
    assert record.number == 1 and room.round_number == 2 and room.entries == {}
    assert sum(record.totals.values()) == 0
    assert record.totals == room.round_result(record).totals
    assert room.ledger().totals == record.totals
    assert ledger_json(room.ledger())["rounds"][0]["units"] == {
        name: int(units) for name, units in record.totals.items()
    }


def test_the_ledger_sums_rounds_and_leaves_a_sat_out_round_blank() -> None:
    room, _ = open_room()
    ann, bo, cy = seated(room, "Ann", "Bo", "Cy")
    room.enter(room.check_player(ann), ANN)
    room.enter(room.check_player(bo), BO)
    first = room.end_round(1.0)
    for token, entry in zip((ann, bo, cy), (ANN, BO, CY)):
        room.enter(room.check_player(token), entry)
    second = room.end_round(2.0)
    ledger = room.ledger()
    assert ledger.totals["Ann"] == first.totals["Ann"] + second.totals["Ann"]
    assert ledger.totals["Cy"] == second.totals["Cy"]
    rows = ledger_csv(ledger).splitlines()
    assert rows[0] == "round,Ann,Bo,Cy"
    assert rows[1] == f"1,{first.totals['Ann']},{first.totals['Bo']},"  # Cy sat out
    assert rows[-1].startswith("total,")


def test_a_fraction_stays_exact_on_the_ledger() -> None:
    from housegame.rooms import Ledger

    ledger = Ledger.of("pool", ["Ann", "Bo"], [(1, {"Ann": Fraction(4, 3), "Bo": Fraction(-4, 3)})])
    assert ledger_csv(ledger).splitlines()[1] == "1,4/3,-4/3"
    assert ledger_json(ledger)["totals_exact"] == {"Ann": "4/3", "Bo": "-4/3"}


def test_undo_takes_the_round_off_and_enters_its_hands_again() -> None:
    room, _ = open_room()
    ann, bo = seated(room, "Ann", "Bo")
    room.enter(room.check_player(ann), ANN)
    room.enter(room.check_player(bo), BO)
    room.end_round(1.0)
    room.enter(room.check_player(ann), CY)  # Ann has entered a new hand already: it stays
    undone = room.undo_round()
    assert undone.number == 1 and room.rounds == [] and room.round_number == 1
    assert room.entries == {"Ann": CY, "Bo": BO}
    assert room.ledger().totals == {"Ann": 0, "Bo": 0}
    with pytest.raises(RoomError, match="no round to undo"):
        room.undo_round()


@pytest.mark.parametrize(
    ("ruleset", "entry", "error", "message"),
    [
        ("maceplay", FOUL, FoulError, "foul: "),
        ("pagat", Entry("AC AD", "JC JD 8S 6C 4D", "KH TH 6H 3H 2H"), TableError, "front has 2"),
        ("pagat", Entry("AC AD ZZ", "JC JD 8S 6C 4D", "KH TH 6H 3H 2H"), CardError, "ZZ"),
        ("pagat", Entry(surrender=True), TableError, "has no surrender"),
        ("pagat", Entry(ANN.front, ANN.middle, ANN.back, "nonsense"), TableError, "not a special"),
        ("maceplay", Entry(*SIX_PAIRS, "none"), TableError, "'Ann' may not decline a special"),
        ("maceplay", Entry(BO.front, BO.middle, BO.back, "dragon"), TableError, "do not make it"),
    ],
)
def test_an_entry_the_ruleset_cannot_take_is_refused(
    ruleset: str, entry: Entry, error: type[Exception], message: str
) -> None:
    room, _ = open_room(ruleset)
    (token,) = seated(room, "Ann")
    with pytest.raises(error, match=message):
        room.enter(room.check_player(token), entry)
    assert room.entries == {}


def test_a_foul_the_ruleset_plays_is_entered_and_shown() -> None:
    room, _ = open_room("pagat")
    (token,) = seated(room, "Ann")
    room.enter(room.check_player(token), FOUL)
    check = room.view(token)["check"]
    assert check["fouled"] and not check["refused"]


def test_a_table_the_scorer_refuses_leaves_the_round_open() -> None:
    room, _ = open_room()
    ann, bo = seated(room, "Ann", "Bo")
    room.enter(room.check_player(ann), ANN)
    room.enter(room.check_player(bo), Entry("QS KD 7C", BO.middle, BO.back))  # QS twice
    with pytest.raises(HousegameError, match="duplicate card: QS"):
        room.end_round(1.0)
    assert room.rounds == [] and len(room.entries) == 2


def test_a_round_needs_two_hands_and_a_banker_game_a_banker() -> None:
    room, _ = open_room("macau")
    ann, bo = seated(room, "Ann", "Bo")
    room.enter(room.check_player(ann), ANN)
    with pytest.raises(RoomError, match="a round needs two"):
        room.end_round(1.0)
    room.enter(room.check_player(bo), BO)
    with pytest.raises(TableError, match="no banker is named"):
        room.end_round(1.0)
    assert room.end_round(1.0, banker="Bo").banker == "Bo"


def test_tokens_guard_the_host_and_each_player() -> None:
    room, host = open_room()
    (ann,) = seated(room, "Ann")
    room.check_host(host)
    for wrong in (None, "", ann, host + "x"):
        with pytest.raises(RoomForbidden):
            room.check_host(wrong)
    with pytest.raises(RoomForbidden):
        room.check_player(host)
    assert room.check_player(ann).name == "Ann"
    assert host not in repr(room) and ann not in repr(room)  # only hashes are kept
    assert room.host_hash == token_hash(host)


def test_names_are_unique_and_the_room_is_bounded() -> None:
    room, _ = open_room(limits=RoomLimits(players=2, rounds=1))
    ann, bo = seated(room, "Ann", "  Bo  ")
    assert [p.name for p in room.players] == ["Ann", "Bo"]
    with pytest.raises(RoomError, match="already in this room"):
        room.join("ann")
    with pytest.raises(RoomError, match="1 to 20 characters"):
        room.join("x" * 21)
    with pytest.raises(RoomFull, match="full"):
        room.join("Cy")
    room.enter(room.check_player(ann), ANN)
    room.enter(room.check_player(bo), BO)
    room.end_round(1.0)
    room.enter(room.check_player(ann), ANN)
    room.enter(room.check_player(bo), BO)
    with pytest.raises(RoomFull, match="keeps 1 rounds"):
        room.end_round(2.0)


def test_the_view_hides_other_players_cards() -> None:
    room, host = open_room()
    ann, bo = seated(room, "Ann", "Bo")
    room.enter(room.check_player(ann), ANN)
    seen = room.view(bo, None)
    assert seen["you"] == "Bo" and seen["entry"] is None and not seen["host"]
    assert seen["players"] == [{"name": "Ann", "entered": True}, {"name": "Bo", "entered": False}]
    assert "QS" not in str(seen)
    assert room.view(ann, host)["entry"] == ANN.as_dict() and room.view(None, host)["host"]


def test_a_dealt_round_takes_only_the_cards_dealt() -> None:
    room, _ = open_room()
    ann, bo = seated(room, "Ann", "Bo")
    room.enter(room.check_player(ann), ANN)  # entered before the deal: dropped by it
    room.deal_round(7)
    assert room.entries == {} and room.deal is not None
    cards = room.view(ann)["cards"]
    assert len(cards) == 13 and room.view(bo)["cards"] != cards
    assert not set(cards) & set(room.view(bo)["cards"])
    assert room.view(None)["cards"] is None and "seed" not in room.view(None)
    with pytest.raises(RoomError, match="not among the cards you were dealt"):
        room.enter(room.check_player(ann), ANN)
    for token in (ann, bo):
        given = room.view(token)["cards"]
        room.enter(
            room.check_player(token),
            Entry(" ".join(given[:3]), " ".join(given[3:8]), " ".join(given[8:])),
        )
    record = room.end_round(1.0)
    assert record.deal is not None and room.deal is None and room.view(ann)["cards"] is None
    late = room.join("Cy")
    room.deal_round(8)
    room.undo_round()  # the dealt round comes back with its deal; the new deal goes
    assert room.deal == record.deal and set(room.entries) == {"Ann", "Bo"}
    with pytest.raises(RoomError, match="dealt before you joined"):
        room.enter(room.check_player(late), CY)


def test_a_deal_needs_the_rulesets_seats() -> None:
    room, _ = open_room()
    seated(room, "Ann")
    with pytest.raises(RoomError, match="deals to 2-4 players; 1 in the room"):
        room.deal_round(1)


def test_a_dealt_round_deals_the_rulesets_deck() -> None:
    """Under 加一色 (maceplay-add-a-suit) a room of five is dealt 65 cards, the spades twice;
    a card dealt twice is entered twice, and a third copy is refused."""
    room, _ = open_room("maceplay-add-a-suit")
    tokens = seated(room, "Ann", "Bo", "Cy", "Di", "Ed")
    room.deal_round(0)
    dealt = {token: room.view(token)["cards"] for token in tokens}
    assert all(len(cards) == 13 for cards in dealt.values())
    assert dealt[tokens[0]].count("6S") == 2  # seed 0 deals the first seat 6S twice
    assert len([c for cards in dealt.values() for c in cards]) == 65
    ann = room.check_player(tokens[0])
    with pytest.raises(RoomError, match="7S: not among the cards you were dealt"):
        room.enter(ann, Entry("7S 3H 3C", "QH QD TH TD 9D", "KS JS 7S 6S 6S"))  # 7S once
    room.enter(ann, Entry("7S 3H 3C", "QH QD TH TD 9D", "KS JS 8S 6S 6S"))
    arranger = Arranger(room.ruleset, "ev", 5)
    for token in tokens[1:]:
        best = arranger.arrange(parse_cards(dealt[token], room.ruleset.deck.deck())).best
        front, middle, back = (
            format_cards(best.setting.lane(x)) for x in ("front", "middle", "back")
        )
        room.enter(room.check_player(token), Entry(front, middle, back))
    record = room.end_round(1.0)
    assert len(record.result["pairs"]) == 10 and sum(record.totals.values()) == 0


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("Ho\u200bst", "already in this room"),  # a zero-width space: shown as Host
        ("\u202eHost", "already in this room"),  # a direction mark
        ("\uff28\uff2f\uff33\uff34", "already in this room"),  # full-width letters
        ("\u0397ost", r"mixes letters of look-alike scripts \(\u0397 Greek, o Latin\)"),
        ("\u041dost", "Cyrillic"),
        ("\u200b\u200d", "1 to 20 characters"),  # nothing shown at all
    ],
)
def test_a_name_that_looks_like_another_is_refused(name: str, message: str) -> None:
    room, _ = open_room()
    seated(room, "Host")
    with pytest.raises(RoomError, match=message):
        room.join(name)
    assert [p.name for p in room.players] == ["Host"]


def test_names_in_other_scripts_are_welcome() -> None:
    room, _ = open_room()
    names = [
        "\u0397\u03bb\u03af\u03b1\u03c2",
        "\u0414\u043c\u0438\u0442\u0440\u0438\u0439",
        "小明",
        "Zoë",
    ]
    seated(room, *names, "Ann\u200b Lee")
    assert [p.name for p in room.players] == [*names, "Ann Lee"]

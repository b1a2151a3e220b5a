"""The hand state machine: dealing, every illegal move refused, Fantasyland in one step, replay."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from housegame.cards import Card, parse_cards
from housegame.ofc import Hand, Move, OfcError, shuffled_deck
from housegame.ofc.bot import choose_move
from housegame.ofc.replay import HandLog, replay, replay_file, to_log
from housegame.rulesets.ofc import OfcRuleset
from tests.ofc.helpers import ruleset

GN = ruleset()
REFUSE = GN.model_copy(update={"foul": GN.foul.model_copy(update={"misplaced": "refuse"})})
"""Golden Nugget refusing a misplaced move (its own reading, §343, records it as a foul:
``test_misplaced``)."""
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def c(text: str) -> list[Card]:
    return parse_cards(text)


def fresh(players: int = 2, seed: int = 7, rules: OfcRuleset = GN) -> Hand:
    return Hand(rules, ["A", "B", "C"][:players], shuffled_deck(seed))


def first_five(hand: Hand, name: str) -> Move:
    cards = hand.boards[name].pending
    return Move({"front": cards[:1], "middle": cards[1:3], "back": cards[3:]})


def test_deal_order_is_by_seat_and_stage() -> None:
    hand = fresh()
    deck = shuffled_deck(7)
    assert hand.boards["A"].pending == deck[:5]
    assert hand.boards["B"].pending == deck[5:10]
    hand.play("A", first_five(hand, "A"))
    hand.play("B", first_five(hand, "B"))
    assert hand.stage == 1
    assert hand.boards["A"].pending == deck[10:13]
    assert hand.expected("A") == (2, 1)


def test_the_seed_example_log_replays() -> None:
    done = replay_file(EXAMPLES / "ofc-hand.yaml")
    assert done.result.totals == {"A": 11, "B": -11}
    for board in done.hand.boards.values():
        assert len(board.placed) == 13 and len(board.discards) == 4


def test_recorded_three_player_hand_from_a_seed() -> None:
    done = replay_file(Path(__file__).parent / "logs" / "seed-2026.yaml")
    assert done.result.totals == {"North": 17, "East": -18, "South": 1}
    assert [len(p.items) > 0 for p in done.result.pairs] == [True, True, True]
    north = done.result.seats[0]
    assert north.setting.text()["back"] == "8S 8C 7S 7H 7D" and north.royalty_total == 6
    for board in done.hand.boards.values():
        assert (len(board.placed), len(board.discards)) == (13, 4)


def test_full_hand_from_a_seed_replays_to_the_same_result(tmp_path: Path) -> None:
    hand = fresh(3, seed=2026)
    while not hand.finished:
        who = hand.to_act
        assert who is not None
        hand.play(who, choose_move(hand, who, 2026))
    log = to_log(hand, "golden-nugget-pineapple", seed=2026)
    path = tmp_path / "hand.yaml"
    path.write_text(yaml.safe_dump(log, sort_keys=False), encoding="utf-8")
    done = replay_file(path)
    assert done.result.as_dict() == hand.result().as_dict()
    assert len(done.hand.history) == 15
    assert sum(done.result.totals.values()) == 0


# ---- illegal moves -------------------------------------------------------------------------


def test_not_your_turn() -> None:
    hand = fresh()
    with pytest.raises(OfcError, match="it is A's move, not B's"):
        hand.play("B", first_five(hand, "B"))


def test_unknown_player() -> None:
    with pytest.raises(OfcError, match="no player 'Z'"):
        fresh().play("Z", Move({}))


def test_card_not_dealt_to_you() -> None:
    hand = fresh()
    other = hand.boards["B"].pending[0]
    cards = hand.boards["A"].pending
    with pytest.raises(OfcError, match=f"{other} was not dealt to you"):
        hand.play("A", Move({"back": [*cards[:4], other]}))


def test_card_twice_in_a_move() -> None:
    hand = fresh()
    cards = hand.boards["A"].pending
    with pytest.raises(OfcError, match="appears twice"):
        hand.play("A", Move({"back": cards[:4], "front": [cards[0]]}))


def test_wrong_number_placed() -> None:
    hand = fresh(rules=REFUSE)
    cards = hand.boards["A"].pending
    with pytest.raises(OfcError, match="you placed 4 cards; at stage 1 you place 5"):
        hand.play("A", Move({"back": cards[:4]}))


def test_wrong_number_discarded() -> None:
    hand = fresh(rules=REFUSE)
    hand.play("A", first_five(hand, "A"))
    hand.play("B", first_five(hand, "B"))
    cards = hand.boards["A"].pending
    with pytest.raises(OfcError, match="you discarded 0 cards; at stage 2 you discard 1"):
        hand.play("A", Move({"back": cards[:2]}, []))
    with pytest.raises(OfcError, match="you placed 1 cards; at stage 2 you place 2"):
        hand.play("A", Move({"back": cards[:1]}, cards[1:]))


def test_discarding_on_the_first_stage_is_refused() -> None:
    hand = fresh(rules=REFUSE)
    cards = hand.boards["A"].pending
    with pytest.raises(OfcError, match="you placed 4 cards"):
        hand.play("A", Move({"back": cards[:4]}, cards[4:]))


def test_lane_full() -> None:
    hand = fresh()
    cards = hand.boards["A"].pending
    with pytest.raises(OfcError, match="your front has room for 3 more; you add 4"):
        hand.play("A", Move({"front": cards[:4], "back": cards[4:]}))
    hand.play("A", Move({"front": cards[:3], "back": cards[3:]}))
    hand.play("B", first_five(hand, "B"))
    more = hand.boards["A"].pending
    with pytest.raises(OfcError, match="your front is full; you add 1"):
        hand.play("A", Move({"front": more[:1], "back": more[1:2]}, more[2:]))


def test_moving_a_placed_card() -> None:
    hand = fresh()
    placed = first_five(hand, "A")
    hand.play("A", placed)
    hand.play("B", first_five(hand, "B"))
    moved = placed.placed["back"][0]
    pending = hand.boards["A"].pending
    with pytest.raises(OfcError, match=f"{moved} is already placed in your back") as caught:
        hand.play("A", Move({"middle": [moved, pending[0]]}, pending[1:2]))
    assert caught.value.hint == "placed cards never move"


def test_a_refused_move_changes_nothing() -> None:
    hand = fresh()
    before = list(hand.boards["A"].pending)
    with pytest.raises(OfcError):
        hand.play("A", Move({"back": before[:4]}))
    assert hand.boards["A"].pending == before and hand.boards["A"].placed == []


def test_no_moves_after_the_end() -> None:
    done = replay_file(EXAMPLES / "ofc-hand.yaml")
    with pytest.raises(OfcError, match="the hand is over"):
        done.hand.play("A", Move({}))


def test_four_players_refused_with_the_reason() -> None:
    with pytest.raises(OfcError, match="4 players need 68 cards"):
        Hand(GN, ["A", "B", "C", "D"], shuffled_deck(1))


def test_classic_seats_four() -> None:
    classic = ruleset("ofc-classic")
    hand = Hand(classic, ["A", "B", "C", "D"], shuffled_deck(1))
    assert len(hand.boards["D"].pending) == 5
    with pytest.raises(OfcError, match="5 players need 65 cards"):
        Hand(classic, ["A", "B", "C", "D", "E"], shuffled_deck(1))


# ---- Fantasyland ---------------------------------------------------------------------------


def test_fantasyland_player_gets_all_cards_first_and_sets_in_one_step() -> None:
    deck = shuffled_deck(3)
    hand = Hand(REFUSE, ["A", "B"], deck, {"B": 14})
    assert hand.boards["B"].pending == deck[:14]
    assert hand.boards["A"].pending == deck[14:19]
    hand.play("A", first_five(hand, "A"))
    assert hand.to_act == "B"
    b = hand.boards["B"].pending
    with pytest.raises(OfcError, match="in Fantasyland you place 13"):
        hand.play("B", Move({"back": b[:5]}))
    hand.play("B", Move({"front": b[:3], "middle": b[3:8], "back": b[8:13]}, b[13:]))
    assert hand.stage == 1 and hand.to_act == "A"
    while not hand.finished:
        hand.play("A", choose_move(hand, "A", 3))
    result = hand.result()
    assert [s.in_fantasyland for s in result.seats] == [False, True]


def test_fantasyland_needs_enough_cards() -> None:
    with pytest.raises(OfcError, match="at least 13"):
        Hand(GN, ["A", "B"], shuffled_deck(1), {"A": 12})
    with pytest.raises(OfcError, match="not at the table"):
        Hand(GN, ["A", "B"], shuffled_deck(1), {"Z": 14})


def test_replay_errors_name_the_move_and_line(tmp_path: Path) -> None:
    text = (EXAMPLES / "ofc-hand.yaml").read_text(encoding="utf-8")
    path = tmp_path / "bad.yaml"
    path.write_text(
        text.replace(
            "{player: A, back: JH KH, discard: AD}", "{player: A, front: JH KH, discard: AD}"
        ),
        encoding="utf-8",
    )
    with pytest.raises(
        OfcError,
        match=r"bad.yaml:\d+: moves\[2\] \(stage 2\): A: your front has room for 1 more; you add 2",
    ):
        replay_file(path)


def test_replay_log_must_finish() -> None:
    log = yaml.safe_load((EXAMPLES / "ofc-hand.yaml").read_text(encoding="utf-8"))
    log["moves"] = log["moves"][:-1]
    with pytest.raises(OfcError, match="the log ends before the hand does: stage 5, B to act"):
        replay(HandLog.model_validate(log))


def test_replay_needs_seed_or_deck(tmp_path: Path) -> None:
    path = tmp_path / "log.yaml"
    path.write_text(
        "ruleset: golden-nugget-pineapple\nplayers: [A, B]\nmoves: []\n", encoding="utf-8"
    )
    with pytest.raises(OfcError, match="give seed or deck"):
        replay_file(path)
